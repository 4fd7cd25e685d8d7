import type { StepTimer } from '../deploy/deployment-run.ts';

/** What a fetch of the deployable branch brought: its newest commit, the one before, the files between (null: unknown). */
export type SourceUpdate = { commit: string; previous: string | null; changedFiles: string[] | null };

/**
 * The deployable source (implemented by integrations/git-source.ts with real `git`): a working
 * copy of DEPLOY_REPOSITORY's DEPLOY_BRANCH, from which the site is built and services restart.
 */
export interface GitSource {
  readonly repository: string;
  readonly branch: string;
  /** The site's folder inside the working copy. */
  readonly siteDir: string;
  readonly workDir: string;
  readonly releasesDir: string;
  /** The working copy's commit (null: no copy yet). */
  head(): Promise<string | null>;
  /** An unchanging copy of a deployed commit for the supervisor to restart services from; its folder. */
  release(commit: string): Promise<string>;
  /** Fetches the branch and checks out its newest commit; says which files changed since `since`. */
  update(since: string | null, say: (line: string) => void, step?: StepTimer): Promise<SourceUpdate>;
  /** The files that differ between two commits (null: unknown, e.g. no earlier commit). */
  changedBetween(base: string | null, commit: string): Promise<string[] | null>;
  /** Whether `commit` is `tip` or one of its ancestors (false when either is unknown here). */
  contains(tip: string, commit: string): Promise<boolean>;
  /** Puts the working copy back on a commit (a rollback). */
  checkout(commit: string, say: (line: string) => void): Promise<void>;
}
