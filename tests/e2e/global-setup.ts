import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFakeYouTube } from '@app/test-support/fake-youtube';
import { startStack } from '../../scripts/lib/stack.mjs';
import { makeCmsEditorPool } from './fixtures';
import { startThumbnailServer } from './video-thumbnails';
import { E2E_PORT } from '../../playwright.config';

/** The whole stack, built for production, on its own ports and a fresh embedded database. */
export default async function globalSetup() {
  // Outside the repository, like the production volumes: site builds must work from anywhere.
  // Per port, so runs on different E2E_PORTs never share a database or a folder.
  const dataDir = path.join(tmpdir(), `better-self-e2e-data-${E2E_PORT}`);
  await rm(dataDir, { recursive: true, force: true });
  const lines: string[] = [];
  // The channel sync talks to a local stand-in for the YouTube Data API (tests set its videos).
  const youtube = await startFakeYouTube({ key: 'e2e-youtube-key', handle: '@betterself', videos: [] });
  const closeThumbnails = await startThumbnailServer(E2E_PORT);
  process.env.E2E_YOUTUBE_CONTROL = youtube.controlUrl;
  // A local bare repository stands in for GitHub: the committed code, which deploys build from
  // (only the admin's Deploy and the webhook fetch it; until then builds use the working tree).
  const deployRepository = path.join(tmpdir(), `better-self-e2e-repo-${E2E_PORT}.git`);
  await rm(deployRepository, { recursive: true, force: true });
  execFileSync('git', ['clone', '--quiet', '--bare', '--single-branch', path.resolve(import.meta.dirname, '../..'), deployRepository]);
  const deployBranch = execFileSync('git', ['symbolic-ref', '--short', 'HEAD'], { cwd: deployRepository, encoding: 'utf8' }).trim();
  process.env.E2E_DEPLOY_REPOSITORY = deployRepository;
  process.env.E2E_DEPLOY_BRANCH = deployBranch;
  process.env.E2E_GITHUB_WEBHOOK_SECRET = 'e2e-github-webhook-secret';
  const stack = await startStack({
    dataDir,
    port: E2E_PORT,
    apiPort: E2E_PORT + 1,
    cmsPort: E2E_PORT + 2,
    dbPort: E2E_PORT + 3,
    // Every test signs up from this one address and domain; the limits have their own API tests.
    env: { YOUTUBE_API_KEY: 'e2e-youtube-key', YOUTUBE_API_URL: youtube.url, YOUTUBE_CHANNEL_HANDLE: '@betterself', REBUILD_DEBOUNCE_MS: '1000', LOG_LEVEL: 'warn', REGISTER_LIMIT_PER_HOUR: '100000', REGISTER_DOMAIN_BURST: '100000', PASSWORD_HASH_COST: 'light', DEPLOY_REPOSITORY: deployRepository, DEPLOY_BRANCH: deployBranch, GITHUB_WEBHOOK_SECRET: process.env.E2E_GITHUB_WEBHOOK_SECRET },
    log: (name, line) => {
      lines.push(`[${name}] ${line}`);
      if (process.env.E2E_VERBOSE) console.log(`[${name}] ${line}`);
    },
  }).catch((err) => {
    console.error(lines.slice(-80).join('\n'));
    throw err;
  });
  process.env.E2E_INTERNAL_SECRET = stack.internalSecret;
  process.env.E2E_API_URL = stack.env.API_URL;
  process.env.E2E_DATABASE_URL = stack.env.DATABASE_URL;
  console.log(`e2e stack up in ${stack.seconds.toFixed(1)} s at ${stack.url}`);
  // A CMS code works once per 30 s: tests that sign in a CMS editor take the demo editor or a stand-in whose code is free.
  await makeCmsEditorPool(stack.url);
  return async () => {
    // Tests delete the members they make (fixtures.ts, when their worker ends): say which are left
    // (a warning: the database is thrown away with the stack; an account a test makes through the
    // sign-up page is named to the fixtures with madeAccount).
    const left = await membersLeft(stack.env.DATABASE_URL ?? '').catch((err: Error) => [`unknown (${err.message})`]);
    await stack.stop();
    await youtube.close();
    await closeThumbnails();
    await rm(deployRepository, { recursive: true, force: true });
    if (left.length > 0) console.warn(`members made by tests and not deleted (tests/e2e/fixtures.ts deleteMadeMembers): ${left.join('; ')}`);
  };
}

/** Accounts the tests made (createMember's usernames start "member_", the sign-up page's "reader_") still in the database, described. */
async function membersLeft(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; username: string; role: string; created_at: Date; deleted_at: Date | null }>(
      "select id, username, role, created_at, deleted_at from app.users where username like 'member\\_%' or username like 'reader\\_%' order by id",
    );
    return rows.map((r) => `#${r.id} ${r.username} (${r.role}, made ${r.created_at.toISOString()}${r.deleted_at ? `, account deleted ${r.deleted_at.toISOString()}` : ''})`);
  } finally {
    await client.end();
  }
}
