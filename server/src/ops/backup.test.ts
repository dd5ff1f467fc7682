/**
 * Backup and restore round trip through the real commands (`npm run backup` / `npm run restore`),
 * on the engine under test: PGlite (a data folder) by default, PostgreSQL with TEST_DATABASE_URL.
 * The restored database has the row count of every table and the audit chain head of the backup,
 * and its chain verifies; a restore refuses while a server uses the database.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { acquireDataLock } from '../db/lock';
import { testDatabaseUrl } from '../env';
import { auditWriter, SHELL_ACTOR, verifyChain } from '../modules/audit/audit.service';
import { createApplication } from '../modules/applications/applications.service';
import { toCurrentUser } from '../modules/auth/auth.service';
import { findUserByEmail } from '../modules/users/users.repository';
import { runOps } from '../test/cli';
import { adminSession, call, createEngineDatabase, userSession } from '../test/helpers';
import { backupKind, summarise, type DatabaseSummary } from './backup-lib';

/** The administrator as a CurrentUser (for calling services directly). */
async function me(handle: DatabaseHandle) {
  const row = await findUserByEmail(handle.db, 'admin@example.com');
  assert.ok(row);
  return toCurrentUser(row, null);
}

/** Opens the database under test, runs `fn` with an app on it, closes both. */
async function withApp(open: () => Promise<DatabaseHandle>, fn: (app: Awaited<ReturnType<typeof buildApp>>, handle: DatabaseHandle) => Promise<void>) {
  const handle = await open();
  const app = await buildApp({ db: handle.db, engine: handle.engine });
  try {
    await app.ready();
    await fn(app, handle);
  } finally {
    await app.close();
    await handle.close();
  }
}

test('backup and restore: the round trip brings back every row and the audit chain head', async (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-backup-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const serverUrl = testDatabaseUrl();
  const { env, open } = await createEngineDatabase(t, 2);

  let before!: DatabaseSummary;
  await withApp(open, async (app, handle) => {
    const { cookie } = await adminSession(app);
    const member = await userSession(app, cookie);
    for (const slug of ['alpha', 'beta', 'gamma']) {
      assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug, name: slug.toUpperCase() } })).statusCode, 201);
    }
    await call(app, 'POST', '/api/v1/applications/alpha/members', { cookie, body: { email: member.email, role: 'editor' } });
    await call(app, 'POST', '/api/v1/auth/login', { body: { email: member.email, password: 'Wrong-password-1' } });
    before = await summarise(handle.db);
  });
  assert.equal(before.tables['public.applications'], 3);
  assert.ok(before.auditHead.seq >= 8);

  const file = path.join(tmp, 'nightly', serverUrl ? 'assay.dump' : 'assay.tar.gz');
  const backup = await runOps('backup', ['--out', file, '--json'], env);
  assert.equal(backup.code, 0, backup.stderr);
  const written = JSON.parse(backup.stdout) as DatabaseSummary & { file: string; bytes: number };
  assert.equal(written.file, file);
  assert.equal(written.bytes, fs.statSync(file).size);
  assert.deepEqual({ tables: written.tables, auditHead: written.auditHead }, before, 'the backup reports what it holds');
  assert.equal(backupKind(file), serverUrl ? 'postgres' : 'pglite');
  assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'readable by its owner only');

  // life goes on after the backup…
  const later = await open();
  try {
    await createApplication(later.db, { ...(await me(later)), isAdmin: true }, { slug: 'delta', name: 'Delta' }, auditWriter(SHELL_ACTOR));
    assert.equal((await summarise(later.db)).tables['public.applications'], 4);
  } finally {
    await later.close();
  }

  // …and the restore brings back the state of the backup
  const restored = await runOps('restore', [file, '--json'], env);
  assert.equal(restored.code, 0, restored.stderr);
  const after = JSON.parse(restored.stdout) as DatabaseSummary & { previous?: string | null };
  assert.deepEqual({ tables: after.tables, auditHead: after.auditHead }, before);
  const check = await open();
  try {
    assert.deepEqual(await summarise(check.db), before);
    assert.deepEqual(await verifyChain(check.db), { intact: true, entries: before.auditHead.seq, signedHeads: 0 });
  } finally {
    await check.close();
  }
  if (!serverUrl) {
    assert.ok(after.previous && fs.existsSync(path.join(after.previous, 'PG_VERSION')), 'the replaced folder is kept aside');
  }

  // a restore refuses while a server uses the database
  if (serverUrl) {
    const server = await open(); // its pool keeps a connection named assay-server
    try {
      const refused = await runOps('restore', [file], env);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /Assay server connection\(s\) use this database: stop the servers first/);
    } finally {
      await server.close();
    }
  } else {
    const lock = acquireDataLock(env.DATA_DIR, process.ppid);
    try {
      const refused = await runOps('restore', [file], env);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, new RegExp(`in use by another process \\(pid ${process.ppid}\\)`));
    } finally {
      lock.release();
    }
  }
  // a file that is not a backup
  const junk = path.join(tmp, 'junk.bin');
  fs.writeFileSync(junk, 'hello');
  const notBackup = await runOps('restore', [junk], env);
  assert.equal(notBackup.code, 1);
  assert.match(notBackup.stderr, /is not an Assay backup/);
});
