import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiteBuildRunner, WORKER_NODE_FLAGS } from '../src/integrations/site-build-worker.ts';

// A site folder whose build worker speaks the real one's protocol (site/server/build-worker.ts):
// it writes its content file and its pid into the output folder, fails on a snapshot saying
// FAIL, and dies on one saying CRASH.
const root = mkdtempSync(path.join(tmpdir(), 'build-worker-'));
const siteDir = path.join(root, 'site');
mkdirSync(path.join(siteDir, 'server'), { recursive: true });
writeFileSync(path.join(siteDir, 'package.json'), '{"type":"module"}');
writeFileSync(path.join(siteDir, 'server/build-worker.ts'), `
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
process.on('message', (job) => {
  const content = readFileSync(job.contentFile, 'utf8');
  console.log('building ' + content);
  if (content === 'CRASH') process.exit(3);
  if (content === 'FAIL') return process.send({ id: job.id, ok: false, error: 'the page would not render' });
  mkdirSync(job.outDir, { recursive: true });
  writeFileSync(job.outDir + '/built.json', JSON.stringify({ content, pid: process.pid, production: process.env.NODE_ENV, flags: process.execArgv }));
  process.send({ id: job.id, ok: true, rss: process.memoryUsage().rss });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
`);
// The same worker in a folder of its own, for the test that counts the workers left running.
const idleSiteDir = path.join(root, 'idle-site');
cpSync(siteDir, idleSiteDir, { recursive: true });
const runner = createSiteBuildRunner({ ...process.env, NODE_ENV: 'test' });
afterAll(() => {
  runner.close();
  rmSync(root, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pids of this process's children running `dir`'s build worker (Linux: each thread's children file). */
function workersOf(dir: string): number[] {
  const script = path.join(dir, 'server/build-worker.ts');
  return readdirSync(`/proc/${process.pid}/task`)
    .flatMap((tid) => readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(script);
      } catch {
        return false;
      }
    });
}

let n = 0;
async function build(content: string, code = 'c1', on = runner, dir = siteDir) {
  n += 1;
  const contentFile = path.join(root, `content-${n}.json`);
  writeFileSync(contentFile, content);
  const lines: string[] = [];
  const outDir = path.join(root, `b${n}`);
  await on.run({ siteDir: dir, outDir, contentFile, code, say: (line) => lines.push(line) });
  return { ...(JSON.parse(readFileSync(path.join(outDir, 'built.json'), 'utf8')) as { content: string; pid: number; production: string; flags: string[] }), lines };
}

describe('the warm site builder', () => {
  it('builds one snapshot after another in the same worker, in production mode, its output to the log', async () => {
    runner.warm(siteDir, 'c1');
    const one = await build('first');
    const two = await build('second');
    expect([one.content, two.content, one.production]).toEqual(['first', 'second', 'production']);
    expect(two.pid).toBe(one.pid);
    expect(two.lines).toEqual(['building second']);
    // The worker's V8 heap is kept near what is live (issue 50 #5).
    expect(one.flags).toEqual(expect.arrayContaining(WORKER_NODE_FLAGS));
    expect(WORKER_NODE_FLAGS).toContain('--heap-growing-percent=25');
  });

  it('lets a worker that built and then sat idle exit, starting one for the next build, and keeps one that keeps building', async () => {
    const idle = createSiteBuildRunner({ ...process.env, NODE_ENV: 'test' }, { idleMs: 300 });
    try {
      const one = await build('one', 'c1', idle, idleSiteDir);
      const soon = await build('soon after', 'c1', idle, idleSiteDir);
      expect(soon.pid).toBe(one.pid);
      // Once it has been idle a while, no worker is left (issue 53 #5: the stack's idle memory).
      await expect.poll(() => alive(one.pid), { timeout: 10_000 }).toBe(false);
      expect(workersOf(idleSiteDir)).toEqual([]);
      const later = await build('after a quiet spell', 'c1', idle, idleSiteDir);
      expect(later.pid).not.toBe(one.pid);
      expect(later.content).toBe('after a quiet spell');
      // One started ahead of a build that never comes goes the same way.
      await expect.poll(() => workersOf(idleSiteDir), { timeout: 10_000 }).toEqual([]);
      idle.warm(idleSiteDir, 'c1');
      expect(workersOf(idleSiteDir)).toHaveLength(1);
      await expect.poll(() => workersOf(idleSiteDir), { timeout: 10_000 }).toEqual([]);
    } finally {
      idle.close();
    }
  });

  it('replaces a worker that a build left larger than its limit at once', async () => {
    const small = createSiteBuildRunner({ ...process.env, NODE_ENV: 'test' }, { maxRss: 1 });
    try {
      const one = await build('one', 'c1', small);
      // Gone without waiting for the next build (nor for the idle time: two minutes here).
      await expect.poll(() => alive(one.pid), { timeout: 10_000 }).toBe(false);
      const two = await build('two', 'c1', small);
      expect(two.pid).not.toBe(one.pid);
    } finally {
      small.close();
    }
  });

  it('starts a fresh worker for other code, and after a failed build or a crash, which fail with their reason', async () => {
    const before = await build('same code');
    const other = await build('other code', 'c2');
    expect(other.pid).not.toBe(before.pid);
    await expect(build('FAIL', 'c2')).rejects.toThrow('the build failed: the page would not render');
    const afterFail = await build('after the failure', 'c2');
    expect(afterFail.pid).not.toBe(other.pid);
    await expect(build('CRASH', 'c2')).rejects.toThrow('the build worker exited (3)');
    const afterCrash = await build('after the crash', 'c2');
    expect(afterCrash.pid).not.toBe(afterFail.pid);
    expect(afterCrash.content).toBe('after the crash');
  });
});
