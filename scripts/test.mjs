// `npm test`: the type check and lint (each counts as one test), every unit, integration and
// component test (vitest), and the end-to-end tests in Chromium against the production build of
// the whole stack and against the production shape (Playwright). Prints one closing line with the
// combined counts, and each stage's wall time.
//
// Vitest and the main browser suite (two halves at once, on two stacks) run one after the other;
// the type check, lint, the CMS build, the production shape's suite and the multi-host checks run
// beside Vitest (below). `npm test unit` and `npm test e2e`
// run one half.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clusterUnavailable } from './lib/pg-ha-test-cluster.mjs';
import { root } from './lib/stack.mjs';

const results = path.join(root, '.data/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const only = process.argv[2]; // optional: "unit" or "e2e"
// In CI a test that fails is run once more, and named below as flaky when the second try passes:
// one timing accident in 1,400 tests must not stop a landing, and must not go unseen either.
const retry = process.env.CI ? ['--retry=1'] : [];

/**
 * Playwright's JSON report: the titles of specs whose every try failed, each with its last try's
 * first lines (a CI log keeps only its tail, where these are printed).
 */
function failedSpecs(suites, parents = []) {
  const named = (suite, spec) => {
    const error = spec.tests?.at(-1)?.results?.at(-1)?.error?.message;
    return `${suite.file} › ${[...parents, spec.title].join(' › ')}${error ? `\n  ${firstLines(error, 12)}` : ''}`;
  };
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => named(suite, spec)),
    ...failedSpecs(suite.suites ?? [], suite.title && suite.title !== suite.file ? [...parents, suite.title] : parents),
  ]);
}

/** Vitest's "Unhandled Errors" section (colours taken off), at most 60 lines of it; none when it has none. */
function vitestErrorsOutsideTests(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const start = plain.search(/⎯+ Unhandled Errors? ⎯+/);
  return start === -1 ? [] : plain.slice(start).split('\n').slice(0, 60);
}

/** A failure message's first lines (colours taken off), indented under the failed test's name at the end. */
const firstLines = (message = '', count = 4) => message.replace(/\x1b\[[0-9;]*m/g, '').split('\n').slice(0, count).join('\n  ');

/**
 * What the first failed test left in .data/test-results/diagnostics/ (a test whose state is gone
 * once the run ends, such as database-failover.test.ts's cluster and its hosts' logs), at most 80
 * lines: printed at the end, where a CI log's tail shows it. Later ones are named only.
 */
function diagnostics() {
  const dir = path.join(results, 'diagnostics');
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir).map((name) => path.join(dir, name)).sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  if (files.length === 0) return [];
  const [first, ...rest] = files;
  const text = readFileSync(first, 'utf8').trimEnd().split('\n').slice(0, 80).join('\n');
  return [`── ${path.relative(root, first)} ──\n${text}`, ...(rest.length ? [`(also: ${rest.map((f) => path.relative(root, f)).join(', ')})`] : [])];
}

/** Each stage's wall time, printed at the end (CI's time by stage). */
const stages = [];

/**
 * Runs a Node script to its end and answers its exit code. With `logFile`, its output goes there
 * and is printed whole when it ends, so a stage running beside another never interleaves with it.
 * With `tee`, it is printed as it comes and also written to `tee` (a file to read back at the end).
 */
function run(args, { env = process.env, stage = path.basename(args[0]), logFile = null, tee = null } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: logFile || tee ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (logFile || tee) {
      child.stdout.on('data', (d) => ((output += d), tee && process.stdout.write(d)));
      child.stderr.on('data', (d) => ((output += d), tee && process.stderr.write(d)));
    }
    child.on('close', (code) => {
      if (tee) writeFileSync(tee, output);
      if (logFile) {
        writeFileSync(logFile, output);
        process.stdout.write(`\n── ${stage} (${path.relative(root, logFile)}) ──\n${output}\n`);
      }
      stages.push(`${stage} ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(code ?? 1);
    });
  });
}

let failedRuns = 0;
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = []; // named again at the end, where a CI log's tail shows them
const unhandled = []; // Vitest's errors outside tests, likewise
let typesOk = true;
let lintOk = true;

async function unitStages() {
  // Types (Node and Vite strip them without checking) and lint (the architecture: import
  // directions, file names, no floating promises), beside Vitest: its files mostly wait on
  // PostgreSQL, sockets and timers, so the two CPU-bound checks take the CPU they leave (issue 53 #6;
  // on this machine kind no core is idle in any stage: the halves' comment below).
  const checks = Promise.all([
    run([path.join(root, 'scripts/typecheck.mjs')], { stage: 'typecheck', logFile: path.join(results, 'typecheck.log') }),
    run([path.join(root, 'scripts/lint.mjs')], { stage: 'lint', logFile: path.join(results, 'lint.log') }),
  ]);
  await vitestStage();
  [typesOk, lintOk] = (await checks).map((code) => code === 0);
  console.log(`lint: ${lintOk ? 'no findings' : 'findings above'}`);
  passed += Number(typesOk) + Number(lintOk);
  failed += Number(!typesOk) + Number(!lintOk);
}

async function vitestStage() {
  // TEST_DATABASE_URL runs the database-backed tests on that server (CI: the system PostgreSQL 15,
  // the version production uses) instead of an embedded one; the end-to-end stack keeps its own.
  const env = process.env.TEST_DATABASE_URL ? { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL } : process.env;
  const file = path.join(results, 'vitest.json');
  // Three files at a time on 2 cores: most files wait on PostgreSQL, sockets, child processes and
  // real timeouts rather than the CPU (the load stays under 2). Given here, on the command line,
  // because a project's own config file does not inherit it from the root one.
  const workers = `--maxWorkers=${process.env.VITEST_WORKERS ?? 3}`;
  const log = path.join(results, 'vitest.log');
  const code = await run([path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', workers, ...retry, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], { env, stage: 'vitest', tee: log });
  failedRuns += code === 0 ? 0 : 1;
  // Errors outside any test (a worker that stopped, a rejection no test awaited) are in Vitest's
  // output only, long before the run's end: repeated at the end, where a CI log's tail shows them.
  if (code !== 0) unhandled.push(...vitestErrorsOutsideTests(readFileSync(log, 'utf8')));
  if (!existsSync(file)) return void (failed += 1);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A file that never finished, and no test failed: its worker process stopped (a crash of V8
  // itself: "Worker exited unexpectedly with signal SIGTRAP", in a file whose tests all pass alone,
  // twice in CI). In CI that file runs once more on its own, as a failed test does: named below as
  // flaky if it passes, and the run fails if it does not.
  const unfinished = (r.testResults ?? []).filter((f) => f.status === 'failed' && !f.message && !(f.assertionResults ?? []).some((t) => t.status === 'failed'));
  const failedFiles = (r.testResults ?? []).filter((f) => f.status === 'failed');
  if (retry.length && code !== 0 && r.numFailedTests === 0 && unfinished.length > 0 && unfinished.length === failedFiles.length && unfinished.length <= 3) {
    const names = unfinished.map((f) => f.name);
    const again = path.join(results, 'vitest-again.json');
    const code2 = await run([path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', workers, ...retry, '--reporter=default', '--reporter=json', `--outputFile.json=${again}`, ...names], { env, stage: 'vitest again', tee: path.join(results, 'vitest-again.log') });
    if (code2 === 0 && existsSync(again)) {
      const second = JSON.parse(readFileSync(again, 'utf8'));
      failedRuns -= 1;
      r.testResults = [...r.testResults.filter((f) => !names.includes(f.name)), ...second.testResults];
      r.numPassedTests = r.testResults.reduce((n, f) => n + f.assertionResults.filter((t) => t.status === 'passed').length, 0);
      console.log(`flaky (its worker stopped; the file passed when run again): ${names.map((n) => path.relative(root, n)).join(', ')}`);
    }
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  for (const f of r.testResults ?? []) {
    for (const t of f.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${path.relative(root, f.name)} › ${t.fullName}\n  ${firstLines(t.failureMessages?.at(-1))}`);
      else if (t.status === 'passed' && t.failureMessages?.length) console.log(`flaky (passed on its second try): ${path.relative(root, f.name)} › ${t.fullName}\n  ${firstLines(t.failureMessages[0], 3)}`);
    }
    // A file that failed with no failed test: an error in a hook, or a file that never finished (its
    // worker stopped: the errors outside tests, below, say why).
    if (f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed')) failures.push(`${path.relative(root, f.name)} (${(f.message ?? '').split('\n')[0] || 'the file did not finish'})`);
  }
}

/**
 * One Playwright suite: its config, and its report's counts and failed titles added to the run's.
 * With `logFile`, its output is printed whole when it ends (it runs beside another stage).
 */
async function browserSuite(config, report, { logFile = null, env = process.env, stage = config } = {}) {
  failedRuns += (await run([path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', config], { stage, logFile, env })) === 0 ? 0 : 1;
  const file = path.join(results, report);
  if (!existsSync(file)) return void (failed += 1);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
  failures.push(...failedSpecs(r.suites ?? []));
}

// The whole stack as `npm start` runs it (playwright.config.ts), and the production shape (Caddy,
// two API instances, the system PostgreSQL: playwright.production-shape.config.ts).
//
// The main suite runs as two Playwright runs, each on a stack of its own (its E2E_PORT), the files
// split by playwright.config.ts's E2E_PART: one stack left half the 2 cores idle, waiting on
// rebuilds, autosaves and the browser. On this machine kind both cores are now busy throughout a
// CI run (/proc/stat, session 41: 1.9–2.0 of 2, a third of it in the kernel), and two tries to fill
// a core thought idle each made it longer: three parts on three stacks (24% more CPU for the same
// tests, 2,253 s against 2,035, two tests failed on the load), and the halves' stacks started beside
// Vitest's last files at nice 10 with their tests held until it ended (Vitest 1,081 s against 973,
// 2,090 s in all). Only less CPU shortens a run here.
const firstPort = Number(process.env.E2E_PORT ?? 3100);
const half = (part) =>
  browserSuite('playwright.config.ts', `e2e-${part}.json`, {
    env: { ...process.env, E2E_PART: part, E2E_PORT: String(firstPort + (part === 'second' ? 100 : 0)) },
    stage: `e2e ${part} half`,
    logFile: path.join(results, `e2e-${part}.log`),
  });
const wholeMainSuite = () => browserSuite('playwright.config.ts', 'e2e.json');
const shapeSuite = (logFile) => browserSuite('playwright.production-shape.config.ts', 'e2e-production-shape.json', { logFile });

/**
 * The multi-host checks (tests/multi-host/hosts.test.mjs, issues 50 and 51): one start of
 * `npm run start:multi-host`'s hosts as network namespaces, an app host lost, then the primary
 * database's host. Needs root and Debian's patroni, etcd, haproxy and pgbackrest (.ci/run installs
 * them); skipped, and said so, without them. node:test's summary lines give the counts.
 */
async function multiHostChecks() {
  const why = clusterUnavailable();
  if (why) {
    console.log(`multi-host checks skipped: ${why}`);
    skipped += 2;
    return;
  }
  const logFile = path.join(results, 'multi-host.log');
  const code = await run(['--test', '--test-reporter=spec', path.join(root, 'tests/multi-host/hosts.test.mjs')], { stage: 'multi-host', logFile });
  const output = readFileSync(logFile, 'utf8');
  const count = (name) => Number(new RegExp(`^ℹ ${name} (\\d+)`, 'm').exec(output)?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail') + count('cancelled');
  skipped += count('skipped');
  if (code !== 0) {
    failedRuns += 1;
    failures.push(`tests/multi-host/hosts.test.mjs (${path.relative(root, logFile)})`);
  }
}

// The CMS's production build, which only the browser suites need, is made beside the unit stages,
// and the production shape's suite follows it there, beside Vitest, whose files mostly wait on
// PostgreSQL, sockets and timers. The main suite's two halves come after, at once. A half beside
// Vitest was tried (issue 53 #6, docs/decisions.md): on a loaded machine Vitest's real timeouts
// (presence, chat across instances, deploys) then failed. The halves only start on a built CMS:
// two stacks that found it unbuilt would each build it, in the same folder; after a failed build the
// suite runs whole, on one stack, whose start builds it again (and reports why).
const cmsBuild = only !== 'unit' ? run([path.join(root, 'scripts/build-cms.mjs')], { stage: 'cms build', logFile: path.join(results, 'cms-build.log') }) : null;
// The multi-host checks run beside the production shape, both beside Vitest (their hosts build
// nothing: the CMS is built by then, and their site builds are the API's own; the shape's Caddy has
// no admin port, theirs a socket): one after the other, they ended phase 1 alone once Vitest's
// members hashed their passwords cheaply (issue 53 #6). The halves wait for both.
const shapeBesideUnits = only === undefined ? cmsBuild.then(() => Promise.all([shapeSuite(path.join(results, 'e2e-production-shape.log')), multiHostChecks()])) : null;
if (only !== 'e2e') await unitStages();
await shapeBesideUnits;
if (only !== 'unit') {
  if ((await cmsBuild) === 0) await Promise.all([half('first'), half('second')]);
  else await wholeMainSuite();
}
if (only === 'e2e') {
  await shapeSuite();
  await multiHostChecks();
}

if (failedRuns > 0 && failed === 0) failed = failedRuns;
if (!typesOk) failures.unshift('typecheck');
if (!lintOk) failures.unshift('lint');
console.log(`time by stage: ${stages.join(', ')}`);
if (unhandled.length > 0) console.log(`\n${unhandled.join('\n')}\n`);
if (failed > 0) for (const text of diagnostics()) console.log(`${text}\n`);
for (const name of failures) console.log(`failed: ${name}`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
