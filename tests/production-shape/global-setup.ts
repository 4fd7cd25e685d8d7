import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDb } from '@app/embedded-db';
import pg from 'pg';
import { startProductionShape } from '../../scripts/lib/production-shape.mjs';
import { SHAPE_PORT } from '../../playwright.production-shape.config';
import { SHAPE_ADMIN, SHAPE_CADDY_TIMEOUTS, SHAPE_EDITOR } from './shape';

/**
 * The production shape on a fresh database of the machine's PostgreSQL (SHAPE_DATABASE_URL's
 * server, default 127.0.0.1:5432; an embedded PostgreSQL when none answers there) and a fresh data
 * folder: no demo data, the first admins from the environment, mail over SMTP to the local catcher.
 */
export default async function globalSetup() {
  const dataDir = path.join(tmpdir(), `better-self-shape-e2e-${SHAPE_PORT}`);
  await rm(dataDir, { recursive: true, force: true });
  let embedded: EmbeddedDb | null = null;
  let server = new URL(process.env.SHAPE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `better_self_shape_${SHAPE_PORT}`;
  let admin = new pg.Client({ connectionString: server.href });
  try {
    await admin.connect();
  } catch (err) {
    if (process.env.SHAPE_DATABASE_URL) throw err;
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: Number(process.env.SHAPE_PORT_BASE ?? 4500) + 30 });
    server = new URL(embedded.url());
    admin = new pg.Client({ connectionString: server.href });
    await admin.connect();
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(server.href), { pathname: `/${name}` }).href;

  const lines: string[] = [];
  const started = Date.now();
  // Caddy is started with this process's environment.
  Object.assign(process.env, SHAPE_CADDY_TIMEOUTS);
  const shape = await startProductionShape({
    databaseUrl,
    publicUrl: `http://localhost:${SHAPE_PORT}`,
    dataDir,
    portBase: Number(process.env.SHAPE_PORT_BASE ?? 4500),
    env: {
      ADMIN_USERNAME: SHAPE_ADMIN.username,
      ADMIN_PASSWORD: SHAPE_ADMIN.password,
      CMS_ADMIN_EMAIL: SHAPE_EDITOR.email,
      CMS_ADMIN_PASSWORD: SHAPE_EDITOR.password,
      CMS_ADMIN_TOTP_SECRET: SHAPE_EDITOR.totpSecret,
      REBUILD_DEBOUNCE_MS: '500',
      LOG_LEVEL: 'warn',
      REGISTER_LIMIT_PER_HOUR: '100000',
      REGISTER_DOMAIN_BURST: '100000',
    },
    log: (name, line) => {
      lines.push(`[${name}] ${line}`);
      if (process.env.E2E_VERBOSE) console.log(`[${name}] ${line}`);
    },
  }).catch(async (err) => {
    console.error(lines.slice(-80).join('\n'));
    await embedded?.stop();
    throw err;
  });
  Object.assign(process.env, {
    SHAPE_E2E_DATABASE_URL: databaseUrl,
    SHAPE_E2E_API_URLS: shape.apiUrls.join(' '),
    SHAPE_E2E_MAIL_FILE: shape.mailFile,
    SHAPE_E2E_STARTED: String(started),
  });
  console.log(`production shape up in ${shape.seconds.toFixed(1)} s at ${shape.url} (${shape.apiUrls.length} API instances)`);
  return async () => {
    await shape.stop();
    await embedded?.stop();
    console.log(`production-shape suite: ${((Date.now() - started) / 1000).toFixed(0)} s with the start`);
  };
}
