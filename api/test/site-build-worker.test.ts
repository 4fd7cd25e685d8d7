import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiteBuildRunner } from '../src/integrations/site-build-worker.ts';

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
  writeFileSync(job.outDir + '/built.json', JSON.stringify({ content, pid: process.pid, production: process.env.NODE_ENV }));
  process.send({ id: job.id, ok: true, rss: process.memoryUsage().rss });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
`);
const runner = createSiteBuildRunner({ ...process.env, NODE_ENV: 'test' });
afterAll(() => {
  runner.close();
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
async function build(content: string, code = 'c1') {
  n += 1;
  const contentFile = path.join(root, `content-${n}.json`);
  writeFileSync(contentFile, content);
  const lines: string[] = [];
  const outDir = path.join(root, `b${n}`);
  await runner.run({ siteDir, outDir, contentFile, code, say: (line) => lines.push(line) });
  return { ...(JSON.parse(readFileSync(path.join(outDir, 'built.json'), 'utf8')) as { content: string; pid: number; production: string }), lines };
}

describe('the warm site builder', () => {
  it('builds one snapshot after another in the same worker, in production mode, its output to the log', async () => {
    runner.warm(siteDir, 'c1');
    const one = await build('first');
    const two = await build('second');
    expect([one.content, two.content, one.production]).toEqual(['first', 'second', 'production']);
    expect(two.pid).toBe(one.pid);
    expect(two.lines).toEqual(['building second']);
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
