// `node bench/import-scale.mjs [--counts 1000,5000] [--follow-ups] [--after 30] [--skip-js]`: the
// import at scale (issue 49, "Measure and report"). For each count, on a fresh stack (API → real
// CMS, production build): the wall time of importing that many generated Markdown articles with
// realistic bodies — paragraphs, three to five highlighted code blocks of 8–30 lines, a table now
// and then, a picture in the body and a thumbnail — the API's peak RSS during the import (VmHWM,
// reset before it through /proc/PID/clear_refs), its RSS at rest before, 30 s after and `--after`
// seconds after (with its peak in that time: the read model's reload), and the machine's load
// average during and after. `--follow-ups`: the admin's CMS-backed calls and a probe of the CMS's
// own answer time every second, during the import and for `--after` seconds after
// (import-probes.mjs, issue 49 #4: no minute of 503s). The articles (generated-jekyll-site.mjs) go in
// ZIPs of at most 2,000, one after another, as an admin would send them. The baseline,
// measured in the same run: a raw node:http server receiving the same bytes (the upload alone).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { shippedJsKb } from './measure.mjs';
import { code, libraryZips, uploadZip } from './generated-jekyll-site.mjs';
import { demoAdminCookie } from './demo-admin.mjs';
import { followUps, probeCms, sampleLoad } from './import-probes.mjs';

const { values } = parseArgs({
  options: {
    counts: { type: 'string', default: '1000,5000' },
    port: { type: 'string', default: '3820' },
    // The admin's follow-up calls and the CMS probe during the import and after it (import-probes.mjs).
    'follow-ups': { type: 'boolean', default: false },
    // How long to watch after the import: RSS at 30 s and at the end, the follow-ups and probe throughout.
    after: { type: 'string', default: '30' },
    'skip-js': { type: 'boolean', default: false },
  },
});
const COUNTS = values.counts.split(',').map(Number);
const PORT = Number(values.port);
const FOLLOW_UPS = values['follow-ups'];
const AFTER_MS = Math.max(30, Number(values.after)) * 1000;
/** How long a raw node:http server takes to receive these bytes (the upload alone, no work). */
async function rawUploadSeconds(bytes) {
  const server = http.createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => res.end('{}'));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'site.zip');
  await (await fetch(`http://127.0.0.1:${server.address().port}/`, { method: 'POST', body: form })).text();
  const seconds = (performance.now() - started) / 1000;
  server.close();
  return seconds;
}

for (const count of COUNTS) {
  const dataDir = path.join(root, `.data/bench-import-scale-${count}`);
  await rm(dataDir, { recursive: true, force: true });
  const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: PORT + 3, log: process.env.BENCH_LOG ? (name, line) => appendFileSync(process.env.BENCH_LOG, `[${name}] ${line}\n`) : () => {}, env: { LOG_LEVEL: 'warn', REBUILD_DEBOUNCE_MS: String(3_600_000), ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}) } });
  const api = stack.env.API_URL;
  const apiPid = stack.services.api.child.pid;
  const memory = () => Object.fromEntries(readFileSync(`/proc/${apiPid}/status`, 'utf8').split('\n').filter((l) => /^Vm(RSS|HWM):/.test(l)).map((l) => [l.split(':')[0], Number(l.split(/\s+/)[1]) / 1024]));
  try {
    const cookie = await demoAdminCookie(api, stack.url);
    if (count === COUNTS[0] && !values['skip-js']) {
      // JS a reader's browser loads on a plain article page (issue 49's goal: at most 40 KB gzip).
      // Plain: free, without interactive elements (whose reader is an island of its own).
      const first = (await (await fetch(`${api}/api/articles`)).json()).find((a) => a.membershipRequired === 'free' && !a.hasInteractiveElements);
      for (const width of [1280, 390]) {
        const js = await shippedJsKb(`${stack.url}/articles/${first.id}`, width);
        console.log(`import at scale: JS on a plain article page (/articles/${first.id}) @${width}px: ${js.gzipKb.toFixed(1)} KB gzip in ${js.files} files`);
      }
    }
    const zips = await libraryZips(count);
    const bytes = zips.reduce((n, z) => n + z.length, 0);
    const codeLines = Array.from({ length: count }, (_, i) => Array.from({ length: 3 + (i % 3) }, (_, b) => code(i, b).split('\n').length).reduce((a, b) => a + b, 0)).reduce((a, b) => a + b, 0);
    let baseline = 0;
    for (const z of zips) baseline += await rawUploadSeconds(z);
    await new Promise((r) => setTimeout(r, 5000));
    const resting = memory().VmRSS;
    writeFileSync(`/proc/${apiPid}/clear_refs`, '5');
    const load = sampleLoad();
    let importing = true;
    const cmsHeaders = { 'x-internal-secret': stack.env.INTERNAL_SECRET };
    const during = FOLLOW_UPS ? followUps(api, cookie, 'during', () => !importing) : null;
    const probedDuring = FOLLOW_UPS ? probeCms(stack.env.CMS_URL, cmsHeaders, () => !importing) : null;
    const started = performance.now();
    let imported = 0;
    let pictures = 0;
    let errors = 0;
    try {
      for (const z of zips) {
        const result = await uploadZip({ api, origin: stack.url, cookie }, z);
        imported += result.articlesImported;
        pictures += result.kept?.picturesCopied ?? 0;
        errors += result.errors.length;
      }
    } finally {
      importing = false;
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = memory().VmHWM;
    const loadDuring = load.stop();
    const loadAfter = sampleLoad();
    writeFileSync(`/proc/${apiPid}/clear_refs`, '5');
    const afterStart = Date.now();
    const watching = () => Date.now() - afterStart > AFTER_MS;
    const [d, probeD] = await Promise.all([during, probedDuring]);
    const afterCalls = FOLLOW_UPS ? followUps(api, cookie, 'after', watching) : null;
    const probedAfter = FOLLOW_UPS ? probeCms(stack.env.CMS_URL, cmsHeaders, watching) : null;
    await new Promise((r) => setTimeout(r, Math.max(0, 30_000 - (Date.now() - afterStart))));
    const after30 = memory().VmRSS;
    await new Promise((r) => setTimeout(r, Math.max(0, AFTER_MS - (Date.now() - afterStart))));
    const [a, probeA] = await Promise.all([afterCalls, probedAfter]);
    const afterEnd = memory();
    const loadAfterLine = loadAfter.stop().line;
    console.log(
      `import at scale: ${count} Markdown articles (${codeLines} code lines, ${zips.length} ZIP${zips.length > 1 ? 's' : ''} of ${(bytes / 1024 / 1024).toFixed(1)} MB): ` +
        `${seconds.toFixed(1)} s (${(count / seconds).toFixed(1)} articles/s; ${(seconds / baseline).toFixed(0)}× a raw node:http server receiving the same bytes, ${baseline.toFixed(2)} s); ` +
        `imported ${imported}, ${errors} errors, ${pictures} pictures copied; API RSS ${resting.toFixed(0)} MB at rest, peak ${peak.toFixed(0)} MB during the import, ${after30.toFixed(0)} MB 30 s after` +
        (AFTER_MS > 30_000 ? `, ${afterEnd.VmRSS.toFixed(0)} MB ${(AFTER_MS / 1000).toFixed(0)} s after (peak after the import ${afterEnd.VmHWM.toFixed(0)} MB)` : '') +
        `; during: ${loadDuring.line}, after: ${loadAfterLine}`,
    );
    if (FOLLOW_UPS) {
      console.log(`  follow-up calls failed: during ${d.failed} of ${d.total}, the ${(AFTER_MS / 1000).toFixed(0)} s after ${a.failed} of ${a.total}; slowest during: ${d.worst}; after: ${a.worst}`);
      for (const [k, v] of [...d.tally, ...a.tally]) console.log(`    ${v} × ${k}`);
      console.log(`  the CMS's own latency: during ${probeD.line}; after ${probeA.line}`);
    }
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
