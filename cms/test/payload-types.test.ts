import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateTypes } from 'payload/node';
import { expect, it, onTestFinished } from 'vitest';
import { setEnvironment } from './payload-test';

// Payload writes src/payload-types.ts only under `next dev` (build-payload-config.ts); the type
// check reads the committed file. It must be what `payload generate:types` makes of the config.
it('src/payload-types.ts is what `payload generate:types` writes for this config', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-types-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'payload-types.ts');
  // The configuration only: nothing here connects to the database.
  const restoreEnvironment = setEnvironment({ DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://unused@127.0.0.1:1/unused', PAYLOAD_SECRET: 'types-test-secret', PAYLOAD_TS_OUTPUT_PATH: out });
  try {
    const { buildPayloadConfig } = await import('../src/build-payload-config');
    await generateTypes(await buildPayloadConfig(), { log: false });
  } finally {
    restoreEnvironment();
  }
  const committed = await readFile(path.resolve(import.meta.dirname, '../src/payload-types.ts'), 'utf8');
  expect(await readFile(out, 'utf8'), 'run `npx payload generate:types` in cms/ and commit src/payload-types.ts').toBe(committed);
});
