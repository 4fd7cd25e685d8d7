// How the assistant's ranking compares with the alternatives tried for it (issue 38): other ways to
// take a document's meaning (every paragraph, whole sections, sliding windows; the best one, the mean
// of the best two, a soft maximum), reciprocal rank fusion, per-question z-scores, and the weight grid
// chosen by two-fold cross-validation inside the tuning half. Each variant's "nothing on that"
// threshold is calibrated on the tuning half (calibrateThreshold); the held-out half is only reported.
// Run: scripts/node.sh node bench/ai-ranking.mjs  (about a minute: it encodes every paragraph once)
import { readFileSync } from 'node:fs';
import { toSnapshot } from '@app/shared/server';
import { assistantDocuments } from '@app/api/domain/ai/assistant-documents';
import { buildAssistantIndex, READS_ALL, readerOf } from '@app/api/domain/ai/assistant-index';
import { calibrateThreshold, fuse, WEIGHTS } from '@app/api/domain/ai/fusion';
import { termsOf } from '@app/api/domain/ai/search-terms';
import { sentenceEncoder, similarity } from '@app/api/domain/ai/sentence-encoder';
import { buildContentIndex } from '@app/api/domain/content/content-index';
import { seedRecords } from '@app/api/test/seed-content';

const half = (name) => JSON.parse(readFileSync(new URL(`ai/evaluation/${name}.json`, import.meta.resolve('@app/api/test/seed-content')), 'utf8'));
const halves = { tuning: half('tuning'), 'held-out': half('held-out') };
const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
const docs = assistantDocuments(content);
const encoder = sentenceEncoder();
const asked = Object.entries(halves).flatMap(([set, h]) => [...h.questions.map((q) => ({ set, text: q.question, target: docs.findIndex((d) => d.title === q.article) })), ...h.nothingOnIt.map((text) => ({ set, text, target: -1 }))]);
const meanings = await Promise.all(asked.map((q) => encoder.encodeQuestion(q.text)));

// A document's passages, three ways: each paragraph under its heading, each whole section, windows of 80 words every 40.
const words = (s) => s.split(/\s+/).filter(Boolean);
function passages(doc) {
  const sections = [];
  for (const b of doc.blocks) {
    const last = sections.at(-1);
    if (last && b.heading !== null && last.heading === b.heading) last.text += ` ${b.text}`;
    else sections.push({ heading: b.heading, text: b.text });
  }
  const body = words(doc.blocks.map((b) => b.text).join(' '));
  const windows = [];
  for (let i = 0; i < body.length; i += 40) {
    windows.push(body.slice(i, i + 80).join(' '));
    if (i + 80 >= body.length) break;
  }
  const titled = (x) => (x.heading ? `${x.heading}. ${x.text}` : x.text);
  return { paragraph: doc.blocks.map(titled), section: sections.map(titled), window: windows };
}
const vectors = [];
for (const doc of docs) {
  const p = passages(doc);
  vectors.push(Object.fromEntries(await Promise.all(Object.entries(p).map(async ([k, texts]) => [k, await encoder.encodeContent(texts)]))));
}

// Every document's signals for every question, as each reader's index has them (a locked body's passages only for its readers).
const readers = { vip: READS_ALL, free: readerOf({ id: 2, tier: 'free', role: 'member', status: 'active' }) };
const features = {};
for (const [name, reader] of Object.entries(readers)) {
  const index = await buildAssistantIndex(content, reader);
  features[name] = asked.map((q, qi) => {
    const hits = new Map(index.search({ terms: termsOf(q.text), meaning: meanings[qi] }, Infinity).map((h) => [h.doc.key, h]));
    return docs.map((doc, di) => {
      const hit = hits.get(doc.key);
      const sims = (k) => (reader.reads(doc) || doc.blocksArePublic ? vectors[di][k].map((v) => similarity(meanings[qi], v)) : []);
      return { ...hit.signals, specific: hit.specific, paragraph: sims('paragraph'), sectionWhole: sims('section'), window: sims('window') };
    });
  });
}

const max = (xs) => Math.max(...xs);
const topMean = (xs, k) => [...xs].sort((a, b) => b - a).slice(0, k).reduce((s, x, _, a) => s + x / a.length, 0);
const softMax = (xs, t) => t * Math.log(xs.reduce((s, x) => s + Math.exp(x / t), 0) / xs.length);
/** A section signal from passages: the about signal when the reader has none (a locked body). */
const from = (kind, pool) => (f) => (f[kind].length ? pool(f[kind]) : f.about);
const withSection = (section) => (f) => fuse({ about: f.about, section: section(f), coverage: f.coverage });

/** Per question, each document's rank (1 = best) and z-score of a signal. */
function perQuestion(score) {
  return (rows) => {
    const values = rows.map(score);
    const order = values.map((v, i) => [v, i]).sort((a, b) => b[0] - a[0]);
    const rank = [];
    order.forEach(([, i], n) => (rank[i] = n + 1));
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length) || 1;
    return { rank, z: values.map((v) => (v - mean) / sd) };
  };
}
const SIGNALS = ['about', 'section', 'coverage'];
const rrf = (k) => (rows) => {
  const per = SIGNALS.map((s) => perQuestion((f) => f[s])(rows).rank);
  return rows.map((_, di) => per.reduce((sum, rank, i) => sum + WEIGHTS[SIGNALS[i]] / (k + rank[di]), 0));
};
const zFused = (weights) => (rows) => {
  const per = Object.keys(weights).map((s) => perQuestion((f) => f[s])(rows).z);
  return rows.map((_, di) => Object.values(weights).reduce((sum, w, i) => sum + w * per[i][di], 0));
};

/**
 * A variant ranks each question's documents (`rank`: a score per document); a first source needs
 * the fused score (`confidence`, the product's by default) over the threshold calibrated on the tuning half.
 */
function evaluate({ rank, confidence = withSection((f) => f.section) }, only = asked.map((_, i) => i)) {
  const tops = {};
  for (const reader of Object.keys(readers)) {
    tops[reader] = asked.map((_, qi) => {
      const rows = features[reader][qi];
      const scores = rank(rows);
      const best = scores.indexOf(max(scores));
      return { doc: best, confidence: confidence(rows[best]), specific: rows[best].specific };
    });
  }
  const tuned = only.filter((qi) => asked[qi].set === 'tuning');
  const threshold = calibrateThreshold(
    tuned.filter((qi) => asked[qi].target >= 0 && tops.vip[qi].doc === asked[qi].target).map((qi) => tops.vip[qi].confidence),
    tuned.filter((qi) => asked[qi].target < 0).map((qi) => tops.vip[qi].confidence),
  );
  const answers = (reader, qi) => tops[reader][qi].specific && tops[reader][qi].confidence >= threshold;
  const count = (reader, set, test) => only.filter((qi) => asked[qi].set === set && test(qi)).length;
  const right = (reader, set) => count(reader, set, (qi) => asked[qi].target >= 0 && tops[reader][qi].doc === asked[qi].target && answers(reader, qi));
  const of = (set) => count('vip', set, (qi) => asked[qi].target >= 0);
  const refused = (set) => `${count('vip', set, (qi) => asked[qi].target < 0 && !answers('vip', qi))}/${count('vip', set, (qi) => asked[qi].target < 0)}`;
  return { right, of, refused, threshold };
}

const product = (rows) => rows.map(withSection((f) => f.section));
const variants = {
  'product: (2 about + heading-and-50-words section + coverage) / 4': { rank: product },
  'section = best paragraph': { rank: (rows) => rows.map(withSection(from('paragraph', max))) },
  'section = mean of the best two paragraphs': { rank: (rows) => rows.map(withSection(from('paragraph', (x) => topMean(x, 2)))) },
  'section = soft maximum of paragraphs (t 0.05)': { rank: (rows) => rows.map(withSection(from('paragraph', (x) => softMax(x, 0.05)))) },
  'section = best whole section': { rank: (rows) => rows.map(withSection(from('sectionWhole', max))) },
  'section = best 80-word window': { rank: (rows) => rows.map(withSection(from('window', max))) },
  'reciprocal rank fusion (k 60, same weights)': { rank: rrf(60) },
  'reciprocal rank fusion (k 10, same weights)': { rank: rrf(10) },
  'z-scores per question (same weights)': { rank: zFused(WEIGHTS) },
};
const line = (name, r) =>
  `${name}\n    VIP tuning ${r.right('vip', 'tuning')}/${r.of('tuning')}, held-out ${r.right('vip', 'held-out')}/${r.of('held-out')}; free member tuning ${r.right('free', 'tuning')}, held-out ${r.right('free', 'held-out')}; nothing-on-it refused ${r.refused('tuning')} tuning, ${r.refused('held-out')} held out; threshold ${r.threshold.toFixed(4)}`;
for (const [name, v] of Object.entries(variants)) console.log(line(name, evaluate(v)));

// Where the right article stands in the product's ranking: near the top is what a better model could reorder.
const places = asked.flatMap((q, qi) => {
  if (q.set !== 'tuning' || q.target < 0) return [];
  const scores = product(features.vip[qi]);
  return [scores.filter((s) => s > scores[q.target]).length + 1];
});
const within = (k) => places.filter((p) => p <= k).length;
console.log(`the right article, as VIP, tuning half: first ${within(1)}, in the first three ${within(3)}, first five ${within(5)}, first ten ${within(10)} of ${places.length}`);

// The weights chosen on one half of the tuning questions, scored on the other (and the other way round), against the product's weights on the same questions.
const grid = [];
for (const about of [0, 1, 2, 3]) for (const section of [0, 1, 2]) for (const coverage of [0.5, 1, 1.5, 2]) if (about + section > 0) grid.push({ about, section, coverage });
const weighted = (w) => ({ rank: (rows) => rows.map((f) => fuse({ about: f.about, section: f.section, coverage: f.coverage }, w)) });
const tuningQuestions = asked.map((q, i) => (q.set === 'tuning' && q.target >= 0 ? i : -1)).filter((i) => i >= 0);
const folds = [tuningQuestions.filter((_, i) => i % 2 === 0), tuningQuestions.filter((_, i) => i % 2 === 1)];
const firstRight = (v, qs) => {
  const r = evaluate(v, [...qs, ...asked.map((q, i) => (q.target < 0 && q.set === 'tuning' ? i : -1)).filter((i) => i >= 0)]);
  return r.right('vip', 'tuning') + r.right('free', 'tuning');
};
let chosen = 0;
let fixed = 0;
for (const [train, test] of [folds, [...folds].reverse()]) {
  const best = grid.reduce((b, w) => (firstRight(weighted(w), train) > firstRight(weighted(b), train) ? w : b));
  chosen += firstRight(weighted(best), test);
  fixed += firstRight({ rank: product }, test);
}
console.log(`weights chosen by two-fold cross-validation inside the tuning half: ${chosen} right first sources (VIP + free member) on the folds left out, against ${fixed} with the product's weights`);
process.exit(0);
