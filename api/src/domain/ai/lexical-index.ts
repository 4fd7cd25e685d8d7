import SearchableMap from 'minisearch/SearchableMap';
import { searchTerm, words } from './search-terms.ts';
import { turns } from '../../lib/turns.ts';

/** The fields a document is searched by, in the order matches are reported. */
export const FIELDS = ['title', 'summary', 'headings', 'body'] as const;
export type Field = (typeof FIELDS)[number];
export type FieldTexts = Record<Field, string>;

/**
 * A document as the word index holds it: what a reader who may read it searches (`full`), and what
 * everyone else does (`public`: its title, summary and labels; null when it is the same, as for a
 * video whose words are public).
 */
export type LexicalDocument = { full: FieldTexts; public: FieldTexts | null };

/** Which of its two texts each document is searched by for one reader. */
export type ReaderView = { readsFull(doc: number): boolean };

/** A document matching a question's words: which of them (`queryTerms`), by which of its own terms (`terms`), in which fields (`match`). */
export type LexicalMatch = { doc: number; terms: string[]; queryTerms: string[]; match: Record<string, Field[]> };

export type LexicalIndex = {
  /** Every document matching any of the terms (already stems), for one reader. */
  search(terms: readonly string[], view: ReaderView): Map<number, LexicalMatch>;
};

// One posting is one int: the document, which of its texts (bit 0: full, bit 1: public) and the fields it is in.
const FULL = 1;
const PUBLIC = 2;
const fieldBits = (fields: number) => fields & 0b1111;
const textBits = (posting: number) => (posting >>> 4) & 0b11;
const docOf = (posting: number) => posting >>> 6;
/** Prefix matches for stems of five letters and more, spelling tolerance for six and more (a fifth of the letters, at most six). */
const PREFIX_FROM = 5;
const FUZZY_FROM = 6;
const FUZZY = 0.2;
const MAX_FUZZY = 6;

/**
 * The assistant's word index of one content version, shared by every reader (issue 50 #5): a
 * document's terms are kept once for each of its two texts (its whole and its public part), or once
 * for both where they agree (its title and summary), as ints in one typed array; a reader's search
 * looks at the text that reader may search, so a locked body's words never match for a reader who
 * may not read it (issue 34). It answers what MiniSearch's OR search with per-term prefix and fuzzy
 * options answers (which documents, by which terms, in which fields), without its scores: the
 * assistant weighs matches itself (assistant-index.ts). Terms are found by prefix and by spelling
 * with MiniSearch's own radix tree.
 */
export async function buildLexicalIndex(docs: readonly LexicalDocument[]): Promise<LexicalIndex> {
  const building = new Map<string, number[]>();
  const fieldsOf = (texts: FieldTexts) => {
    const found = new Map<string, number>();
    FIELDS.forEach((field, f) => {
      for (const word of words(texts[field])) {
        const term = searchTerm(word);
        if (term) found.set(term, (found.get(term) ?? 0) | (1 << f));
      }
    });
    return found;
  };
  const turn = turns();
  for (const [n, doc] of docs.entries()) {
    // A few at a time, yielding between: a large library's index never holds up other requests.
    if (turn.due()) await turn.pause();
    const full = fieldsOf(doc.full);
    const pub = doc.public ? fieldsOf(doc.public) : full;
    for (const term of new Set([...full.keys(), ...pub.keys()])) {
      const a = full.get(term) ?? 0;
      const b = pub.get(term) ?? 0;
      let list = building.get(term);
      if (!list) building.set(term, (list = []));
      if (a === b) list.push((n << 6) | ((FULL | PUBLIC) << 4) | a);
      else {
        if (a) list.push((n << 6) | (FULL << 4) | a);
        if (b) list.push((n << 6) | (PUBLIC << 4) | b);
      }
    }
  }
  // One array for every term's postings, each term's in document order.
  const termIds = new SearchableMap<number>();
  const offsets = new Uint32Array(building.size + 1);
  let total = 0;
  for (const list of building.values()) total += list.length;
  const postings = new Int32Array(total);
  let id = 0;
  for (const [term, list] of building) {
    termIds.set(term, id);
    postings.set(list, offsets[id]!);
    offsets[++id] = offsets[id - 1]! + list.length;
  }
  building.clear();

  /** One derived term's matches for one query term, added as MiniSearch's termResults adds them. */
  function add(results: Map<number, { terms: string[]; match: Record<string, Field[]> }>, source: string, derived: string, termId: number, view: ReaderView) {
    for (let p = offsets[termId]!; p < offsets[termId + 1]!; p++) {
      const posting = postings[p]!;
      const doc = docOf(posting);
      if (!(textBits(posting) & (view.readsFull(doc) ? FULL : PUBLIC))) continue;
      const fields = FIELDS.filter((_, f) => fieldBits(posting) & (1 << f));
      const r = results.get(doc);
      if (!r) results.set(doc, { terms: [source], match: { [derived]: fields } });
      else {
        if (!r.terms.includes(source)) r.terms.push(source);
        const m = Object.hasOwn(r.match, derived) ? r.match[derived] : undefined;
        if (m) m.push(...fields);
        else r.match[derived] = fields;
      }
    }
  }

  return {
    search(terms, view) {
      const combined = new Map<number, { terms: string[]; match: Record<string, Field[]> }>();
      for (const q of words(terms.join(' ')).filter(Boolean)) {
        const results = new Map<number, { terms: string[]; match: Record<string, Field[]> }>();
        const exact = termIds.get(q);
        if (exact !== undefined) add(results, q, q, exact, view);
        const fuzzy = q.length >= FUZZY_FROM ? termIds.fuzzyGet(q, Math.min(MAX_FUZZY, Math.round(q.length * FUZZY))) : undefined;
        if (q.length >= PREFIX_FROM) {
          for (const [term, termId] of termIds.atPrefix(q)) {
            if (term.length === q.length) continue;
            fuzzy?.delete(term);
            add(results, q, term, termId, view);
          }
        }
        for (const [term, [termId, distance]] of fuzzy ?? []) if (distance) add(results, q, term, termId, view);
        // OR, as MiniSearch combines one query's terms: a later term's fields for a derived term replace an earlier one's.
        for (const [doc, r] of results) {
          const existing = combined.get(doc);
          if (!existing) combined.set(doc, r);
          else {
            Object.assign(existing.match, r.match);
            for (const t of r.terms) if (!existing.terms.includes(t)) existing.terms.push(t);
          }
        }
      }
      return new Map([...combined].map(([doc, r]) => [doc, { doc, terms: Object.keys(r.match), queryTerms: r.terms, match: r.match }]));
    },
  };
}
