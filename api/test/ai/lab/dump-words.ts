// Lab (issue 38): word vectors from the sentence encoder for a soft lexical signal. Not part of the test suite.
import { readFileSync, writeFileSync } from 'node:fs';
import { toSnapshot } from '@app/shared/server';
import { buildContentIndex } from '../../../src/domain/content/content-index.ts';
import { assistantDocuments } from '../../../src/domain/ai/assistant-documents.ts';
import { searchTerm, words } from '../../../src/domain/ai/search-terms.ts';
import { sentenceEncoder } from '../../../src/domain/ai/sentence-encoder.ts';
import { seedRecords } from '../../seed-content.ts';

const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
const docs = assistantDocuments(content);
const half = (n: string) => JSON.parse(readFileSync(new URL(`../evaluation/${n}.json`, import.meta.url), 'utf8'));
const qs = [half('tuning'), half('held-out')].flatMap((s) => [...s.questions.map((x: { question: string }) => x.question), ...s.nothingOnIt]);
const keep = (w: string) => searchTerm(w) !== null && !/^\d+$/.test(w);
const docWords = docs.map((d) => ({
  about: [...new Set(words([d.title, d.summary, ...d.labels].join(' ')).filter(keep))],
  body: [...new Set(words(d.blocks.map((b) => `${b.heading ?? ''} ${b.text}`).join(' ')).filter(keep))],
}));
const qWords = qs.map((q) => [...new Set(words(q).filter(keep))]);
const vocab = [...new Set([...docWords.flatMap((d) => [...d.about, ...d.body]), ...qWords.flat()])];
const t0 = performance.now();
const vecs = await sentenceEncoder().encodeContent(vocab);
console.error(`${vocab.length} words in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
writeFileSync('/tmp/ai-exp/words.json', JSON.stringify({ vocab, vecs: vecs.map((v) => Array.from(v, (x) => Math.round(x * 1e4) / 1e4)), docWords, qWords, stems: Object.fromEntries(vocab.map((w) => [w, searchTerm(w)])) }));
process.exit(0);
