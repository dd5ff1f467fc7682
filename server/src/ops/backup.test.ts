/**
 * Backup and restore round trip through the real commands (`npm run backup` / `npm run restore`),
 * on the engine under test: PGlite (a data folder) by default, PostgreSQL with TEST_DATABASE_URL.
 * The restored database has the row count of every table and the audit chain head of the backup,
 * and its chain verifies; uploaded files' bytes come back with it (the archive holds the blob
 * store, either kind: BLOB_STORE=postgres keeps it in the database); a restore refuses while a
 * server uses the database.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import tar from 'tar-stream';
import { buildApp } from '../app';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { LocalBlobStore } from '../lib/blob-store';
import { PostgresBlobStore } from '../lib/blob-store-pg';
import { rowsOf } from '../db/client';
import { multipartBody } from '../test/records-support';
import type { DatabaseHandle } from '../db/client';
import { acquireDataLock } from '../db/lock';
import { testDatabaseUrl } from '../env';
import { auditWriter, SHELL_ACTOR } from '../core/audit.writer';
import { verifyChain } from '../modules/audit/audit.service';
import { createApplication } from '../modules/applications/applications.service';
import { toCurrentUser } from '../modules/auth/auth.service';
import { findUserByEmail } from '../modules/users/users.service';
import { runOps } from '../test/cli';
import { adminSession, call, createEngineDatabase, userSession } from '../test/helpers';
import { MANIFEST_ENTRY, type BackupManifest } from './backup-archive';
import { backupKind, summarise, type DatabaseSummary } from './backup-lib';

/** The administrator as a CurrentUser (for calling services directly). */
async function me(handle: DatabaseHandle) {
  const row = await findUserByEmail(handle.db, 'admin@example.com');
  assert.ok(row);
  return toCurrentUser(row, null);
}

/** Opens the database under test, runs `fn` with an app on it (blobs in `dataDir`/blobs), closes both. */
async function withApp(
  open: () => Promise<DatabaseHandle>,
  dataDir: string,
  fn: (app: Awaited<ReturnType<typeof buildApp>>, handle: DatabaseHandle) => Promise<void>,
) {
  const handle = await open();
  const app = await buildApp({ db: handle.db, engine: handle.engine, blobs: new LocalBlobStore(path.join(dataDir, 'blobs')) });
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
  const engine = await createEngineDatabase(t, 2);
  const { open } = engine;
  // the uploaded files' folder: PGlite's data folder, or one made for the purpose beside PostgreSQL
  const env = { DATA_DIR: path.join(tmp, 'data'), ...engine.env };
  const blobs = new LocalBlobStore(path.join(env.DATA_DIR, 'blobs'));
  const content = '审计底稿 — working paper kept across a restore\n';
  const sha = createHash('sha256').update(content).digest('hex');

  let before!: DatabaseSummary;
  await withApp(open, env.DATA_DIR, async (app, handle) => {
    const { cookie } = await adminSession(app);
    const member = await userSession(app, cookie);
    for (const slug of ['alpha', 'beta', 'gamma']) {
      assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug, name: slug.toUpperCase() } })).statusCode, 201);
    }
    await call(app, 'POST', '/api/v1/applications/alpha/members', { cookie, body: { email: member.email, role: 'editor' } });
    await call(app, 'POST', '/api/v1/auth/login', { body: { email: member.email, password: 'Wrong-password-1' } });
    const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'wp.txt', type: 'text/plain', content }]);
    const uploaded = await call(app, 'POST', '/api/v1/applications/alpha/attachments', { cookie, body, headers: { 'content-type': contentType } });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    before = await summarise(handle.db);
  });
  assert.equal(before.tables['public.applications'], 3);
  assert.ok(before.auditHead.seq >= 8);

  assert.equal(await blobs.has(sha), true);
  const file = path.join(tmp, 'nightly', 'assay.tar');
  const backup = await runOps('backup', ['--out', file, '--json'], env);
  assert.equal(backup.code, 0, backup.stderr);
  const written = JSON.parse(backup.stdout) as DatabaseSummary & { file: string; bytes: number; blobs: number };
  assert.equal(written.file, file);
  assert.equal(written.bytes, fs.statSync(file).size);
  assert.equal(written.blobs, 1, 'the uploaded file is in the backup');
  assert.deepEqual({ tables: written.tables, auditHead: written.auditHead }, before, 'the backup reports what it holds');
  assert.equal(backupKind(file), 'archive');
  assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'readable by its owner only');

  // life goes on after the backup…
  const later = await open();
  try {
    await createApplication(later.db, { ...(await me(later)), isAdmin: true }, { slug: 'delta', name: 'Delta' }, auditWriter(SHELL_ACTOR));
    assert.equal((await summarise(later.db)).tables['public.applications'], 4);
  } finally {
    await later.close();
  }

  // …the uploaded files are lost…
  fs.rmSync(path.join(env.DATA_DIR, 'blobs'), { recursive: true, force: true });
  assert.equal(await blobs.has(sha), false);

  // …and the restore brings back the state of the backup, uploaded files included
  const restored = await runOps('restore', [file, '--json'], env);
  assert.equal(restored.code, 0, restored.stderr);
  const after = JSON.parse(restored.stdout) as DatabaseSummary & { previous?: string | null; blobs: number };
  assert.deepEqual({ tables: after.tables, auditHead: after.auditHead }, before);
  assert.equal(after.blobs, 1);
  assert.equal(await blobs.has(sha), true);
  assert.equal(fs.readFileSync(blobs.pathOf(sha), 'utf8'), content);
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

test('backup restore: a corrupt blob fails the restore and changes nothing; a database-only file of format 1 still restores', async (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-backup-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const serverUrl = testDatabaseUrl();
  const engine = await createEngineDatabase(t, 2);
  const env = { DATA_DIR: path.join(tmp, 'data'), ...engine.env };
  await withApp(engine.open, env.DATA_DIR, async (app) => {
    const { cookie } = await adminSession(app);
    assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'alpha', name: 'Alpha' } })).statusCode, 201);
  });
  const file = path.join(tmp, 'assay.tar');
  assert.equal((await runOps('backup', ['--out', file], env)).code, 0);

  // the same archive with one more entry under blobs/ whose bytes do not hash to its name
  const corrupt = path.join(tmp, 'corrupt.tar');
  const pack = tar.pack();
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(corrupt);
    out.on('close', resolve);
    out.on('error', reject);
    pack.pipe(out);
  });
  extract.on('entry', (header, stream, next) => {
    if (header.name === MANIFEST_ENTRY) {
      const chunks: Buffer[] = [];
      stream.on('data', (c) => chunks.push(c as Buffer));
      stream.on('end', () => {
        const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
        pack.entry({ name: `blobs/${'0'.repeat(64)}` }, Buffer.from('not these bytes'));
        pack.entry({ name: MANIFEST_ENTRY }, Buffer.from(JSON.stringify({ ...manifest, blobs: manifest.blobs + 1 })), next);
      });
    } else stream.pipe(pack.entry(header, next));
  });
  extract.on('finish', () => pack.finalize());
  fs.createReadStream(file).pipe(extract);
  await done;
  const refused = await runOps('restore', [corrupt], env);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /blob blobs\/0{64} is corrupt/);
  assert.equal(fs.existsSync(path.join(env.DATA_DIR, 'blobs', '00', '00', '0'.repeat(64))), false, 'nothing of it was kept');

  // format 1: the database copy alone, as versions before the archive wrote it
  const legacy = path.join(tmp, serverUrl ? 'legacy.dump' : 'legacy.tar.gz');
  const handle = await engine.open();
  try {
    if (handle.raw.engine === 'pglite') fs.writeFileSync(legacy, new Uint8Array(await (await handle.raw.client.dumpDataDir('gzip')).arrayBuffer()));
    else execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${legacy}`, `--dbname=${engine.env.DATABASE_URL}`]);
  } finally {
    await handle.close();
  }
  assert.equal(backupKind(legacy), serverUrl ? 'postgres' : 'pglite');
  const restored = await runOps('restore', [legacy, '--json'], env);
  assert.equal(restored.code, 0, restored.stderr);
  assert.equal((JSON.parse(restored.stdout) as DatabaseSummary).tables['public.applications'], 1);
});

test('backup and restore with BLOB_STORE=postgres: the blobs in the database travel in the archive once and come back through the store', async (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-backup-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const serverUrl = testDatabaseUrl();
  const engine = await createEngineDatabase(t, 2);
  const env = { DATA_DIR: path.join(tmp, 'data'), ...engine.env, BLOB_STORE: 'postgres' };
  const big = Buffer.alloc(2.5 * 1024 * 1024);
  for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
  const small = Buffer.from('审计底稿 in the database');
  let before!: DatabaseSummary;
  let handle = await engine.open();
  try {
    const store = new PostgresBlobStore(handle.db);
    await store.put(big);
    await store.put(small);
    before = await summarise(handle.db);
  } finally {
    await handle.close();
  }
  assert.equal(before.tables['public.blob_objects'], 2);
  assert.equal(before.tables['public.blob_chunks'], 4);

  const file = path.join(tmp, 'assay.tar');
  const backup = await runOps('backup', ['--out', file, '--json'], env);
  assert.equal(backup.code, 0, backup.stderr);
  const written = JSON.parse(backup.stdout) as { blobs: number; blobBytes: number; bytes: number };
  assert.deepEqual([written.blobs, written.blobBytes], [2, big.length + small.length]);
  if (serverUrl) assert.ok(written.bytes < 2 * big.length, `the bytes are in the archive once (${written.bytes} bytes)`);

  // the blobs are lost (on PostgreSQL; PGlite's folder is replaced by the restore anyway)
  handle = await engine.open();
  try {
    const store = new PostgresBlobStore(handle.db);
    for await (const blob of store.list()) await store.remove(blob.sha256);
  } finally {
    await handle.close();
  }

  const restored = await runOps('restore', [file, '--json'], env);
  assert.equal(restored.code, 0, restored.stderr);
  const after = JSON.parse(restored.stdout) as DatabaseSummary & { blobs: number };
  assert.equal(after.blobs, 2);
  assert.deepEqual({ tables: after.tables, auditHead: after.auditHead }, before);
  handle = await engine.open();
  try {
    const store = new PostgresBlobStore(handle.db);
    assert.ok((await buffer(await store.open(createHash('sha256').update(big).digest('hex')))).equals(big));
    assert.ok((await buffer(await store.open(createHash('sha256').update(small).digest('hex')))).equals(small));
    assert.equal(rowsOf(await handle.db.execute(sql`select 1 from blob_chunks where blob_key like 'tmp-%'`)).length, 0);
  } finally {
    await handle.close();
  }
  assert.equal(fs.existsSync(path.join(env.DATA_DIR, 'blobs')), false, 'nothing went to the local folder');
});
