import { describe, expect, it } from 'vitest';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { gameRecords } from './game-fixtures.ts';
import { sampleRecords } from './fixtures.ts';

const t = appForThisFile({ records: () => ({ ...sampleRecords(), ...gameRecords() }) });

describe('backyard articles', () => {
  it('give the body to Pro and above only', async () => {
    const path = '/api/backyard/build-a-bird-feeder';
    const visitor = await browserClient(t.app.base).get(path);
    expect(visitor.status).toBe(401);
    const free = await (await t.member('by_free')).get(path);
    expect(free.status).toBe(403);
    expect(JSON.stringify(free.body)).not.toContain('SECRET-BACKYARD');
    for (const tier of ['pro', 'vip'] as const) {
      const reader = await t.member(`by_${tier}`, tier);
      expect((await reader.get(path)).body).toEqual({ id: 1, slug: 'build-a-bird-feeder', title: 'Build a Bird Feeder!', summary: 'Wood and seed.', thumbnail: null, timeNeeded: '2 hours', content: '<p>SECRET-BACKYARD-1</p>' });
    }
    expect((await (await t.member('by_admin', 'free', true)).get('/api/backyard/stargazing-the-big-dipper')).body.content).toBe('<p>SECRET-BACKYARD-2</p>');
  });

  it('answers an unknown slug with 404 for readers', async () => {
    const pro = await t.member('by_pro2', 'pro');
    expect((await pro.get('/api/backyard/no-such-article')).status).toBe(404);
  });
});

describe('study resources', () => {
  it('give a premium study\'s intro video only to Pro and above; free ones to everyone', async () => {
    const visitor = browserClient(t.app.base);
    expect((await visitor.get('/api/study-resources/1')).body).toMatchObject({ locked: false, embedUrl: 'https://www.youtube-nocookie.com/embed/calm001?autoplay=1&rel=0' });
    const locked = (await visitor.get('/api/study-resources/2')).body;
    expect(locked).toMatchObject({ title: 'Deep Focus Lab', isPremium: true, locked: true, videoUrl: null, embedUrl: null });
    expect(JSON.stringify(locked)).not.toContain('focus02');
    expect((await (await t.member('st_free')).get('/api/study-resources/2')).body.locked).toBe(true);
    expect((await (await t.member('st_pro', 'pro')).get('/api/study-resources/2')).body).toMatchObject({ locked: false, videoUrl: 'https://www.youtube.com/watch?v=focus02' });
    expect((await visitor.get('/api/study-resources/9')).status).toBe(404);
  });
});
