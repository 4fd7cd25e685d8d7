import { describe, expect, it } from 'vitest';
import type { CmsArticle } from '@app/shared/server';
import { packArticleBodies } from './packed-bodies.ts';

const article = (id: number, contentHtml: string | null | undefined): CmsArticle => ({ id, title: `A${id}`, contentHtml, excerpt: 'e', createdAt: '2026-01-01T00:00:00.000Z' });

describe('packed article bodies', () => {
  it('reads every body back as it was, and the articles serialize as before, while none holds its body as text', () => {
    const bodies = ['<p>Caf\u00e9 \u2014 \u{1F600} &amp; more</p>'.repeat(50), '', '<h2>Two</h2><pre><code>x &lt; 1</code></pre>'];
    const articles = [...bodies.map((b, i) => article(i + 1, b)), article(4, null), article(5, undefined)];
    const before = JSON.stringify(articles);
    const packed = packArticleBodies(articles);
    expect(JSON.stringify(articles)).toBe(before);
    expect(articles.map((a) => a.contentHtml)).toEqual([...bodies, null, undefined]);
    expect(bodies.map((_, n) => packed.body(n))).toEqual(bodies);
    expect({ ...articles[0] }.contentHtml).toBe(bodies[0]);
    // The text lives in the packed buffer: the article holds an accessor, not the string.
    expect(Object.getOwnPropertyDescriptor(articles[0], 'contentHtml')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(articles[0], 'contentHtml')).not.toHaveProperty('value');
  });
});
