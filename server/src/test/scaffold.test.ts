/**
 * The module scaffold (`npm run new:module`, scripts/new-module.mjs, docs/adding-a-module.md):
 * in a copy of the repository (its tracked and untracked-but-not-ignored files, node_modules
 * linked), `--dry-run` lists the files and writes nothing; the scaffold then writes a module
 * (`sample-widgets`, a hyphenated name: every spelling of the name is exercised) with its constants and
 * messages in its own contracts files, contracts/constants.ts and messages.ts untouched; a second run is
 * refused and changes nothing; and, as generated, the module passes its own API test, the access
 * matrix, the audit walk and the server's typecheck. The copy's tests run on PGlite with their
 * temporary files (the migrated snapshot of the new migrations) inside the copy, which is removed
 * at the end. About 130 s of CPU (typecheck ~55, access matrix and audit walk ~23 each): a little
 * over a minute on 2 idle cores (the typecheck runs beside the tests), several minutes on a busy machine.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runsOnOneEngine } from './engines';

runsOnOneEngine('postgres', 'the scaffold writes files; the tests it runs in its copy use PGlite (the engine needing no server) whichever suite starts it, and the PostgreSQL suite is the shorter one');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const NAME = 'sample-widgets';

/** The copy's environment: PGlite (no TEST_DATABASE_URL), its own temporary folder, not a child of this test runner. */
function envFor(tmp: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
  delete env.TEST_DATABASE_URL;
  delete env.DATABASE_URL;
  delete env.NODE_TEST_CONTEXT; // else node --test in the copy reports to this runner instead of printing
  return env;
}

interface Ran {
  code: number | null;
  out: string;
  seconds: number;
}

/** Runs a command in `cwd` and collects its output (stdout and stderr together). */
function run(cwd: string, env: NodeJS.ProcessEnv, cmd: string, args: string[]): Promise<Ran> {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out, seconds: (Date.now() - since) / 1000 }));
  });
}

/** The last lines of a command's output, for a failure message. */
const tail = (r: Ran) => r.out.split('\n').slice(-40).join('\n');

/** Every file under `dir` (relative paths, sorted), node_modules left out. */
function filesUnder(dir: string, base = dir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.name === 'node_modules' ? [] : e.isDirectory() ? filesUnder(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))]))
    .sort();
}

test('new:module writes a module that passes its own test, the access matrix, the audit walk and the typecheck', async (t) => {
  const started = Date.now();
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-scaffold-'));
  t.after(() => fs.rmSync(copy, { recursive: true, force: true }));
  const tracked = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(tracked.status, 0, tracked.stderr);
  for (const file of tracked.stdout.split('\0').filter(Boolean)) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from) || fs.statSync(from).isDirectory()) continue; // deleted in the work tree, or a submodule
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(from, path.join(copy, file));
  }
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(copy, 'node_modules'));
  const tmp = path.join(copy, '.tmp');
  fs.mkdirSync(tmp);
  const env = envFor(tmp);
  const node = (args: string[]) => run(copy, env, process.execPath, args);
  const scaffold = (...args: string[]) => node(['scripts/new-module.mjs', NAME, '--zh', '样例部件', ...args]);

  // --dry-run lists, writes nothing
  const before = filesUnder(copy);
  const dry = await scaffold('--dry-run');
  assert.equal(dry.code, 0, tail(dry));
  for (const file of [
    `contracts/${NAME}.constants.ts`,
    `contracts/${NAME}.messages.ts`,
    `contracts/${NAME}.resource.ts`,
    `server/src/modules/${NAME}/${NAME}.test.ts`,
    `src/pages/admin/${NAME}/index.tsx`,
    'server/src/app.ts',
    'contracts/modules.ts',
    'contracts/module-messages.ts',
  ]) {
    assert.ok(dry.out.includes(file), `the dry run names ${file}`);
  }
  assert.deepEqual(filesUnder(copy), before, 'a dry run writes nothing');

  // the module: its constants and messages in its own contracts files, the central ones untouched
  const central = ['contracts/constants.ts', 'contracts/messages.ts'].map((file) => fs.readFileSync(path.join(copy, file), 'utf8'));
  const made = await scaffold();
  assert.equal(made.code, 0, tail(made));
  assert.deepEqual(
    ['contracts/constants.ts', 'contracts/messages.ts'].map((file) => fs.readFileSync(path.join(copy, file), 'utf8')),
    central,
    'contracts/constants.ts and messages.ts are not edited',
  );
  assert.match(fs.readFileSync(path.join(copy, `contracts/${NAME}.messages.ts`), 'utf8'), /'errors\.sampleWidget\.notFound'/);
  const journal = JSON.parse(fs.readFileSync(path.join(copy, 'server/drizzle/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const tag = journal.entries[journal.entries.length - 1].tag;
  assert.match(tag, /^\d{4}_sample_widgets$/);
  assert.match(fs.readFileSync(path.join(copy, 'server/drizzle', `${tag}.sql`), 'utf8'), /CREATE TABLE "sample_widgets"/);
  const written = filesUnder(copy);

  // a second run is refused and changes nothing
  const again = await scaffold();
  assert.equal(again.code, 1, tail(again));
  assert.match(again.out, /refused/);
  assert.deepEqual(filesUnder(copy), written);
  const setup = (Date.now() - started) / 1000;

  // as generated: the typecheck beside the API tests (two lanes for two cores)
  const tsc = path.join(copy, 'node_modules', 'typescript', 'bin', 'tsc');
  const testFile = (file: string) => node(['--import', 'tsx', '--test', file]);
  const apiTests = async () => {
    const ownTest = await testFile(`server/src/modules/${NAME}/${NAME}.test.ts`); // makes the migrated snapshot the next two load
    const [m, w] = await Promise.all([testFile('server/src/test/access-matrix.test.ts'), testFile('server/src/modules/audit/audit.routes-walk.test.ts')]);
    return [ownTest, m, w] as const;
  };
  const [typecheck, [own, matrix, walk]] = await Promise.all([node([tsc, '--noEmit', '-p', 'server/tsconfig.json']), apiTests()]);
  assert.equal(typecheck.code, 0, `server typecheck:\n${tail(typecheck)}`);
  assert.equal(own.code, 0, `${NAME}.test.ts:\n${tail(own)}`);
  assert.equal(matrix.code, 0, `access-matrix.test.ts:\n${tail(matrix)}`);
  assert.equal(walk.code, 0, `audit.routes-walk.test.ts:\n${tail(walk)}`);
  assert.match(own.out, /^# pass 3$/m);
  t.diagnostic(
    `copy + scaffold ${setup.toFixed(1)} s; typecheck ${typecheck.seconds.toFixed(1)} s beside ${NAME}.test ${own.seconds.toFixed(1)} s, ` +
      `then access matrix ${matrix.seconds.toFixed(1)} s and audit walk ${walk.seconds.toFixed(1)} s; total ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
