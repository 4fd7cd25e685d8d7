// Measuring helpers shared by the benchmarks.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';

/** The middle value (the lower of the two middle ones for an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** `workers`: client threads (autocannon's worker threads); one by default. */
export async function load(url, { connections = 50, duration = 10, headers, method, body, workers } = {}) {
  const r = await autocannon({ url, connections, duration, ...(headers && { headers }), ...(method && { method }), ...(body && { body }), ...(workers > 1 && { workers }) });
  return { reqPerSec: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/**
 * wrk (Debian's `wrk`, written in C), when installed: autocannon is a Node client that decodes every
 * answer's body into a string, so for compressed pages (binary bytes) it measures itself — a raw
 * node:http server sending 7 KB of random bytes reaches a fifth of its hello-world rate with it.
 */
export const wrkInstalled = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk prints its version and exits with 1.
    return err.status === 1;
  }
})();

/** Like `load`, through wrk; `workers` are its threads. */
export function loadWrk(url, { connections = 50, duration = 10, headers, workers = 1 } = {}) {
  const args = ['-t', String(workers), '-c', String(connections), '-d', `${duration}s`, '--latency'];
  for (const [name, value] of Object.entries(headers ?? {})) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    execFile('wrk', [...args, url], { timeout: (duration + 30) * 1000 }, (err, stdout) => {
      if (err) return reject(err);
      const reqPerSec = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
      const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)$/m.exec(stdout);
      const ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : NaN;
      const errors = [...stdout.matchAll(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/g)].flatMap((m) => m.slice(1).map(Number)).reduce((a, b) => a + b, 0);
      resolve({ reqPerSec, p99: Math.round(ms), non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0), errors });
    });
  });
}

/** A process's CPU time so far (user + system), in clock ticks of 1/100 s; 0 once it is gone. */
export function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * Waits until the process used under 2% of a core for 10 s running (its start's or a change's work
 * done), checking every 5 s, at most `maxMs`: whether it got quiet, and after how many seconds.
 */
export async function untilQuiet(pid, maxMs) {
  const started = Date.now();
  let calm = 0;
  let last = cpuTicks(pid);
  while (Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 5000));
    const now = cpuTicks(pid);
    calm = now - last <= 10 ? calm + 1 : 0;
    last = now;
    if (calm >= 2) return { quiet: true, seconds: (Date.now() - started) / 1000 };
  }
  return { quiet: false, seconds: (Date.now() - started) / 1000 };
}

/**
 * A GET's answer as sent: its status, its headers, the header lines without those node:http
 * writes itself (`kept`, to send the same again), and its body's bytes.
 */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const own = ['date', 'connection', 'keep-alive', 'transfer-encoding'];
        const kept = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (!own.includes(res.rawHeaders[i].toLowerCase())) kept.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
        resolve({ status: res.statusCode, headers: res.headers, kept, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

export function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** A process's child processes (Linux: its main thread's children file); none once it is gone. */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Sum of the RSS of a process and all its descendants (Next and npm spawn children). */
export function treeRssMb(pid) {
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    total += rssMb(p) ?? 0;
    stack.push(...childrenOf(p));
  }
  return total;
}

/** JavaScript a real browser downloads for a page (after idle), gzip-compressed. */
export async function shippedJsKb(url, width, { cookies = [], storage = {} } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript((entries) => {
      for (const [k, v] of Object.entries({ adConsent: 'denied', ...entries })) localStorage.setItem(k, v);
    }, storage);
    const bodies = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const buffers = await Promise.all(bodies);
    return { files: buffers.length, gzipKb: buffers.reduce((n, b) => n + gzipSync(b).length, 0) / 1024 };
  } finally {
    await browser.close();
  }
}
