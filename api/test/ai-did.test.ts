import { AI_MESSAGES } from '@app/shared/browser';
import { toSnapshot } from '@app/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlBlocks } from '../src/domain/ai/assistant-documents.ts';
import { buildAssistantIndex } from '../src/domain/ai/assistant-index.ts';
import { buildContentIndex } from '../src/domain/content/content-index.ts';
import { createDidClient } from '../src/integrations/ai/did-client.ts';
import { PresenterServiceError } from '../src/domain/ports/talking-presenters.ts';
import { browserClient } from './browser-client.ts';
import { startFakeDid } from './fake-did.ts';
import { appForThisFile } from './file-app.ts';
import { seedRecords } from './seed-content.ts';

const KEY = 'dGVzdEBleGFtcGxlLmNvbQ:test-did-key';
let did: Awaited<ReturnType<typeof startFakeDid>>;
// The stand-in starts first: the app is built with a client for it.
beforeAll(async () => {
  did = await startFakeDid({ key: KEY });
});
afterAll(async () => did?.close());
const records = await seedRecords();
const t = appForThisFile({ records: () => records, app: () => ({ overrides: { ai: { presenters: createDidClient({ apiKey: KEY, baseUrl: did.url, timeoutMs: 300, presentersTtlMs: 0 }) } } }) });

const AMBER = 'v2_public_amber@Y5K02DLS4m';
let addresses = 0;
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });

describe('the D-ID client against a local stand-in in its wire format', () => {
  const client = () => createDidClient({ apiKey: KEY, baseUrl: did.url, timeoutMs: 300 });

  it('reads presenters, creates a talk with the presenter’s image and the script, and follows it created → started → done', async () => {
    const c = client();
    const presenters = await c.listPresenters();
    expect(presenters).toEqual([
      { id: AMBER, name: 'Amber', thumbnailUrl: 'https://clips-presenters.d-id.com/amber/thumbnail.png', imageUrl: 'https://clips-presenters.d-id.com/amber/image.png' },
      { id: 'v2_public_adam@kwLwo22I6I', name: 'Adam', thumbnailUrl: 'https://clips-presenters.d-id.com/adam/thumbnail.png', imageUrl: 'https://clips-presenters.d-id.com/adam/image.png' },
    ]);
    const talk = await c.createTalk(presenters[0]!, 'Hello from Better Self.');
    expect(talk).toMatchObject({ status: 'created', resultUrl: null });
    expect(did.requests.at(-1)).toMatchObject({ method: 'POST', path: '/talks', auth: `Basic ${KEY}`, body: { source_url: 'https://clips-presenters.d-id.com/amber/image.png', script: { type: 'text', input: 'Hello from Better Self.' } } });
    expect(await c.getTalk(talk!.id)).toMatchObject({ status: 'started', resultUrl: null });
    expect(await c.getTalk(talk!.id)).toEqual({ id: talk!.id, status: 'done', resultUrl: `https://d-id-talks-prod.s3.us-west-2.amazonaws.com/${talk!.id}/result.mp4` });
  });

  it('reports a talk D-ID could not make as error', async () => {
    const c = client();
    did.setFailTalks(true);
    const talk = await c.createTalk((await c.listPresenters())[0]!, 'Hello.');
    did.setFailTalks(false);
    await c.getTalk(talk!.id);
    expect((await c.getTalk(talk!.id)).status).toBe('error');
  });

  it('turns a refused key, a rate limit, an outage, silence and an unknown talk into kinds of PresenterServiceError', async () => {
    const expectKind = async (p: Promise<unknown>, kind: string) => {
      const err = await p.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PresenterServiceError);
      expect((err as PresenterServiceError).kind).toBe(kind);
    };
    await expectKind(createDidClient({ apiKey: 'wrong', baseUrl: did.url }).listPresenters(), 'unauthorized');
    for (const [kind, expected] of [[401, 'unauthorized'], [429, 'rate_limited'], [500, 'unavailable'], ['timeout', 'timeout']] as const) {
      did.setOutage({ kind, path: /^\/talks/ });
      await expectKind(client().createTalk({ id: AMBER, name: 'Amber', thumbnailUrl: 'x', imageUrl: 'https://x.example/a.png' }, 'Hi'), expected);
      did.setOutage(null);
    }
    await expectKind(client().getTalk('tlk_unknown'), 'not_found');
    await expectKind(createDidClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9' }).listPresenters(), 'unavailable');
  });
});

// The seeded library's meaning is encoded once for the file (the encoder caches it).
beforeAll(() => buildAssistantIndex(buildContentIndex(toSnapshot(records, '2026-01-01T00:00:00.000Z'))), 180_000);

describe('the AI calls with D-ID configured', () => {
  it('lists D-ID’s presenters and answers with a presenter video: the offline answer is the script', async () => {
    const c = browserClient(t.app.base);
    const presenters = await c.get('/api/ai/presenters');
    expect(presenters.body[0]).toEqual({ id: AMBER, name: 'Amber', thumbnail_url: 'https://clips-presenters.d-id.com/amber/thumbnail.png' });
    const created = await c.post('/api/ai/talk', { text: 'How do I get the labels and glue off old glass jars?', presenter_id: AMBER }, fromNewAddress());
    expect(created.status).toBe(201);
    const script = (did.requests.at(-1)!.body as { script: { input: string } }).script.input;
    expect(script).toMatch(/^From “Upcycling Old Jars into Useful Things”: “Soak the jar/);
    const path = `/api/ai/talk/${created.body.id}`;
    expect((await c.get(path)).body).toMatchObject({ status: 'started', answer: { text: script } });
    const done = (await c.get(path)).body;
    expect(done.status).toBe('done');
    expect(done.result_url).toMatch(/^https:\/\/d-id-talks-prod\.s3\.us-west-2\.amazonaws\.com\/tlk_\w+\/result\.mp4$/);
    // Done is kept: D-ID is not asked again.
    const asked = did.requests.length;
    expect((await c.get(path)).body.result_url).toBe(done.result_url);
    expect(did.requests.length).toBe(asked);
    expect((await c.post('/api/ai/talk', { text: 'Hello?', presenter_id: 'local-maya' }, fromNewAddress())).body.message).toBe('Unknown presenter. Please choose one from the list.');
  });

  it('gives D-ID, for a visitor asking about a locked article, a script naming it and its tier and quoting none of it', async () => {
    const pantry = records.articles.find((a) => a.title === 'A Pantry That Rescues Weeknights')!;
    const c = browserClient(t.app.base);
    const created = await c.post('/api/ai/talk', { text: 'What staples should a pantry hold for quick weeknight dinners?', presenter_id: AMBER }, fromNewAddress());
    expect(created.status).toBe(201);
    const script = (did.requests.at(-1)!.body as { script: { input: string } }).script.input;
    expect(script).toBe(`“${pantry.title}” covers this, and it is for Pro members. Upgrade your membership to read it.`);
    for (const block of htmlBlocks(pantry.contentHtml ?? '')) expect(script).not.toContain(block.text.slice(0, 40));
  });

  it('passes a failed talk through as error', async () => {
    const c = browserClient(t.app.base);
    did.setFailTalks(true);
    const created = await c.post('/api/ai/talk', { text: 'How do I start a collection?', presenter_id: AMBER }, fromNewAddress());
    did.setFailTalks(false);
    await c.get(`/api/ai/talk/${created.body.id}`);
    expect((await c.get(`/api/ai/talk/${created.body.id}`)).body.status).toBe('error');
  });

  it('answers D-ID’s refusals, limits, outages and silence with the spec’s sentences and 503, never 500', async () => {
    const c = browserClient(t.app.base);
    for (const kind of [401, 429, 500, 'timeout'] as const) {
      did.setOutage({ kind, path: /^\/clips\/presenters/ });
      const presenters = await c.get('/api/ai/presenters');
      expect([presenters.status, presenters.body.message]).toEqual([503, AI_MESSAGES.unavailable]);
      did.setOutage({ kind, path: /^\/talks$/ });
      const created = await c.post('/api/ai/talk', { text: 'How do I start a collection?', presenter_id: AMBER }, fromNewAddress());
      expect([created.status, created.body.message]).toEqual([503, AI_MESSAGES.generateFailed]);
      did.setOutage(null);
      const ok = await c.post('/api/ai/talk', { text: 'How do I start a collection?', presenter_id: AMBER }, fromNewAddress());
      did.setOutage({ kind, path: /^\/talks\/tlk_/ });
      const status = await c.get(`/api/ai/talk/${ok.body.id}`);
      expect([status.status, status.body.message]).toEqual([503, AI_MESSAGES.statusFailed]);
      did.setOutage(null);
    }
  });
});
