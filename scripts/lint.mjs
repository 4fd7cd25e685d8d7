// `npm run lint`: ESLint, then oxlint; fails if either finds anything. Arguments (paths, --fix)
// go to both.
//
// ESLint states the architecture (eslint.config.js: import directions, file names, React hooks,
// unused code) and needs no type information. The two rules that do need it, no-floating-promises
// and no-misused-promises, run in oxlint's type-aware mode (.oxlintrc.json), whose tsgolint builds
// the TypeScript programs with the native compiler. Building them with typescript-eslint's
// projectService was nearly all of lint's time, about 180 s of one core in CI (issue 53 #6); on the
// same tree here lint went from 67–82 s of CPU to 24–25 s, and from 3.7 GB of memory to 1.2 GB.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/stack.mjs';

const args = process.argv.slice(2);
const linters = [
  ['eslint', path.join(root, 'node_modules/eslint/bin/eslint.js')],
  ['oxlint', path.join(root, 'node_modules/oxlint/bin/oxlint')],
];

let failed = 0;
// Without paths, each lints the whole repository (the current folder).
for (const [name, bin] of linters) {
  const { status } = spawnSync(process.execPath, [bin, ...args, '--max-warnings=0'], { cwd: root, stdio: 'inherit' });
  console.log(`${name}: ${status === 0 ? 'no findings' : 'findings above'}`);
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
