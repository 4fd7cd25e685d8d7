import { afterAll, beforeAll, expect } from 'vitest';
import type { ContentRecords } from '@app/shared/server';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

type AppOptions = Omit<Parameters<typeof startTestApp>[0], 'db' | 'source'>;

/**
 * The usual world of one test file: a fresh database, a fake CMS holding the sample content, and
 * the real app on both — started before the file's tests and closed after them. Read its parts
 * inside tests (`t.app.base`); they exist once the file's `beforeAll` has run.
 */
export function appForThisFile(opts: { records?: () => ContentRecords; app?: (parts: { databaseUrl: string }) => AppOptions } = {}) {
  const t = {} as {
    testDb: Awaited<ReturnType<typeof createTestDatabase>>;
    cms: Awaited<ReturnType<typeof startFakeCms>>;
    app: Awaited<ReturnType<typeof startTestApp>>;
    /** A member with this name (created on first use), signed in through the API in a browser-like client; an admin with their second factor (signInStaff). */
    member(username: string, tier?: 'free' | 'pro' | 'vip', admin?: boolean): Promise<ReturnType<typeof browserClient>>;
  };
  beforeAll(async () => {
    t.testDb = await createTestDatabase();
    t.cms = await startFakeCms(opts.records?.() ?? sampleRecords(), TEST_SECRET);
    t.app = await startTestApp({ db: t.testDb.db, source: createCmsContentSource(t.cms.url, TEST_SECRET), ...opts.app?.({ databaseUrl: t.testDb.url }) });
  });
  afterAll(async () => {
    await t.app?.close();
    await t.cms?.close();
    await t.testDb?.drop();
  });
  t.member = async (username, tier = 'free', admin = false) => {
    await ensureAccount(t.testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier, admin });
    const c = browserClient(t.app.base);
    if (admin) await signInStaff(c, username, 'pass-word-1');
    else expect((await c.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
    return c;
  };
  return t;
}
