import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StepTimer } from '../domain/deploy/deployment-run.ts';
import type { GitSource, SourceUpdate } from '../domain/ports/git-source.ts';

const exec = promisify(execFile);

/**
 * The deployable source: a working copy of DEPLOY_REPOSITORY's DEPLOY_BRANCH (real `git`), from
 * which the site is built. `update` fetches and checks out the branch's newest commit; `checkout`
 * puts the working copy back on a commit (a rollback). Dependencies come from the running app's
 * node_modules while the lockfile matches it; a changed lockfile is installed in the copy.
 */
export function createGitSource(opts: { repository: string; branch: string; workDir: string; appRoot: string }): GitSource {
  const releasesDir = path.join(path.dirname(opts.workDir), 'deploy-releases');
  const git = async (args: string[], cwd = opts.workDir) => (await exec('git', args, { cwd, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })).stdout.trim();

  async function head(): Promise<string | null> {
    if (!existsSync(path.join(opts.workDir, '.git'))) return null;
    return git(['rev-parse', 'HEAD']).catch(() => null);
  }

  /** Whether the working copy's lockfile differs from the running app's (then the copy has its own install). */
  async function ownLockfile(): Promise<boolean> {
    const own = await readFile(path.join(opts.workDir, 'package-lock.json'), 'utf8').catch(() => null);
    const running = await readFile(path.join(opts.appRoot, 'package-lock.json'), 'utf8').catch(() => null);
    return own !== null && own !== running;
  }

  async function changedBetween(base: string | null, commit: string): Promise<string[] | null> {
    if (!base) return null;
    if (base === commit) return [];
    return (await git(['diff', '--name-only', base, commit]).catch(() => '')).split('\n').filter(Boolean);
  }

  async function prepareDependencies(changed: string[] | null, say: (line: string) => void) {
    if ((await ownLockfile()) && (changed === null || changed.includes('package-lock.json'))) {
      say('package-lock.json changed: installing dependencies (npm ci --ignore-scripts)');
      await removeLinkedDependencies(opts.workDir);
      const npm = await exec('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: opts.workDir, maxBuffer: 64 * 1024 * 1024 });
      say(npm.stdout.trim().split('\n').slice(-3).join('\n'));
      return;
    }
    await linkDependencies(opts.appRoot, opts.workDir);
    say('dependencies unchanged: using the installed packages');
  }

  return {
    repository: opts.repository,
    branch: opts.branch,
    siteDir: path.join(opts.workDir, 'site'),
    workDir: opts.workDir,
    releasesDir,
    head,
    /**
     * An unchanging copy of a deployed commit (`<releases>/<commit>`, made once) for the supervisor
     * to restart the API and the CMS from. Not the working copy: it moves on with the next deployment
     * and with a rollback, while a running service — and the code a failed restart puts it back on —
     * must stay on the commit it was started from. The supervisor removes those nothing runs from.
     */
    async release(commit: string): Promise<string> {
      const dir = path.join(releasesDir, commit);
      const made = path.join(dir, '.release');
      if (existsSync(made)) return dir;
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      const archive = `${dir}.tar`;
      await git(['archive', '--format=tar', '-o', archive, commit]);
      await exec('tar', ['-xf', archive, '-C', dir]);
      await rm(archive, { force: true });
      await linkDependencies((await ownLockfile()) ? opts.workDir : opts.appRoot, dir);
      await writeFile(made, `${commit}\n`);
      return dir;
    },
    /** Fetches the branch and checks out its newest commit; says which files changed since `since`. */
    async update(since: string | null, say: (line: string) => void, step: StepTimer = (_name, run) => run()): Promise<SourceUpdate> {
      const previous = await head();
      const { commit, base, changedFiles } = await step('git fetch', async () => {
        if (previous === null) {
          await rm(opts.workDir, { recursive: true, force: true });
          say(`cloning ${opts.repository} (${opts.branch})`);
          await exec('git', ['clone', '--quiet', '--branch', opts.branch, opts.repository, opts.workDir]);
        } else {
          say(`fetching ${opts.branch} from ${opts.repository}`);
          await git(['fetch', '--quiet', 'origin', `+refs/heads/${opts.branch}:refs/remotes/origin/${opts.branch}`]);
          await git(['checkout', '--quiet', '--force', '--detach', `origin/${opts.branch}`]);
        }
        const commit = (await head())!;
        const base = since ?? previous;
        return { commit, base, changedFiles: await changedBetween(base, commit) };
      });
      say(`checked out ${commit.slice(0, 12)}${base && base !== commit ? ` (${changedFiles?.length ?? 0} files changed since ${base.slice(0, 12)})` : ''}`);
      await step('dependencies', () => prepareDependencies(changedFiles, say));
      return { commit, previous: base, changedFiles };
    },
    /** The files that differ between two commits (null: unknown, e.g. no earlier commit). */
    changedBetween,
    /** Whether `commit` is `tip` or one of its ancestors (false when either is unknown here). */
    async contains(tip: string, commit: string): Promise<boolean> {
      if (!(await head())) return false;
      return git(['merge-base', '--is-ancestor', commit, tip]).then(() => true, () => false);
    },
    async checkout(commit: string, say: (line: string) => void): Promise<void> {
      await git(['checkout', '--quiet', '--force', '--detach', commit]);
      say(`working copy back on ${commit.slice(0, 12)}`);
    },
  };
}
/** Folders holding installed packages: the root's and each workspace's own (npm nests a package there when versions differ). */
async function dependencyFolders(root: string): Promise<string[]> {
  const folders = ['node_modules'];
  for (const parent of ['.', 'packages']) {
    const entries = await readdir(path.join(root, parent), { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isDirectory() || e.name.startsWith('.') || e.name === 'node_modules') continue;
      // lstat: a link whose target is gone still has to be found (and removed).
      if (await lstat(path.join(root, parent, e.name, 'node_modules')).then(() => true, () => false)) folders.push(path.join(parent, e.name, 'node_modules'));
    }
  }
  return folders.map((f) => path.normalize(f));
}

/**
 * Gives the working copy the running app's installed packages without copying them: each entry of
 * the app's node_modules folders is linked, except the workspace packages (`@app/*`), which are
 * linked to the working copy's own folders — so a build or a restarted service from the copy runs
 * the copy's shared code, not the app's.
 */
export async function linkDependencies(appRoot: string, workDir: string): Promise<void> {
  await removeLinkedDependencies(workDir);
  for (const folder of await dependencyFolders(appRoot)) {
    const from = path.join(appRoot, folder);
    const to = path.join(workDir, folder);
    if (folder !== 'node_modules') {
      if (existsSync(path.dirname(to))) await symlink(from, to, 'dir');
      continue;
    }
    await mkdir(to, { recursive: true });
    for (const entry of await readdir(from, { withFileTypes: true })) {
      if (entry.name !== '@app') {
        await symlink(path.join(from, entry.name), path.join(to, entry.name), entry.isDirectory() ? 'dir' : 'file');
        continue;
      }
      await mkdir(path.join(to, '@app'), { recursive: true });
      // npm's own workspace links are relative (../../packages/shared): the same link in the copy points into the copy.
      for (const pkg of await readdir(path.join(from, '@app'))) await symlink(await readlink(path.join(from, '@app', pkg)), path.join(to, '@app', pkg), 'dir');
    }
  }
}

/** Undoes linkDependencies (or an older whole-folder link) before linking again or installing. */
async function removeLinkedDependencies(workDir: string): Promise<void> {
  for (const folder of await dependencyFolders(workDir)) {
    const target = path.join(workDir, folder);
    const stat = await lstat(target).catch(() => null);
    if (stat) await rm(target, { recursive: true, force: true });
  }
}
