import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayload } from './payload-test';

// Issue 35 #1: the migration from tier enums to text keeps every stored value. The database is
// migrated to just before it, filled as the CMS filled it then, and then migrated on.
const MIGRATION = '20261127_075919_tiers_checked_by_the_catalogue';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload({ migratedUntil: MIGRATION });
});
afterAll(async () => ctx?.close());

const query = <T extends object>(text: string) => ctx.payload.db.pool.query<T>(text).then((r) => r.rows);

describe('the tiers migration', () => {
  it('turns the tier enums into text, keeping every article, video and plan tier', async () => {
    await query(`
      insert into cms.categories (id, title, slug) values (1, 'Mindset', 'mindset');
      insert into cms.articles (id, title, category_id, publish_date, membership_required, content)
        values (1, 'Free', 1, now(), 'free', '{}'), (2, 'Pro', 1, now(), 'pro', '{}'), (3, 'VIP', 1, now(), 'vip', '{}');
      insert into cms.articles (id, title, category_id, publish_date, content) values (4, 'Defaulted', 1, now(), '{}');
      insert into cms.videos (id, title, video_url, publish_date, membership_required)
        values (1, 'Free', 'https://youtu.be/a', now(), 'free'), (2, 'VIP', 'https://youtu.be/b', now(), 'vip');
      insert into cms.membership_plans (id, tier, name) values (1, 'free', 'Basic'), (2, 'pro', 'Pro');`);

    await ctx.payload.db.migrate();

    const tiers = async (collection: 'articles' | 'videos') =>
      (await ctx.payload.find({ collection, sort: 'id', pagination: false, overrideAccess: true })).docs.map((d) => [d.id, d.membershipRequired]);
    expect(await tiers('articles')).toEqual([[1, 'free'], [2, 'pro'], [3, 'vip'], [4, 'free']]);
    expect(await tiers('videos')).toEqual([[1, 'free'], [2, 'vip']]);
    expect((await ctx.payload.find({ collection: 'membership-plans', sort: 'id', overrideAccess: true })).docs.map((p) => p.tier)).toEqual(['free', 'pro']);

    const columns = await query<{ table_name: string; column_name: string; data_type: string; column_default: string | null }>(`
      select table_name, column_name, data_type, column_default from information_schema.columns
      where table_schema = 'cms' and (column_name = 'membership_required' or (table_name = 'membership_plans' and column_name = 'tier'))
      order by table_name`);
    expect(columns).toEqual([
      { table_name: 'articles', column_name: 'membership_required', data_type: 'character varying', column_default: "'free'::character varying" },
      { table_name: 'membership_plans', column_name: 'tier', data_type: 'character varying', column_default: null },
      { table_name: 'videos', column_name: 'membership_required', data_type: 'character varying', column_default: "'free'::character varying" },
    ]);
    const enums = await query<{ typname: string }>(`select typname from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'cms' and t.typtype = 'e' and (t.typname like '%tier%' or t.typname like '%membership_required%')`);
    expect(enums).toEqual([]);
  });
});
