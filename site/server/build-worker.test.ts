// @vitest-environment node
// The warm build worker's content builds (issue 53 #6): after a full build, the next snapshot (other
// site settings too) renders only the pages again, and writes the same files a full build of it writes.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { article, demoRecords } from '../test/pages/content-snapshot.ts';

const siteDir = path.resolve(import.meta.dirname, '..');
const root = mkdtempSync(path.join(tmpdir(), 'content-builds-'));
// The builds' server code resolves its packages from the folder above it, as in the builds folder.
symlinkSync(path.resolve(siteDir, '../node_modules'), path.join(root, 'node_modules'));
const workers: ChildProcess[] = [];
afterAll(() => {
  for (const child of workers) child.kill();
  rmSync(root, { recursive: true, force: true });
});

type Reply = { ok: boolean; kind?: 'full' | 'content'; error?: string };

function startWorker() {
  const child = spawn(process.execPath, [path.join(siteDir, 'server/build-worker.ts')], { cwd: siteDir, env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  workers.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const ready = new Promise((resolve) => child.once('message', resolve));
  let id = 0;
  return {
    /** Builds `records` into root/`name`; answers the worker's reply and what it printed. */
    async build(name: string, records: ReturnType<typeof demoRecords>) {
      await ready;
      const contentFile = path.join(root, `${name}.json`);
      writeFileSync(contentFile, JSON.stringify({ version: `v-${name.split('-')[0]}`, loadedAt: '2026-01-01T00:00:00.000Z', records }));
      output = '';
      const reply = await new Promise<Reply>((resolve) => {
        child.once('message', resolve);
        child.send({ id: ++id, outDir: path.join(root, name), contentFile });
      });
      return { ...reply, output };
    },
  };
}

/** Every file under a build folder, by its path in it. */
function files(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const file = path.join(at, name);
      if (statSync(file).isDirectory()) walk(file);
      else found.set(path.relative(dir, file), readFileSync(file));
    }
  };
  walk(dir);
  return found;
}

const first = demoRecords();
// The next version: an article renamed, one removed, one added.
const next = structuredClone(first);
next.articles = next.articles.filter((a) => a.id !== first.articles[1]!.id).map((a) => (a.id === first.articles[0]!.id ? { ...a, title: 'A Stamp Album, Renamed' } : a));
next.articles.push(article('arts-crafts', 'free', 'Clay at Home'));
const added = next.articles.at(-1)!;
const removed = first.articles[1]!;

describe('content builds', () => {
  const warm = startWorker();

  it('renders a new snapshot with the last full build’s bundles, into the same files a full build of it writes', { timeout: 240_000 }, async () => {
    expect((await warm.build('a-full', first)).kind).toBe('full');
    const content = await warm.build('b-content', next);
    expect(content).toMatchObject({ ok: true, kind: 'content' });
    expect(content.output).toContain('content build');
    // The added article has its page, the removed one has none, the renamed one its new title.
    expect(existsSync(path.join(root, `b-content/client/articles/${added.id}.html`))).toBe(true);
    expect(existsSync(path.join(root, `b-content/client/articles/${removed.id}.html`))).toBe(false);
    expect(readFileSync(path.join(root, `b-content/client/articles/${first.articles[0]!.id}.html`), 'utf8')).toContain('A Stamp Album, Renamed');
    // The folder it copied from is untouched.
    expect(existsSync(path.join(root, `a-full/client/articles/${removed.id}.html`))).toBe(true);

    const fresh = startWorker();
    expect((await fresh.build('b-full', next)).kind).toBe('full');
    // What visitors are sent (client/) is the same bytes. The server code is the last full build's:
    // the same modules, whose names' hashes and embedded paths name that build's folder.
    expectSameServed('b-content', 'b-full');
    const serverModules = (all: Map<string, Buffer>) => [...all.keys()].filter((file) => file.startsWith('server/')).map((file) => file.replace(/_[\w-]{8}\.mjs$/, '.mjs')).sort();
    expect(serverModules(files(path.join(root, 'b-content')))).toEqual(serverModules(files(path.join(root, 'b-full'))));
  });

  it('renders other site settings as a content build too, and builds in full when the last build’s folder is gone', { timeout: 240_000 }, async () => {
    const renamed = structuredClone(next);
    renamed.settings = { ...(renamed.settings ?? {}), siteName: 'Another Name' } as typeof renamed.settings;
    expect((await warm.build('c-content', renamed)).kind).toBe('content');
    expect(readFileSync(path.join(root, 'c-content/client/index.html'), 'utf8')).toContain('Another Name');
    // What the site server hands to the pages it renders on demand (server/loaded-build.ts).
    expect(JSON.parse(readFileSync(path.join(root, 'c-content/client/site-settings.json'), 'utf8'))).toMatchObject({ siteName: 'Another Name' });
    // No bundle holds the settings: a full build of the same snapshot sends visitors the same bytes.
    expect((await startWorker().build('c-full', renamed)).kind).toBe('full');
    expectSameServed('c-content', 'c-full');
    rmSync(path.join(root, 'c-content'), { recursive: true });
    expect((await warm.build('d-full', renamed)).kind).toBe('full');
  });
});

/** What visitors are sent (client/) is the same files and bytes in both build folders. */
function expectSameServed(a: string, b: string) {
  const served = (dir: string) => new Map([...files(path.join(root, dir))].filter(([file]) => file.startsWith('client/')));
  const [byA, byB] = [served(a), served(b)];
  expect([...byA.keys()].sort()).toEqual([...byB.keys()].sort());
  expect([...byB].filter(([file, bytes]) => !byA.get(file)!.equals(bytes)).map(([file]) => file)).toEqual([]);
}
