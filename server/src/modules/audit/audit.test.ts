import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { asc, eq, sql } from 'drizzle-orm';
import type { AuditEntry, AuditVerify } from '../../../../contracts';
import type { Database, Transaction } from '../../db/client';
import { auditHead, auditLog, auditSignatures } from '../../db/schema';
import { sqlState } from '../../lib/pg-errors';
import { adminSession, call, createTestApp, createUser, DEFAULT_PASSWORD, json, login, userSession, ownDatabasePerTest } from '../../test/helpers';
import { canonicalJson, entryHash, GENESIS_HASH, normalizeJson } from '../../core/audit.chain';
import { appendAudit, SHELL_ACTOR } from '../../core/audit.writer';
import { verifyChain } from './audit.service';
import { loadSigningKey, signHead, signingKeyFromText } from './audit.signing';

ownDatabasePerTest('the audit chain is one sequence for the whole database');

const KEY = signingKeyFromText('k'.repeat(16) + '0123456789abcdef0123', 'AUDIT_SIGNING_KEY');

/** Runs `fn` with triggers off (what a superuser with SQL access can do), in one transaction. */
async function tamper(db: Database, fn: (tx: Transaction) => Promise<unknown>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await fn(tx);
  });
}

/** A workload touching every mutating route: returns the admin cookie. */
async function mixedWorkload(app: Parameters<typeof call>[0]): Promise<string> {
  const { cookie } = await adminSession(app);
  const member = await userSession(app, cookie);
  await call(app, 'POST', '/api/v1/auth/login', { body: { email: member.email, password: 'Wrong-password-1' } });
  assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'acme', name: 'ACME' } })).statusCode, 201);
  assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'acme', name: 'dup' } })).statusCode, 409, 'a refused change writes nothing');
  await call(app, 'POST', '/api/v1/applications/acme/members', { cookie, body: { email: member.email, role: 'viewer' } });
  await call(app, 'POST', '/api/v1/applications/acme/members', { cookie, body: { email: member.email, role: 'editor' } });
  await call(app, 'PATCH', '/api/v1/auth/me/preferences', { cookie: member.cookie, body: { locale: 'en-US', lastApp: 'acme' } });
  await call(app, 'DELETE', `/api/v1/applications/acme/members/${member.user.id}`, { cookie });
  await call(app, 'PATCH', `/api/v1/users/${member.user.id}`, { cookie, body: { name: 'Renamed' } });
  await call(app, 'POST', '/api/v1/auth/me/password', { cookie: member.cookie, body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-pass-99' } });
  await call(app, 'POST', '/api/v1/auth/logout', { cookie });
  return login(app, 'admin@example.com');
}

test('audit chain: canonical JSON sorts keys, drops secrets and is what the database gives back', () => {
  assert.equal(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], 'é': true }), '{"a":[{"c":"x","d":null}],"b":1,"é":true}');
  assert.deepEqual(normalizeJson({ at: new Date('2026-01-02T03:04:05.678Z'), u: undefined, n: -0, s: 'a\u0000b', inf: Infinity }), {
    at: '2026-01-02T03:04:05.678Z',
    n: 0,
    s: 'a\uFFFDb',
    inf: null,
  });
  assert.deepEqual(normalizeJson({ name: 'x', password: 'p', passwordHash: 'h', nested: { token: 't', ok: 1 } }), { name: 'x', nested: { ok: 1 } });
  assert.equal(normalizeJson(undefined), null);
  const fields = {
    id: '00000000-0000-4000-8000-000000000001',
    seq: 1,
    at: new Date('2026-01-01T00:00:00.000Z'),
    actorId: null,
    actorLabel: 'shell',
    ip: null,
    action: 'x.y',
    targetType: null,
    targetId: null,
    before: null,
    after: { b: 2, a: 1 },
    details: null,
    prevHash: GENESIS_HASH,
  };
  assert.match(entryHash(fields), /^[0-9a-f]{64}$/);
  assert.equal(entryHash(fields), entryHash({ ...fields, after: { a: 1, b: 2 } }), 'key order does not matter');
  assert.notEqual(entryHash(fields), entryHash({ ...fields, actorLabel: 'shel1' }));
});

test('audit chain: a mixed workload writes one chained entry per change and verifies intact', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const cookie = await mixedWorkload(app);
  const rows = await handle.db.select().from(auditLog).orderBy(asc(auditLog.seq));
  assert.deepEqual(
    rows.map((r) => r.action),
    [
      'setup.init',
      'auth.login',
      'user.create',
      'auth.login',
      'auth.login_failed',
      'application.create',
      'member.add',
      'member.update',
      'user.preferences',
      'member.remove',
      'user.update',
      'auth.password_change',
      'auth.logout',
      'auth.login',
    ],
  );
  rows.forEach((r, i) => {
    assert.equal(r.seq, i + 1);
    assert.equal(r.prevHash, i === 0 ? GENESIS_HASH : rows[i - 1].hash);
    assert.equal(r.hash, entryHash(r));
  });
  const [head] = await handle.db.select().from(auditHead);
  assert.deepEqual([head.seq, head.hash], [rows.length, rows[rows.length - 1].hash]);
  assert.doesNotMatch(JSON.stringify(rows), /argon2|Correct-horse|Another-pass/, 'no password or hash is stored');
  const update = rows.find((r) => r.action === 'member.update');
  const login = rows.find((r) => r.action === 'auth.login_failed');
  const memberId = login?.targetId;
  assert.ok(update && memberId);
  assert.deepEqual([update.targetType, update.before, update.after, update.details], [
    'application',
    { userId: memberId, email: login.actorLabel, role: 'viewer' },
    { userId: memberId, email: login.actorLabel, role: 'editor' },
    { application: 'acme' },
  ]);

  const res = await call(app, 'GET', '/api/v1/audit/verify', { cookie });
  assert.equal(res.statusCode, 200);
  assert.deepEqual(json<{ data: AuditVerify }>(res).data, { intact: true, entries: rows.length, signedHeads: 0 });
});

test('audit chain: concurrent writers append one at a time (no fork, no gap)', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const results = await Promise.all(
    Array.from({ length: 24 }, (_v, i) => call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: `app-${i}`, name: `App ${i}` } })),
  );
  assert.ok(results.every((r) => r.statusCode === 201));
  const verify = await verifyChain(handle.db);
  assert.deepEqual(verify, { intact: true, entries: 26, signedHeads: 0 });
  const creates = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'application.create'));
  assert.equal(creates.length, 24);
});

test('audit chain: a row changed, re-hashed, removed or cut off in SQL is reported as the first broken entry', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const cookie = await mixedWorkload(app);
  const rows = await handle.db.select().from(auditLog).orderBy(asc(auditLog.seq));
  const verify = async () => json<{ data: AuditVerify }>(await call(app, 'GET', '/api/v1/audit/verify', { cookie })).data;

  // 1. content changed: that entry's hash no longer matches
  const victim = rows[5];
  await tamper(handle.db, (tx) => tx.update(auditLog).set({ actorLabel: 'someone-else@example.com' }).where(eq(auditLog.id, victim.id)));
  assert.deepEqual(await verify(), { intact: false, entries: 5, signedHeads: 0, firstBroken: { id: victim.id, seq: 6, reason: 'hash' } });

  // 2. changed and re-hashed: the next entry's link breaks
  const forged = { ...victim, actorLabel: 'someone-else@example.com' };
  await tamper(handle.db, (tx) => tx.update(auditLog).set({ hash: entryHash(forged) }).where(eq(auditLog.id, victim.id)));
  assert.deepEqual(await verify(), { intact: false, entries: 6, signedHeads: 0, firstBroken: { id: rows[6].id, seq: 7, reason: 'link' } });
  await tamper(handle.db, (tx) => tx.update(auditLog).set({ actorLabel: victim.actorLabel, hash: victim.hash }).where(eq(auditLog.id, victim.id)));
  assert.equal((await verify()).intact, true, 'restored');

  // 3. an entry removed: the sequence has a hole
  await tamper(handle.db, (tx) => tx.delete(auditLog).where(eq(auditLog.id, rows[2].id)));
  assert.deepEqual(await verify(), { intact: false, entries: 2, signedHeads: 0, firstBroken: { id: null, seq: 3, reason: 'sequence' } });
  await tamper(handle.db, (tx) => tx.insert(auditLog).values(rows[2]));

  // 4. the newest entries cut off: the head names an entry that is gone
  const last = rows[rows.length - 1];
  await tamper(handle.db, (tx) => tx.delete(auditLog).where(eq(auditLog.seq, last.seq)));
  assert.deepEqual(await verify(), { intact: false, entries: rows.length - 1, signedHeads: 0, firstBroken: { id: null, seq: last.seq, reason: 'head' } });
});

test('audit log: triggers refuse UPDATE, DELETE and TRUNCATE; the head only moves to the entry just appended', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  await signHead(handle.db, KEY);
  const refused = async (label: string, statement: Promise<unknown>) => {
    await assert.rejects(statement, (err: unknown) => {
      assert.equal(sqlState(err), '23001', `${label}: restrict_violation`);
      return true;
    });
  };
  await refused('update', handle.db.execute(sql`update audit_log set actor_label = 'x'`));
  await refused('delete', handle.db.execute(sql`delete from audit_log`));
  await refused('truncate', handle.db.execute(sql`truncate audit_log`));
  await refused('update signature', handle.db.execute(sql`update audit_signatures set signature = 'x'`));
  await refused('delete signature', handle.db.execute(sql`delete from audit_signatures`));
  await refused('truncate signatures', handle.db.execute(sql`truncate audit_signatures`));
  await refused('move head', handle.db.execute(sql`update audit_head set seq = seq + 5`));
  await refused('rewrite head', handle.db.execute(sql`update audit_head set hash = repeat('f', 64)`));
  await refused('delete head', handle.db.execute(sql`delete from audit_head`));
  await refused('truncate head', handle.db.execute(sql`truncate audit_head`));
  await assert.rejects(handle.db.execute(sql`insert into audit_head (id, seq, hash) values (2, 0, 'x')`), 'one head row only');
  assert.equal((await handle.db.select().from(auditLog)).length, 2);
  assert.deepEqual(json<{ data: AuditVerify }>(await call(app, 'GET', '/api/v1/audit/verify', { cookie })).data.intact, true);
});

test('audit log: signed heads vouch for the chain even when it is rewritten consistently', async (t) => {
  const { app, handle, close } = await createTestApp({ signingKey: KEY });
  t.after(close);
  const cookie = await mixedWorkload(app);
  const signed = await signHead(handle.db, KEY, new Date());
  assert.ok(signed);
  assert.equal(await signHead(handle.db, KEY), null, 'an unchanged head is not signed twice');
  await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'later', name: 'Later' } });
  assert.equal((await signHead(handle.db, KEY))?.seq, signed.seq + 1);
  assert.deepEqual(await verifyChain(handle.db, KEY), { intact: true, entries: signed.seq + 1, signedHeads: 2 });

  // rewrite entry 3 and every hash after it: the chain is self-consistent again, but not what was signed
  const rows = await handle.db.select().from(auditLog).orderBy(asc(auditLog.seq));
  await tamper(handle.db, async (tx) => {
    let prev = rows[1].hash;
    for (const row of rows.slice(2)) {
      const next = { ...row, prevHash: prev, actorLabel: row.seq === 3 ? 'nobody@example.com' : row.actorLabel };
      const hash = entryHash(next);
      await tx.update(auditLog).set({ actorLabel: next.actorLabel, prevHash: prev, hash }).where(eq(auditLog.id, row.id));
      prev = hash;
    }
    await tx.update(auditHead).set({ hash: prev });
  });
  const result = json<{ data: AuditVerify }>(await call(app, 'GET', '/api/v1/audit/verify', { cookie })).data;
  assert.equal(result.intact, false);
  assert.deepEqual(result.firstBroken, { id: rows[signed.seq - 1].id, seq: signed.seq, reason: 'signature' });
  // without the key, the stored hashes of the signed heads still disagree
  assert.equal((await verifyChain(handle.db, null)).firstBroken?.reason, 'signature');
  // a forged signature row is caught with the key
  const other = await createTestApp({ signingKey: KEY });
  t.after(other.close);
  await adminSession(other.app);
  const [head] = await other.handle.db.select().from(auditHead);
  await other.handle.db.insert(auditSignatures).values({ seq: head.seq, hash: head.hash, signature: 'ab'.repeat(32), keyId: KEY.keyId });
  assert.deepEqual((await verifyChain(other.handle.db, KEY)).firstBroken?.reason, 'signature');
});

test('audit signing key: from the environment or a file outside the data folder, at least 32 characters', (t) => {
  assert.equal(loadSigningKey({}), null);
  assert.equal(loadSigningKey({ AUDIT_SIGNING_KEY: 'x'.repeat(40) })?.source, 'AUDIT_SIGNING_KEY');
  assert.throws(() => loadSigningKey({ AUDIT_SIGNING_KEY: 'short' }), /at least 32 characters/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-key-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'audit.key');
  fs.writeFileSync(file, `${'a1'.repeat(32)}\n`);
  const key = loadSigningKey({ AUDIT_SIGNING_KEY_FILE: file }, path.join(dir, 'data'));
  assert.equal(key?.source, 'AUDIT_SIGNING_KEY_FILE');
  assert.equal(key?.keyId, signingKeyFromText('a1'.repeat(32), 'AUDIT_SIGNING_KEY').keyId, 'trimmed');
  assert.throws(() => loadSigningKey({ AUDIT_SIGNING_KEY_FILE: file }, dir), /inside the data folder/);
  assert.throws(() => loadSigningKey({ AUDIT_SIGNING_KEY_FILE: path.join(dir, 'missing') }), /ENOENT/);
});

test('audit API: administrators list entries newest first, filter by actor and action, page by cursor', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const cookie = await mixedWorkload(app);
  await appendAudit(handle.db, SHELL_ACTOR, { action: 'user.password_reset', targetType: 'user', targetId: 'x' });
  type Page = { data: AuditEntry[]; total: number; current: number; pageSize: number };
  const list = async (query: string) => {
    const res = await call(app, 'GET', `/api/v1/audit${query}`, { cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<Page>(res);
  };
  const all = await list('?pageSize=5');
  assert.equal(all.total, 15);
  assert.deepEqual(all.data.map((e) => e.seq), [15, 14, 13, 12, 11]);
  assert.equal(all.data[0].actorLabel, 'shell');
  assert.equal(all.data[0].actorId, null);
  const page2 = await list('?pageSize=5&current=2');
  assert.deepEqual(page2.data.map((e) => e.seq), [10, 9, 8, 7, 6]);
  const cursor = await list('?pageSize=3&cursor=4');
  assert.deepEqual(cursor.data.map((e) => e.seq), [3, 2, 1]);

  const auth = await list('?action=auth&pageSize=100');
  assert.deepEqual(new Set(auth.data.map((e) => e.action)), new Set(['auth.login', 'auth.login_failed', 'auth.password_change', 'auth.logout']));
  assert.equal(auth.total, auth.data.length);
  const exact = await list('?action=auth.login');
  assert.ok(exact.data.every((e) => e.action === 'auth.login'));
  assert.equal(exact.total, 3);
  const member = exact.data.find((e) => e.actorLabel !== 'admin@example.com');
  assert.ok(member?.actorId);
  const byActor = await list(`?actorId=${member.actorId}&pageSize=100`);
  assert.ok(byActor.data.every((e) => e.actorId === member.actorId));
  assert.deepEqual(byActor.data.map((e) => e.action).sort(), ['auth.login', 'auth.password_change', 'user.preferences']);
  const byLabel = await list('?actor=ADMIN@example');
  assert.ok(byLabel.total > 0 && byLabel.data.every((e) => e.actorLabel === 'admin@example.com'));
  assert.equal((await call(app, 'GET', '/api/v1/audit?action=DROP%20TABLE', { cookie })).statusCode, 400);

  const user = await createUser(app, cookie);
  const userCookie = await login(app, user.email);
  assert.equal((await call(app, 'GET', '/api/v1/audit', { cookie: userCookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/audit/verify', { cookie: userCookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/audit')).statusCode, 401);
});
