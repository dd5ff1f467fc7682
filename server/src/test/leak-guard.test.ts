/**
 * The leak guard of test/helpers.ts, shown on a planted test file (planted-leak.fixture.ts) run in
 * a child process, both ways the suite runs files: alone under node's test runner, and first of
 * two files in one process under the batch runner (test/batch.ts, as `npm test` runs them). Left
 * behind, its role (PostgreSQL) or data folder (PGlite) fails the file with "leaked state" (and,
 * in a batch, that file only: the next one still passes); cleaned up, the same file passes (run
 * alone: the cleanup is the fixture's, not the runner's).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Client } from 'pg';
import { testDatabaseUrl } from '../env';

const fixture = path.join(__dirname, 'planted-leak.fixture.ts');

/** A file the batch runs after the planted one: its tests must pass whatever the planted file did. */
const neighbour = path.join(__dirname, '..', 'lib', 'csrf.test.ts');

/**
 * Runs the planted file under node's test runner, or (`batch`) before `neighbour` under the batch
 * runner; returns the exit status and output.
 */
function runPlanted(cleanup: boolean, batch = false): { status: number | null; output: string } {
  // without NODE_TEST_CONTEXT, which would make the child report to this runner instead of exiting non-zero
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const args = batch
    ? ['--import', 'tsx', '--test-reporter=spec', path.join(__dirname, 'batch.ts'), fixture, neighbour]
    : ['--import', 'tsx', '--test', '--test-reporter=spec', fixture];
  const r = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    env: { ...env, PLANT_CLEANUP: cleanup ? '1' : '0' },
    timeout: 120_000,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

/** Removes what the planted file left (a role on PostgreSQL, a folder on PGlite). */
async function removePlanted(output: string): Promise<void> {
  const role = output.match(/planted role (assay_planted_\d+)/)?.[1];
  const folder = output.match(/planted folder (\S+)/)?.[1];
  const serverUrl = testDatabaseUrl();
  if (role && serverUrl) {
    const c = new Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop role if exists ${role}`);
    await c.end();
  }
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}

test('leak guard: a test file that leaves a role or a data folder behind fails; cleaned up, it passes', async () => {
  const leaky = runPlanted(false);
  try {
    assert.notEqual(leaky.status, 0, leaky.output);
    assert.match(leaky.output, /leaked state other files would see: (role assay_planted_\d+|folder \S+assay-planted-)/);
  } finally {
    await removePlanted(leaky.output);
  }
  const clean = runPlanted(true);
  assert.equal(clean.status, 0, clean.output);
});

test('leak guard under the batch runner: the leaky file fails, the file after it passes', async () => {
  const leaky = runPlanted(false, true);
  try {
    assert.notEqual(leaky.status, 0, leaky.output);
    assert.match(leaky.output, /leaked state other files would see: (role assay_planted_\d+|folder \S+assay-planted-)/);
    // the spec reporter marks each file's suite: the planted one failed, its neighbour passed
    assert.match(leaky.output, /✖ server\/src\/test\/planted-leak\.fixture\.ts/);
    assert.match(leaky.output, /✔ server\/src\/lib\/csrf\.test\.ts/);
  } finally {
    await removePlanted(leaky.output);
  }
});
