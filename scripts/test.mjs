// `npm test`: the type check and lint (each counts as one test), every unit, integration and
// component test (vitest), then the end-to-end tests in Chromium against the production build of
// the whole stack and against the production shape (Playwright). Prints one closing line with the combined counts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/stack.mjs';

const results = path.join(root, '.data/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const only = process.argv[2]; // optional: "unit" or "e2e"

/** Playwright's JSON report: the titles of specs whose every try failed. */
function failedSpecs(suites, parents = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `${suite.file} › ${[...parents, spec.title].join(' › ')}`),
    ...failedSpecs(suite.suites ?? [], suite.title && suite.title !== suite.file ? [...parents, suite.title] : parents),
  ]);
}

/** Each stage's wall time, printed at the end (CI's time by stage). */
const stages = [];
function run(args, env = process.env, stage = path.basename(args[0])) {
  const started = Date.now();
  const res = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  stages.push(`${stage} ${Math.round((Date.now() - started) / 1000)} s`);
  return res.status ?? 1;
}

/** Like `run`, in the background, its output held until it ends (two at once never interleave): true when it passed. */
function runQuietly(args, stage) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      process.stdout.write(output);
      stages.push(`${stage} ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(code === 0);
    });
  });
}

let failedRuns = 0;
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = []; // named again at the end, where a CI log's tail shows them

let typesOk = true;
let lintOk = true;
if (only !== 'e2e') {
  // Types (Node and Vite strip them without checking) and lint (the architecture: import
  // directions, file names, no floating promises), side by side: each prints its output when done.
  [typesOk, lintOk] = await Promise.all([
    runQuietly([path.join(root, 'scripts/typecheck.mjs')], 'typecheck'),
    runQuietly([path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings=0'], 'lint'),
  ]);
  console.log(`lint: ${lintOk ? 'no findings' : 'findings above'}`);
  passed += Number(typesOk) + Number(lintOk);
  failed += Number(!typesOk) + Number(!lintOk);
  // In CI a test that fails is run once more, and named below as flaky when the second try passes:
  // one timing accident in 1,100 tests must not stop a landing, and must not go unseen either.
  const retry = process.env.CI ? ['--retry=1'] : [];
  // TEST_DATABASE_URL runs the database-backed tests on that server (CI: the system PostgreSQL 15,
  // the version production uses) instead of an embedded one; the end-to-end stack below keeps its own.
  const vitestEnv = process.env.TEST_DATABASE_URL ? { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL } : process.env;
  failedRuns += run([path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...retry, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, 'vitest.json')}`], vitestEnv, 'vitest') === 0 ? 0 : 1;
  const file = path.join(results, 'vitest.json');
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    for (const f of r.testResults ?? []) {
      for (const t of f.assertionResults ?? []) {
        if (t.status === 'failed') failures.push(`${path.relative(root, f.name)} › ${t.fullName}`);
        else if (t.status === 'passed' && t.failureMessages?.length) console.log(`flaky (passed on its second try): ${path.relative(root, f.name)} › ${t.fullName}\n  ${t.failureMessages[0].split('\n').slice(0, 3).join('\n  ')}`);
      }
      if (f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed')) failures.push(`${path.relative(root, f.name)} (${(f.message ?? '').split('\n')[0]})`);
    }
  } else failed += 1;
}

if (only !== 'unit') {
  // The whole stack as `npm start` runs it, then the production shape (Caddy, two API instances,
  // the system PostgreSQL: playwright.production-shape.config.ts).
  for (const [config, report] of [['playwright.config.ts', 'e2e.json'], ['playwright.production-shape.config.ts', 'e2e-production-shape.json']]) {
    failedRuns += run([path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', config], process.env, config) === 0 ? 0 : 1;
    const file = path.join(results, report);
    if (existsSync(file)) {
      const s = JSON.parse(readFileSync(file, 'utf8')).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected;
      skipped += s.skipped;
      failures.push(...failedSpecs(JSON.parse(readFileSync(file, 'utf8')).suites ?? []));
    } else failed += 1;
  }
}

if (failedRuns > 0 && failed === 0) failed = failedRuns;
if (!typesOk) failures.unshift('typecheck');
if (!lintOk) failures.unshift('lint');
console.log(`time by stage: ${stages.join(', ')}`);
for (const name of failures) console.log(`failed: ${name}`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
