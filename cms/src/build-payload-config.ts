import { postgresAdapter } from '@payloadcms/db-postgres';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConfig } from 'payload';
import sharp from 'sharp';
import { Articles } from './collections/articles';
import { BackyardArticles } from './collections/backyard-articles';
import { Categories } from './collections/categories';
import { mediaCollection } from './collections/media';
import { OldAddresses } from './collections/old-addresses';
import { MembershipPlans } from './collections/membership-plans';
import { Products } from './collections/products';
import { QuizQuestions } from './collections/quiz-questions';
import { ScrambleWords } from './collections/scramble-words';
import { StudyResources } from './collections/study-resources';
import { Users } from './collections/users';
import { Videos } from './collections/videos';
import { listenForSiteAccessChanges } from './auth/site-access';
import { cmsConfig } from './config';
import { serviceInfo } from './endpoints/service-info';
import { SiteSettings } from './globals/site-settings';
import { cmsLogger } from './logger';
import { contentEditor } from './rich-text/editor';
import { mediaStoragePlugin } from './media-storage';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * The CMS's Payload config, built from the environment as it is now (src/config.ts). The app, its
 * scripts and `payload` commands use it once (payload.config.ts); the tests build one per test file,
 * each on its own database, in one process (test/payload-test.ts).
 */
export function buildPayloadConfig() {
  return buildConfig({
    // Payload accepts its session cookie only from requests that come from the public origin.
    serverURL: cmsConfig.publicUrl,
    csrf: [cmsConfig.publicUrl],
    routes: { admin: '/cms/admin', api: '/cms/api', graphQL: '/cms/graphql', graphQLPlayground: '/cms/graphql-playground' },
    // The default avatar, not Gravatar: the admin loads nothing from other sites.
    admin: {
      avatar: 'default',
      user: Users.slug,
      meta: { titleSuffix: ' · CMS' },
      importMap: { baseDir: dirname },
      components: {
        // Editors see how many submitted drafts wait for them, on every page (components/review-queue-notice.tsx).
        beforeNavLinks: ['/components/review-queue-notice#ReviewQueueNotice'],
        // The sign-in asks for the second factor, or sets one up, after the password (issue 52 #3).
        views: { login: { Component: '/components/sign-in/sign-in-view#SignInView', path: '/login' } },
      },
    },
    collections: [Articles, Categories, Videos, Products, MembershipPlans, StudyResources, BackyardArticles, QuizQuestions, ScrambleWords, OldAddresses, mediaCollection(), Users],
    globals: [SiteSettings],
    // The restore dialog says what a restore does (DESIGN §7.26, endpoints/restore-version-as-draft.ts).
    i18n: {
      translations: {
        en: { version: { aboutToRestore: 'You are about to restore this {{label}} document to the state that it was in on {{versionDate}}. It becomes the draft: the site keeps showing the published version until you publish.' } },
      },
    },
    endpoints: [serviceInfo],
    // Media in the S3-compatible bucket when MEDIA_S3_* is set (media-storage.ts); else on disk.
    plugins: [mediaStoragePlugin(cmsConfig.mediaStorage)],
    // The CMS server follows site admins' standing (issue 34). Not while building, in scripts (they
    // would never exit) or in tests (they start it themselves); once per process (dev reloads).
    onInit: (payload) => {
      const server = process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build';
      const started = globalThis as { siteAccessListener?: unknown };
      if (server && !started.siteAccessListener) started.siteAccessListener = listenForSiteAccessChanges(payload);
    },
    // Bodies hold code, tables, pictures, video embeds and callouts (rich-text/editor.ts).
    editor: contentEditor,
    // Media's image sizes (responsive pictures in bodies) are made with sharp.
    sharp,
    secret: cmsConfig.payloadSecret,
    // Payload rewrites payload-types.ts at every start that is not production's, from a process of its
    // own (`payload generate:types`, ~8 CPU s): the tests' instances, each stack's database preparation
    // and the scripts did it too. Only `next dev` does now; elsewhere `payload generate:types` when a
    // collection changes (the type check reads the file).
    typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: process.env.NODE_ENV === 'development' },
    graphQL: { disable: true },
    telemetry: false,
    logger: cmsLogger,
    db: postgresAdapter({
      pool: { connectionString: cmsConfig.databaseUrl },
      schemaName: 'cms',
      push: false,
      // Migrations are applied by src/scripts/prepare-db.ts before the server starts, never implicitly.
      migrationDir: path.resolve(dirname, 'migrations'),
    }),
  });
}
