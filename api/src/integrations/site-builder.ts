import { BUILD_CONTENT_FILE, linkDependencies, newBuildId, publishBuild, pruneBuilds, type ContentSnapshot } from '@app/shared/server';
import { spawn } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SiteBuilder } from '../domain/deploy/rebuild-scheduler.ts';

/**
 * Builds the Astro site from a content snapshot into a fresh build folder and makes it live
 * (the protocol is @app/shared/server's site-builds). The build reads the snapshot from a file
 * (SITE_CONTENT_FILE), never the CMS, and keeps it as `content.json` beside its output.
 */
export function createSiteBuilder(opts: { siteDir: string; buildsDir: string; env: NodeJS.ProcessEnv }): SiteBuilder {
  return {
    async build(snapshot: ContentSnapshot) {
      const id = newBuildId();
      const outDir = path.join(opts.buildsDir, id);
      const contentFile = path.join(opts.buildsDir, `${id}.${BUILD_CONTENT_FILE}`);
      await mkdir(opts.buildsDir, { recursive: true });
      await linkDependencies(opts.buildsDir, path.resolve(opts.siteDir, '..', 'node_modules'));
      await writeFile(contentFile, JSON.stringify(snapshot));
      try {
        // In a hoisted workspace the CLI lives in the repository's node_modules.
        const astroCli = createRequire(path.join(opts.siteDir, 'package.json')).resolve('astro/package.json').replace(/package\.json$/, 'bin/astro.mjs');
        const output = await run(process.execPath, [astroCli, 'build'], {
          cwd: opts.siteDir,
          // Always a production build, whatever mode the API runs in (a development build ships React's dev bundle).
          env: { ...opts.env, NODE_ENV: 'production', SITE_OUT_DIR: outDir, SITE_CONTENT_FILE: contentFile },
        });
        await rename(contentFile, path.join(outDir, BUILD_CONTENT_FILE));
        await publishBuild(opts.buildsDir, id);
        await pruneBuilds(opts.buildsDir, id);
        return output;
      } finally {
        await rm(contentFile, { force: true });
      }
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
