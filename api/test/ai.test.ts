import { randomUUID } from 'node:crypto';
import type { AiTalk } from '@app/shared/browser';
import { toSnapshot } from '@app/shared/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiTalks } from '../src/db/schema/index.ts';
import { htmlBlocks } from '../src/domain/ai/assistant-documents.ts';
import { buildAssistantIndex } from '../src/domain/ai/assistant-index.ts';
import { buildContentIndex } from '../src/domain/content/content-index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { seedRecords } from './seed-content.ts';

/** A Pro article whose body alone holds a phrase: its title, excerpt and category say nothing of it. */
const lanternArticle = { title: 'A Quiet Evening Ritual', category: 'health', tier: 'pro' as const, excerpt: 'A short ritual for the end of the day.', body: 'Light a candle and practise the lantern-and-loom method for five minutes.\n\nThen write one line about the day.', daysAgo: 3 };
const records = await seedRecords([lanternArticle]);
const t = appForThisFile({ records: () => records, app: () => ({ overrides: { ai: { limits: { visitorPerAddress: 3, perMember: 4, perAddress: 6 } } } }) });

// The seeded library's meaning is encoded once for the file (the encoder caches it): answers are then quick.
beforeAll(() => buildAssistantIndex(buildContentIndex(toSnapshot(records, '2026-01-01T00:00:00.000Z'))), 180_000);

let addresses = 0;
/** Each test asks from its own address (the test server believes X-Forwarded-For from loopback), so limits do not leak between tests. */
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${++addresses}` });
const visitor = () => browserClient(t.app.base);
type Client = ReturnType<typeof browserClient>;

const PRESENTER = 'local-maya';
const morningRoutine = records.articles.find((a) => a.title === 'Designing a Morning Routine That Survives Real Life')!;
const emergencyFund = records.articles.find((a) => a.title === 'Building an Emergency Fund Step by Step')!;
const innerCritic = records.articles.find((a) => a.title === 'The Inner Critic: Turning Down the Volume')!;
const bodyOf = (a: { contentHtml?: string | null }) => htmlBlocks(a.contentHtml ?? '').map((b) => b.text);

async function ask(client: Client, text: string, headers = fromNewAddress(), extra: Record<string, unknown> = {}): Promise<AiTalk> {
  const created = await client.post('/api/ai/talk', { text, presenter_id: PRESENTER, ...extra }, headers);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const talk = await client.get(`/api/ai/talk/${created.body.id}`);
  expect(talk.status).toBe(200);
  return talk.body;
}

describe('GET /api/ai/presenters', () => {
  it('lists the offline presenters, each with a name and a drawn thumbnail, to anyone', async () => {
    const res = await visitor().get('/api/ai/presenters');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(2);
    for (const p of res.body) expect(Object.keys(p).sort()).toEqual(['id', 'name', 'thumbnail_url']);
    expect(res.body[0]).toMatchObject({ id: PRESENTER, name: 'Maya', thumbnail_url: '/ai-presenters/maya.svg' });
  });
});

describe('POST /api/ai/talk and GET /api/ai/talk/{id}', () => {
  it('answers a visitor from the article that covers the question, quoting it and linking it', async () => {
    const talk = await ask(visitor(), 'How do I get the labels and glue off old glass jars?');
    expect(talk.status).toBe('done');
    expect(talk.result_url).toBeUndefined();
    const jars = records.articles.find((a) => a.title === 'Upcycling Old Jars into Useful Things')!;
    expect(talk.answer.sources[0]).toEqual({ title: jars.title, url: `/articles/${jars.id}` });
    expect(talk.answer.text).toContain('Soak the jar in warm water with a spoon of baking soda for an hour.');
  });

  it('refuses a blank question, one over 1,000 characters and an unknown presenter with a 400 and a message', async () => {
    const c = visitor();
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ', presenter_id: PRESENTER }, 'text: Please type a question.'],
      [{ text: 'x'.repeat(1001), presenter_id: PRESENTER }, 'text: Questions can be at most 1,000 characters.'],
      [{ text: 'How do I sleep better?', presenter_id: 'nobody' }, 'Unknown presenter. Please choose one from the list.'],
      [{ text: 'How do I sleep better?' }, 'presenter_id: Please choose a presenter.'],
    ];
    for (const [body, message] of cases) {
      const res = await c.post('/api/ai/talk', body, fromNewAddress());
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await c.post('/api/ai/talk', { text: 'x'.repeat(1000), presenter_id: PRESENTER }, fromNewAddress())).status).toBe(201);
  });

  it('lets only the asker read a talk: another visitor, a member or a made-up id get 404', async () => {
    const asker = visitor();
    const created = await asker.post('/api/ai/talk', { text: 'How do I start a collection?', presenter_id: PRESENTER }, fromNewAddress());
    const path = `/api/ai/talk/${created.body.id}`;
    expect((await asker.get(path)).status).toBe(200);
    expect((await visitor().get(path)).status).toBe(404);
    expect((await (await t.member('ai_other_member')).get(path)).status).toBe(404);
    expect((await asker.get(`/api/ai/talk/${randomUUID()}`)).status).toBe(404);
    expect((await asker.get('/api/ai/talk/not-a-uuid')).status).toBe(404);

    const member = await t.member('ai_owner_member');
    const mine = await member.post('/api/ai/talk', { text: 'How do I start a collection?', presenter_id: PRESENTER }, fromNewAddress());
    expect((await member.get(`/api/ai/talk/${mine.body.id}`)).status).toBe(200);
    expect((await asker.get(`/api/ai/talk/${mine.body.id}`)).status).toBe(404);
    expect((await (await t.member('ai_third_member')).get(`/api/ai/talk/${mine.body.id}`)).status).toBe(404);
  });

  it('limits visitors per address, and members (more) per member and per address, with 429 and Retry-After', async () => {
    const headers = fromNewAddress();
    const v = visitor();
    for (let i = 0; i < 3; i++) expect((await v.post('/api/ai/talk', { text: 'How do I walk more?', presenter_id: PRESENTER }, headers)).status).toBe(201);
    const refused = await visitor().post('/api/ai/talk', { text: 'How do I walk more?', presenter_id: PRESENTER }, headers);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You have asked a lot of questions\. Please wait \d+ (seconds|minutes) and try again\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A member at the same address still asks (the address allows more than a visitor's share) …
    const member = await t.member('ai_limited_member');
    for (let i = 0; i < 3; i++) expect((await member.post('/api/ai/talk', { text: 'How do I walk more?', presenter_id: PRESENTER }, headers)).status).toBe(201);
    // … until the address as a whole is used up.
    expect((await member.post('/api/ai/talk', { text: 'How do I walk more?', presenter_id: PRESENTER }, headers)).status).toBe(429);
    // A member's own limit follows them to any address.
    const busy = await t.member('ai_busy_member');
    for (let i = 0; i < 4; i++) expect((await busy.post('/api/ai/talk', { text: 'How do I walk more?', presenter_id: PRESENTER }, fromNewAddress())).status).toBe(201);
    expect((await busy.post('/api/ai/talk', { text: 'How do I walk more?', presenter_id: PRESENTER }, fromNewAddress())).status).toBe(429);
  });

  it('counts parallel questions one by one', async () => {
    const headers = fromNewAddress();
    const results = await Promise.all(Array.from({ length: 8 }, () => visitor().post('/api/ai/talk', { text: 'How do I walk more?', presenter_id: PRESENTER }, headers)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('leans a follow-up on the previous question of the same conversation, and only of that one', async () => {
    const member = await t.member('ai_follow_up');
    const conversation_id = randomUUID();
    const first = await ask(member, 'How do I build an emergency fund?', fromNewAddress(), { conversation_id });
    expect(first.answer.sources[0]?.title).toBe(emergencyFund.title);
    const alone = await ask(member, 'Where should I keep it?', fromNewAddress());
    expect(alone.answer.sources).toEqual([]);
    const followUp = await ask(member, 'Where should I keep it?', fromNewAddress(), { conversation_id });
    expect(followUp.answer.sources[0]?.title).toBe(emergencyFund.title);
    expect(followUp.answer.text).toMatch(/^From “Building an Emergency Fund Step by Step”: “/);
    // Someone else's conversation id is not theirs to lean on.
    const stranger = await ask(await t.member('ai_stranger'), 'Where should I keep it?', fromNewAddress(), { conversation_id });
    expect(stranger.answer.sources).toEqual([]);
  });

  it('says plainly when the site has nothing on the question', async () => {
    const talk = await ask(visitor(), 'How do I replace the clutch in my car?');
    expect(talk.answer.sources).toEqual([]);
    expect(talk.answer.text).toMatch(/^I couldn't find anything about that in our articles, videos, studies, store or policies, so I won't guess\./);
  });

  it('answers from the study resources', async () => {
    const talk = await ask(visitor(), 'Is there a study on bouncing back after a setback?');
    expect(talk.answer.sources[0]).toEqual({ title: 'Resilience After Setbacks', url: '/self-help-studies' });
    expect(talk.answer.text).toContain('A guided study on bouncing back');
  });

  it('answers from the policies too', async () => {
    const talk = await ask(visitor(), 'Do you sell my personal data?');
    expect(talk.answer.sources[0]).toEqual({ title: 'Privacy Policy', url: '/policies#privacy' });
    expect(talk.answer.text).toContain('We never sell your personal data.');
  });
});

describe('tier safety: an article is quoted only to those who may read it', () => {
  const question = 'How do I build a morning routine that fits around my family and my job?';
  const lockedText = bodyOf(morningRoutine);

  for (const [who, client] of [
    ['a visitor', async () => visitor()],
    ['a free member', async () => t.member('ai_free', 'free')],
  ] as const) {
    it(`gives ${who} the Pro article's name, its tier and its link, but none of its text`, async () => {
      const talk = await ask(await client(), question);
      expect(talk.answer.sources[0]).toEqual({ title: morningRoutine.title, url: `/articles/${morningRoutine.id}`, locked: 'pro' });
      expect(talk.answer.text).toBe(`“${morningRoutine.title}” covers this, and it is for Pro members. Upgrade your membership to read it.`);
      for (const paragraph of lockedText) expect(talk.answer.text).not.toContain(paragraph.slice(0, 40));
      expect(talk.answer.text).not.toContain(morningRoutine.excerpt!);
    });
  }

  it('quotes the Pro article to a Pro member and to a VIP member', async () => {
    for (const member of [await t.member('ai_pro', 'pro'), await t.member('ai_vip', 'vip')]) {
      const talk = await ask(member, question);
      expect(talk.answer.sources[0]).toEqual({ title: morningRoutine.title, url: `/articles/${morningRoutine.id}` });
      expect(lockedText.some((p) => talk.answer.text.includes(p.split('. ')[0]!))).toBe(true);
    }
  });

  it('names a VIP article to a Pro member as for VIP members, and quotes it to a VIP member', async () => {
    const q = 'How can I quiet the harsh voice in my head that criticises everything I do?';
    const pro = await ask(await t.member('ai_pro_2', 'pro'), q);
    expect(pro.answer.sources[0]).toMatchObject({ title: innerCritic.title, locked: 'vip' });
    expect(pro.answer.text).toContain('it is for VIP members');
    for (const paragraph of bodyOf(innerCritic)) expect(pro.answer.text).not.toContain(paragraph.slice(0, 40));
    const vip = await ask(await t.member('ai_vip_2', 'vip'), q);
    expect(vip.answer.sources[0]).toEqual({ title: innerCritic.title, url: `/articles/${innerCritic.id}` });
    expect(vip.answer.text).toMatch(/^From “The Inner Critic: Turning Down the Volume”: “/);
  });

  it('never confirms a phrase of a locked body: a visitor and a free member are not pointed to the Pro article, a Pro member is', async () => {
    const q = 'What is the lantern and loom method?';
    const locked = records.articles.find((a) => a.title === lanternArticle.title)!;
    for (const asker of [visitor(), await t.member('ai_phrase_free', 'free')]) {
      const talk = await ask(asker, q);
      expect(talk.answer.sources.map((s) => s.url)).not.toContain(`/articles/${locked.id}`);
      expect(talk.answer.text).not.toContain(locked.title);
      expect(talk.answer.text).toMatch(/^I couldn't find anything about that/);
    }
    const pro = await ask(await t.member('ai_phrase_pro', 'pro'), q);
    expect(pro.answer.sources[0]).toEqual({ title: locked.title, url: `/articles/${locked.id}` });
    expect(pro.answer.text).toContain('lantern-and-loom method');
  });

  it('still finds a locked article for a free member by what its page shows everyone, naming only its title and tier', async () => {
    const locked = records.articles.find((a) => a.title === lanternArticle.title)!;
    const talk = await ask(await t.member('ai_phrase_public', 'free'), 'Is there a quiet evening ritual for the end of the day?');
    expect(talk.answer.sources[0]).toEqual({ title: locked.title, url: `/articles/${locked.id}`, locked: 'pro' });
    expect(talk.answer.text).toBe(`“${locked.title}” covers this, and it is for Pro members. Upgrade your membership to read it.`);
  });

  it('stores the talk for its asker only, with the answer composed for their tier', async () => {
    const member = await t.member('ai_stored', 'free');
    await ask(member, question);
    const rows = await t.testDb.db.select().from(aiTalks);
    const row = rows.find((r) => r.question === question && r.ownerUserId !== null && r.answer.sources[0]?.locked === 'pro');
    expect(row).toMatchObject({ provider: 'local', status: 'done', ownerVisitor: null, presenterId: PRESENTER });
  });
});
