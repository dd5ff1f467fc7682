/**
 * Runs several API test files in one process, each as a suite of its own (test support, not a
 * test file): `node --import tsx [--test-reporter=…] server/src/test/batch.ts <file.test.ts> …`.
 *
 * Why: node's test runner starts one process per file, and each start costs ~2.5–3 s of CPU
 * (compiling the server's modules, tsx and its loader hooks) before the first test; `npm test`
 * runs ~120 files per engine (docs/testing.md "Time budget"). Here the modules load once.
 *
 * What stays per file, as with a process per file:
 * - its database (test/helpers.ts opens one per file and drops it when the file ends; on PGlite
 *   one instance serves the files in turn, emptied back to the migrated state between them), its
 *   `ownDatabasePerTest` reason and its leak guard (test/file-scope.ts tells the helpers which
 *   file is loading or running);
 * - its top-level `before`/`after` hooks, which run before and after its own tests only: while a
 *   file loads, its top-level `test`, `describe`, `it` and hook calls are collected, then replayed
 *   inside a `describe(<file>)` suite with the helpers' begin/finish hooks around them;
 * - a file that fails to load fails as one test `<file> loads` without stopping the others.
 * Files run one after another, in the order given. Errors: exits 1 when a test fails, 2 on no file.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { enterBatchMode, setLoadingFile, setRunningFile } from './file-scope';

type Registrar = (...args: unknown[]) => unknown;
/** The functions of node:test a test file may call at its top level, collected while it loads. */
const COLLECTED = ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] as const;
type Kind = (typeof COLLECTED)[number];

const load = createRequire(__filename);
const nodeTest = load('node:test') as Record<Kind, Registrar>;
const real = Object.fromEntries(COLLECTED.map((k) => [k, nodeTest[k]])) as Record<Kind, Registrar>;

const files = process.argv.slice(2).map((f) => path.resolve(f));
if (!files.length) {
  console.error('usage: node --import tsx server/src/test/batch.ts <file.test.ts> …');
  process.exit(2);
}

/** The top-level calls of the file loading now; undefined between files (calls pass through). */
let collecting: { kind: Kind; args: unknown[] }[] | undefined;
for (const kind of COLLECTED) {
  nodeTest[kind] = (...args: unknown[]) => {
    if (!collecting) return real[kind](...args);
    collecting.push({ kind, args });
    return undefined;
  };
}

enterBatchMode();
// loaded before any test file so that their imports of it share this instance
const helpers = load('./helpers') as typeof import('./helpers');

const loaded: { file: string; calls: { kind: Kind; args: unknown[] }[]; error?: unknown }[] = [];
for (const file of files) {
  const calls: { kind: Kind; args: unknown[] }[] = [];
  collecting = calls;
  setLoadingFile(file);
  try {
    load(file);
    loaded.push({ file, calls });
  } catch (error) {
    loaded.push({ file, calls: [], error });
  } finally {
    collecting = undefined;
    setLoadingFile(undefined);
  }
}

/** How long a batch process may stay alive once every test has run (ms) before it ends itself. */
const LINGER_LIMIT_MS = 15_000;

/** How long the reporters get to write the run's summary before a lingering process exits (ms). */
const SUMMARY_FLUSH_MS = 2_000;

// the root's `after` hook: what the files shared is closed once all have run. A file that leaves
// something running (a timer of a pg-boss stopped over a closed pool, say) would keep the process,
// and with it the suite, alive for ever: after LINGER_LIMIT_MS the process names what is left and
// exits. node's test runner writes the run's summary (`# pass N`…, which scripts/test-all.mjs
// counts) on 'beforeExit', which a kept-alive process never reaches: it is emitted here first; the
// exit code is then the run's (1 when a test failed), and the message names what was left running.
real.after(async () => {
  await helpers.finishTestProcess();
  setTimeout(() => {
    process.stderr.write(
      `[batch] still alive ${LINGER_LIMIT_MS} ms after the last test, kept by: ${process.getActiveResourcesInfo().join(', ')}; exiting\n`,
    );
    (process.emit as (event: string, ...args: unknown[]) => boolean)('beforeExit', process.exitCode ?? 0);
    setTimeout(() => process.exit(process.exitCode ?? 0), SUMMARY_FLUSH_MS).unref();
  }, LINGER_LIMIT_MS).unref();
});

for (const { file, calls, error } of loaded) {
  real.describe(path.relative(process.cwd(), file), () => {
    real.before(() => {
      setRunningFile(file);
      helpers.beginTestFile();
    });
    if (error) {
      real.test('loads', () => {
        throw error;
      });
    }
    for (const { kind, args } of calls) real[kind](...args);
    // after the file's own `after` hooks (they run in the order registered)
    real.after(async () => {
      try {
        await helpers.finishTestFile();
      } finally {
        setRunningFile(undefined);
      }
    });
  });
}
