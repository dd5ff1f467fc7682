/**
 * Crash safety: the real server (`node --import tsx server/src/index.ts`) is killed with
 * SIGKILL in the middle of a stream of writes, then started again on the same data:
 * - it starts (the data-folder lock of the dead process does not block it; PostgreSQL recovers),
 * - every application whose POST was answered 201 is there,
 * - none is half written (each has its owner membership and its one audit entry),
 * - the audit chain verifies.
 * PGlite by default (a new data folder); PostgreSQL (a fresh database) with TEST_DATABASE_URL.
 * With PGlite, the restarted server then answers the shell commands while it runs (online backup,
 * password reset: ops-requests.ts) and a SIGTERM stops it cleanly.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { AuditVerify } from '../../../contracts';
import { LOCK_FILE_NAME } from '../db/lock';
import { testDatabaseUrl } from '../env';
import { childApi, childSignIn, startChildServer as startServer, type ChildServer } from '../test/child-server';
import { runOps } from '../test/cli';
import { createEngineDatabase } from '../test/helpers';
import type { DatabaseSummary } from './backup-lib';

const PASSWORD = 'Crash-test-2026';

const api = childApi;
const signIn = (server: ChildServer, password = PASSWORD) => childSignIn(server, 'admin@example.com', password);

interface App {
  slug: string;
  myRole: string | null;
  memberCount: number;
}

/** Every application (all pages). */
async function allApplications(server: ChildServer, cookie: string): Promise<App[]> {
  const apps: App[] = [];
  for (let current = 1; ; current++) {
    const page = await api<{ data: App[]; total: number }>(server, 'GET', `/applications?pageSize=100&current=${current}`, {
      cookie,
    });
    apps.push(...page.body.data);
    if (apps.length >= page.body.total || page.body.data.length === 0) return apps;
  }
}

test('crash: kill -9 in the middle of writes, restart — everything acknowledged is there, nothing half written', async (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-crash-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const serverUrl = testDatabaseUrl();
  const { env } = await createEngineDatabase(t);

  const first = await startServer(env);
  t.after(() => first.child.kill('SIGKILL'));
  assert.equal(
    (await api(first, 'POST', '/setup/init', { body: { name: 'Admin', email: 'admin@example.com', password: PASSWORD } })).status,
    201,
  );
  const cookie = await signIn(first);

  // four writers create applications until the server dies under them
  const acknowledged = new Set<string>();
  let next = 0;
  let stop = false;
  const writer = async () => {
    while (!stop) {
      const slug = `crash-${next++}`;
      try {
        const res = await api(first, 'POST', '/applications', { cookie, body: { slug, name: `Crash ${slug}` } });
        if (res.status === 201) acknowledged.add(slug);
        else throw new Error(`unexpected ${res.status}`);
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = Array.from({ length: 4 }, writer);
  const started = Date.now();
  while (acknowledged.size < 60 && Date.now() - started < 20_000) await new Promise((resolve) => setTimeout(resolve, 5));
  first.child.kill('SIGKILL');
  await first.exited;
  stop = true;
  await Promise.all(writers);
  assert.ok(acknowledged.size >= 60, `only ${acknowledged.size} writes before the kill`);
  if (!serverUrl) assert.ok(fs.existsSync(path.join(env.DATA_DIR, LOCK_FILE_NAME)), 'the dead server left its lock');

  const second = await startServer(env);
  t.after(() => second.child.kill('SIGKILL'));
  const cookie2 = await signIn(second);
  const apps = await allApplications(second, cookie2);
  const present = new Set(apps.map((a) => a.slug));
  for (const slug of acknowledged) assert.ok(present.has(slug), `${slug} was acknowledged but is missing`);
  assert.ok(apps.length <= next, 'nothing that was never sent');
  for (const a of apps) {
    assert.equal(a.memberCount, 1, `${a.slug} has its owner`);
    assert.equal(a.myRole, 'owner');
  }
  const audited = await api<{ total: number }>(second, 'GET', '/audit?action=application.create&pageSize=1', { cookie: cookie2 });
  assert.equal(audited.body.total, apps.length, 'one audit entry per application, no more, no less');
  const verify = await api<{ data: AuditVerify }>(second, 'GET', '/audit/verify', { cookie: cookie2 });
  assert.equal(verify.body.data.intact, true, JSON.stringify(verify.body.data));

  if (!serverUrl) {
    // the shell commands work while this server holds the folder: an online backup…
    const file = path.join(tmp, 'online.tar');
    const backup = await runOps('backup', ['--out', file, '--json'], env);
    assert.equal(backup.code, 0, backup.stderr);
    const summary = JSON.parse(backup.stdout) as DatabaseSummary;
    assert.equal(summary.tables['public.applications'], apps.length);
    assert.equal(summary.auditHead.seq, verify.body.data.entries);
    assert.ok(fs.statSync(file).size > 0);
    // …and a password reset, which ends the current sessions
    const reset = await runOps(
      'admin',
      ['reset-password', '--email', 'admin@example.com', '--password', 'After-crash-2026'],
      env,
    );
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /Password of admin@example\.com reset; 2 session\(s\) ended/);
    assert.equal((await api<{ data: unknown }>(second, 'GET', '/auth/me', { cookie: cookie2 })).body.data, null);
    await signIn(second, 'After-crash-2026');
    // a graceful stop releases the lock and the ops marker
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0, second.output());
    assert.equal(fs.existsSync(path.join(env.DATA_DIR, LOCK_FILE_NAME)), false);
    assert.equal(fs.existsSync(path.join(env.DATA_DIR, 'ops', 'server.json')), false);
  } else {
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0, second.output());
  }
});
