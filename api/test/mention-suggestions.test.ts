import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, throttleEvents, users } from '../src/db/schema/index.ts';
import { MENTION_LOOKUP_LIMITS } from '../src/domain/notifications/mention-candidates.ts';
import { appForThisFile } from './file-app.ts';

// Issue 47 #4 and #6: who a composer may @mention — hostile places answered 400 in the spec's
// shape, at least two characters, a limit per member, and those taking part in the place first.
const t = appForThisFile();
const FREE_ARTICLE = 1;
const names = (body: unknown) => (body as { username: string }[]).map((m) => m.username);

describe('mention suggestions (GET /api/mentions)', () => {
  it('answers a place that names an id beyond PostgreSQL’s range, or no id at all, with a 400 in the spec’s error shape', async () => {
    const asker = await t.member('ms_asker', 'pro');
    for (const place of ['room:2147483648', 'article:2147483648', 'room:99999999999', 'room:0', 'article:007', 'room:', 'room:1.5', 'bulletin:1', 'elsewhere']) {
      const res = await asker.get(`/api/mentions?q=ms&in=${encodeURIComponent(place)}`);
      expect(res.status, place).toBe(400);
      expect(res.body, place).toMatchObject({ message: 'in: in must be article:{id}, bulletin or room:{id}', code: 'bad_request' });
    }
    // The largest id there can be is a room or article that does not exist.
    expect((await asker.get('/api/mentions?q=ms&in=room:2147483647')).status).toBe(404);
    expect((await asker.get('/api/mentions?q=ms&in=article:2147483647')).status).toBe(404);
  });

  it('needs at least two characters of the name', async () => {
    const asker = await t.member('ms_short', 'pro');
    const one = await asker.get('/api/mentions?q=m&in=bulletin');
    expect(one.status).toBe(400);
    expect(one.body.message).toContain('Type at least 2 characters of the name');
    expect((await asker.get('/api/mentions?q=%20m%20&in=bulletin')).status).toBe(400);
    expect((await asker.get('/api/mentions?q=ms&in=bulletin')).status).toBe(200);
  });

  it('offers first those who take part in the thread or the room, then the rest by name', async () => {
    const asker = await t.member('mt_asker', 'pro');
    for (const n of ['mt_ada', 'mt_bea', 'mt_zed']) await t.member(n, 'pro');
    const zed = await t.member('mt_zed', 'pro');
    expect((await zed.post(`/api/articles/${FREE_ARTICLE}/comments`, { content: 'I was here first.' })).status).toBe(201);
    expect(names((await asker.get(`/api/mentions?q=mt_&in=article:${FREE_ARTICLE}`)).body)).toEqual(['mt_zed', 'mt_ada', 'mt_bea']);
    // Another article's thread is not this one: the names come alphabetically.
    expect(names((await asker.get('/api/mentions?q=mt_&in=article:2')).body)).toEqual(['mt_ada', 'mt_bea', 'mt_zed']);

    // Bea said something in the room (as the socket stores it).
    const [general] = await t.testDb.db.select().from(chatRooms).where(eq(chatRooms.name, 'General Chat'));
    const [bea] = await t.testDb.db.select().from(users).where(eq(users.username, 'mt_bea'));
    await t.testDb.db.insert(chatMessages).values({ roomId: general!.id, userId: bea!.id, content: 'Hello room' });
    expect(names((await asker.get(`/api/mentions?q=mt_&in=room:${general!.id}`)).body)).toEqual(['mt_bea', 'mt_ada', 'mt_zed']);
  });

  it('are limited per member, atomically: parallel look-ups cannot pass the minute’s limit', async () => {
    const asker = await t.member('ms_many', 'pro');
    const perMinute = MENTION_LOOKUP_LIMITS[0].max;
    const answers = await Promise.all(Array.from({ length: perMinute + 5 }, () => asker.get('/api/mentions?q=ms&in=bulletin')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(perMinute);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.body.message).toMatch(/^You are looking up names too quickly\. Please try again in \d+ seconds?\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member is not held up by this one.
    expect((await (await t.member('ms_other', 'pro')).get('/api/mentions?q=ms&in=bulletin')).status).toBe(200);
    await t.testDb.db.delete(throttleEvents);
  });
});
