// `npm test`: every test of the project, in one run, ending with one line `N passed, N failed`.
//   1. tsc (web, server) and eslint: one test each
//   2. unit tests: Jest via umi/test
//   3. API tests: node's test runner on PGlite and on PostgreSQL side by side (TEST_DATABASE_URL,
//      default postgres://postgres@127.0.0.1:5432/postgres)
//   4. browser tests: Playwright on Debian's Chromium against the app built once here (the build
//      runs in the background from the start, then the PGlite API suite takes its core), on two
//      servers side by side, after the API suites (E2E_WITH_API=1: alongside them)
// Each part's wall time is printed at the end against its budget (docs/testing.md); a part over
// budget is reported, not failed (machines differ). Set SKIP_E2E=1 or SKIP_PG=1 to leave a part
// out while developing (the count then says so), API_FILTER=<text> to run only the API test files
// whose path contains it.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureInstalled } from './lib.mjs';

const results = [];
const started = Date.now();
/**
 * Each part's budget of wall time in seconds on the 2-core CI machine (docs/testing.md "Time
 * budget"): the whole run must stay within 15 minutes today and 25 with all 139 routes.
 */
const BUDGET_S = {
  'typecheck web': 60,
  'typecheck server': 45,
  lint: 30,
  'unit (jest)': 60,
  'web build': 300,
  'API on PGlite': 420,
  'API on PostgreSQL': 420,
  'browser (playwright)': 480,
  total: 900,
};
const timings = [];
/** One line per failed test (`part: file › title: error`), printed just before the summary: CI shows only the tail. */
const failures = [];
/** Notes the wall time of a part that ran from `since` (ms) until now. */
const timed = (name, since) => timings.push({ name, seconds: (Date.now() - since) / 1000 });
/**
 * Records one part's counts. A part that ran no test where tests exist (a suite that failed while
 * loading, a runner that collected nothing) counts as one failure: a green summary must mean tests ran.
 */
const record = (name, passed, failed, skipped = 0, { emptyIsFailure = true } = {}) => {
  if (emptyIsFailure && passed + failed + skipped === 0) {
    console.log(`\n[assay test] ${name}: ran no test where tests exist — counted as a failure`);
    failed = 1;
  }
  results.push({ name, passed, failed, skipped });
  console.log(`\n[assay test] ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
};
/** Runs a command (with the terminal's stdio unless `stdio` says otherwise) without blocking the background parts; resolves to its exit code. */
const runAsync = (cmd, args, env = {}, stdio = 'inherit') =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio, env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
/** A part that is one command: one test, passed when it exits 0. */
const step = async (name, cmd, args, env) => {
  console.log(`\n[assay test] ${name}: ${cmd} ${args.join(' ')}`);
  const since = Date.now();
  const code = await runAsync(cmd, args, env);
  timed(name, since);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
};

/** The colour codes of terminal output (Playwright's error messages carry them). */
// eslint-disable-next-line no-control-regex
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;
/** One line per flaky test (failed, then passed on its retry): passed, but named so it gets fixed. */
const flaky = [];
/**
 * `file › title: error` of each test of a Playwright JSON report whose outcome is `outcome`
 * ('unexpected' = failed, 'flaky' = passed on retry).
 */
function playwrightOutcomes(report, outcome) {
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== outcome) continue;
        const error = t.results?.find((r) => r.error)?.error?.message ?? '';
        out.push(
          `${file} › ${spec.title}: ${error
            .replace(ANSI_COLOUR, '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return out;
}

/** Seconds as `m:ss`. */
const fmt = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** The reporter's JSON of an API suite (scripts/file-times-reporter.mjs), or null when unreadable. */
function readFileTimes(timesFile) {
  try {
    return JSON.parse(readFileSync(timesFile, 'utf8'));
  } catch {
    return null;
  }
}

/** The five slowest test files of an API suite. */
function slowestFiles(times) {
  if (!times) return '';
  const top = Object.entries(times.seconds)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  return `[assay test] slowest files (their tests' time): ${top.map(([f, s]) => `${f.replace(/^.*server\/src\//, '')} ${s.toFixed(1)} s`).join(', ')}`;
}

/**
 * The API test files of one engine's suite (node 20's test runner does not expand globs itself).
 * A file that declares `runsOnOneEngine('<engine>', 'why')` (server/src/test/engines.ts) goes to
 * that engine's suite only, or to the other one when that engine's suite is skipped (SKIP_PG=1).
 */
function apiTestFiles(engine) {
  const pgSkipped = process.env.SKIP_PG === '1';
  return readdirSync('server/src', { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `server/src/${f}`)
    .filter((file) => {
      const only = readFileSync(file, 'utf8').match(/^runsOnOneEngine\('(pglite|postgres)'/m)?.[1];
      return !only || only === engine || (only === 'postgres' && pgSkipped);
    })
    .filter((file) => !process.env.API_FILTER || file.includes(process.env.API_FILTER))
    .sort();
}

/**
 * How many API test files one process runs (server/src/test/batch.ts): each process start costs
 * ~2.5–3 s of CPU before the first test, and the files keep a database of their own either way.
 * API_FILES_PER_PROCESS=1 gives every file its own process (node's test runner, as by hand).
 */
const FILES_PER_PROCESS = Number(process.env.API_FILES_PER_PROCESS || 40);

/**
 * Runs one API suite in the background: its files in processes of FILES_PER_PROCESS files (the
 * batch runner), one process after another. The spec output goes to test-results/<name>.log
 * (printed when the suite ends, so two suites' lines don't interleave), the counts come from each
 * process's TAP summary and the slowest files and failures from scripts/file-times-reporter.mjs.
 * Resolves once recorded.
 */
async function apiSuite(name, engine, env) {
  const since = Date.now();
  const base = `test-results/${name.replace(/\W+/g, '-')}`;
  const files = apiTestFiles(engine);
  const batches = [];
  for (let i = 0; i < files.length; i += FILES_PER_PROCESS) batches.push(files.slice(i, i + FILES_PER_PROCESS));
  console.log(
    `\n[assay test] ${name}: ${files.length} files in ${batches.length} process(es), started in the background → ${base}.log`,
  );
  const out = openSync(`${base}.log`, 'w');
  let status = 0;
  for (const [i, batch] of batches.entries()) {
    const runner = FILES_PER_PROCESS === 1 ? ['--test', '--test-concurrency=1'] : [];
    const entry = FILES_PER_PROCESS === 1 ? batch : ['server/src/test/batch.ts', ...batch];
    const code = await runAsync(
      process.execPath,
      [
        '--import',
        'tsx',
        ...runner,
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${base}.${i}.tap`,
        '--test-reporter=./scripts/file-times-reporter.mjs',
        `--test-reporter-destination=${base}.${i}.files.json`,
        ...entry,
      ],
      env,
      ['ignore', out, out],
    );
    status ||= code;
  }
  timed(name, since);
  closeSync(out);
  console.log(`\n[assay test] ${name} output:`);
  const times = { seconds: {}, failures: [] };
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (let i = 0; i < batches.length; i++) {
    const part = readFileTimes(`${base}.${i}.files.json`);
    Object.assign(times.seconds, part?.seconds);
    times.failures.push(...(part?.failures ?? []));
    const tap = `${base}.${i}.tap`;
    const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
    const count = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)`, 'm'))?.[1] ?? 0);
    passed += count('pass');
    failed += count('fail') + count('cancelled');
    skipped += count('skipped') + count('todo');
  }
  console.log(slowestFiles(times));
  for (const f of times.failures) failures.push(`${name}: ${f.file.replace(/^.*server\/src\//, '')} › ${f.name}: ${f.error}`);
  console.log(readFileSync(`${base}.log`, 'utf8'));
  record(name, passed, failed || (status === 0 ? 0 : 1), skipped);
}

/**
 * The web build for the browser tests, started now in the background (output in
 * test-results/build.log) so it overlaps the API suites, which leave a core idle much of the time
 * (2 cores: the whole `.ci/run` must stay under 25 minutes). Resolves to umi's exit code.
 */
function startBuild() {
  const since = Date.now();
  console.log('\n[assay test] web build (umi build) started in the background → test-results/build.log');
  const out = openSync('test-results/build.log', 'w');
  const child = spawn('npx', ['umi', 'build'], { stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => {
      timed('web build', since);
      closeSync(out);
      resolve(code ?? 1);
    });
  });
}
if (ensureInstalled() !== 0) process.exit(1);
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

// The build starts at once in the background (it leaves the browser tests a fresh dist/), while
// typecheck, lint and the unit tests run one after another. Once the build is over, the PGlite API
// suite (the longer one) takes its core; the PostgreSQL suite starts when the unit tests are done;
// the two write to their own files. Then the browser tests. Every part is CPU-bound, so the order
// only keeps both cores busy: E2E_WITH_API=1 starts the browser tests alongside the API suites,
// which measured slower on 2 cores (27:05 against 24:40) and, on a busier machine, flakier.
const build = process.env.SKIP_E2E === '1' ? null : startBuild();
const pgliteSuite = (build ?? Promise.resolve()).then(() => apiSuite('API on PGlite', 'pglite', { TEST_DATABASE_URL: '' }));
await step('typecheck web', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
await step('typecheck server', 'npx', ['tsc', '--noEmit', '-p', 'server/tsconfig.json']);
await step('lint', 'npx', ['eslint', '.']);
{
  const since = Date.now();
  await runAsync('npx', ['jest', '--json', '--outputFile=test-results/jest.json']);
  timed('unit (jest)', since);
  if (existsSync('test-results/jest.json')) {
    const j = JSON.parse(readFileSync('test-results/jest.json', 'utf8'));
    record('unit (jest)', j.numPassedTests, j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0), j.numPendingTests);
  } else record('unit (jest)', 0, 1);
}

const suites = [pgliteSuite];
if (process.env.SKIP_PG === '1') record('API on PostgreSQL (SKIP_PG=1)', 0, 0, 1, { emptyIsFailure: false });
else
  suites.push(
    apiSuite('API on PostgreSQL', 'postgres', {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    }),
  );

/** The browser tests on the fresh build: Playwright's own output to the terminal, counts from its JSON report. */
async function browserSuite() {
  if (process.env.SKIP_E2E === '1') return record('browser (SKIP_E2E=1)', 0, 0, 1, { emptyIsFailure: false });
  if ((await build) !== 0) {
    console.log(readFileSync('test-results/build.log', 'utf8').slice(-4000));
    return record('web build', 0, 1);
  }
  console.log(readFileSync('test-results/build.log', 'utf8').split('\n').slice(-8).join('\n'));
  const since = Date.now();
  await runAsync('npx', ['playwright', 'test']);
  timed('browser (playwright)', since);
  if (!existsSync('test-results/e2e.json')) return record('browser (playwright)', 0, 1);
  const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
  const s = report.stats;
  // errors outside any test (a spec that throws while loading) fail the part even if others ran
  const loadErrors = (report.errors ?? []).length;
  if (loadErrors) console.log(`[assay test] browser: ${loadErrors} error(s) outside tests:\n${report.errors.map((e) => e.message).join('\n')}`);
  failures.push(...playwrightOutcomes(report, 'unexpected').map((t) => `browser: ${t}`));
  flaky.push(...playwrightOutcomes(report, 'flaky').map((t) => `browser (passed on retry): ${t}`));
  record('browser (playwright)', s.expected + s.flaky, s.unexpected + loadErrors, s.skipped);
}

if (process.env.E2E_WITH_API === '1') await Promise.all([...suites, browserSuite()]);
else {
  await Promise.all(suites);
  await browserSuite();
}

timings.push({ name: 'total', seconds: (Date.now() - started) / 1000 });
console.log('\n[assay test] time per part (wall; the build overlaps the first parts)');
for (const t of timings) {
  const budget = BUDGET_S[t.name];
  const over = budget !== undefined && t.seconds > budget;
  console.log(`  ${over ? 'OVER' : 'ok  '} ${t.name}: ${fmt(t.seconds)}${budget !== undefined ? ` of ${fmt(budget)}` : ''}`);
}

if (flaky.length) console.log(`\n[assay test] flaky (counted as passed):\n  ${flaky.join('\n  ')}`);
if (failures.length) console.log(`\n[assay test] failed tests:\n  ${failures.join('\n  ')}`);
const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed }), { passed: 0, failed: 0 });
console.log('\n[assay test] summary');
for (const r of results) console.log(`  ${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed ? 1 : 0);
