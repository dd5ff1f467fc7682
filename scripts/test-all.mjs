// `npm test`: every test of the project, in one run, ending with one line `N passed, N failed`.
//   1. tsc (web, server) and eslint: one test each
//   2. unit tests: Jest via umi/test
//   3. API tests: node's test runner on PGlite and on PostgreSQL side by side (TEST_DATABASE_URL,
//      default postgres://postgres@127.0.0.1:5432/postgres)
//   4. browser tests: Playwright on Debian's Chromium against the app built once here (the build
//      runs in the background during the API suites)
// Set SKIP_E2E=1 or SKIP_PG=1 to leave a part out while developing (the count then says so).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureInstalled, run } from './lib.mjs';

const results = [];
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
const step = (name, cmd, args, env) => {
  console.log(`\n[assay test] ${name}: ${cmd} ${args.join(' ')}`);
  const code = run(cmd, args, env);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
};

if (ensureInstalled() !== 0) process.exit(1);
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

step('typecheck web', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
step('typecheck server', 'npx', ['tsc', '--noEmit', '-p', 'server/tsconfig.json']);
step('lint', 'npx', ['eslint', '.']);

// Unit tests
{
  run('npx', ['jest', '--json', '--outputFile=test-results/jest.json']);
  if (existsSync('test-results/jest.json')) {
    const j = JSON.parse(readFileSync('test-results/jest.json', 'utf8'));
    record('unit (jest)', j.numPassedTests, j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0), j.numPendingTests);
  } else record('unit (jest)', 0, 1);
}

/** The API test files (node 20's test runner does not expand globs itself). */
function apiTestFiles() {
  return readdirSync('server/src', { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `server/src/${f}`)
    .sort();
}

/**
 * Runs the API suite with node's test runner in the background; its spec output goes to
 * test-results/<name>.log (printed when it ends, so two suites' lines don't interleave), its counts
 * come from the TAP summary. Resolves once recorded.
 */
function apiSuite(name, env) {
  const base = `test-results/${name.replace(/\W+/g, '-')}`;
  const tap = `${base}.tap`;
  console.log(`\n[assay test] ${name} started in the background → ${base}.log`);
  const out = openSync(`${base}.log`, 'w');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...apiTestFiles()],
    { stdio: ['ignore', out, out], env: { ...process.env, ...env } },
  );
  return new Promise((resolve) => {
    const done = (status) => {
      closeSync(out);
      console.log(`\n[assay test] ${name} output:`);
      console.log(readFileSync(`${base}.log`, 'utf8'));
      const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
      const count = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)`, 'm'))?.[1] ?? 0);
      const failed = count('fail') + count('cancelled');
      record(name, count('pass'), failed || (status === 0 ? 0 : 1), count('skipped') + count('todo'));
      resolve();
    };
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}

/**
 * The web build for the browser tests, started now in the background (output in
 * test-results/build.log) so it overlaps the API suites, which leave a core idle much of the time
 * (2 cores: the whole `.ci/run` must stay under 25 minutes). Resolves to umi's exit code.
 */
function startBuild() {
  console.log('\n[assay test] web build (umi build) started in the background → test-results/build.log');
  const out = openSync('test-results/build.log', 'w');
  const child = spawn('npx', ['umi', 'build'], { stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => {
      closeSync(out);
      resolve(code ?? 1);
    });
  });
}
const build = process.env.SKIP_E2E === '1' ? null : startBuild();

// The two API suites run side by side (each test makes its own database; PGlite's is in this
// process's child, PostgreSQL's on the server): together ~5 minutes less than one after the other.
const suites = [apiSuite('API on PGlite', { TEST_DATABASE_URL: '' })];
if (process.env.SKIP_PG === '1') record('API on PostgreSQL (SKIP_PG=1)', 0, 0, 1, { emptyIsFailure: false });
else suites.push(apiSuite('API on PostgreSQL', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' }));
await Promise.all(suites);

// Browser tests on one fresh build
if (process.env.SKIP_E2E === '1') record('browser (SKIP_E2E=1)', 0, 0, 1, { emptyIsFailure: false });
else if ((await build) !== 0) {
  console.log(readFileSync('test-results/build.log', 'utf8').slice(-4000));
  record('web build', 0, 1);
} else {
  console.log(readFileSync('test-results/build.log', 'utf8').split('\n').slice(-8).join('\n'));
  run('npx', ['playwright', 'test']);
  if (existsSync('test-results/e2e.json')) {
    const report = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
    const s = report.stats;
    // errors outside any test (a spec that throws while loading) fail the part even if others ran
    const loadErrors = (report.errors ?? []).length;
    if (loadErrors) console.log(`[assay test] browser: ${loadErrors} error(s) outside tests:\n${report.errors.map((e) => e.message).join('\n')}`);
    record('browser (playwright)', s.expected + s.flaky, s.unexpected + loadErrors, s.skipped);
  } else record('browser (playwright)', 0, 1);
}

const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed }), { passed: 0, failed: 0 });
console.log('\n[assay test] summary');
for (const r of results) console.log(`  ${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed ? 1 : 0);
