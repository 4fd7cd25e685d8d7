import type { PayloadRequest } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncedVideo, SyncOutcome } from '@app/shared/browser';
import { serviceVideoSync } from '../src/endpoints/service-video-sync';
import { PRIVATE_CMS_URL, startPayload, TEST_SECRET } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

async function sync(videos: SyncedVideo[], secret = TEST_SECRET): Promise<{ status: number; body: { results?: SyncOutcome[]; message?: string } }> {
  const req = { headers: new Headers({ host: new URL(PRIVATE_CMS_URL).host, 'x-internal-secret': secret }), json: async () => ({ videos }), payload: ctx.payload } as unknown as PayloadRequest;
  const res = await serviceVideoSync.handler(req);
  return { status: res.status, body: await res.json() };
}

const values = (title: string) => ({ title, description: `About ${title}`, imageUrl: 'https://i.ytimg.com/vi/x/hqdefault.jpg', videoUrl: 'https://www.youtube.com/watch?v=x', publishDate: '2026-03-01T09:00:00.000Z', views: 5, duration: '03:10', author: 'Better Self' });

describe('the channel sync endpoint', () => {
  it('creates new videos, updates what the last sync wrote, keeps editors’ changes and membership, and signals once', async () => {
    expect((await sync([], 'wrong-secret')).status).toBe(403);
    expect((await sync([{ externalId: '../bad', values: values('x'), previous: null }])).status).toBe(400);

    const first = await sync([{ externalId: 'yt-one', values: values('One'), previous: null }, { externalId: 'yt-two', values: values('Two'), previous: null }]);
    expect(first.body.results!.map((r) => r.outcome)).toEqual(['added', 'added']);
    const [one] = (await ctx.payload.find({ collection: 'videos', where: { externalId: { equals: 'yt-one' } }, overrideAccess: true })).docs;
    expect(one).toMatchObject({ title: 'One', membershipRequired: 'free', views: 5 });

    // An editor renames the video and makes it Pro; the channel changes its title and views.
    await ctx.payload.update({ collection: 'videos', id: one!.id, data: { title: 'One (edited)', membershipRequired: 'pro' }, overrideAccess: true, context: { skipNotify: true } });
    const signalsBefore = ctx.signals.length;
    const second = await sync([
      { externalId: 'yt-one', values: { ...values('One, renamed'), views: 50, description: 'New words' }, previous: values('One') },
      { externalId: 'yt-two', values: values('Two'), previous: values('Two') },
    ]);
    expect(second.body.results).toEqual([
      { externalId: 'yt-one', id: one!.id, outcome: 'updated', kept: ['title'] },
      { externalId: 'yt-two', id: expect.any(Number), outcome: 'unchanged', kept: [] },
    ]);
    const after = await ctx.payload.findByID({ collection: 'videos', id: one!.id, overrideAccess: true });
    expect(after).toMatchObject({ title: 'One (edited)', description: 'New words', views: 50, membershipRequired: 'pro' });
    expect((await ctx.payload.find({ collection: 'videos', where: { externalId: { in: ['yt-one', 'yt-two'] } }, overrideAccess: true })).totalDocs).toBe(2);
    await expect.poll(() => ctx.signals.length).toBe(signalsBefore + 1);
    expect(ctx.signals.at(-1)).toMatchObject({ collection: 'videos' });
  });
});
