import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateTypes } from 'payload/node';
import { afterAll, expect, it } from 'vitest';

// Payload writes src/payload-types.ts only under `next dev` (build-payload-config.ts); the type
// check reads the committed file. It must be what `payload generate:types` makes of the config.
const environment = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});

it('src/payload-types.ts is what `payload generate:types` writes for this config', async () => {
  const out = path.join(await mkdtemp(path.join(tmpdir(), 'cms-types-')), 'payload-types.ts');
  // The configuration only: nothing here connects to the database.
  Object.assign(process.env, { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://unused@127.0.0.1:1/unused', PAYLOAD_SECRET: 'types-test-secret', PAYLOAD_TS_OUTPUT_PATH: out });
  const { buildPayloadConfig } = await import('../src/build-payload-config');
  await generateTypes(await buildPayloadConfig(), { log: false });
  const committed = await readFile(path.resolve(import.meta.dirname, '../src/payload-types.ts'), 'utf8');
  expect(await readFile(out, 'utf8'), 'run `npx payload generate:types` in cms/ and commit src/payload-types.ts').toBe(committed);
});
