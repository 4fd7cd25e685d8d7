import { BUILD_CONTENT_FILE, completeBuilds, currentBuildId, linkDependencies, newBuildId, publishBuild, pruneBuilds, type ContentSnapshot } from '@app/shared/server';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { StepTimer } from '../domain/deploy/deployment-run.ts';
import type { LiveBuilds, SiteBuilder } from '../domain/deploy/rebuild-scheduler.ts';
import { BuildFailure } from '../domain/ports/build-failure.ts';
import { checkBuild } from './build-health-check.ts';
import type { BuildPublisher } from './published-builds.ts';
import { createSiteBuildRunner } from './site-build-worker.ts';

/**
 * Builds the Astro site from a content snapshot into a fresh build folder, health-checks it, and
 * only then makes it live (the protocol is @app/shared/server's site-builds): a failed build or
 * check is removed and the previous build keeps serving. The build reads the snapshot from a file
 * (SITE_CONTENT_FILE), never the CMS, and keeps it as `content.json` beside its output. The source
 * is `siteDir`, or a deploy working copy's site folder. With a `publisher` (SITE_BUILDS_S3_*), going
 * live is publishing to the bucket instead of the local pointer, and the builds folder only stages.
 */
export function createSiteBuilder(opts: { siteDir: string; buildsDir: string; env: NodeJS.ProcessEnv; publisher?: BuildPublisher | null }): SiteBuilder & { close(): void } {
  const publisher = opts.publisher ?? null;
  const runner = createSiteBuildRunner(opts.env);
  return {
    close: runner.close,
    prepare(options = {}) {
      runner.warm(options.siteDir ?? opts.siteDir, options.commit ?? 'local');
    },
    async build(snapshot: ContentSnapshot, options = {}) {
      const siteDir = options.siteDir ?? opts.siteDir;
      const say = options.log ?? (() => undefined);
      const step: StepTimer = options.step ?? ((_name, run) => run());
      const id = newBuildId();
      const outDir = path.join(opts.buildsDir, id);
      const contentFile = path.join(opts.buildsDir, `${id}.${BUILD_CONTENT_FILE}`);
      const live = publisher ? await publisher.live() : currentBuildId(opts.buildsDir);
      await step('content snapshot', async () => {
        await mkdir(opts.buildsDir, { recursive: true });
        await linkDependencies(opts.buildsDir, path.resolve(opts.siteDir, '..', 'node_modules'));
        await writeSnapshotFile(contentFile, snapshot);
      });
      const fail = async (stage: 'build' | 'health check' | 'publish', err: unknown) => {
        await rm(outDir, { recursive: true, force: true });
        const why = err instanceof Error ? err.message : String(err);
        throw new BuildFailure(`${stage} failed: ${why}\n${live ? `rolled back: ${live} keeps serving` : 'no previous build to keep serving'}`, live !== null);
      };
      try {
        say(`building ${id} from ${siteDir}`);
        try {
          await step('site build', () => runner.run({ siteDir, outDir, contentFile, code: options.commit ?? 'local', say }));
          await rename(contentFile, path.join(outDir, BUILD_CONTENT_FILE));
        } catch (err) {
          return await fail('build', err);
        }
        // With a bucket, the build's files go up while it is checked (a second or so each, on the
        // demo content): only its manifest and row, written after the check, make it visible, and
        // files of a build that fails the check are an unpublished prefix, which the next prune removes.
        const uploading = publisher?.upload({ dir: outDir, contentVersion: snapshot.version });
        // Awaited below (publish) or after a failed check; until then its failure waits there.
        uploading?.catch(() => undefined);
        try {
          // The running app's server code checks it: that is the code that will serve it.
          say(await step('health check', () => checkBuild({ siteDir: opts.siteDir, buildDir: outDir, snapshot, env: opts.env })));
        } catch (err) {
          await uploading?.catch(() => undefined);
          return await fail('health check', err);
        }
        if (publisher) {
          let pruned: string[];
          try {
            ({ pruned } = await step('switch', async () => publisher.publish({ buildId: id, dir: outDir, contentVersion: snapshot.version, say }, await uploading)));
          } catch (err) {
            return await fail('publish', err);
          }
          // Staged only: site servers fetch the published copy, and a rollback goes back to a published one.
          await pruneBuilds(opts.buildsDir, id, 1);
          say(`live: ${id}${pruned.length ? ` (removed the older published builds ${pruned.join(', ')})` : ''}`);
          return { buildId: id };
        }
        await step('switch', async () => {
          await publishBuild(opts.buildsDir, id);
          const pruned = await pruneBuilds(opts.buildsDir, id);
          say(`live: ${id}${pruned.length ? ` (removed the older builds ${pruned.join(', ')})` : ''}`);
        });
        return { buildId: id };
      } finally {
        await rm(contentFile, { force: true });
      }
    },
  };
}

/**
 * The snapshot as JSON, an article at a time: the read model holds bodies packed
 * (domain/content/packed-bodies.ts), so the whole library is never one string in memory.
 */
async function writeSnapshotFile(file: string, snapshot: ContentSnapshot): Promise<void> {
  const { records: { articles, ...rest }, ...head } = snapshot;
  const opening = JSON.stringify({ ...head, records: rest });
  const handle = await open(file, 'w');
  try {
    // `{…,"records":{…` without its two closing braces, then the articles.
    await handle.write(`${opening.slice(0, -2)}${Object.keys(rest).length ? ',' : ''}"articles":[`);
    let chunk = '';
    for (const [i, article] of articles.entries()) {
      chunk += (i ? ',' : '') + JSON.stringify(article);
      if (chunk.length > 1 << 20) {
        await handle.write(chunk);
        chunk = '';
      }
    }
    await handle.write(`${chunk}]}}`);
  } finally {
    await handle.close();
  }
}

/**
 * The builds kept in the builds folder, for a rollback: which are there, and making one live again
 * (the same atomic pointer switch a new build gets; the site server picks it up within a fifth of a second).
 */
export function createLiveBuilds(buildsDir: string): LiveBuilds {
  return {
    kept: () => completeBuilds(buildsDir),
    live: async () => currentBuildId(buildsDir),
    activate: (buildId) => publishBuild(buildsDir, buildId),
  };
}
