// A long post stored, rendered and read back whole (issue 49 #1): 1 MB of body with 500
// highlighted code blocks passes through the service import the API writes with, past the
// 40,000 characters Payload would hold `contentHtml` to by default; its HTML costs classes, not
// inline colours. The conversion and the export's round trip: api/test/code-blocks-long-article.test.ts.
import type { PayloadRequest } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBlockNode, lexicalEditorState, lexicalParagraph, lexicalText } from '@app/shared/server';
import type { ArticleImport } from '@app/shared/schemas';
import { serviceImport } from '../src/endpoints/service-import';
import { PRIVATE_CMS_URL, startPayload, TEST_SECRET } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
}, 120_000);
afterAll(async () => ctx?.close());

const LANGUAGES = ['typescript', 'python', 'bash', 'sql', 'json'] as const;
function listing(i: number): string {
  const lines = [`import { step${i} } from './steps/${i}.js';`, `export const block${i} = {`];
  for (let n = 0; n < 26; n++) lines.push(n % 7 === 3 ? '' : `\tvalue${n}: \`${'x'.repeat(n % 5)}\` + ${i * n}, // line ${n} of block ${i} < & >`);
  lines.push('};', `export default block${i};`);
  return lines.join('\n');
}

const unescape = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x3C;/g, '<').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x26;/g, '&').replace(/&amp;/g, '&');

describe('a post of 1 MB with 500 code blocks', () => {
  it('is stored through the service import, rendered with every block highlighted, and read back whole', async () => {
    const children = [];
    for (let i = 0; i < 500; i++) {
      children.push(lexicalParagraph([lexicalText('Every part explains one listing in plain words, with enough prose around it to read like a real tutorial. '.repeat(10))]));
      children.push(codeBlockNode({ language: LANGUAGES[i % LANGUAGES.length], code: listing(i) }));
    }
    const content = lexicalEditorState(children) as ArticleImport['content'];
    expect(JSON.stringify(content).length).toBeGreaterThan(1024 * 1024);
    const article: ArticleImport = { title: 'A very long post', category: 'long-reads', membershipRequired: 'free', html: '<p>x</p>', content, published: true, publishDate: '2024-01-02T00:00:00.000Z' };
    const req = { headers: new Headers({ host: new URL(PRIVATE_CMS_URL).host, 'x-internal-secret': TEST_SECRET }), json: async () => article, payload: ctx.payload } as unknown as PayloadRequest;
    const res = await serviceImport.handler(req);
    const body = (await res.json()) as { id?: number; message?: string };
    expect(res.status, body.message).toBe(201);

    const doc = await ctx.payload.findByID({ collection: 'articles', id: body.id!, depth: 0, overrideAccess: true });
    const html = doc.contentHtml!;
    expect(html.length).toBeGreaterThan(40_000 * 25);
    const blocks = [...html.matchAll(/<pre tabindex="0"><code class="language-(\w+)">([\s\S]*?)<\/code><\/pre>/g)];
    expect(blocks).toHaveLength(500);
    blocks.forEach((m, i) => {
      expect(m[1]).toBe(LANGUAGES[i % LANGUAGES.length]);
      expect(unescape(m[2]!)).toBe(listing(i));
    });
    expect(html).not.toContain('style=');
    const codeLines = 500 * 30;
    const codeBytes = blocks.reduce((n, m) => n + Buffer.byteLength(m[0]), 0);
    const sourceBytes = blocks.reduce((n, _m, i) => n + Buffer.byteLength(listing(i)), 0);
    console.log(`stored HTML of the code: ${(codeBytes / codeLines).toFixed(1)} bytes per code line (the code itself ${(sourceBytes / codeLines).toFixed(1)}); contentHtml ${html.length} characters`);
    const stored = (doc.content as unknown as { root: { children: { fields?: { code?: string } }[] } }).root.children.filter((n) => n.fields?.code !== undefined);
    expect(stored.map((n) => n.fields!.code)).toEqual(Array.from({ length: 500 }, (_, i) => listing(i)));
  }, 300_000);
});
