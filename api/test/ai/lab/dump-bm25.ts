// Lab (issue 38): raw BM25 scores (as the index's MiniSearch options) for every question and document, read as a VIP. Not part of the test suite.
import { readFileSync, writeFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { toSnapshot } from '@app/shared/server';
import { buildContentIndex } from '../../../src/domain/content/content-index.ts';
import { assistantDocuments } from '../../../src/domain/ai/assistant-documents.ts';
import { searchTerm, termsOf, words } from '../../../src/domain/ai/search-terms.ts';
import { seedRecords } from '../../seed-content.ts';
const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
const docs = assistantDocuments(content);
const D = JSON.parse(readFileSync('/tmp/ai-exp/dump.json', 'utf8'));
const out: Record<string, number[][]> = {};
for (const [name, boost] of [['cur', { title: 3, summary: 1.5, headings: 1.5, body: 1 }], ['flat', { title: 1, summary: 1, headings: 1, body: 1 }]] as const) {
  const index = new MiniSearch({ fields: ['title', 'summary', 'headings', 'body'], storeFields: ['doc'], tokenize: words, processTerm: searchTerm, searchOptions: { boost, prefix: (t: string) => t.length >= 5, fuzzy: (t: string) => (t.length >= 6 ? 0.2 : false) } });
  index.addAll(docs.map((d, n) => ({ id: n, doc: n, title: d.title, summary: [d.summary, ...d.labels].join('\n'), headings: [...new Set(d.blocks.map((b) => b.heading).filter(Boolean))].join('\n'), body: d.blocks.map((b) => b.text).join('\n') })));
  out[name] = D.questions.map((q: { q: string }) => { const s = new Array(docs.length).fill(0); const t = termsOf(q.q); if (t.length) for (const r of index.search(t.join(' '), { processTerm: (x: string) => x })) s[r.doc as number] = r.score; return s; });
}
writeFileSync('/tmp/ai-exp/bm25.json', JSON.stringify(out));
