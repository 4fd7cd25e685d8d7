import { blockNode, lexicalEditorState, lexicalParagraph, lexicalText, TEXT_FORMAT, toCmsInteractiveData } from '@app/shared/server';
import type { InteractiveData } from '@app/shared/schemas';
import { describe, expect, it } from 'vitest';
import { BODY, said } from '../../../test/rich-body.ts';
import { readMarkdownArticle } from '../articles/markdown-article.ts';
import { articleMarkdown, bodyMarkdown, type ExportedArticle } from './article-markdown.ts';

const article = (over: Partial<ExportedArticle> = {}): ExportedArticle => ({
  id: 12,
  title: 'Mornings: a field guide',
  excerpt: 'How to start the day on purpose.',
  author: 'Ada Writer',
  category: { slug: 'self-help-personal-development', title: 'Self-Help & Personal Development' },
  membershipRequired: 'pro',
  publishDate: '2025-03-04T08:30:00.000Z',
  _status: 'published',
  sourceSlug: null,
  tags: ['habits', 'mornings'],
  thumbnail: { id: 3, filename: 'mornings.png', alt: 'Sunrise' },
  content: lexicalEditorState(BODY),
  interactiveData: null,
  ...over,
});

describe('an article as Markdown with our front matter, read back by our importer', () => {
  it('gives back every node of the body: formats, links, headings, lists, quotes, code, tables, pictures, videos and callouts', async () => {
    const { markdown, pictures } = bodyMarkdown(lexicalEditorState(BODY));
    expect(pictures.map((p) => p.filename)).toEqual(['desk.png', 'plan.svg']);
    const back = await readMarkdownArticle('articles/x.md', `---\ntitle: x\n---\n\n${markdown}`);
    expect(said(back.body.content.root.children as unknown[], back.body.pictures)).toEqual(said(BODY));
    expect(back.warnings.filter((w) => !/date/i.test(w))).toEqual([]);
  });

  it('writes a quote with its attribution as the quote and a line "— Author, _Source_", which the importer reads back as the same block', async () => {
    const quote = blockNode('quotation', { content: lexicalEditorState([lexicalParagraph([lexicalText('Well begun is '), lexicalText('half', TEXT_FORMAT.italic), lexicalText(' done.')])]), author: 'Aristotle', source: 'Politics' });
    const unsourced = blockNode('quotation', { content: lexicalEditorState([lexicalParagraph([lexicalText('Start where you are.')])]), author: 'Arthur Ashe, Jr.', source: '' });
    const { markdown } = bodyMarkdown(lexicalEditorState([quote, unsourced]));
    expect(markdown).toBe('> Well begun is _half_ done.\n\n— Aristotle, _Politics_\n\n> Start where you are.\n\n— Arthur Ashe, Jr.\n');
    const back = await readMarkdownArticle('articles/q.md', `---\ntitle: q\n---\n\n${markdown}`);
    expect(said(back.body.content.root.children as unknown[])).toEqual(said([quote, unsourced]));
  });

  it('refuses an article whose body holds a block or node it has no Markdown for, naming the article and the kind (never leaves it out)', () => {
    const poll = { type: 'block', version: 2, format: '', fields: { id: 'p1', blockName: '', blockType: 'poll', question: 'Tea or coffee?' } };
    expect(() => articleMarkdown(article({ content: lexicalEditorState([lexicalParagraph([lexicalText('Before.')]), poll]) }))).toThrow(
      expect.objectContaining({ code: 'conflict', message: 'The content export cannot write article 12 ("Mornings: a field guide"): its body holds a block of a kind the export cannot write ("poll"). Nothing was exported.' }),
    );
    const related = { type: 'relationship', version: 2, format: '', relationTo: 'articles', value: 3 };
    expect(() => articleMarkdown(article({ content: lexicalEditorState([related]) }))).toThrow('its body holds a node the export cannot write ("relationship")');
    // A table's row is written only as part of its table (rich-text/nodes/table.ts).
    const strayRow = { type: 'tablerow', version: 1, children: [{ type: 'tablecell', version: 1, headerState: 0, children: [lexicalParagraph([lexicalText('Lost?')])] }] };
    expect(() => articleMarkdown(article({ content: lexicalEditorState([strayRow]) }))).toThrow('its body holds a node the export cannot write ("tablerow")');
  });

  it('gives back the title, category (title and slug), tier, date, draft state, author, excerpt, tags and thumbnail', async () => {
    const file = articleMarkdown(article());
    expect(file.slug).toBe('mornings-a-field-guide');
    expect(file.media.map((m) => m.filename)).toEqual(['mornings.png', 'desk.png', 'plan.svg']);
    const back = await readMarkdownArticle(`articles/${file.slug}.md`, file.text);
    expect(back).toMatchObject({
      title: 'Mornings: a field guide',
      terms: { categories: ['Self-Help & Personal Development'], tags: ['habits', 'mornings'] },
      categorySlug: 'self-help-personal-development',
      membershipRequired: 'pro',
      publishDate: '2025-03-04T08:30:00.000Z',
      published: true,
      author: 'Ada Writer',
      excerpt: 'How to start the day on purpose.',
      sourceSlug: 'mornings-a-field-guide',
      image: { archivePath: '/media/mornings.png' },
    });
    const draft = await readMarkdownArticle('articles/d.md', articleMarkdown(article({ _status: 'draft', sourceSlug: 'kept-slug', tags: [], author: null, excerpt: null, thumbnail: null })).text);
    expect(draft).toMatchObject({ published: false, sourceSlug: 'kept-slug', author: undefined, image: undefined });
    expect(draft.terms.tags).toEqual([]);
  });

  it('gives back an interactive article’s guides, quiz, key points and experiment as the site reads them, without Payload’s rows and their ids', async () => {
    // As the CMS stores them: lists of text are rows with ids of their own.
    const interactiveData = {
      characterGuides: [{ id: '65f0', type: 'coach', title: 'Breathe', message: 'In for four.', triggerAt: '40', showAutomatically: true }],
      quiz: { title: 'Check', description: 'Two questions', pointsPerQuestion: 10, questions: [{ id: '65f1', question: 'Why?', options: [{ id: '65f2', text: 'a' }, { id: '65f3', text: 'b' }], correctAnswer: 1, explanation: 'Because.' }] },
      keyPoints: [{ id: '65f4', text: 'Slow down' }],
      experiment: { title: 'Try it', description: 'A week', steps: [{ id: '65f5', text: 'Day one' }], conclusion: 'Done' },
    };
    const back = await readMarkdownArticle('articles/i.md', articleMarkdown(article({ interactiveData, hasInteractiveElements: true })).text);
    expect(back.interactiveData).toEqual({
      characterGuides: [{ type: 'coach', title: 'Breathe', message: 'In for four.', triggerAt: 40, showAutomatically: true }],
      quiz: { title: 'Check', description: 'Two questions', pointsPerQuestion: 10, questions: [{ question: 'Why?', options: ['a', 'b'], correctAnswer: 1, explanation: 'Because.' }] },
      keyPoints: ['Slow down'],
      experiment: { title: 'Try it', description: 'A week', steps: ['Day one'], conclusion: 'Done' },
    });
    // And the CMS gets its rows back.
    expect(toCmsInteractiveData(back.interactiveData as InteractiveData)).toMatchObject({ quiz: { questions: [{ options: [{ text: 'a' }, { text: 'b' }] }] }, keyPoints: [{ text: 'Slow down' }], experiment: { steps: [{ text: 'Day one' }] } });
    expect(articleMarkdown(article({ interactiveData, hasInteractiveElements: false })).text).not.toContain('interactive:');
  });
});
