import { TIERS, type Tier } from '@app/shared/browser';
import { ValidationError } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayload } from './payload-test';

// Issue 35 #1: a tier is one of the catalogue's tiers (@app/shared), checked by the CMS's fields
// rather than a Postgres enum, so a tier added to the catalogue is stored without a schema change.
let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

/** What an editor's form or an import could send: a tier the catalogue does not have. */
const notATier = 'gold' as Tier;
const video = (membershipRequired: Tier) => ({ title: `A ${membershipRequired} video`, videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', publishDate: new Date().toISOString(), membershipRequired });

async function refusal(save: Promise<unknown>) {
  const err = await save.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ValidationError);
  return (err as ValidationError).data.errors;
}

describe('tier fields', () => {
  it('save every tier of the catalogue, and read it back', async () => {
    for (const tier of TIERS) {
      const saved = await ctx.payload.create({ collection: 'videos', data: video(tier), overrideAccess: true });
      expect((await ctx.payload.findByID({ collection: 'videos', id: saved.id, overrideAccess: true })).membershipRequired).toBe(tier);
    }
    // The plans' copy takes any tier of the catalogue (its enum held only free and pro).
    const plan = await ctx.payload.create({ collection: 'membership-plans', data: { tier: 'vip', name: 'VIP' }, overrideAccess: true });
    expect(plan.tier).toBe('vip');
  });

  it('refuse a tier the catalogue does not have, naming the field', async () => {
    const errors = await refusal(ctx.payload.create({ collection: 'videos', data: video(notATier), overrideAccess: true }));
    expect(errors).toEqual([expect.objectContaining({ path: 'membershipRequired', message: `Not a membership tier: choose one of ${TIERS.join(', ')}.` })]);
    expect((await ctx.payload.find({ collection: 'videos', where: { membershipRequired: { equals: notATier } }, overrideAccess: true })).totalDocs).toBe(0);

    const plan = await refusal(ctx.payload.create({ collection: 'membership-plans', data: { tier: notATier, name: 'Gold' }, overrideAccess: true }));
    expect(plan).toEqual([expect.objectContaining({ path: 'tier' })]);
  });

  it('keep the stored tier when a change names one the catalogue does not have', async () => {
    const saved = await ctx.payload.create({ collection: 'videos', data: video('pro'), overrideAccess: true });
    await refusal(ctx.payload.update({ collection: 'videos', id: saved.id, data: { membershipRequired: notATier }, overrideAccess: true }));
    expect((await ctx.payload.findByID({ collection: 'videos', id: saved.id, overrideAccess: true })).membershipRequired).toBe('pro');
  });
});
