import { describe, expect, it } from 'vitest';
import { contentVersion, type CmsArticle, type ContentRecords } from '@app/shared/server';
import { packArticleBodies, packArticleBodiesInTurns } from './packed-bodies.ts';
import { recordsJsonInTurns } from './records-json.ts';

const article = (id: number, contentHtml: string | null | undefined): CmsArticle => ({ id, title: `A${id}`, contentHtml, excerpt: 'e', createdAt: '2026-01-01T00:00:00.000Z' });
const BODIES = ['<p>Caf\u00e9 \u2014 \u{1F600} &amp; more</p>'.repeat(50), '', '<h2>Two</h2><pre><code>x &lt; 1</code></pre>'];
const library = () => [...BODIES.map((b, i) => article(i + 1, b)), article(4, null), article(5, undefined)];

describe('packed article bodies', () => {
  it('reads every body back as it was, and the articles serialize as before, while none holds its body as text', () => {
    const articles = library();
    const before = JSON.stringify(articles);
    const packed = packArticleBodies(articles);
    expect(JSON.stringify(articles)).toBe(before);
    expect(articles.map((a) => a.contentHtml)).toEqual([...BODIES, null, undefined]);
    expect(BODIES.map((_, n) => packed.body(n))).toEqual(BODIES);
    expect({ ...articles[0] }.contentHtml).toBe(BODIES[0]);
    // The text lives in the packed buffer: the article holds an accessor, not the string.
    expect(Object.getOwnPropertyDescriptor(articles[0], 'contentHtml')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(articles[0], 'contentHtml')).not.toHaveProperty('value');
  });

  it('packs in turns to the same bodies, and the next version reuses the packed bytes of the bodies that did not change', async () => {
    const first = library();
    const before = JSON.stringify(first);
    const packedFirst = await packArticleBodiesInTurns(first);
    expect(JSON.stringify(first)).toBe(before);
    expect(BODIES.map((_, n) => packedFirst.body(n))).toEqual(BODIES);

    // The next version: one body changed, one article added, the order changed.
    const changed = '<p>Edited</p>';
    const next = [article(6, BODIES[2]), article(1, changed), ...library().slice(1)];
    const known = packedFirst.packedByDigest();
    const packedNext = await packArticleBodiesInTurns(next, packedFirst);
    expect(next.map((a) => a.contentHtml)).toEqual([BODIES[2], changed, ...BODIES.slice(1), null, undefined]);
    expect(packedNext.body(1)).toBe(changed);
    // The unchanged body's bytes are the ones packed before; the edited one's are new (the first, no longer there, is not kept).
    const after = packedNext.packedByDigest();
    const kept = [...after.keys()].filter((d) => known.has(d));
    expect([known.size, after.size, kept.length]).toEqual([2, 2, 1]);
    expect(after.get(kept[0]!)!.equals(known.get(kept[0]!)!)).toBe(true);
  });
});

describe('the records as JSON, in turns', () => {
  it('writes exactly what JSON.stringify writes, and hashes it to the content version', async () => {
    const records = { articles: library(), categories: [{ id: 1, slug: 'a', title: 'A' }], videos: [], products: [undefined], settings: { siteName: 'S', missing: undefined }, skipped: undefined, schedule: { upcoming: [], articles: [] } } as unknown as ContentRecords;
    const { json, version } = await recordsJsonInTurns(records);
    expect(json.join('')).toBe(JSON.stringify(records));
    expect(version).toBe(contentVersion(records));
    packArticleBodies(records.articles);
    // Packed bodies serialize the same.
    expect((await recordsJsonInTurns(records)).json.join('')).toBe(JSON.stringify(records));
  });
});
