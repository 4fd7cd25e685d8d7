// The AI assistant's offline presenter: search index build time and memory at 26 and 500 articles,
// and answer time over the evaluation set. Run: scripts/node.sh node --expose-gc bench/ai-assistant.mjs
import { readFileSync } from 'node:fs';
import { toSnapshot } from '@app/shared/server';
import { answerQuestion } from '@app/api/domain/ai/answer-question';
import { buildAssistantIndex } from '@app/api/domain/ai/assistant-index';
import { buildContentIndex } from '@app/api/domain/content/content-index';
import { allSeedArticles, seedRecords } from '@app/api/test/seed-content';

const gc = globalThis.gc ?? (() => {});
const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `n` articles: the seed's, then variants of them (another article's sections appended, a new title), as a larger library would read. */
async function contentWith(n) {
  const base = (await seedRecords()).articles.length;
  const extra = Array.from({ length: Math.max(0, n - base) }, (_, i) => {
    const a = allSeedArticles[i % allSeedArticles.length];
    const b = allSeedArticles[(i * 7 + 3) % allSeedArticles.length];
    return { ...a, title: `${a.title} — part ${Math.floor(i / allSeedArticles.length) + 2}`, body: `${a.body}\n\n${b.body}` };
  });
  const records = await seedRecords(extra);
  records.articles = records.articles.slice(0, n);
  return buildContentIndex(toSnapshot(records, new Date().toISOString()));
}

for (const n of [26, 500]) {
  const content = await contentWith(n);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await buildAssistantIndex(content);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  // Memory: five indexes held at once, measured after collection, per index.
  gc();
  const before = heapMb();
  const held = [];
  for (let i = 0; i < 5; i++) held.push(await buildAssistantIndex(content));
  gc();
  const perIndex = (heapMb() - before) / held.length;
  console.log(`${n} articles (+ ${content.videos.length} videos, ${content.products.size} products, policies; ${held[0].documents.length} documents): index build median ${times[2].toFixed(1)} ms, ${perIndex.toFixed(1)} MB heap per index`);
}

const evaluation = JSON.parse(readFileSync(new URL(import.meta.resolve('@app/api/test/ai/evaluation-set.json')), 'utf8'));
const vip = { id: 1, tier: 'vip', role: 'member', status: 'active' };

/** Answer times over the evaluation set (20 rounds), and how many name the right article first. */
async function answerTimes(content) {
  await answerQuestion(content, vip, 'warm up', null);
  const times = [];
  let right = 0;
  for (let round = 0; round < 20; round++) {
    for (const { question, article } of evaluation.questions) {
      const started = performance.now();
      const answer = await answerQuestion(content, vip, question, null);
      times.push(performance.now() - started);
      if (round === 0 && answer.sources[0]?.title === article) right++;
    }
  }
  times.sort((a, b) => a - b);
  return `${right}/${evaluation.questions.length} right first source; answer time over ${times.length} answers p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`;
}

console.log(`seed content: ${await answerTimes(buildContentIndex(toSnapshot(await seedRecords(), new Date().toISOString())))}`);
console.log(`500 articles: ${await answerTimes(await contentWith(500))}`);
