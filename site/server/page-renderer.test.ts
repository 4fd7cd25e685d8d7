// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadBuild, type Build } from './loaded-build.ts';

let root: string;
const servers: Server[] = [];

/**
 * A build whose server entry keeps `keptMb` of text in its module (as a real build's bundles keep
 * their code): `/page` names the build, `/loaded` tells one import of the entry from another, `/slow` answers after `ms`, `/crash` throws outside any
 * request, `/settings` shows the settings the build handed over; anything else is no page of it.
 */
async function fakeBuild(id: string, keptMb = 0): Promise<string> {
  const dir = path.join(root, id);
  await mkdir(path.join(dir, 'server'), { recursive: true });
  await mkdir(path.join(dir, 'client'), { recursive: true });
  await writeFile(
    path.join(dir, 'server/entry.mjs'),
    `const kept = 'k'.repeat(${keptMb} * 1024 * 1024);
const loaded = Math.random();
export const handler = (req, res, next, locals) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/page') return res.end('page of ${id} ' + kept.length);
  if (url.pathname === '/slow') return setTimeout(() => res.end('slow from ${id}'), Number(url.searchParams.get('ms')));
  if (url.pathname === '/loaded') return res.end(String(loaded));
  if (url.pathname === '/crash') { setImmediate(() => { throw new Error('boom'); }); return res.end('crashing'); }
  if (url.pathname === '/settings') return res.end(JSON.stringify(locals));
  if (url.pathname === '/cookie') { res.setHeader('Set-Cookie', ['a=1', 'b=2']); res.writeHead(201, 'Made Up'); return res.end(req.method + ' ' + req.headers.cookie); }
  next();
};`,
  );
  await writeFile(path.join(dir, 'client/404.html'), `<!doctype html><title>Page not found</title>`);
  await writeFile(path.join(dir, 'client/site-settings.json'), JSON.stringify({ siteName: `site ${id}` }));
  return dir;
}

/** Serves a build on a free port; its base URL. */
async function serve(build: Build): Promise<string> {
  const server = createServer((req, res) => build.handle(req, res));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'page-renderer-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
  await rm(root, { recursive: true, force: true });
});

// Each test starts threads, which takes seconds on a machine as loaded as CI's.
describe('a build’s pages rendered on demand in a thread of its own', { timeout: 60_000 }, () => {
  // First: the stray sockets are looked for once, as the first build of the process loads.
  it('removes the sockets a process that was killed outright left, and no running one’s', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stray = path.join(tmpdir(), `site-pages-${gone}-1-0a1b2c3d.sock`);
    const othersLive = path.join(tmpdir(), `site-pages-${process.ppid}-1-0a1b2c3d.sock`);
    await writeFile(stray, '');
    await writeFile(othersLive, '');
    try {
      const build = await loadBuild(await fakeBuild('b1'), {});
      await expect.poll(() => existsSync(stray)).toBe(false);
      expect(existsSync(othersLive)).toBe(true);
      build.retire();
      await build.ended;
    } finally {
      await rm(stray, { force: true });
      await rm(othersLive, { force: true });
    }
  });

  it('relays the page with its status, headers and cookies, hands over the build’s settings, and answers 404 for what no page takes', async () => {
    const build = await loadBuild(await fakeBuild('b1'), { 'X-Content-Type-Options': 'nosniff' });
    try {
      const base = await serve(build);
      const page = await fetch(`${base}/cookie`, { method: 'POST', headers: { cookie: 'session=abc' }, body: 'x' });
      // The status's own reason phrase, not the page's.
      expect([page.status, page.statusText, await page.text()]).toEqual([201, 'Created', 'POST session=abc']);
      expect(page.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await (await fetch(`${base}/settings`)).json()).toEqual({ siteSettings: { siteName: 'site b1' } });
      const missing = await fetch(`${base}/nothing`);
      expect([missing.status, await missing.text()]).toEqual([404, '<!doctype html><title>Page not found</title>']);
      expect(missing.headers.get('x-site-no-page')).toBeNull();
    } finally {
      build.retire();
      await build.ended;
    }
  });

  it('ends a retired build’s thread only once the requests it took are answered', async () => {
    const old = await loadBuild(await fakeBuild('b1'), {});
    const base = await serve(old);
    const slow = fetch(`${base}/slow?ms=400`).then((res) => res.text());
    await new Promise((r) => setTimeout(r, 100));
    let ended = false;
    void old.ended.then(() => (ended = true));
    old.retire();
    await new Promise((r) => setTimeout(r, 100));
    expect(ended).toBe(false);
    expect(await slow).toBe('slow from b1');
    await old.ended;
    expect(ended).toBe(true);
  });

  it('keeps no retired build in the site server’s memory', async () => {
    // Each build's entry keeps 8 MB: imported into the site server, 10 builds would keep 80 MB of its heap.
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 10; i++) {
      const build = await loadBuild(await fakeBuild(`b${i}`, 8), {});
      const base = await serve(build);
      expect(await (await fetch(`${base}/page`)).text()).toBe(`page of b${i} ${8 * 1024 * 1024}`);
      build.retire();
      await build.ended;
    }
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(40 * 1024 * 1024);
  });

  it('starts the thread again after an error nothing caught ended it, and ends it when retired', async () => {
    const build = await loadBuild(await fakeBuild('b1'), {});
    const base = await serve(build);
    const first = await (await fetch(`${base}/loaded`)).text();
    expect(await (await fetch(`${base}/crash`)).text()).toBe('crashing');
    // Page reads meanwhile wait for the new thread (a second after the old one ended): none fails.
    const reads: { status: number; text: string }[] = [];
    await expect
      .poll(
        async () => {
          const res = await fetch(`${base}/loaded`);
          reads.push({ status: res.status, text: await res.text() });
          return reads.at(-1)?.text;
        },
        { timeout: 12_000, interval: 50 },
      )
      .not.toBe(first);
    expect(reads.filter((read) => read.status !== 200)).toEqual([]);
    expect(await (await fetch(`${base}/page`)).text()).toBe('page of b1 0');
    build.retire();
    await build.ended;
  });

  it('ends a retired build whose thread had just ended unasked', async () => {
    const build = await loadBuild(await fakeBuild('b1'), {});
    const base = await serve(build);
    await fetch(`${base}/crash`);
    await new Promise((r) => setTimeout(r, 200));
    build.retire();
    await build.ended;
  });

  it('refuses to load a build whose server entry cannot be loaded', async () => {
    const dir = await fakeBuild('broken');
    await writeFile(path.join(dir, 'server/entry.mjs'), 'export const handler = ;');
    await expect(loadBuild(dir, {})).rejects.toThrow();
  });

  it('refuses to load a build whose files cannot be read, and ends the thread it had started for it', async () => {
    const dir = await fakeBuild('no-files');
    // The entry notes where its thread listens (the thread's socket goes when the thread ends).
    await writeFile(path.join(dir, 'server/entry.mjs'), `import { writeFileSync } from 'node:fs';\nimport { workerData } from 'node:worker_threads';\nwriteFileSync(${JSON.stringify(path.join(dir, 'socket'))}, workerData.socketPath);\nexport const handler = (req, res) => res.end('page');`);
    await rm(path.join(dir, 'client'), { recursive: true });
    await expect(loadBuild(dir, {})).rejects.toThrow(/ENOENT/);
    const socketPath = await readFile(path.join(dir, 'socket'), 'utf8');
    await expect.poll(() => existsSync(socketPath), { timeout: 20_000 }).toBe(false);
  });
});
