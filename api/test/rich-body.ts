import {
  blockNode,
  calloutNode,
  codeBlockNode,
  embedNode,
  lexicalEditorState,
  lexicalParagraph,
  lexicalText,
  tableNode,
  TEXT_FORMAT,
  type LexicalInline,
} from '@app/shared/server';

// Test support for the content export (issue 39): a body as the CMS stores it (content-nodes.ts),
// holding every node an editor can write, with its pictures' Media filled in (depth 1).
export type AnyNode = Record<string, unknown> & { type: string };
const text = (t: string, format = 0) => lexicalText(t, format);
const link = (url: string, children: LexicalInline[]): LexicalInline => ({ type: 'link', version: 3, fields: { linkType: 'custom', url, newTab: false }, children: children as never, direction: 'ltr', format: '', indent: 0 });
const heading = (tag: string, children: LexicalInline[]): AnyNode => ({ type: 'heading', version: 1, tag, children, direction: 'ltr', format: '', indent: 0 });
const item = (children: unknown[]): AnyNode => ({ type: 'listitem', version: 1, value: 1, children, direction: 'ltr', format: '', indent: 0 });
const list = (listType: 'bullet' | 'number', items: AnyNode[], start = 1): AnyNode => ({ type: 'list', version: 1, listType, start, tag: listType === 'number' ? 'ol' : 'ul', children: items, direction: 'ltr', format: '', indent: 0 });
const upload = (id: number, filename: string, alt: string, caption = ''): AnyNode => ({ type: 'upload', version: 3, format: '', id: `u${id}`, relationTo: 'media', value: { id, filename, alt }, fields: { caption, alt: '' } });

export const BODY: AnyNode[] = [
  lexicalParagraph([text('Plain, '), text('bold', TEXT_FORMAT.bold), text(' and '), text('both', TEXT_FORMAT.bold | TEXT_FORMAT.italic), text(', '), text('struck', TEXT_FORMAT.strikethrough), text(', '), text('a_b*c', TEXT_FORMAT.code), text(', H'), text('2', TEXT_FORMAT.subscript), text('O, x'), text('2', TEXT_FORMAT.superscript), text(', '), text('under', TEXT_FORMAT.underline), text('.')]) as AnyNode,
  lexicalParagraph([text('Characters Markdown reads: *not emphasis*, [not a link], # not a heading, 1. not a list, <b>not HTML</b> & 50% _off_.')]) as AnyNode,
  lexicalParagraph([text('A '), link('https://example.com/a?b=1&c=(2)', [text('link')]), text(' and a line'), { type: 'linebreak', version: 1 }, text('break.')]) as AnyNode,
  heading('h2', [text('Second level')]),
  heading('h4', [text('Fourth '), text('level', TEXT_FORMAT.italic)]),
  list('bullet', [item([text('one')]), item([text('two')]), item([list('bullet', [item([text('two, nested')])])]), item([text('three')])]),
  list('number', [item([text('first')]), item([text('second')])], 3),
  { type: 'quote', version: 1, children: [text('A quote'), { type: 'linebreak', version: 1 }, text('on two lines.')], direction: 'ltr', format: '', indent: 0 },
  codeBlockNode({ language: 'typescript', code: 'const a = `x`;\n\n\tif (a) {\n  return "{{ liquid }}";\n}' }) as unknown as AnyNode,
  codeBlockNode({ language: 'plaintext', code: '```\nfenced inside\n```' }) as unknown as AnyNode,
  tableNode([[[text('Habit')], [text('Minutes')]], [[text('Read', TEXT_FORMAT.bold)], [text('20')]], [[text('Walk | run')], [link('https://example.com', [text('30')])]]], { headerRow: true }) as unknown as AnyNode,
  tableNode([[[text('no')], [text('header')]], [[text('a'), { type: 'linebreak', version: 1 }, text('b')], [text('c')]]]) as unknown as AnyNode,
  upload(7, 'desk.png', 'A tidy desk', 'My desk at 6 am'),
  upload(8, 'plan.svg', 'The plan'),
  embedNode({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }) as unknown as AnyNode,
  embedNode({ url: 'https://vimeo.com/76979871', title: 'The talk', caption: 'Recorded in 2024' }) as unknown as AnyNode,
  calloutNode({ variant: 'tip', content: lexicalEditorState([lexicalParagraph([text('Start small.')])]) }) as unknown as AnyNode,
  calloutNode({ variant: 'warning', title: 'Before you start', content: lexicalEditorState([lexicalParagraph([text('Back up '), text('first', TEXT_FORMAT.bold), text('.')]), lexicalParagraph([text('Then go.')])]) }) as unknown as AnyNode,
  blockNode('quotation', { content: lexicalEditorState([lexicalParagraph([text('Darkness cannot drive out darkness; '), text('only light', TEXT_FORMAT.italic), text(' can do that.')])]), author: 'Martin Luther King, Jr.', source: 'Strength to Love' }) as unknown as AnyNode,
  { type: 'horizontalrule', version: 1 },
  blockNode('quotation', { content: lexicalEditorState([lexicalParagraph([text('Start where you are.')]), lexicalParagraph([text('Use what you have.')])]), author: 'Arthur Ashe', source: '' }) as unknown as AnyNode,
  lexicalParagraph([text('The end.')]) as AnyNode,
];

/**
 * What a body says, whatever its ids, spacing fields or the order the importer numbers list
 * items in: the shape a reader sees. A picture is its file (`/media/…`), its alt text and caption
 * (an upload node's Media, or the imported picture it names).
 */
export function said(nodes: unknown[], pictures: { src: string }[] = []): unknown[] {
  return (nodes as AnyNode[]).map((n) => {
    switch (n.type) {
      case 'text':
        return { text: n.text, format: n.format };
      case 'linebreak':
        return 'br';
      case 'link':
        return { link: (n.fields as { url: string }).url, children: said(n.children as unknown[]) };
      case 'upload': {
        const m = n.value as { filename: string; alt: string };
        const f = n.fields as { alt?: string; caption?: string };
        return { picture: `/media/${m.filename}`, alt: f.alt || m.alt, caption: f.caption ?? '' };
      }
      case 'import-picture':
        return { picture: pictures[n.picture as number]!.src, alt: n.alt, caption: n.caption };
      case 'block': {
        const { id: _id, blockName: _name, ...fields } = n.fields as Record<string, unknown>;
        if (fields.blockType === 'callout') return { ...fields, title: fields.title ?? '', content: said((fields.content as { root: { children: unknown[] } }).root.children, pictures) };
        if (fields.blockType === 'quotation') return { ...fields, source: fields.source ?? '', content: said((fields.content as { root: { children: unknown[] } }).root.children, pictures) };
        return { title: '', caption: '', ...fields };
      }
      case 'tablecell':
        return { header: ((n.headerState as number) & 1) === 1, children: said(n.children as unknown[], pictures) };
      default:
        return { type: n.type, tag: n.tag, listType: n.listType, start: n.listType === 'number' ? n.start : undefined, children: n.children ? said(n.children as unknown[], pictures) : undefined };
    }
  });
}

