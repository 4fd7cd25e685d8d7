import { can, TIERS, type Viewer } from '@app/shared/browser';
import MiniSearch from 'minisearch';
import type { ContentIndex } from '../content/content-index.ts';
import { assistantDocuments, type AssistantDocument } from './assistant-documents.ts';
import { searchTerm, termsOf, words } from './search-terms.ts';

/**
 * A document the question matched: its score, how many of the question's terms it has, how much
 * of the question's weight they carry, and how rare they are (the sum of their idf, where 1 is a
 * word only one document uses), and whether any is in its title (what it is about).
 */
export type Hit = { doc: AssistantDocument; score: number; matched: number; coverage: number; evidence: number; inTitle: boolean };

/** A question to search for: its own terms count double the terms of the question it follows up. */
export type Question = { terms: string[]; context?: string[] };

export type AssistantIndex = {
  version: string;
  documents: AssistantDocument[];
  /** Inverse document frequency: rare terms say more about a question than common ones. */
  idf(term: string): number;
  /** Matching documents, best first. */
  search(question: Question, limit?: number): Hit[];
};

type Fields = { id: number; doc: number; title: string; summary: string; headings: string; body: string };

// Titles say what a piece is about; summaries and headings nearly as much; the body decides ties.
const BOOST = { title: 3, summary: 1.5, headings: 1.5, body: 1 };

async function bm25Index(docs: Fields[]): Promise<MiniSearch<Fields>> {
  const index = new MiniSearch<Fields>({
    fields: ['title', 'summary', 'headings', 'body'],
    storeFields: ['doc'],
    tokenize: words,
    processTerm: searchTerm,
    searchOptions: {
      boost: BOOST,
      // Stems of five letters and more also match longer forms and small typos.
      prefix: (term) => term.length >= 5,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
    },
  });
  // In chunks, yielding between them: a large library's index never holds up other requests.
  await index.addAllAsync(docs, { chunkSize: 100 });
  return index;
}

/** A document's sections: the blocks under one heading, together. */
function sectionsOf(blocks: AssistantDocument['blocks']): { heading: string; text: string }[] {
  const sections: { heading: string; text: string }[] = [];
  for (const b of blocks) {
    const last = sections.at(-1);
    if (last && last.heading === (b.heading ?? '')) last.text += `\n${b.text}`;
    else sections.push({ heading: b.heading ?? '', text: b.text });
  }
  return sections;
}

/**
 * What of a document is searched for one viewer: all of it when they may read it; else only what
 * the site shows everyone — its title, summary and labels (and its blocks when those are public) —
 * so that whether a locked body holds a phrase never changes an answer (issue 34).
 */
function searchedPart(doc: AssistantDocument, reads: boolean): { summary: string; sections: { heading: string; text: string }[] } {
  const summary = [doc.summary, ...doc.labels].filter(Boolean).join('\n');
  if (reads || doc.blocksArePublic) return { summary, sections: sectionsOf(doc.blocks) };
  // The public part is the document's one section, as a body is for a readable one.
  return { summary, sections: summary ? [{ heading: '', text: summary }] : [] };
}

/** Who an index is for: whether a document may be read, and a name for that set of documents. */
export type Reader = { reads(doc: AssistantDocument): boolean; key: string };

/** Everything read (the index of staff and the top tier). */
export const READS_ALL: Reader = { reads: () => true, key: 'all' };

/** The reader a viewer is: the tiers `can` lets them read name their index (visitors and free members share one). */
export function readerOf(viewer: Viewer): Reader {
  const tiers = TIERS.filter((t) => can(viewer, 'read', { membershipRequired: t }));
  return { reads: (doc) => can(viewer, 'read', doc), key: tiers.join(' ') };
}

/**
 * Two BM25 indexes (MiniSearch) over the content read model, one per content version and reader:
 * one of whole documents (what a piece is about) and one of their sections (where the words of a
 * question meet). A document ranks by both, each relative to the best, so a question aimed at
 * one part of an article finds it even when another article uses the same words more often.
 * Documents the reader may not read are indexed on their public part only, word counts included.
 */
export async function buildAssistantIndex(content: ContentIndex, reader: Reader = READS_ALL): Promise<AssistantIndex> {
  const documents = assistantDocuments(content);
  const df = new Map<string, number>();
  const whole: Fields[] = [];
  const parts: Fields[] = [];
  documents.forEach((doc, n) => {
    const { summary, sections } = searchedPart(doc, reader.reads(doc));
    const headings = sections.map((x) => x.heading).filter(Boolean).join('\n');
    const body = sections.map((x) => x.text).join('\n');
    for (const t of termsOf(`${doc.title} ${summary} ${headings} ${body}`)) df.set(t, (df.get(t) ?? 0) + 1);
    whole.push({ id: n, doc: n, title: doc.title, summary, headings, body });
    for (const x of sections) parts.push({ id: parts.length, doc: n, title: doc.title, summary: '', headings: x.heading, body: x.text });
  });
  const wholeIndex = await bm25Index(whole);
  const sectionIndex = await bm25Index(parts);
  const n = documents.length;
  const idf = (term: string) => {
    const f = df.get(term) ?? 0;
    return Math.log(1 + (n - f + 0.5) / (f + 0.5));
  };
  const rarest = Math.max(1e-9, Math.log(1 + (n - 0.5) / 1.5));

  return {
    version: content.version,
    documents,
    idf,
    search(question, limit = 5) {
      const own = new Set(question.terms);
      const all = [...new Set([...question.terms, ...(question.context ?? [])])];
      if (all.length === 0) return [];
      const weight = (t: string) => (own.has(t) ? 2 : 1) * idf(t);
      const total = all.reduce((sum, t) => sum + weight(t), 0);
      // Terms are already stems: the query is searched as they are, without a second pass.
      const options = { processTerm: (t: string) => t, boostTerm: (t: string) => (own.has(t) ? 2 : 1) };
      const docs = wholeIndex.search(all.join(' '), options);
      if (docs.length === 0) return [];
      const bestSection = new Map<number, number>();
      for (const r of sectionIndex.search(all.join(' '), options)) bestSection.set(r.doc as number, Math.max(bestSection.get(r.doc as number) ?? 0, r.score));
      const topDoc = docs[0]!.score;
      const topSection = Math.max(1e-9, ...bestSection.values());
      return docs
        .map((r) => {
          // A word found only by spelling tolerance ("player" for "layer") is half a match.
          const credit = (t: string) => (r.terms.some((d) => d.startsWith(t)) ? 1 : 0.5);
          return {
            doc: documents[r.doc as number]!,
            score: r.score / topDoc + (bestSection.get(r.doc as number) ?? 0) / topSection,
            matched: r.queryTerms.reduce((sum, t) => sum + credit(t), 0),
            coverage: r.queryTerms.reduce((sum, t) => sum + credit(t) * weight(t), 0) / total,
            evidence: r.queryTerms.reduce((sum, t) => sum + credit(t) * idf(t), 0) / rarest,
            inTitle: Object.values(r.match).some((fields) => fields.includes('title')),
          };
        })
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
    },
  };
}

const built = new WeakMap<ContentIndex, Map<string, Promise<AssistantIndex>>>();

/** The assistant's index of this content version for this reader, built once when first needed (questions meanwhile wait for it). */
export function assistantIndexFor(content: ContentIndex, reader: Reader): Promise<AssistantIndex> {
  let forVersion = built.get(content);
  if (!forVersion) built.set(content, (forVersion = new Map()));
  let index = forVersion.get(reader.key);
  if (!index) {
    index = buildAssistantIndex(content, reader);
    forVersion.set(reader.key, index);
    // A failed build is not kept: the next question tries again.
    index.catch(() => forVersion.delete(reader.key));
  }
  return index;
}
