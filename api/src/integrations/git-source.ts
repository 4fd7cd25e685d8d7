import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export type SourceUpdate = { commit: string; previous: string | null; changedFiles: string[] | null };

/**
 * The deployable source: a working copy of DEPLOY_REPOSITORY's DEPLOY_BRANCH (real `git`), from
 * which the site is built. `update` fetches and checks out the branch's newest commit; `checkout`
 * puts the working copy back on a commit (a rollback). Dependencies come from the running app's
 * node_modules while the lockfile matches it; a changed lockfile is installed in the copy.
 */
export function createGitSource(opts: { repository: string; branch: string; workDir: string; appRoot: string }) {
  const git = async (args: string[], cwd = opts.workDir) => (await exec('git', args, { cwd, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })).stdout.trim();

  async function head(): Promise<string | null> {
    if (!existsSync(path.join(opts.workDir, '.git'))) return null;
    return git(['rev-parse', 'HEAD']).catch(() => null);
  }

  async function prepareDependencies(changed: string[] | null, say: (line: string) => void) {
    const link = path.join(opts.workDir, 'node_modules');
    const own = await readFile(path.join(opts.workDir, 'package-lock.json'), 'utf8').catch(() => null);
    const running = await readFile(path.join(opts.appRoot, 'package-lock.json'), 'utf8').catch(() => null);
    if (own !== null && own !== running && (changed === null || changed.includes('package-lock.json'))) {
      say('package-lock.json changed: installing dependencies (npm ci --ignore-scripts)');
      await rm(link, { recursive: true, force: true });
      const npm = await exec('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: opts.workDir, maxBuffer: 64 * 1024 * 1024 });
      say(npm.stdout.trim().split('\n').slice(-3).join('\n'));
      return;
    }
    const exists = await lstat(link).then(() => true, () => false);
    if (!exists) await symlink(path.join(opts.appRoot, 'node_modules'), link, 'dir');
    say('dependencies unchanged: using the installed packages');
  }

  return {
    repository: opts.repository,
    branch: opts.branch,
    siteDir: path.join(opts.workDir, 'site'),
    head,
    /** Fetches the branch and checks out its newest commit; says which files changed since `since`. */
    async update(since: string | null, say: (line: string) => void): Promise<SourceUpdate> {
      const previous = await head();
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
      const changedFiles = base && base !== commit ? (await git(['diff', '--name-only', base, commit]).catch(() => '')).split('\n').filter(Boolean) : base === commit ? [] : null;
      say(`checked out ${commit.slice(0, 12)}${base && base !== commit ? ` (${changedFiles?.length ?? 0} files changed since ${base.slice(0, 12)})` : ''}`);
      await prepareDependencies(changedFiles, say);
      return { commit, previous: base, changedFiles };
    },
    async checkout(commit: string, say: (line: string) => void): Promise<void> {
      await git(['checkout', '--quiet', '--force', '--detach', commit]);
      say(`working copy back on ${commit.slice(0, 12)}`);
    },
  };
}
export type GitSource = ReturnType<typeof createGitSource>;

/** Which services' own code a change touches: they need a restart to run it (the site is rebuilt anyway). */
export function servicesToRestart(changedFiles: string[] | null): string[] {
  if (!changedFiles) return [];
  const touched = (prefixes: string[]) => changedFiles.some((f) => prefixes.some((p) => f.startsWith(p)));
  return [touched(['api/', 'packages/']) && 'api', touched(['cms/', 'packages/']) && 'cms'].filter((s): s is string => Boolean(s));
}
