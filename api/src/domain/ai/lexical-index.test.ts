import { toSnapshot } from '@app/shared/server';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { generatedArticles } from '../../../test/ai/generated-library.ts';
import { seedRecords } from '../../../test/seed-content.ts';
import { buildContentIndex } from '../content/content-index.ts';
import { assistantDocuments, type AssistantDocument } from './assistant-documents.ts';
import { fieldTexts } from './assistant-index.ts';
import { BACKGROUND_QUESTIONS } from './background-questions.ts';
import { buildLexicalIndex, FIELDS, type FieldTexts } from './lexical-index.ts';
import { searchTerm, termsOf, words } from './search-terms.ts';

// The shared word index answers, for each reader, what a MiniSearch index of that reader's own
// texts answered (the assistant's index before issue 50 #5): the same documents, by the same
// terms, in the same fields — for the demo content and 150 generated articles of every tier.
const generated = generatedArticles(150).map((a, i) => ({ ...a, tier: (['free', 'pro', 'vip'] as const)[i % 3]! }));
const content = buildContentIndex(toSnapshot(await seedRecords(generated), '2026-01-01T00:00:00.000Z'));
const documents = assistantDocuments(content);

const textsOf = fieldTexts;

function miniSearchOf(reads: (doc: AssistantDocument) => boolean) {
  const index = new MiniSearch<FieldTexts & { id: number; doc: number }>({
    fields: [...FIELDS],
    storeFields: ['doc'],
    tokenize: words,
    processTerm: searchTerm,
    searchOptions: { prefix: (term) => term.length >= 5, fuzzy: (term) => (term.length >= 6 ? 0.2 : false) },
  });
  index.addAll(documents.map((doc, n) => ({ id: n, doc: n, ...textsOf(doc, reads(doc)) })));
  return index;
}

const readers = {
  visitor: (doc: AssistantDocument) => doc.membershipRequired === 'free',
  pro: (doc: AssistantDocument) => doc.membershipRequired !== 'vip',
  vip: () => true,
};
const questions = [...BACKGROUND_QUESTIONS, ...generated.slice(0, 40).map((a) => a.title), 'habbit tracker', 'sourdogh', 'breathing exercises before sleep', 'morning routine', 'photographing'];

describe('the word index every reader shares', () => {
  it('matches, for each reader, the documents, terms and fields a MiniSearch index of that reader\'s texts matched', async () => {
    const shared = await buildLexicalIndex(documents.map((doc) => ({ full: textsOf(doc, true), public: doc.blocksArePublic ? null : textsOf(doc, false) })));
    for (const [name, reads] of Object.entries(readers)) {
      const own = miniSearchOf(reads);
      const view = { readsFull: (n: number) => reads(documents[n]!) || documents[n]!.blocksArePublic };
      let compared = 0;
      for (const question of questions) {
        const terms = termsOf(question);
        if (!terms.length) continue;
        const expected = new Map(own.search(terms.join(' '), { processTerm: (t) => t }).map((r) => [r.doc as number, { terms: [...r.terms].sort(), queryTerms: r.queryTerms, match: r.match }]));
        const got = shared.search(terms, view);
        expect([...got.keys()].sort((a, b) => a - b), `${name}: ${question}`).toEqual([...expected.keys()].sort((a, b) => a - b));
        for (const [doc, r] of got) expect({ terms: [...r.terms].sort(), queryTerms: r.queryTerms, match: r.match }, `${name}: ${question}`).toEqual(expected.get(doc));
        compared += got.size;
      }
      expect(compared).toBeGreaterThan(500);
    }
  }, 120_000);

  it('never matches a locked body\'s words for a reader who may not read it', async () => {
    const locked = documents.findIndex((d) => d.membershipRequired === 'vip' && d.kind === 'article' && d.blocks.length > 0);
    const doc = documents[locked]!;
    const bodyOnly = termsOf(doc.blocks.map((b) => b.text).join(' ')).filter((t) => !termsOf(`${doc.title} ${doc.summary} ${doc.labels.join(' ')}`).includes(t));
    const shared = await buildLexicalIndex(documents.map((d) => ({ full: textsOf(d, true), public: d.blocksArePublic ? null : textsOf(d, false) })));
    expect(shared.search(bodyOnly, { readsFull: () => true }).has(locked)).toBe(true);
    expect(shared.search(bodyOnly, { readsFull: (n) => n !== locked }).has(locked)).toBe(false);
  });
});
