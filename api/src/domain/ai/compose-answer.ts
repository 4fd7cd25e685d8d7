import { can, tierLabel, type AiAnswer, type AiSource, type Viewer } from '@app/shared/browser';
import type { AssistantDocument } from './assistant-documents.ts';
import type { AssistantIndex, Hit, Question } from './assistant-index.ts';
import { termsOf } from './search-terms.ts';

/** Further sources are named when they score at least this share of the best one. */
const RELATED_SHARE = 0.85;
const MAX_SOURCES = 3;
const MAX_SENTENCES = 4;
const MAX_QUOTE_CHARS = 520;

/**
 * A question is answered only when it stands out in this library as few of the background's
 * everyday questions do (its standing reaches the index's `nothingBelow`, calibrate-nothing-found.ts)
 * and it says enough to be about something.
 */
export const isRelevant = (index: Pick<AssistantIndex, 'nothingBelow'>, hit: Hit | undefined): hit is Hit => hit !== undefined && hit.specific && hit.standing >= index.nothingBelow;

/** What the assistant says when the site has nothing on the question: no guess, and what it does know about. */
export function nothingFound(topics: string[]): AiAnswer {
  const about = topics.length ? ` Try asking about ${listOf(topics.slice(0, 3).map((t) => t.toLowerCase()))}.` : '';
  return { text: `I couldn't find anything about that in our articles, videos, studies, store or policies, so I won't guess.${about}`, sources: [] };
}

function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

type Sentence = { order: number; text: string; terms: Set<string> };
type Section = { heading: Set<string>; sentences: Sentence[]; blocks: number[] };

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A document's sections (the blocks under one heading) and their sentences, in reading order. */
function sectionsOf(doc: AssistantDocument): { sections: Section[]; sentences: Sentence[] } {
  const sections: Section[] = [];
  const sentences: Sentence[] = [];
  let heading: string | null | undefined;
  for (const [i, b] of doc.blocks.entries()) {
    if (sections.length === 0 || b.heading !== heading) sections.push({ heading: new Set(b.heading ? termsOf(b.heading) : []), sentences: [], blocks: [] });
    heading = b.heading;
    sections.at(-1)!.blocks.push(i);
    for (const { segment } of segmenter.segment(b.text)) {
      const text = segment.trim();
      if (!text) continue;
      const sentence = { order: sentences.length, text, terms: new Set(termsOf(text)) };
      sentences.push(sentence);
      sections.at(-1)!.sentences.push(sentence);
    }
  }
  return { sections, sentences };
}

// A list item is often a fragment without a full stop; quoted one after another they need one.
const ended = (s: string) => (/[.!?…:;"”’)]$/.test(s) ? s : `${s}.`);

/**
 * The 2–4 sentences of `doc` that best answer the question, word for word and in the document's
 * order. The section whose heading and sentences hold most of the question (its words weighted by
 * rarity, the question's own words double those of the question it follows up, the title's words
 * a quarter) is quoted whole when short; a long one from its best sentence on.
 */
export function bestPassage(doc: AssistantDocument, question: Pick<Question, 'terms' | 'context'>, idf: (term: string) => number, closestBlock = 0): string {
  const { sections, sentences } = sectionsOf(doc);
  if (sentences.length === 0) return doc.summary;
  const own = new Set(question.terms);
  const all = [...new Set([...question.terms, ...(question.context ?? [])])];
  // The title's words chose the document; within it they say little about which part answers.
  const title = new Set(termsOf(doc.title));
  const weigh = (has: (t: string) => boolean) => all.reduce((sum, t) => sum + (has(t) ? (own.has(t) ? 2 : 1) * (title.has(t) ? 0.25 : 1) * idf(t) : 0), 0);
  const sectionScore = (x: Section) => weigh((t) => x.heading.has(t) || x.sentences.some((s) => s.terms.has(t)));
  const candidates = sections.filter((x) => x.sentences.length);
  const byWords = candidates.reduce((best, x) => (sectionScore(x) > sectionScore(best) ? x : best));
  // A question that shares no word with the document (it found it by meaning) is answered from the section closest in meaning.
  const section = sectionScore(byWords) > 0 ? byWords : (candidates.find((x) => x.blocks.includes(closestBlock)) ?? byWords);
  let chosen = section.sentences;
  if (chosen.length > MAX_SENTENCES || chosen.reduce((n, s) => n + s.text.length + 1, 0) > MAX_QUOTE_CHARS) {
    const best = chosen.reduce((b, s) => (weigh((t) => s.terms.has(t)) > weigh((t) => b.terms.has(t)) ? s : b));
    chosen = [best];
    for (const next of section.sentences.filter((s) => s.order > best.order)) {
      if (chosen.length >= 3 || chosen.reduce((n, s) => n + s.text.length + 1, 0) + next.text.length > MAX_QUOTE_CHARS) break;
      chosen.push(next);
    }
  }
  // At least two sentences when the document has them: the next one, else the one before.
  if (chosen.length < 2 && sentences.length > 1) {
    const last = chosen.at(-1)!;
    chosen = last.order + 1 < sentences.length ? [...chosen, sentences[last.order + 1]!] : [sentences[chosen[0]!.order - 1]!, ...chosen];
  }
  return chosen.map((s) => ended(s.text)).join(' ');
}

function sourceOf(doc: AssistantDocument, viewer: Viewer): AiSource {
  return can(viewer, 'read', doc) ? { title: doc.title, url: doc.url } : { title: doc.title, url: doc.url, locked: doc.membershipRequired };
}

/**
 * The offline presenter's answer (spec 02 "AI Assistant", DESIGN §5): quoted from the most
 * relevant document the asker may read, naming it, with related sources after it — or, when
 * the best document is above the asker's tier, only its name, its tier and where to read it,
 * never a word of its body. Nothing relevant: says so instead of guessing.
 */
export function composeAnswer(index: AssistantIndex, hits: Hit[], question: Question, viewer: Viewer, topics: string[]): AiAnswer {
  // The best-ranked document that answers: a question's standing is its own, but a one-word question needs a document where its word is rare.
  const top = hits.find((h) => isRelevant(index, h));
  if (!top) return nothingFound(topics);
  // A fact the site knows is said as it is: its own sentence and where to read more.
  if (top.doc.answer) return { text: top.doc.answer, sources: [{ title: top.doc.title, url: top.doc.url }] };
  const relevant = hits.filter((h) => isRelevant(index, h) && !h.doc.answer && h.score >= top.score * RELATED_SHARE).slice(0, MAX_SOURCES);
  const sources = relevant.map((h) => sourceOf(h.doc, viewer));
  const primary = top.doc;
  if (!can(viewer, 'read', primary)) {
    const tier = tierLabel(primary.membershipRequired);
    return { text: `“${primary.title}” covers this, and it is for ${tier} members. Upgrade your membership to read it.`, sources };
  }
  return { text: `From “${primary.title}”: “${bestPassage(primary, question, index.idf, top.closestBlock)}”`, sources };
}
