import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  blockNode,
  calloutNode,
  codeBlockNode,
  embedNode,
  lexicalEditorState,
  lexicalFromHast,
  lexicalParagraph,
  lexicalText,
  sanitizeArticleHtml,
  tableNode,
  TEXT_FORMAT,
  uploadNode,
  CODE_TEXT_COLOR,
  CODE_TOKEN_CLASSES,
  type CodeLanguage,
} from '@app/shared/server';
import { convertMarkdownToLexical, defaultEditorFeatures, editorConfigFactory, getEnabledNodes, type SanitizedServerEditorConfig } from '@payloadcms/richtext-lexical';
import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html';
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical';
import { createHeadlessEditor } from '@payloadcms/richtext-lexical/lexical/headless';
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import type { SanitizedConfig } from 'payload';
import { createHighlighter } from 'shiki';
import { unified } from 'unified';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArticles, seedInteractiveArticles } from '../src/seed/articles';
import { seedBackyardArticles } from '../src/seed/backyard-articles';
import { seedThemedArticles } from '../src/seed/themed-articles';
import { loadHighlighter, type CodeHighlighter } from '../src/rich-text/highlight-code';
import type { BodyMedia } from '../src/rich-text/html-converters';
import { renderBody } from '../src/rich-text/render-rich-text';
import { setEnvironment } from './payload-test';

let config: SanitizedConfig;
let highlighter: CodeHighlighter;
let restoreEnvironment = () => {};
let mediaDir = '';
beforeAll(async () => {
  // The configuration only: nothing here connects to the database.
  mediaDir = await mkdtemp(path.join(tmpdir(), 'cms-media-'));
  restoreEnvironment = setEnvironment({ DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://unused@127.0.0.1:1/unused', PAYLOAD_SECRET: 'rich-text-test-secret', MEDIA_DIR: mediaDir });
  config = await (await import('../src/build-payload-config')).buildPayloadConfig();
  highlighter = await loadHighlighter(['typescript', 'liquid', 'python'] satisfies CodeLanguage[]);
});
afterAll(async () => {
  restoreEnvironment();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const noMedia = new Map<number, BodyMedia>();
const render = (content: unknown, media: ReadonlyMap<number, BodyMedia> = noMedia) => renderBody(content as SerializedEditorState, { media, highlighter });
const body = (...children: unknown[]) => lexicalEditorState(children);

describe('bodies written before the richer content model', () => {
  // What the save hook did until issue 40: Payload's default converters, then GitHub's allowlist.
  const sanitizeAsBefore = unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, defaultSchema).use(rehypeStringify);
  const renderAsBefore = (content: SerializedEditorState) => String(sanitizeAsBefore.processSync(convertLexicalToHTML({ data: content })));
  const demo = [...seedArticles, ...seedInteractiveArticles, ...seedThemedArticles, ...seedBackyardArticles].map((a) => ({ title: a.title, markdown: a.body }));

  it('render exactly as before: every demo article, as stored by the old editor', async () => {
    const oldEditor = await editorConfigFactory.fromFeatures({ config, features: defaultEditorFeatures });
    expect(demo.length).toBeGreaterThan(30);
    for (const { title, markdown } of demo) {
      const stored = convertMarkdownToLexical({ editorConfig: oldEditor, markdown });
      expect(render(stored), title).toBe(renderAsBefore(stored));
    }
  });

  it('render exactly as before when the seed writes them with the new editor', async () => {
    const oldEditor = await editorConfigFactory.fromFeatures({ config, features: defaultEditorFeatures });
    const newEditor = await editorConfigFactory.default({ config });
    for (const { title, markdown } of demo) {
      expect(render(convertMarkdownToLexical({ editorConfig: newEditor, markdown })), title).toBe(renderAsBefore(convertMarkdownToLexical({ editorConfig: oldEditor, markdown })));
    }
  });

  it('keep every formatting the old editor offered (strike-through, underline, alignment and indents still render as they did)', () => {
    const node = { direction: 'ltr', format: 'center', indent: 2, version: 1, textFormat: 0, textStyle: '' };
    const content = body(
      { ...node, type: 'paragraph', children: [lexicalText('struck', TEXT_FORMAT.strikethrough), lexicalText(' under', TEXT_FORMAT.underline), lexicalText(' code', TEXT_FORMAT.code), lexicalText(' sup', TEXT_FORMAT.superscript)] },
      { ...node, type: 'heading', tag: 'h3', children: [lexicalText('A heading')] },
      { ...node, format: '', indent: 0, type: 'quote', children: [lexicalText('A quote')] },
      { type: 'horizontalrule', version: 1 },
    );
    expect(render(content)).toBe(renderAsBefore(content as SerializedEditorState));
  });
});

describe('code blocks', () => {
  it('are highlighted at save, with their language named and their text kept exactly (tabs, <, Liquid)', () => {
    const html = render(body(codeBlockNode({ language: 'ts', code: 'const a = b < c;\n\tif (a) {{ raw }}' }), codeBlockNode({ language: 'liquid', code: '{% raw %}{{ page.title }}{% endraw %}' })));
    expect(html).toMatch(/^<div><pre tabindex="0"><code class="language-typescript"><span class="hl-k">const <\/span>/);
    expect(html).toContain('&#x3C;');
    expect(html.replace(/<[^>]+>/g, '')).toContain('const a = b &#x3C; c;\n\tif (a) {{ raw }}');
    expect(html).toContain('<code class="language-liquid">');
    expect(html.replace(/<[^>]+>/g, '')).toContain('{% raw %}{{ page.title }}{% endraw %}');
  });

  it('colour their tokens by class: every colour and font style of the theme has one, the code’s own colour none (issue 49 #1)', async () => {
    const shiki = await createHighlighter({ themes: ['github-light-high-contrast'], langs: [] });
    const theme = shiki.getTheme('github-light-high-contrast');
    const styles = new Set<string>(Object.values(CODE_TOKEN_CLASSES));
    const colours = (theme.settings ?? []).map((s) => s.settings?.foreground?.toUpperCase()).filter((c): c is string => Boolean(c) && c !== CODE_TEXT_COLOR);
    expect(colours.length).toBeGreaterThan(8);
    for (const colour of colours) expect(styles, colour).toContain(`color:${colour}`);
    expect(theme.fg.toUpperCase()).toBe(CODE_TEXT_COLOR);
    for (const style of ['font-style:italic', 'font-weight:bold', 'text-decoration:underline', 'text-decoration:line-through']) expect(styles).toContain(style);
    shiki.dispose();
  });

  it('take about half the bytes inline colours took: token classes, runs of one look in one span, no span per line (issue 49 #1)', async () => {
    const line = "  const total = items.filter((item) => item.price > 0).reduce((sum, item) => sum + item.price, 0); // the cart's sum\n";
    const code = line.repeat(200);
    const html = render(body(codeBlockNode({ language: 'typescript', code })));
    // What a token coloured inline cost before: Shiki's own rendering with the same block shape.
    const shiki = await createHighlighter({ themes: ['github-light-high-contrast'], langs: ['typescript'] });
    const inline = shiki.codeToHtml(code, { lang: 'typescript', theme: 'github-light-high-contrast', transformers: [{ pre: (n) => void (n.properties = { tabIndex: 0 }), line: (n) => void (n.properties = {}) }] });
    shiki.dispose();
    expect(Buffer.byteLength(html)).toBeLessThan(Buffer.byteLength(inline) * 0.55);
    expect(html).not.toContain('style=');
    expect(html.match(/<span/g)?.length).toBe(200 * 15);
    const text = html.replace(/<[^>]+>/g, '').replace(/&#x3C;/g, '<').replace(/&#x26;/g, '&').replace(/&gt;/g, '>');
    expect(text).toBe(code);
  });

  it('keep an empty block empty, and NUL-like text in code as text (issue 49 #2)', () => {
    expect(render(body(codeBlockNode({ language: 'python', code: '' })))).toBe('<div><pre tabindex="0"><code class="language-python"></code></pre></div>');
    const html = render(body(codeBlockNode({ language: 'python', code: 'print("\\u0000", "\\0", "%00", "\\x00")' })));
    expect(html.replace(/<[^>]+>/g, '')).toBe('print("\\u0000", "\\0", "%00", "\\x00")');
  });

  it('in an unknown language are plain monospaced text', () => {
    const html = render(body(codeBlockNode({ language: 'brainfuck', code: '++[>+<-]' })));
    expect(html).toBe('<div><pre tabindex="0"><code class="language-plaintext">++[>+&#x3C;-]</code></pre></div>');
  });
});

describe('tables', () => {
  it('have a header row as <thead> with column headers, and scroll on their own in a named, focusable region', () => {
    const html = render(body(tableNode([[[lexicalText('Plan')], [lexicalText('Price')]], [[lexicalText('Pro')], [lexicalText('$3', TEXT_FORMAT.bold)]]], { headerRow: true })));
    expect(html).toBe(
      '<div><div role="region" aria-label="Table" tabindex="0"><table><thead><tr><th scope="col">Plan</th><th scope="col">Price</th></tr></thead>' +
        '<tbody><tr><td>Pro</td><td><strong>$3</strong></td></tr></tbody></table></div></div>',
    );
  });

  it('without a header row are all body cells; merged cells keep their spans', () => {
    const table = tableNode([[[lexicalText('a')], [lexicalText('b')]]]);
    table.children[0]!.children[0]!.colSpan = 2;
    table.children[0]!.children[0]!.headerState = 2;
    expect(render(body(table))).toContain('<tbody><tr><th scope="row" colspan="2">a</th><td>b</td></tr></tbody>');
  });
});

describe('pictures', () => {
  const photo: BodyMedia = {
    id: 7,
    filename: 'harbour at dawn.jpg',
    alt: 'Boats in a harbour at dawn',
    mimeType: 'image/jpeg',
    width: 2000,
    height: 1000,
    sizes: { small: { filename: 'harbour at dawn-480x240.jpg', width: 480 }, medium: { filename: 'harbour at dawn-960x480.jpg', width: 960 }, large: { filename: null, width: null } },
  };
  const media = new Map([[7, photo]]);
  const later = (node: unknown) => body(lexicalParagraph([lexicalText('One')]), lexicalParagraph([lexicalText('Two')]), node);

  it('are figures with a responsive srcset of our own media files, their alt text and caption, lazy below the fold', () => {
    const html = render(later(uploadNode({ mediaId: 7, caption: 'Early morning' })), media);
    expect(html).toContain(
      '<figure><img src="/media/harbour%20at%20dawn.jpg" srcset="/media/harbour%20at%20dawn-480x240.jpg 480w, /media/harbour%20at%20dawn-960x480.jpg 960w, /media/harbour%20at%20dawn.jpg 2000w" sizes="(min-width: 48rem) 48rem, 100vw" alt="Boats in a harbour at dawn" width="2000" height="1000" loading="lazy" decoding="async"><figcaption>Early morning</figcaption></figure>',
    );
  });

  it('at the top of the body load at once; the alt text given here wins over the picture\'s own', () => {
    const html = render(body(uploadNode({ mediaId: 7, alt: 'The harbour' })), media);
    expect(html).toContain('alt="The harbour"');
    expect(html).not.toContain('loading=');
    expect(html).not.toContain('<figcaption>');
  });

  it('whose media is gone, or is not an image, leave nothing behind', () => {
    expect(render(body(uploadNode({ mediaId: 8 })), media)).toBe('<div></div>');
    expect(render(body(uploadNode({ mediaId: 7 })), new Map([[7, { ...photo, mimeType: 'application/pdf' }]]))).toBe('<div></div>');
  });
});

describe('video embeds', () => {
  it('are a facade that links to the video and names the privacy-enhanced player it will load', () => {
    const html = render(body(embedNode({ url: 'https://youtu.be/dQw4w9WgXcQ', title: 'A song', caption: 'Our favourite' })));
    expect(html).toBe(
      '<div><figure><a href="https://youtu.be/dQw4w9WgXcQ" data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&#x26;rel=0" aria-label="Play video: A song (YouTube)">' +
        '<span>A song</span><span>Plays from YouTube when you press play</span></a><figcaption>Our favourite</figcaption></figure></div>',
    );
  });

  it('from Vimeo play without tracking; an untitled one is named by its site', () => {
    const html = render(body(embedNode({ url: 'https://vimeo.com/76979871' })));
    expect(html).toContain('data-embed-src="https://player.vimeo.com/video/76979871?autoplay=1&#x26;dnt=1"');
    expect(html).toContain('aria-label="Play Vimeo video"><span>Vimeo video</span>');
  });

  it('of anything but YouTube or Vimeo render nothing (never a frame)', () => {
    expect(render(body(embedNode({ url: 'https://evil.example/embed/x' }), embedNode({ url: 'javascript:alert(1)' })))).toBe('<div></div>');
  });
});

describe('callouts', () => {
  it('are notes with their kind as a title and their own formatted text', () => {
    const content = lexicalEditorState([lexicalParagraph([lexicalText('Back up '), lexicalText('first', TEXT_FORMAT.bold), lexicalText('.')])]);
    expect(render(body(calloutNode({ variant: 'warning', content })))).toBe('<div><div role="note" data-callout="warning"><p><strong>Warning</strong></p><p>Back up <strong>first</strong>.</p></div></div>');
    expect(render(body(calloutNode({ variant: 'tip', title: 'Shortcut', content })))).toContain('<div role="note" data-callout="tip"><p><strong>Shortcut</strong></p>');
  });
});

describe('quotes with attribution', () => {
  const content = lexicalEditorState([lexicalParagraph([lexicalText('Well begun is '), lexicalText('half', TEXT_FORMAT.italic), lexicalText(' done.')])]);

  it('are a figure: the quote, then who said it and the work in italics beneath', () => {
    expect(render(body(blockNode('quotation', { content, author: 'Aristotle', source: 'Politics' })))).toBe(
      '<div><figure><blockquote><p>Well begun is <em>half</em> done.</p></blockquote><figcaption>— Aristotle, <cite>Politics</cite></figcaption></figure></div>',
    );
  });

  it('without a source name only who said it; what they typed is text, never markup', () => {
    expect(render(body(blockNode('quotation', { content, author: 'A <b>bold</b> "claim"', source: ' ' })))).toContain('<figcaption>— A &#x3C;b>bold&#x3C;/b> "claim"</figcaption></figure>');
  });
});

it('every node renders to HTML the sanitiser leaves as it is', () => {
  const media = new Map([[1, { id: 1, filename: 'a.png', alt: 'A', mimeType: 'image/png', width: 1200, height: 600, sizes: { small: { filename: 'a-480x240.png', width: 480 } } }]]);
  const html = render(
    body(
      codeBlockNode({ language: 'python', code: 'def f():\n    return "<b>"' }),
      tableNode([[[lexicalText('h')]], [[lexicalText('c')]]], { headerRow: true }),
      lexicalParagraph([lexicalText('x')]),
      uploadNode({ mediaId: 1, caption: 'c' }),
      embedNode({ url: 'https://www.youtube.com/watch?v=abcdefghijk' }),
      calloutNode({ variant: 'note', content: lexicalEditorState([lexicalParagraph([lexicalText('n')])]) }),
      blockNode('quotation', { content: lexicalEditorState([lexicalParagraph([lexicalText('q')])]), author: 'A', source: 'S' }),
    ),
    media,
  );
  expect(html).toMatch(/<pre[\s\S]*<table[\s\S]*<img[\s\S]*data-embed-src[\s\S]*data-callout[\s\S]*<blockquote>[\s\S]*<cite>/);
  expect(sanitizeArticleHtml(html)).toBe(html);
});

describe('a code block inside a list item (issue 49 #2)', () => {
  // As the importer writes it (lexicalFromHast): one list, the item holding its text, then its code block.
  const imported = () =>
    lexicalFromHast(unified().use(rehypeParse, { fragment: true }).parse('<ol><li><p>Install the tools:</p><pre><code class="language-python">import os\n\tprint(os.sep)\n</code></pre><p>Then wait.</p></li><li>Run them once.</li></ol>')).content;

  it('loads into the body’s editor as stored: the block stays inside the item (Lexical, with the editor’s own nodes)', () => {
    const articles = config.collections.find((c) => c.slug === 'articles')!;
    const field = articles.flattenedFields.find((f) => f.name === 'content') as { editor: { editorConfig: SanitizedServerEditorConfig } };
    const editor = createHeadlessEditor({ nodes: getEnabledNodes({ editorConfig: field.editor.editorConfig }) });
    const content = imported();
    editor.setEditorState(editor.parseEditorState(content as unknown as SerializedEditorState));
    // An edit runs the list's own transforms (renumbering, merging lists); nothing moves the block.
    editor.update(() => {}, { discrete: true });
    expect(editor.getEditorState().toJSON()).toEqual(content);
  });

  it('renders inside the item’s <li>, in one list numbered 1, 2', () => {
    const html = render(imported());
    expect(html).toMatch(/^<div><ol class=""><li class="" value="1">Install the tools:<pre tabindex="0"><code class="language-python">.*import.*\n.*print.*<\/code><\/pre>Then wait\.<\/li><li class="" value="2">Run them once\.<\/li><\/ol><\/div>$/s);
  });
});
