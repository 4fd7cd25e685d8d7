import { policySections, type Tier } from '@app/shared/browser';
import type { InteractiveData } from '@app/shared/schemas';
import type { Element, Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ContentIndex, IndexedArticle } from '../content/content-index.ts';
import { siteFacts, SITE_CATALOGUE, type PlanCatalogue } from './site-facts.ts';
import { turns } from '../../lib/turns.ts';

/** A passage of a document: a paragraph or list item, under its section's heading. */
export type Block = { heading: string | null; text: string };

/**
 * One thing the assistant can answer from: an article, a video, a study resource, a product or a
 * policy. `blocks` is the whole readable text (an article's body); whether the asker may be quoted
 * it is decided per question by `can(viewer, 'read', …)`. `summary` and `labels` are what every
 * visitor sees anyway; `blocksArePublic` says whether the blocks are too (a gated video's
 * description is; an article's body is not).
 */
export type AssistantDocument = {
  key: string;
  kind: 'article' | 'video' | 'study' | 'product' | 'policy' | 'fact';
  title: string;
  url: string;
  membershipRequired: Tier;
  summary: string;
  /** What it is filed under, as the site lists it (an article's category). */
  labels: string[];
  blocks: Block[];
  blocksArePublic: boolean;
  /** A fact the site knows (site-facts.ts): the whole answer, said as it is rather than quoted. */
  answer?: string;
};

const BLOCKS = new Set(['p', 'li', 'blockquote', 'td', 'th', 'dd', 'dt', 'figcaption', 'pre']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function textOf(node: Nodes): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && node.tagName === 'br') return ' ';
  if ('children' in node) return node.children.map((c) => textOf(c)).join('');
  return '';
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** An article body's paragraphs and list items, each under the heading it sits below. */
export function htmlBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let heading: string | null = null;
  const visit = (node: Nodes) => {
    if (node.type === 'element') {
      const el = node as Element;
      if (HEADINGS.has(el.tagName)) {
        heading = clean(textOf(el)) || heading;
        return;
      }
      // A list item holding a nested list is its own words plus the nested items, one block each.
      if (BLOCKS.has(el.tagName)) {
        const own = el.children.filter((c) => !(c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol')));
        const text = clean(own.map((c) => textOf(c)).join(''));
        if (text) blocks.push({ heading, text });
        el.children.filter((c) => c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol')).forEach(visit);
        return;
      }
    }
    if ('children' in node) node.children.forEach(visit);
  };
  visit(fromHtml(html, { fragment: true }));
  return blocks;
}

const paragraphs = (text: string): Block[] =>
  text
    .split(/\n\s*\n/)
    .map(clean)
    .filter(Boolean)
    .map((t) => ({ heading: null, text: t }));

/** An interactive lesson's key points and experiment: read by its readers like its body (its quiz is not: the answers stay on the server). */
function lessonBlocks(data: InteractiveData | null): Block[] {
  if (!data) return [];
  const points = data.keyPoints.map((text) => ({ heading: 'Key points', text }));
  const e = data.experiment;
  const experiment = e ? [e.description, ...e.steps, e.conclusion].map((text) => ({ heading: e.title, text })) : [];
  return [...points, ...experiment];
}

/**
 * Blocks kept compressed, read back each time `blocks` is read (issue 50 #5): an article's words are
 * read when an index is built and when an answer quotes it, not held as thousands of strings for the
 * life of the content version (about 8 MB of heap per 1,000 articles as strings, a quarter as this).
 */
function withPackedBlocks(doc: Omit<AssistantDocument, 'blocks'>, blocks: Block[]): AssistantDocument {
  if (blocks.length === 0) return { ...doc, blocks };
  // A copy of its own size: zlib's answer is a slice of its 64 KB output buffer, which it would keep
  // whole (so would Buffer.from, measured: about 20 KB per document).
  const packed = new Uint8Array(deflateRawSync(JSON.stringify(blocks.map((b) => [b.heading, b.text])), { level: 1 }));
  const read = (): Block[] => (JSON.parse(inflateRawSync(packed).toString('utf8')) as [string | null, string][]).map(([heading, text]) => ({ heading, text }));
  return Object.defineProperty({ ...doc } as AssistantDocument, 'blocks', { get: read, enumerable: true });
}

/** An article as the assistant reads it: a locked article's page shows its title, excerpt and category; its body and lesson are for its tier. */
function articleDocument(a: IndexedArticle): AssistantDocument {
  const s = a.summary;
  return withPackedBlocks({ key: `article:${s.id}`, kind: 'article', title: s.title, url: `/articles/${s.id}`, membershipRequired: s.membershipRequired, summary: s.excerpt, labels: [s.categoryTitle], blocksArePublic: false }, [...htmlBlocks(a.content), ...lessonBlocks(a.interactiveData)]);
}

/** Everything the assistant may answer from in this content version: policies and the facts of the plan catalogue and the store included. */
export function assistantDocuments(index: ContentIndex, catalogue: PlanCatalogue = SITE_CATALOGUE): AssistantDocument[] {
  return [...Array.from(index.articles.values(), articleDocument), ...otherDocuments(index, catalogue)];
}

/**
 * The same documents, the articles' bodies parsed a few at a time with a turn of the event loop
 * between (issue 49 #4): at thousands of articles, parsing them all at once held the API's one
 * thread for seconds after every content change.
 */
export async function assistantDocumentsInTurns(index: ContentIndex, catalogue: PlanCatalogue = SITE_CATALOGUE): Promise<AssistantDocument[]> {
  const docs: AssistantDocument[] = [];
  const turn = turns();
  for (const a of index.articles.values()) {
    if (turn.due()) await turn.pause();
    docs.push(articleDocument(a));
  }
  return [...docs, ...otherDocuments(index, catalogue)];
}

function otherDocuments(index: ContentIndex, catalogue: PlanCatalogue): AssistantDocument[] {
  const docs: AssistantDocument[] = [];
  // A gated video keeps its title and words for everyone (publicVideo); only its player is gated.
  for (const v of index.videos) {
    docs.push({ key: `video:${v.id}`, kind: 'video', title: v.title, url: `/videos/${v.id}`, membershipRequired: v.membershipRequired, summary: '', labels: [], blocks: paragraphs(v.description), blocksArePublic: true });
  }
  // A study's card (title and description) is for everyone; only its intro video is gated.
  for (const r of index.studyResources.values()) {
    docs.push({ key: `study:${r.id}`, kind: 'study', title: r.title, url: '/self-help-studies', membershipRequired: 'free', summary: '', labels: [], blocks: paragraphs(r.description), blocksArePublic: true });
  }
  for (const p of index.products.values()) {
    docs.push({ key: `product:${p.id}`, kind: 'product', title: p.name, url: `/store/${p.id}`, membershipRequired: 'free', summary: p.category, labels: [], blocks: paragraphs(p.description), blocksArePublic: true });
  }
  // The policies as /policies shows them: named with the site's settings.
  for (const p of policySections(index.settings)) {
    docs.push({ key: `policy:${p.id}`, kind: 'policy', title: p.title, url: `/policies#${p.id}`, membershipRequired: 'free', summary: '', labels: [], blocks: p.body.map((text) => ({ heading: null, text })), blocksArePublic: true });
  }
  return [...docs, ...siteFacts(catalogue)];
}
