/**
 * A planted leaky test file (not collected by the suite: it does not end in `.test.ts`), run by
 * leak-guard.test.ts in a child process. On PostgreSQL it creates a role `assay_planted_<pid>`, on
 * PGlite a data folder, and leaves it behind unless PLANT_CLEANUP=1: the leak guard of
 * test/helpers.ts must then fail the file. The role's name goes to stdout for the caller to drop.
 */
import fs from 'node:fs';
import { test } from 'node:test';
import { Client } from 'pg';
import { testDatabaseUrl } from '../env';
import { createPgliteDataDir, createTestApp } from './helpers';

test('a test that leaves something behind for the next file', async () => {
  const app = await createTestApp();
  await app.close();
  const cleanup = process.env.PLANT_CLEANUP === '1';
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    const role = `assay_planted_${process.pid}`;
    const c = new Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`create role ${role}`);
    if (cleanup) await c.query(`drop role ${role}`);
    await c.end();
    console.log(`planted role ${role}`);
  } else {
    const dir = await createPgliteDataDir('assay-planted-');
    if (cleanup) fs.rmSync(dir, { recursive: true, force: true });
    console.log(`planted folder ${dir}`);
  }
});
