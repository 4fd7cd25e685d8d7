// The AI assistant's offline presenter: search index build time and memory at the seed's size and
// 500 articles (a first build encodes every text; a rebuild finds the texts' vectors cached), the
// RSS with the sentence encoder loaded, and first-source accuracy and answer time over both halves
// of the evaluation set (issue 38). Run: scripts/node.sh node --expose-gc bench/ai-assistant.mjs
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

const seedCount = (await seedRecords()).articles.length;
for (const n of [seedCount, 500]) {
  const content = await contentWith(n);
  const first = performance.now();
  await buildAssistantIndex(content);
  const firstMs = performance.now() - first;
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
  console.log(`${n} articles (+ ${content.videos.length} videos, ${content.products.size} products, policies; ${held[0].documents.length} documents): first build (encoding every text) ${(firstMs / 1000).toFixed(1)} s; rebuild with the vectors cached, median ${times[2].toFixed(1)} ms; ${perIndex.toFixed(1)} MB heap per index; process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
}

// The halves sit beside the seed's test module (the package's ./test/* export names TypeScript modules only).
const half = (name) => JSON.parse(readFileSync(new URL(`ai/evaluation/${name}.json`, import.meta.resolve('@app/api/test/seed-content')), 'utf8'));
const halves = { tuning: half('tuning'), 'held-out': half('held-out') };
const vip = { id: 1, tier: 'vip', role: 'member', status: 'active' };

/**
 * First-source accuracy on each half (its first round), and answer times over 3 rounds of both. A
 * generated copy holds its article's whole body under the same title with "— part N": naming it
 * first is counted apart ("or a copy"), since which of the two comes first says nothing of meaning.
 */
async function answerTimes(content) {
  await answerQuestion(content, vip, 'warm up', null);
  const times = [];
  const right = { tuning: 0, 'held-out': 0 };
  const orCopy = { tuning: 0, 'held-out': 0 };
  for (let round = 0; round < 3; round++) {
    for (const [name, set] of Object.entries(halves)) {
      for (const { question, article } of set.questions) {
        const started = performance.now();
        const answer = await answerQuestion(content, vip, question, null);
        times.push(performance.now() - started);
        const first = answer.sources[0]?.title ?? '';
        if (round === 0 && first === article) right[name]++;
        if (round === 0 && (first === article || first.startsWith(`${article} — part `))) orCopy[name]++;
      }
    }
  }
  times.sort((a, b) => a - b);
  const pct = (count, name) => `${count[name]}/${halves[name].questions.length} (${((100 * count[name]) / halves[name].questions.length).toFixed(1)}%)`;
  return `right first source: held-out ${pct(right, 'held-out')}, tuning ${pct(right, 'tuning')} (the article or a copy: ${pct(orCopy, 'held-out')}, ${pct(orCopy, 'tuning')}); answer time over ${times.length} answers p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms; RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`;
}

console.log(`seed content: ${await answerTimes(buildContentIndex(toSnapshot(await seedRecords(), new Date().toISOString())))}`);
console.log(`500 articles: ${await answerTimes(await contentWith(500))}`);
