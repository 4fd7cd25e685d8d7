import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  blockNode,
  calloutNode,
  codeBlockNode,
  embedNode,
  lexicalEditorState,
  lexicalParagraph,
  lexicalText,
  sanitizeArticleHtml,
  tableNode,
  TEXT_FORMAT,
  uploadNode,
} from '@app/shared/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayload } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
let category: number;
beforeAll(async () => {
  ctx = await startPayload();
  category = (await ctx.payload.create({ collection: 'categories', data: { slug: 'craft', title: 'Craft' }, overrideAccess: true })).id;
});
afterAll(async () => ctx?.close());

async function uploadPhoto(name: string, width: number, height: number) {
  const data = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  return ctx.payload.create({ collection: 'media', data: { alt: 'A blue harbour' }, file: { data, mimetype: 'image/jpeg', name, size: data.length }, overrideAccess: true });
}

const saveArticle = (content: unknown) =>
  ctx.payload.create({ collection: 'articles', data: { title: 'Everything a body holds', category, membershipRequired: 'free', content, _status: 'published' } as never, overrideAccess: true });

describe('an article body with every node the editor offers', () => {
  it('is saved with its HTML: highlighted code, a table, a responsive captioned picture, a video facade, a callout and a quote with its attribution', async () => {
    const photo = await uploadPhoto('harbour.jpg', 2000, 1000);
    // Media keeps narrower copies on disk for the picture's srcset.
    expect(photo.sizes).toMatchObject({ small: { width: 480, height: 240 }, medium: { width: 960, height: 480 }, large: { width: 1600, height: 800 } });
    for (const size of ['small', 'medium', 'large'] as const) expect(existsSync(path.join(process.env.MEDIA_DIR!, photo.sizes![size]!.filename!))).toBe(true);

    const doc = await saveArticle(
      lexicalEditorState([
        lexicalParagraph([lexicalText('Intro with '), lexicalText('bold', TEXT_FORMAT.bold)]),
        codeBlockNode({ language: 'typescript', code: 'const total = items.length < 3;' }),
        tableNode([[[lexicalText('Step')], [lexicalText('Time')]], [[lexicalText('Knead')], [lexicalText('10 min')]]], { headerRow: true }),
        uploadNode({ mediaId: photo.id, caption: 'The harbour at dawn' }),
        embedNode({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Kneading by hand' }),
        calloutNode({ variant: 'tip', content: lexicalEditorState([lexicalParagraph([lexicalText('Rest the dough.')])]) }),
        blockNode('quotation', { content: lexicalEditorState([lexicalParagraph([lexicalText('Bread is the warmest, kindest of words.')])]), author: 'An old baker', source: 'The Loaf' }),
      ]),
    );
    const html = doc.contentHtml!;
    expect(html).toContain('<pre tabindex="0"><code class="language-typescript"><span class="hl-k">const </span>');
    expect(html).toContain('<thead><tr><th scope="col">Step</th><th scope="col">Time</th></tr></thead><tbody><tr><td>Knead</td><td>10 min</td></tr></tbody>');
    expect(html).toContain(
      `<figure><img src="/media/harbour.jpg" srcset="/media/${photo.sizes!.small!.filename} 480w, /media/${photo.sizes!.medium!.filename} 960w, /media/${photo.sizes!.large!.filename} 1600w, /media/harbour.jpg 2000w" sizes="(min-width: 48rem) 48rem, 100vw" alt="A blue harbour" width="2000" height="1000" loading="lazy" decoding="async"><figcaption>The harbour at dawn</figcaption></figure>`,
    );
    expect(html).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&#x26;rel=0" aria-label="Play video: Kneading by hand (YouTube)"');
    expect(html).toContain('<div role="note" data-callout="tip"><p><strong>Tip</strong></p><p>Rest the dough.</p></div>');
    expect(html).toContain('<figure><blockquote><p>Bread is the warmest, kindest of words.</p></blockquote><figcaption>— An old baker, <cite>The Loaf</cite></figcaption></figure>');
    expect(html).not.toMatch(/<iframe|<script|youtube\.com\/embed/);
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('reads back at depth 1 with each picture’s Media filled in, as the content export reads it (issue 39)', async () => {
    const photo = await uploadPhoto('pier.jpg', 800, 400);
    const doc = await saveArticle(lexicalEditorState([uploadNode({ mediaId: photo.id, caption: 'The pier' })]));
    const read = await ctx.payload.findByID({ collection: 'articles', id: doc.id, depth: 1, overrideAccess: true });
    const [node] = (read.content as unknown as { root: { children: { type: string; value: unknown; fields: unknown }[] } }).root.children;
    expect(node).toMatchObject({ type: 'upload', value: { id: photo.id, filename: 'pier.jpg', alt: 'A blue harbour' }, fields: { caption: 'The pier' } });
  });

  it('keeps a small picture whole: no srcset when Media made no narrower copy', async () => {
    const small = await uploadPhoto('icon.jpg', 300, 200);
    const doc = await saveArticle(lexicalEditorState([uploadNode({ mediaId: small.id, alt: 'A small blue square' })]));
    expect(doc.contentHtml).toBe('<div><figure><img src="/media/icon.jpg" alt="A small blue square" width="300" height="200" decoding="async"></figure></div>');
  });

  it('refuses a video embed that is not YouTube or Vimeo, a code block in a language the editor does not offer, and a quote with attribution that names no one', async () => {
    await expect(saveArticle(lexicalEditorState([embedNode({ url: 'https://evil.example/embed/x' })]))).rejects.toThrow(/Content/);
    const code = codeBlockNode({ code: 'x' });
    (code.fields as { language: string }).language = 'cobol';
    await expect(saveArticle(lexicalEditorState([code]))).rejects.toThrow(/Content/);
    // A quote with attribution names who said it.
    await expect(saveArticle(lexicalEditorState([blockNode('quotation', { content: lexicalEditorState([lexicalParagraph([lexicalText('Anon.')])]), author: '' })]))).rejects.toThrow(/Content/);
  });

  it('stores a code block inside a list item where it is, and renders it inside the item’s <li> (issue 49 #2)', async () => {
    const list = {
      type: 'list', version: 1, listType: 'number', start: 1, tag: 'ol', direction: 'ltr', format: '', indent: 0,
      children: [
        { type: 'listitem', version: 1, value: 1, direction: 'ltr', format: '', indent: 0, children: [lexicalText('Install the tools:'), codeBlockNode({ language: 'bash', code: 'npm install\ncalm init' })] },
        { type: 'listitem', version: 1, value: 2, direction: 'ltr', format: '', indent: 0, children: [lexicalText('Run them once.')] },
      ],
    };
    const doc = await saveArticle(lexicalEditorState([list]));
    const stored = (doc.content as unknown as { root: { children: { children: { children: { type: string; fields?: { code?: string } }[] }[] }[] } }).root.children;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.children[0]!.children.map((n) => n.fields?.code ?? n.type)).toEqual(['text', 'npm install\ncalm init']);
    expect(doc.contentHtml).toMatch(/<ol class=""><li class="" value="1">Install the tools:<pre tabindex="0"><code class="language-bash">.*<\/code><\/pre><\/li><li class="" value="2">Run them once\.<\/li><\/ol>/s);
  });

  it('re-renders the HTML from the stored body when an editor saves again without touching it', async () => {
    const doc = await saveArticle(lexicalEditorState([codeBlockNode({ language: 'python', code: 'print("hi")' })]));
    const again = await ctx.payload.update({ collection: 'articles', id: doc.id, data: { title: 'Renamed' }, overrideAccess: true });
    expect(again.contentHtml).toBe(doc.contentHtml);
    expect(again.contentHtml).toContain('language-python');
  });
});
