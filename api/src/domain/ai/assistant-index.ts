import { can, TIERS, type Tier, type Viewer } from '@app/shared/browser';
import type { ContentIndex } from '../content/content-index.ts';
import { assistantDocuments, assistantDocumentsInTurns, type AssistantDocument } from './assistant-documents.ts';
import { turns } from '../../lib/turns.ts';
import { BACKGROUND_QUESTIONS } from './background-questions.ts';
import { backgroundOf, calibrateNothingFound, standing, type Background } from './calibrate-nothing-found.ts';
import { fuse, type Signals } from './fusion.ts';
import { buildLexicalIndex, type FieldTexts, type LexicalIndex } from './lexical-index.ts';
import { termsOf } from './search-terms.ts';
import { dequantise, sentenceEncoder, similarity, type Meaning, type SentenceEncoder } from './sentence-encoder.ts';
import type { PlanCatalogue } from './site-facts.ts';

/**
 * A document ranked for a question: its fused score (fusion.ts) and the evidence behind it — how
 * close in meaning, how many of the question's terms it has, how much of the question's weight
 * they carry, how rare they are (the sum of their idf, where 1 is a word only one document uses),
 * whether any is in its title — the block where its closest section starts, and whether the
 * question says enough to be answered: two words that carry a topic, or one that few documents use
 * ("Where should I keep it?" alone is about nothing, however close its meaning falls) — and the
 * question's standing: how far its most outstanding document scores above that document's own
 * background (calibrate-nothing-found.ts), the same for every hit of one question.
 */
export type Hit = { doc: AssistantDocument; score: number; signals: Signals; matched: number; coverage: number; evidence: number; inTitle: boolean; closestBlock: number; specific: boolean; standing: number };

/**
 * A question to search for: its own terms count double the terms of the question it follows up,
 * and its meaning (sentence-encoder.ts) is that of the words asked, with the question before when
 * it follows one up.
 */
export type Question = { terms: string[]; context?: string[]; meaning: Float32Array };

export type AssistantIndex = {
  version: string;
  documents: AssistantDocument[];
  /** Inverse document frequency: rare terms say more about a question than common ones. */
  idf(term: string): number;
  /** Every document, best first (the first `limit`). */
  search(question: Question, limit?: number): Hit[];
  /** The site's categories closest in meaning to a question, closest first. */
  closestTopics(meaning: Float32Array): string[];
  /**
   * The standing a question needs to be answered in this index: what the background's everyday
   * questions reach here (calibrate-nothing-found.ts), measured when the index is built.
   */
  nothingBelow: number;
};

export type IndexOptions = { encoder?: SentenceEncoder; catalogue?: PlanCatalogue };

/** A section's meaning is taken from its heading and first words: enough to say what it is about, cheap to encode. */
const MEANING_WORDS = 50;
/** A one-word question is specific when its word weighs at least half a word only one document uses. */
const MIN_EVIDENCE = 0.5;

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
function searchedPart(doc: AssistantDocument, reads: boolean, blocks?: AssistantDocument['blocks']): { summary: string; sections: { heading: string; text: string }[] } {
  const summary = [doc.summary, ...doc.labels].filter(Boolean).join('\n');
  if (reads || doc.blocksArePublic) return { summary, sections: sectionsOf(blocks ?? doc.blocks) };
  // The public part is the document's one section, as a body is for a readable one.
  return { summary, sections: summary ? [{ heading: '', text: summary }] : [] };
}

/** What of a document the word index searches, for a reader who may read it or not. */
export function fieldTexts(doc: AssistantDocument, reads: boolean, blocks?: AssistantDocument['blocks']): FieldTexts {
  const { summary, sections } = searchedPart(doc, reads, blocks);
  return { title: doc.title, summary, headings: sections.map((x) => x.heading).filter(Boolean).join('\n'), body: sections.map((x) => x.text).join('\n') };
}

/**
 * One word index for every reader of a set of documents (lexical-index.ts): each document's whole
 * text and its public part, a reader's search looking at the one they may search.
 */
const lexicalIndexOf = (documents: AssistantDocument[]) => buildLexicalIndex(documents.map((doc) => ({ get full() { return fieldTexts(doc, true); }, public: doc.blocksArePublic ? null : fieldTexts(doc, false) })));

/** Who an index is for: whether a document may be read, and a name for that set of documents. */
export type Reader = { reads(doc: AssistantDocument): boolean; key: string };

/** Everything read (the index of staff and the top tier). */
export const READS_ALL: Reader = { reads: () => true, key: 'all' };

/** The reader a viewer is: the tiers `can` lets them read name their index (visitors and free members share one). */
export function readerOf(viewer: Viewer): Reader {
  const tiers = TIERS.filter((t) => can(viewer, 'read', { membershipRequired: t }));
  return { reads: (doc) => can(viewer, 'read', doc), key: tiers.join(' ') };
}

/** What a document is about, as everyone may see it: its title, summary and labels. */
const aboutText = (doc: AssistantDocument) => [doc.title, doc.summary, ...doc.labels].filter(Boolean).join('. ');

/**
 * The passages whose meaning is encoded: the blocks under one heading together (a block without
 * a heading alone), each as its heading and first words, with the block it starts at.
 */
function meaningSections(blocks: AssistantDocument['blocks']): { text: string; block: number }[] {
  const sections: { words: string[]; block: number; heading: string | null }[] = [];
  blocks.forEach((b, i) => {
    const last = sections.at(-1);
    if (last && b.heading !== null && last.heading === b.heading) last.words.push(...b.text.split(/\s+/));
    else sections.push({ words: [...(b.heading ? [`${b.heading}.`] : []), ...b.text.split(/\s+/)], block: i, heading: b.heading });
  });
  return sections.map((x) => ({ text: x.words.slice(0, MEANING_WORDS).join(' '), block: x.block }));
}

/**
 * The assistant's index of one content version for one reader: which documents have the question's
 * words (a word index of whole documents that every reader of the version shares, lexical-index.ts)
 * and each document's meaning — what it is about and each of its sections — for the question's
 * meaning, fused into one score (fusion.ts). Documents the reader may not read are searched on their
 * public part only, words and meaning alike (issue 34): whether a locked body holds a phrase or an
 * idea never changes an answer.
 */
export async function buildAssistantIndex(content: ContentIndex, reader: Reader = READS_ALL, options: IndexOptions = {}): Promise<AssistantIndex> {
  const encoder = options.encoder ?? sentenceEncoder();
  const documents = options.catalogue ? assistantDocuments(content, options.catalogue) : await documentsOf(content);
  const lexicalIndex = options.catalogue ? await lexicalIndexOf(documents) : await sharedLexicalIndexOf(content, documents);
  const df = new Map<string, number>();
  const readsFull = new Uint8Array(documents.length);
  // The texts to encode are needed only until they are encoded: the index keeps where each section starts, not its words.
  const meaningOf: { about: string; sections: { text: string; block: number }[] }[] = [];
  // A few documents per turn of the event loop (issue 49 #4: not the whole library's words in one turn).
  // Counting terms and measuring the background go through the whole library: a turn every 20 ms
  // (a fixed count per turn held the thread for seconds at thousands of articles).
  const counting = turns();
  for (let n = 0; n < documents.length; n++) {
    if (counting.due()) await counting.pause();
    const doc = documents[n]!;
    const reads = reader.reads(doc);
    readsFull[n] = reads || doc.blocksArePublic ? 1 : 0;
    // An article's blocks are read back from their packed form: once per document here.
    const blocks = readsFull[n] ? doc.blocks : [];
    const { title, summary, headings, body } = fieldTexts(doc, reads, blocks);
    for (const t of termsOf(`${title} ${summary} ${headings} ${body}`)) df.set(t, (df.get(t) ?? 0) + 1);
    meaningOf.push({ about: aboutText(doc), sections: meaningSections(blocks) });
  }
  const view = { readsFull: (doc: number) => readsFull[doc] === 1 };
  const categories = [...content.categories.values()];
  const aboutVectors = await encoder.encodeContent(meaningOf.map((m) => m.about));
  // Every section in one call (the encoder looks the library up in its store at once), then split per document.
  const flatSections = await encoder.encodeContent(meaningOf.flatMap((m) => m.sections.map((x) => x.text)));
  let taken = 0;
  const sectionVectors: Meaning[][] = meaningOf.map((m) => flatSections.slice(taken, (taken += m.sections.length)));
  const sectionStarts: number[][] = meaningOf.map((m) => m.sections.map((x) => x.block));
  meaningOf.length = 0;
  const categoryVectors = await encoder.encodeContent(categories.map((c) => [c.title, c.description].filter(Boolean).join('. ')));
  const n = documents.length;
  const idf = (term: string) => {
    const f = df.get(term) ?? 0;
    return Math.log(1 + (n - f + 0.5) / (f + 0.5));
  };
  const rarest = Math.max(1e-9, Math.log(1 + (n - 0.5) / 1.5));

  /** Every document's evidence for a question, in document order. */
  function rank(question: Question): Omit<Hit, 'standing'>[] {
    const own = new Set(question.terms);
    const all = [...new Set([...question.terms, ...(question.context ?? [])])];
    const weight = (t: string) => (own.has(t) ? 2 : 1) * idf(t);
    const total = all.reduce((sum, t) => sum + weight(t), 0);
    // Terms are already stems: the query is searched as they are, without a second pass.
    const lexical = all.length ? lexicalIndex.search(all, view) : new Map<number, never>();
    return documents
      .map((doc, i) => {
        const r = lexical.get(i);
        // A word found only by spelling tolerance ("player" for "layer") is half a match.
        const credit = (t: string) => (r?.terms.some((d) => d.startsWith(t)) ? 1 : 0.5);
        const coverage = r ? r.queryTerms.reduce((sum, t) => sum + credit(t) * weight(t), 0) / total : 0;
        const about = similarity(question.meaning, aboutVectors[i]!);
        let section = about;
        let closestBlock = 0;
        sectionVectors[i]!.forEach((v, k) => {
          const sim = similarity(question.meaning, v);
          if (k === 0 || sim > section) [section, closestBlock] = [sim, sectionStarts[i]![k]!];
        });
        const signals = { about, section, coverage };
        const evidence = r ? r.queryTerms.reduce((sum, t) => sum + credit(t) * idf(t), 0) / rarest : 0;
        return {
          doc,
          score: fuse(signals),
          signals,
          matched: r ? r.queryTerms.reduce((sum, t) => sum + credit(t), 0) : 0,
          coverage,
          evidence,
          inTitle: r ? Object.values(r.match).some((fields) => fields.includes('title')) : false,
          closestBlock,
          specific: all.length >= 2 || evidence >= MIN_EVIDENCE,
        };
      });
  }
  // Until the background is measured (below), no question stands out.
  let background: Background | null = null;

  const index: AssistantIndex = {
    version: content.version,
    documents,
    idf,
    nothingBelow: Infinity,
    search(question, limit = 5) {
      const hits = rank(question);
      const stands = background ? standing(hits.map((h) => h.score), background) : -Infinity;
      return hits
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map((h) => ({ ...h, standing: stands }));
    },
    closestTopics(meaning) {
      return categories
        .map((c, i) => ({ title: c.title, sim: similarity(meaning, categoryVectors[i]!) }))
        .sort((a, b) => b.sim - a.sim)
        .map((c) => c.title);
    },
  };

  // The library's background, measured anew with every index (calibrate-nothing-found.ts). The
  // questions' meaning is encoded once per process (the encoder caches it as it does the
  // content's); each is ranked against the whole library, in chunks between which other requests
  // run. Only questions that say enough to be answered set the standing a question needs.
  const meanings = await encoder.encodeContent(BACKGROUND_QUESTIONS);
  const scores: Float32Array[] = [];
  const specific: boolean[] = [];
  const turn = turns();
  for (let i = 0; i < BACKGROUND_QUESTIONS.length; i++) {
    if (turn.due()) await turn.pause();
    const hits = rank({ terms: termsOf(BACKGROUND_QUESTIONS[i]!), meaning: dequantise(meanings[i]!) });
    scores.push(Float32Array.from(hits, (h) => h.score));
    specific.push(hits.reduce<(typeof hits)[number] | undefined>((b, h) => (b === undefined || h.score > b.score ? h : b), undefined)?.specific ?? false);
  }
  if (n > 0) {
    const measured = backgroundOf(scores, n);
    background = measured;
    const standings = scores.filter((_, i) => specific[i]).map((row) => standing(row, measured));
    // A background of one-word questions only would leave nothing to stand out from: answer nothing.
    index.nothingBelow = standings.length ? calibrateNothingFound(standings) : Infinity;
  }
  return index;
}

/** One content version's word index, built once and shared by every reader's index. */
const lexicalRead = new WeakMap<ContentIndex, Promise<LexicalIndex>>();
function sharedLexicalIndexOf(content: ContentIndex, documents: AssistantDocument[]): Promise<LexicalIndex> {
  let found = lexicalRead.get(content);
  if (!found) {
    lexicalRead.set(content, (found = lexicalIndexOf(documents)));
    // A failed build is not kept: the next index tries again.
    found.catch(() => lexicalRead.delete(content));
  }
  return found;
}

/** One content version's documents, read once and shared by every reader's index (each body is parsed once per version, not once per reader). */
const documentsRead = new WeakMap<ContentIndex, Promise<AssistantDocument[]>>();
function documentsOf(content: ContentIndex): Promise<AssistantDocument[]> {
  let found = documentsRead.get(content);
  if (!found) {
    documentsRead.set(content, (found = assistantDocumentsInTurns(content)));
    found.catch(() => documentsRead.delete(content));
  }
  return found;
}

const built = new WeakMap<ContentIndex, Map<string, Promise<AssistantIndex>>>();
/** Each reader's newest index that is built: answers use it while the next content version's builds. */
const latestReady = new Map<string, { index: AssistantIndex; locks: Map<string, Tier> }>();
/** Which tier every article and video needs: an older index stands in only while none of its own changed. */
const locks = new WeakMap<ContentIndex, Map<string, Tier>>();
/** Read once per content version, not per question. */
function locksOf(content: ContentIndex): Map<string, Tier> {
  let found = locks.get(content);
  if (!found) locks.set(content, (found = tierOfEach(content)));
  return found;
}
const tierOfEach = (content: ContentIndex) =>
  new Map<string, Tier>([...content.articleList.map((a) => [`a${a.id}`, a.membershipRequired] as const), ...content.videos.map((v) => [`v${v.id}`, v.membershipRequired] as const)]);
const sameLocks = (older: Map<string, Tier>, now: Map<string, Tier>) => [...older].every(([key, tier]) => now.get(key) === tier);

/**
 * The index a question is answered from: this content version's when it is built, else the
 * reader's newest built one while no article or video changed its tier (a content change is a few
 * seconds behind, never a question), else this version's once it is built.
 */
export function answeringIndexFor(content: ContentIndex, reader: Reader): Promise<AssistantIndex> {
  const building = assistantIndexFor(content, reader);
  const previous = latestReady.get(reader.key);
  // Never across a tier change or a removal: the older index would quote a body now locked or gone.
  if (!previous || !sameLocks(previous.locks, locksOf(content))) return building;
  return Promise.race([building, new Promise<AssistantIndex>((resolve) => setImmediate(() => resolve(previous.index)))]);
}

/** The assistant's index of this content version for this reader, built once when first needed (questions meanwhile wait for it). */
export function assistantIndexFor(content: ContentIndex, reader: Reader): Promise<AssistantIndex> {
  let forVersion = built.get(content);
  if (!forVersion) built.set(content, (forVersion = new Map()));
  let index = forVersion.get(reader.key);
  if (!index) {
    index = buildAssistantIndex(content, reader);
    forVersion.set(reader.key, index);
    const tiers = locksOf(content);
    index.then((ready) => void latestReady.set(reader.key, { index: ready, locks: tiers }), () => undefined);
    // A failed build is not kept: the next question tries again.
    index.catch(() => forVersion.delete(reader.key));
  }
  return index;
}

/**
 * Builds every reader's index of a content version ahead of the first question (encoding the texts
 * that changed takes seconds): the composition root calls it when the read model changes. The
 * readers are those a viewer can be (`readerOf`: staff read what the top tier reads); then the
 * encoder forgets the vectors of texts this version no longer has.
 */
export async function prepareAssistant(content: ContentIndex): Promise<void> {
  const readers = TIERS.map((tier) => readerOf({ id: 0, tier, role: 'member', status: 'active' }));
  for (const reader of [readerOf(null), ...readers]) await assistantIndexFor(content, reader);
  sentenceEncoder().keepOnlyUsed();
}
