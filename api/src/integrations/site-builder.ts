import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { lstat, mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteBuilder } from '../domain/deploy/rebuild-scheduler.ts';

/**
 * Builds the Astro site into a fresh folder under the builds directory, then points
 * `current` at it with an atomic rename. The site server watches `current` and swaps to the
 * new build between requests, so nothing is dropped. The last three builds are kept.
 */
export function createSiteBuilder(opts: { siteDir: string; buildsDir: string; env: NodeJS.ProcessEnv }): SiteBuilder {
  return {
    async build() {
      const id = `b${Date.now()}`;
      const outDir = path.join(opts.buildsDir, id);
      await mkdir(opts.buildsDir, { recursive: true });
      await linkDependencies(opts.buildsDir, opts.siteDir);
      // In a hoisted workspace the CLI lives in the repository's node_modules.
      const astroCli = createRequire(path.join(opts.siteDir, 'package.json')).resolve('astro/package.json').replace(/package\.json$/, 'bin/astro.mjs');
      const output = await run(process.execPath, [astroCli, 'build'], {
        cwd: opts.siteDir,
        // Always a production build, whatever mode the API runs in (a development build ships React's dev bundle).
        env: { ...opts.env, NODE_ENV: 'production', SITE_OUT_DIR: outDir },
      });
      const tmp = path.join(opts.buildsDir, `current.${id}.tmp`);
      await writeFile(tmp, id);
      await rename(tmp, path.join(opts.buildsDir, 'current'));
      await prune(opts.buildsDir, id);
      return output;
    },
  };
}

function run(cmd: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('error', (err) => reject(new Error(`${err.message}\n${log}`)));
    child.on('close', (code) => (code === 0 ? resolve(log) : reject(new Error(`build exited with ${code}\n${log}`))));
  });
}

/**
 * A build's server chunks import packages at run time (and while prerendering). When the builds
 * folder lies outside the repository (a volume in production), Node could not find them, so
 * the folder gets a node_modules link to the workspace's packages. Site-only packages, if npm
 * did not hoist them, are linked per build.
 */
async function linkDependencies(buildsDir: string, siteDir: string): Promise<void> {
  const link = path.join(buildsDir, 'node_modules');
  const exists = await lstat(link).then(() => true, () => false);
  if (!exists) await symlink(path.resolve(siteDir, '..', 'node_modules'), link, 'dir');
}

async function prune(buildsDir: string, keepNewest: string): Promise<void> {
  const builds = (await readdir(buildsDir)).filter((n) => /^b\d+$/.test(n)).sort();
  const old = builds.filter((b) => b !== keepNewest).slice(0, -2);
  await Promise.all(old.map((b) => rm(path.join(buildsDir, b), { recursive: true, force: true })));
}
