// A local stand-in for GitHub for the deployment benchmarks: a bare clone of this repository's
// current branch, and a clone of it to push commits from (real git).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib/stack.mjs';

export const git = (cwd, ...args) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** `{ work, bare, branch, pusher }`: remove `work` when done. */
export function localGitHub(prefix) {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  const bare = path.join(work, 'origin.git');
  const branch = git(root, 'symbolic-ref', '--short', 'HEAD');
  git(work, 'clone', '--quiet', '--bare', '--single-branch', root, bare);
  const pusher = path.join(work, 'pusher');
  git(work, 'clone', '--quiet', bare, pusher);
  git(pusher, 'config', 'user.email', 'bench@example.com');
  git(pusher, 'config', 'user.name', 'Bench');
  return { work, bare, branch, pusher };
}
