// `npm test`: the type check and lint (each counts as one test), every unit, integration and
// component test (vitest), then the end-to-end tests in Chromium against the production build of
// the whole stack and against the production shape (Playwright). Prints one closing line with the combined counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/stack.mjs';

const results = path.join(root, '.data/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const only = process.argv[2]; // optional: "unit" or "e2e"

function run(args) {
  const res = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  return res.status ?? 1;
}

let failedRuns = 0;
let passed = 0;
let failed = 0;
let skipped = 0;

if (only !== 'e2e') {
  // Types first: Node and Vite strip them without checking.
  const typesOk = run([path.join(root, 'scripts/typecheck.mjs')]) === 0;
  if (typesOk) passed += 1;
  else failed += 1;
  // Lint states the architecture (import directions, file names, no floating promises).
  const lintOk = run([path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings=0']) === 0;
  console.log(`lint: ${lintOk ? 'no findings' : 'findings above'}`);
  if (lintOk) passed += 1;
  else failed += 1;
  failedRuns += run([path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, 'vitest.json')}`]) === 0 ? 0 : 1;
  const file = path.join(results, 'vitest.json');
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  } else failed += 1;
}

if (only !== 'unit') {
  // The whole stack as `npm start` runs it, then the production shape (Caddy, two API instances,
  // the system PostgreSQL: playwright.production-shape.config.ts).
  for (const [config, report] of [['playwright.config.ts', 'e2e.json'], ['playwright.production-shape.config.ts', 'e2e-production-shape.json']]) {
    failedRuns += run([path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', config]) === 0 ? 0 : 1;
    const file = path.join(results, report);
    if (existsSync(file)) {
      const s = JSON.parse(readFileSync(file, 'utf8')).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected;
      skipped += s.skipped;
    } else failed += 1;
  }
}

if (failedRuns > 0 && failed === 0) failed = failedRuns;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
