import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ContentSnapshot } from '@app/shared/server';

const PAGE_TIMEOUT_MS = 30_000;

/**
 * Serves a finished build on a private port (site/server/preview-build.ts, the same server code
 * that will serve it live) and asks it for the home page, an article and /api/health. The home
 * page must carry the snapshot's content version. Resolves with what was checked; rejects with
 * the first failure. The live site is untouched either way.
 */
export async function checkBuild(opts: { siteDir: string; buildDir: string; snapshot: ContentSnapshot; env: NodeJS.ProcessEnv }): Promise<string> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(opts.siteDir, 'server/preview-build.ts'), opts.buildDir], { env: { ...opts.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the build's server did not start within ${PAGE_TIMEOUT_MS / 1000} s\n${output}`)), PAGE_TIMEOUT_MS);
      child.stdout.on('data', (d: Buffer) => {
        output += d;
        const m = /\{"port":(\d+)\}/.exec(output);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      child.stderr.on('data', (d: Buffer) => (output += d));
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the build's server exited (${code})\n${output}`));
      });
    });
    const base = `http://127.0.0.1:${port}`;
    const article = opts.snapshot.records.articles[0];
    // Where the step's time goes: starting the build's server (loading its pages), then the pages.
    const lines: string[] = [`health check: the build's server started in ${seconds(performance.now() - started)}`];
    const pagesFrom = performance.now();
    const home = await page(base, '/');
    if (!home.includes(`name="content-version" content="${opts.snapshot.version}"`)) throw new Error(`health check: / does not carry content version ${opts.snapshot.version}`);
    lines.push('health check: / 200 with the content version');
    if (article) {
      await page(base, `/articles/${article.id}`);
      lines.push(`health check: /articles/${article.id} 200`);
    }
    await page(base, '/api/health');
    lines.push('health check: /api/health 200 through the build');
    lines.push(`health check: the pages answered in ${seconds(performance.now() - pagesFrom)}`);
    return lines.join('\n');
  } finally {
    child.kill('SIGTERM');
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function page(base: string, pathname: string): Promise<string> {
  const res = await fetch(base + pathname, { signal: AbortSignal.timeout(PAGE_TIMEOUT_MS), headers: { accept: 'text/html,application/json' } }).catch((err: Error) => {
    throw new Error(`health check: ${pathname} did not answer (${err.message})`);
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`health check: ${pathname} answered ${res.status}`);
  return body;
}
