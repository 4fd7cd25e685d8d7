// `node bench/import-follow-ups.mjs [N]`: whether the API's calls to the CMS keep answering during
// and after an import (issue 49 #4). Through the whole stack (API → real CMS, the site rebuilt after
// the import): N generated Markdown articles (default 300, every third with a picture) go through
// the real upload route while the admin's follow-up calls — the articles list (read from the CMS),
// the old addresses, readiness (which asks the CMS) and the public article list — are made every
// second, during the import and for two minutes after it; then the same archive is uploaded again
// with "update". Prints each call's failures by status and message (with the seconds, from the
// phase's start, of the first and last), the CMS's own latency (`GET /cms/api/articles?limit=1` on
// the CMS's port, every second, not waiting for the last) and whether the CMS holds exactly the
// articles the report names. `BENCH_LOG=<file>` writes the stack's log there
// (`LOG_LEVEL`, warn by default, its detail).
import { appendFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { png as pngOf, zip } from './archive-files.mjs';
import { demoAdminCookie } from './demo-admin.mjs';
import { followUps, probeCms, sampleLoad } from './import-probes.mjs';

const PORT = 3820;
const COUNT = Number(process.argv[2] ?? 300);
const AFTER_MS = Number(process.env.AFTER_MS ?? 120_000);
/** Long posts: about this many KB of Markdown each, with a code block every few paragraphs. */
const BODY_KB = Number(process.env.BODY_KB ?? 4);
console.log(`${COUNT} articles of about ${BODY_KB} KB`);


/** A 16×16 PNG of one grey, its shade from the seed. */
const png = (seed) => pngOf(16, 16, (raw) => raw.fill(seed % 251));

const markdown = (i) =>
  `---\ntitle: "Follow-up ${i}"\ndate: 2024-02-${String((i % 28) + 1).padStart(2, '0')}\ncategories: [Productivity]\npermalink: /old/follow-up-${i}/\n---\n\n` +
  `${i % 3 === 0 ? `![Picture ${i}](/assets/p-${i}.png)\n\n` : ''}` +
  Array.from({ length: Math.max(1, Math.round(BODY_KB)) }, (_, k) => `${'A paragraph of habits and small steps. '.repeat(20)}\n\n\`\`\`js\nconst step = ${i + k};\nfor (const day of week) plan(day, step);\n\`\`\`\n`).join('\n');


const dataDir = path.join(root, '.data/bench-import-follow-ups');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54419, log: process.env.BENCH_LOG ? (name, line) => appendFileSync(process.env.BENCH_LOG, `[${new Date().toISOString()}] [${name}] ${line}\n`) : () => {}, env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' } });
const api = stack.env.API_URL;
const cmsHeaders = { 'x-internal-secret': stack.env.INTERNAL_SECRET };

try {
  const cookie = await demoAdminCookie(api, stack.url);
  const archive = await zip(Array.from({ length: COUNT }, (_, i) => i).flatMap((i) => [[`_posts/2024-02-01-follow-up-${i}.md`, markdown(i)], ...(i % 3 === 0 ? [[`assets/p-${i}.png`, png(i)]] : [])]));

  async function run(label, onDuplicate) {
    let importing = true;
    const form = new FormData();
    form.append('file', new Blob([archive]), 'site.zip');
    form.append('onDuplicate', onDuplicate);
    const started = performance.now();
    const load = sampleLoad();
    const during = followUps(api, cookie, 'during', () => !importing);
    const probedDuring = probeCms(stack.env.CMS_URL, cmsHeaders, () => !importing);
    const res = await fetch(`${api}/api/admin/articles/upload`, { method: 'POST', body: form, headers: { cookie, origin: stack.url, accept: 'application/x-ndjson' }, signal: AbortSignal.timeout(3_600_000) });
    const last = JSON.parse((await res.text()).trim().split('\n').at(-1));
    importing = false;
    const seconds = (performance.now() - started) / 1000;
    const loadDuring = load.stop();
    const d = await during;
    const afterStart = Date.now();
    const loadAfter = sampleLoad();
    const [a, probedAfter] = await Promise.all([followUps(api, cookie, 'after', () => Date.now() - afterStart > AFTER_MS), probeCms(stack.env.CMS_URL, cmsHeaders, () => Date.now() - afterStart > AFTER_MS)]);
    const result = last.result ?? last.error;
    console.log(`${label}: ${COUNT} articles in ${seconds.toFixed(0)} s — ${result.message} (during: ${loadDuring.line}; after: ${loadAfter.stop().line})`);
    console.log(`  follow-up calls failed: during ${d.failed} of ${d.total}, the ${(AFTER_MS / 1000).toFixed(0)} s after ${a.failed} of ${a.total}; slowest during: ${d.worst}; after: ${a.worst}`);
    for (const [k, v] of [...d.tally, ...a.tally]) console.log(`    ${v} × ${k}`);
    console.log(`  the CMS's own latency: during ${(await probedDuring).line}; after ${probedAfter.line}`);
    const cms = await (await fetch(`${stack.env.CMS_URL}/cms/api/articles?pagination=false&depth=0&draft=true&select[title]=true&where[title][like]=Follow-up`, { headers: cmsHeaders })).json();
    const media = await (await fetch(`${stack.env.CMS_URL}/cms/api/media?limit=1&depth=0`, { headers: cmsHeaders })).json();
    const reported = new Set((result.articles ?? []).map((x) => x.id));
    const held = new Set(cms.docs.map((x) => x.id));
    console.log(`  the CMS holds ${held.size} imported articles, the report names ${reported.size} written, ${result.skipped?.length ?? 0} skipped, ${result.errors?.length ?? 0} refused; media documents: ${media.totalDocs}`);
    const reasons = new Map();
    for (const e of result.errors ?? []) reasons.set(e.message, (reasons.get(e.message) ?? 0) + 1);
    for (const [m, n] of reasons) console.log(`    ${n} × refused: ${m}`);
    console.log(`  written but not reported: ${[...held].filter((id) => !reported.has(id)).length}; reported but not held: ${[...reported].filter((id) => !held.has(id)).length}`);
  }

  await run('import', 'skip');
  if (process.env.UPDATE !== '0') await run('update of the same archive', 'update');
} finally {
  await stack.stop();
}
