// The assistant's "nothing found" on a large, varied library (issue 47 #14): at the demo content and
// with 1,000 generated articles on 51 other topics (api/test/ai/generated-library.ts), the share of
// off-topic questions answered "nothing found" and the on-topic questions answered and answered
// right — each half of the evaluation sets apart (tuning: looked at while choosing the calibration;
// held-out: never). "Before" is the fixed score the assistant used until then (a first source needed
// a fused score of 0.3355, with the question saying enough); "after" is the product: the standing
// the library's own background calls for (calibrate-nothing-found.ts), through answerQuestion.
// Run: scripts/node.sh node bench/ai-nothing-found.mjs [articles=1000]  (a first build encodes every
// text: about 10 minutes of one core for 1,000 articles)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { toSnapshot } from '@app/shared/server';
import { answerQuestion } from '@app/api/domain/ai/answer-question';
import { assistantIndexFor, READS_ALL, readerOf } from '@app/api/domain/ai/assistant-index';
import { termsOf } from '@app/api/domain/ai/search-terms';
import { sentenceEncoder } from '@app/api/domain/ai/sentence-encoder';
import { buildContentIndex } from '@app/api/domain/content/content-index';
import { generatedArticles } from '@app/api/test/ai/generated-library';
import { seedRecords } from '@app/api/test/seed-content';

const FIXED = 0.3355;
const size = Number(process.argv[2] ?? 1000);
const dir = new URL('ai/evaluation/', import.meta.resolve('@app/api/test/seed-content'));
const set = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8'));
const half = (q) => (createHash('sha256').update(q).digest()[0] % 2 === 0 ? 'tuning' : 'held-out');
const vip = { id: 1, tier: 'vip', role: 'member', status: 'active' };
const generated = set('generated');

/** Every question, with what a right answer is: an article's title, a generated topic, or nothing. */
const questions = [
  ...['tuning', 'held-out'].flatMap((name) => {
    const s = set(name);
    return [...s.questions.map((q) => ({ group: 'demo questions', half: name, text: q.question, article: q.article })), ...s.nothingOnIt.map((text) => ({ group: 'off-topic', half: name, text }))];
  }),
  ...generated.questions.map((q) => ({ group: 'generated-topic questions', half: half(q.question), text: q.question, topic: q.topic })),
  ...generated.nothingOnIt.map((text) => ({ group: 'off-topic', half: half(text), text })),
];
const encoder = sentenceEncoder();

async function measure(label, extra) {
  const topicOf = new Map(extra.map((a) => [a.title, a.topic]));
  const content = buildContentIndex(toSnapshot(await seedRecords(extra), '2026-01-01T00:00:00.000Z'));
  const started = performance.now();
  const index = await assistantIndexFor(content, READS_ALL);
  const firstBuild = performance.now() - started;
  // The asker's own index too: until it is built, answers would come from the previous library's.
  await assistantIndexFor(content, readerOf(vip));
  const tally = {};
  for (const q of questions) {
    // At the demo content, the generated topics' questions are off-topic too.
    const group = q.topic && extra.length === 0 ? 'generated-topic questions (off-topic here)' : q.group;
    const expected = q.article ?? q.topic ?? null;
    const right = (title) => (q.article ? title === q.article : q.topic ? topicOf.get(title) === q.topic : false);
    const top = index.search({ terms: termsOf(q.text), meaning: await encoder.encodeQuestion(q.text) }, 1)[0];
    const before = top && top.specific && top.score >= FIXED ? top.doc.title : null;
    const after = (await answerQuestion(content, vip, q.text, null)).sources[0]?.title ?? null;
    const key = `${group} — ${q.half}`;
    const row = (tally[key] ??= { n: 0, offTopic: !expected || group.includes('off-topic'), before: { answered: 0, right: 0 }, after: { answered: 0, right: 0 } });
    row.n++;
    for (const [when, title] of [['before', before], ['after', after]]) {
      if (title) row[when].answered++;
      if (title && !row.offTopic && right(title)) row[when].right++;
    }
  }
  console.log(`\n${label}: ${index.documents.length} documents; first build with the background ${(firstBuild / 1000).toFixed(1)} s; "nothing found" below a standing of ${index.nothingBelow.toFixed(2)}`);
  const pct = (x, n) => `${x}/${n} (${((100 * x) / n).toFixed(0)}%)`;
  for (const [key, r] of Object.entries(tally).sort()) {
    if (r.offTopic) console.log(`  ${key}: nothing found before ${pct(r.n - r.before.answered, r.n)}, after ${pct(r.n - r.after.answered, r.n)}`);
    else console.log(`  ${key}: right first source before ${pct(r.before.right, r.n)} (answered ${r.before.answered}), after ${pct(r.after.right, r.n)} (answered ${r.after.answered})`);
  }
  // A rebuild finds every text's vector cached: what is left is the lexical index and the background.
  const rebuilt = performance.now();
  const { buildAssistantIndex } = await import('@app/api/domain/ai/assistant-index');
  await buildAssistantIndex(content);
  console.log(`  rebuild with the vectors cached: ${(performance.now() - rebuilt).toFixed(0)} ms; RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
}

await measure('demo content', []);
await measure(`demo content + ${size} generated articles`, generatedArticles(size));
process.exit(0);
