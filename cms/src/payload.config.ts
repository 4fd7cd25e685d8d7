import { postgresAdapter } from '@payloadcms/db-postgres';
import { lexicalEditor } from '@payloadcms/richtext-lexical';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConfig } from 'payload';
import { Articles } from './collections/articles';
import { Categories } from './collections/categories';
import { Media } from './collections/media';
import { Products } from './collections/products';
import { Users } from './collections/users';
import { Videos } from './collections/videos';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// The public origin (PUBLIC_URL): Payload accepts its session cookie only from requests that
// come from there (CSRF), and builds its own links with it.
const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');

export default buildConfig({
  serverURL: publicUrl,
  csrf: [publicUrl],
  routes: { admin: '/cms/admin', api: '/cms/api', graphQL: '/cms/graphql', graphQLPlayground: '/cms/graphql-playground' },
  admin: { user: Users.slug, meta: { titleSuffix: ' · Better Self CMS' }, importMap: { baseDir: dirname } },
  collections: [Articles, Categories, Videos, Products, Media, Users],
  editor: lexicalEditor(),
  secret: process.env.PAYLOAD_SECRET ?? '',
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
  graphQL: { disable: true },
  telemetry: false,
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URL ?? '' },
    schemaName: 'cms',
    push: false,
    // Migrations are applied by src/scripts/prepare-db.ts before the server starts, never implicitly.
    migrationDir: path.resolve(dirname, 'migrations'),
  }),
});
