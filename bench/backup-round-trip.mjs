// Backup and restore through the whole production shape (issue 26): a site with a member, an
// article and an uploaded picture is backed up, restored into a fresh database and media folder,
// and started again from a fresh data folder — so the restored article's page is built anew from
// the restored content — and the member signs in through Caddy. Uses the machine's PostgreSQL;
// run it under the e2e lock (it takes Caddy's port 8080):
//   flock -w 2400 /tmp/e2e.lock scripts/node.sh node bench/backup-round-trip.mjs
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { totpCode } from '@app/test-support/second-factor';
import { backup, restore } from '../scripts/lib/backup.mjs';
import { startProductionShape } from '../scripts/lib/production-shape.mjs';

const server = process.env.SHAPE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PUBLIC_URL = 'http://localhost:8080';
const work = '/tmp/better-self-backup-round-trip';
rmSync(work, { recursive: true, force: true });
const admin = new pg.Client({ connectionString: `${server}/postgres` });
await admin.connect();
for (const db of ['round_trip_source', 'round_trip_restored']) {
  await admin.query(`drop database if exists ${db} with (force)`);
  await admin.query(`create database ${db}`);
}
const env = { CMS_ADMIN_EMAIL: 'editor@trip.test', CMS_ADMIN_PASSWORD: 'editor-pass-2026', CMS_ADMIN_TOTP_SECRET: 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA', LOG_LEVEL: 'warn', REBUILD_DEBOUNCE_MS: '300', PAYLOAD_SECRET: 'round-trip-secret', INTERNAL_SECRET: 'round-trip-internal' };
const failures = [];
const check = (ok, what) => (console.log(`  ${ok ? '✓' : '✗'} ${what}`), ok || failures.push(what));
const call = async (p, { method = 'GET', body, cookie } = {}) => {
  const res = await fetch(PUBLIC_URL + p, { method, headers: { origin: PUBLIC_URL, ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, text: await res.text(), cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
};

const first = await startProductionShape({ databaseUrl: `${server}/round_trip_source`, dataDir: path.join(work, 'first'), portBase: 4700, env, log: () => {} });
const login = await call('/cms/api/users/login', { method: 'POST', body: { email: env.CMS_ADMIN_EMAIL, password: env.CMS_ADMIN_PASSWORD, code: totpCode(env.CMS_ADMIN_TOTP_SECRET) } });
const editor = login.cookie;
const category = JSON.parse((await call('/cms/api/categories', { method: 'POST', cookie: editor, body: { title: 'Kept', slug: 'kept' } })).text).doc;
const node = { direction: null, format: '', indent: 0, version: 1 };
const content = { root: { ...node, type: 'root', children: [{ ...node, type: 'paragraph', textFormat: 0, children: [{ type: 'text', version: 1, text: 'Words that survive a restore.', format: 0, detail: 0, mode: 'normal', style: '' }] }] } };
const article = JSON.parse((await call('/cms/api/articles', { method: 'POST', cookie: editor, body: { title: 'An article that was restored', excerpt: 'Kept.', membershipRequired: 'free', category: category.id, content, _status: 'published' } })).text).doc;
const form = new FormData();
form.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2"/></svg>'], { type: 'image/svg+xml' }), 'kept.svg');
form.append('_payload', JSON.stringify({ alt: 'kept' }));
const upload = await fetch(`${PUBLIC_URL}/cms/api/media`, { method: 'POST', body: form, headers: { origin: PUBLIC_URL, cookie: editor } });
const member = { username: 'kept_member', email: 'kept@example.com', password: 'kept-pass-123' };
await call('/api/register', { method: 'POST', body: member });
await new Promise((r) => setTimeout(r, 3000));
const archive = path.join(work, 'backup.tar.gz');
const manifest = await backup({ databaseUrl: `${server}/round_trip_source`, mediaDir: first.mediaDir, archive });
console.log(`backup: ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows, ${manifest.mediaFiles} media files (upload ${upload.status})`);
await first.stop();

const restoredMedia = path.join(work, 'second', 'media');
const started = Date.now();
await restore({ databaseUrl: `${server}/round_trip_restored`, mediaDir: restoredMedia, archive, cmsEnv: env });
console.log(`restore: ${((Date.now() - started) / 1000).toFixed(1)} s`);
// A fresh data folder: no site build yet, so the first start builds it from the restored content.
const second = await startProductionShape({ databaseUrl: `${server}/round_trip_restored`, dataDir: path.join(work, 'second'), portBase: 4700, env: { ...env, MEDIA_DIR: restoredMedia }, log: () => {} });
try {
  const page = await call(`/articles/${article.id}`);
  check(page.status === 200 && page.text.includes('An article that was restored'), 'the restored article’s page was built from the restored content');
  const body = JSON.parse((await call(`/api/articles/${article.id}`)).text);
  check(JSON.stringify(body).includes('Words that survive a restore.'), 'the API serves its body');
  const signIn = await call('/api/login', { method: 'POST', body: { username: member.username, password: member.password } });
  check(signIn.status === 200, 'the restored member signs in through Caddy');
  const picture = await call('/media/kept.svg');
  check(picture.status === 200, 'the restored upload is served');
} finally {
  await second.stop();
  for (const db of ['round_trip_source', 'round_trip_restored']) await admin.query(`drop database if exists ${db} with (force)`);
  await admin.end();
}
process.exit(failures.length ? 1 : 0);
