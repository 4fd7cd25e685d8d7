// What the import benchmarks watch while an import runs and after it (issue 49 #4: the API's calls
// to the CMS keep answering, no minute of 503s): the admin's CMS-backed follow-up calls through the
// API, the CMS's own answer time, and the machine's load average (a run's figures mean little
// without it: the machine is shared). Used by import-follow-ups.mjs and import-scale.mjs.
import { readFileSync } from 'node:fs';

/** The admin's calls that read from the CMS (or ask it), made every second. */
export const FOLLOW_UP_CALLS = { 'GET /api/admin/articles': '/api/admin/articles', 'GET /api/admin/articles/old-addresses': '/api/admin/articles/old-addresses', 'GET /api/ready': '/api/ready', 'GET /api/articles': '/api/articles' };

/**
 * Makes every follow-up call once a second (a round waits for its slowest call, at most 60 s)
 * until `until()`; answers how many were made and failed, each failure by status and message with
 * the seconds (from the phase's start) of the first and the last, and each call's slowest answer.
 */
export async function followUps(api, cookie, phase, until) {
  const tally = new Map();
  const when = new Map();
  const phaseStart = Date.now();
  const slowest = new Map();
  let total = 0;
  while (!until()) {
    const round = Object.entries(FOLLOW_UP_CALLS).map(async ([name, url]) => {
      const started = performance.now();
      const res = await fetch(`${api}${url}`, { headers: { cookie }, signal: AbortSignal.timeout(60_000) }).catch((err) => ({ status: 0, err }));
      slowest.set(name, Math.max(slowest.get(name) ?? 0, performance.now() - started));
      total++;
      if (res.status >= 200 && res.status < 300) return void (await res.body?.cancel());
      const message = res.err ? res.err.message : ((await res.json().catch(() => ({}))).message ?? '');
      const key = `${phase}: ${name} → ${res.status} ${message}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      const second = Math.round((Date.now() - phaseStart) / 1000);
      when.set(key, [when.get(key)?.[0] ?? second, second]);
    });
    await Promise.all([...round, new Promise((r) => setTimeout(r, 1000))]);
  }
  const timed = new Map([...tally].map(([key, n]) => [`${key} (${when.get(key)[0]}–${when.get(key)[1]} s)`, n]));
  // The slowest answer's headers of each call (a round waits for its slowest call, so few rounds mean slow answers).
  const worst = [...slowest].map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ');
  return { total, failed: [...tally.values()].reduce((a, b) => a + b, 0), tally: timed, worst };
}

/**
 * The CMS's own answer time (`GET /cms/api/articles?limit=1` on its port) every second, each probe
 * on its own (a stalled one does not delay the next), until `until()`. Answers a line: the count,
 * median, p95, worst, probes over 5 s, failures and the slowest probe started in each 10 s.
 */
export async function probeCms(cmsUrl, headers, until) {
  const probes = [];
  while (!until()) {
    const started = performance.now();
    probes.push(
      fetch(`${cmsUrl}/cms/api/articles?limit=1&depth=0`, { headers, signal: AbortSignal.timeout(60_000) })
        .then(async (res) => ({ status: res.status, ms: (await res.text(), performance.now() - started) }))
        .catch(() => ({ status: 0, ms: performance.now() - started })),
    );
    await new Promise((r) => setTimeout(r, 1000));
  }
  const done = await Promise.all(probes);
  const ms = done.map((p) => p.ms).sort((a, b) => a - b);
  const at = (q) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0) / 1000;
  const timeline = Array.from({ length: Math.ceil(done.length / 10) }, (_, k) => Math.max(...done.slice(k * 10, k * 10 + 10).map((p) => p.ms)) / 1000);
  const line = `${done.length} probes, median ${at(0.5).toFixed(2)} s, p95 ${at(0.95).toFixed(2)} s, max ${at(1).toFixed(1)} s, over 5 s ${ms.filter((x) => x > 5000).length}, failed ${done.filter((p) => p.status !== 200).length}; slowest per 10 s: ${timeline.map((x) => x.toFixed(1)).join(' ')}`;
  return { line, worst: at(1), failed: done.filter((p) => p.status !== 200).length };
}

/** The 1-minute load average every 5 s from now; `stop()` answers its minimum, mean and maximum. */
export function sampleLoad() {
  const samples = [];
  const read = () => samples.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
  read();
  const timer = setInterval(read, 5000);
  return {
    stop() {
      clearInterval(timer);
      read();
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      return { min: Math.min(...samples), mean, max: Math.max(...samples), line: `load average ${Math.min(...samples).toFixed(1)}–${Math.max(...samples).toFixed(1)} (mean ${mean.toFixed(1)})` };
    },
  };
}
