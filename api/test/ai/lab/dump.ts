// Lab (issue 38): dumps signals and vectors for ranking experiments. Not part of the test suite.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { toSnapshot } from '@app/shared/server';
import { buildContentIndex } from '../../../src/domain/content/content-index.ts';
import { assistantDocuments } from '../../../src/domain/ai/assistant-documents.ts';
import { buildAssistantIndex, READS_ALL, readerOf } from '../../../src/domain/ai/assistant-index.ts';
import { termsOf } from '../../../src/domain/ai/search-terms.ts';
import { sentenceEncoder } from '../../../src/domain/ai/sentence-encoder.ts';
import { seedRecords } from '../../seed-content.ts';

const CACHE = '/tmp/ai-exp/vectors.json';
const cache: Record<string, number[]> = existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};
const enc = sentenceEncoder();
const h = (t: string) => createHash('sha256').update(t).digest('base64url');
async function vec(texts: string[]): Promise<number[][]> {
  const missing = [...new Set(texts.filter((t) => !cache[h(t)]))];
  const t0 = performance.now();
  const out = await enc.encodeContent(missing);
  missing.forEach((t, i) => (cache[h(t)] = Array.from(out[i]!, (x) => Math.round(x * 1e5) / 1e5)));
  if (missing.length) { console.error(`encoded ${missing.length} in ${((performance.now() - t0) / 1000).toFixed(1)} s`); writeFileSync(CACHE, JSON.stringify(cache)); }
  return texts.map((t) => cache[h(t)]!);
}

const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
const docs = assistantDocuments(content);
const half = (n: string) => JSON.parse(readFileSync(new URL(`../evaluation/${n}.json`, import.meta.url), 'utf8'));
const sets = { tuning: half('tuning'), heldOut: half('held-out') };
const questions: { q: string; set: string; target: string | null }[] = [];
for (const [name, s] of Object.entries(sets)) {
  for (const x of s.questions) questions.push({ q: x.question, set: name, target: x.article });
  for (const q of s.nothingOnIt) questions.push({ q, set: name, target: null });
}
const qv = await vec(questions.map((x) => x.q));

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const chunks: Record<string, string[][]> = { block: [], section: [], window: [], sec50: [] };
for (const d of docs) {
  chunks.block!.push(d.blocks.map((b) => (b.heading ? `${b.heading}. ${b.text}` : b.text)));
  const secs: { heading: string | null; text: string }[] = [];
  for (const b of d.blocks) { const l = secs.at(-1); if (l && b.heading !== null && l.heading === b.heading) l.text += ` ${b.text}`; else secs.push({ heading: b.heading, text: b.text }); }
  chunks.section!.push(secs.map((s) => (s.heading ? `${s.heading}. ${s.text}` : s.text)));
  chunks.sec50!.push(secs.map((s) => words(s.heading ? `${s.heading}. ${s.text}` : s.text).slice(0, 50).join(' ')));
  const all = words(d.blocks.map((b) => b.text).join(' '));
  const win: string[] = [];
  for (let i = 0; i < all.length; i += 40) { win.push(all.slice(i, i + 80).join(' ')); if (i + 80 >= all.length) break; }
  chunks.window!.push(win);
}
const chunkVecs: Record<string, number[][][]> = {};
for (const [k, list] of Object.entries(chunks)) {
  console.error(k, list.flat().length, 'texts');
  chunkVecs[k] = [];
  for (const l of list) chunkVecs[k]!.push(await vec(l));
}
const titleV = await vec(docs.map((d) => d.title));
const aboutV = await vec(docs.map((d) => [d.title, d.summary, ...d.labels].filter(Boolean).join('. ')));
const excerptV = await vec(docs.map((d) => [d.summary, ...d.labels].filter(Boolean).join('. ') || d.title));

const signals: Record<string, unknown> = {};
for (const [rk, reader] of [['all', READS_ALL], ['free', readerOf({ id: 2, tier: 'free', role: 'member', status: 'active' })]] as const) {
  const index = await buildAssistantIndex(content, reader);
  signals[rk] = questions.map((x, i) => {
    const hits = index.search({ terms: termsOf(x.q), meaning: Float32Array.from(qv[i]!) }, Infinity);
    const byKey = new Map(hits.map((hh) => [hh.doc.key, hh]));
    return docs.map((d) => { const hh = byKey.get(d.key)!; return [hh.signals.about, hh.signals.section, hh.signals.coverage, hh.specific ? 1 : 0, hh.evidence]; });
  });
}
writeFileSync('/tmp/ai-exp/dump.json', JSON.stringify({
  docs: docs.map((d) => ({ key: d.key, title: d.title, kind: d.kind, tier: d.membershipRequired, public: d.blocksArePublic })),
  questions, qv, chunkVecs, titleV, excerptV, aboutV, signals,
}));
console.error('done');
process.exit(0);
