/**
 * Anchoring the audit chain outside the database (audit.anchors.ts): a chain rewritten by a
 * database superuser — triggers disabled, an entry changed, every later hash recomputed, the head
 * moved — verifies "intact" on its own, but not against the anchor file: verification names the
 * first anchor that disagrees (and the last that still agreed); entries cut off show as
 * `truncated`; signed anchors check with the public key verify answers, and an edited line is
 * caught. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import assert from 'node:assert/strict';
import { verify as verifySignature } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { AuditVerify } from '../../../../contracts';
import type { Database } from '../../db/client';
import { auditHead, auditLog } from '../../db/schema';
import { createScheduler, housekeepingTasks } from '../../ops/scheduler';
import { adminSession, call, createTestApp, json, ownDatabasePerTest } from '../../test/helpers';
import { entryHash } from '../../core/audit.chain';
import { anchorHead, anchorKeyOf, anchorMessage, AnchorFile, setAnchorsAside, type Anchor } from './audit.anchors';
import { verifyChain } from './audit.service';
import { signingKeyFromText } from './audit.signing';

ownDatabasePerTest('the audit chain and its anchors are one sequence for the whole database');

const KEY = signingKeyFromText('anchor-test-key-'.repeat(3), 'AUDIT_SIGNING_KEY');

function tempDir(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-anchors-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `n` audited changes (applications created). */
async function changes(app: Parameters<typeof call>[0], cookie: string, from: number, n: number): Promise<void> {
  for (let i = from; i < from + n; i++) {
    const res = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: `anchored-${i}`, name: `Anchored ${i}` } });
    assert.equal(res.statusCode, 201, res.body);
  }
}

/**
 * What a database superuser does: triggers off (ALTER TABLE … DISABLE TRIGGER), entry `seq`
 * changed, every later entry re-hashed and re-linked (core/audit.chain.ts entryHash), the head moved to
 * the new last hash, triggers back on. The chain is self-consistent afterwards.
 */
async function rewriteAsSuperuser(db: Database, seq: number): Promise<void> {
  await db.execute(sql`alter table audit_log disable trigger user`);
  await db.execute(sql`alter table audit_head disable trigger user`);
  try {
    const rows = await db.select().from(auditLog).where(gt(auditLog.seq, seq - 1)).orderBy(asc(auditLog.seq));
    let prev = rows[0].prevHash;
    for (const row of rows) {
      const next = { ...row, prevHash: prev, actorLabel: row.seq === seq ? 'nobody@example.com' : row.actorLabel };
      const hash = entryHash(next);
      await db.update(auditLog).set({ actorLabel: next.actorLabel, prevHash: prev, hash }).where(eq(auditLog.id, row.id));
      prev = hash;
    }
    await db.update(auditHead).set({ hash: prev }).where(eq(auditHead.id, 1));
  } finally {
    await db.execute(sql`alter table audit_log enable trigger user`);
    await db.execute(sql`alter table audit_head enable trigger user`);
  }
}

test('audit anchors: a chain rewritten consistently in SQL is caught by the anchors outside the database', async (t) => {
  const anchors = new AnchorFile(tempDir(t), null);
  const { app, handle, close } = await createTestApp({ auditAnchors: anchors });
  t.after(close);
  const { cookie } = await adminSession(app);
  const verify = async () => {
    const res = await call(app, 'GET', '/api/v1/audit/verify', { cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: AuditVerify }>(res).data;
  };

  // three anchors, at seq 2 (setup + login), 7 and 12
  const first = (await anchorHead(handle.db, anchors)).anchored;
  await changes(app, cookie, 0, 5);
  const second = (await anchorHead(handle.db, anchors)).anchored;
  await changes(app, cookie, 5, 5);
  const third = (await anchorHead(handle.db, anchors)).anchored;
  assert.deepEqual([first?.seq, second?.seq, third?.seq], [2, 7, 12]);
  assert.equal((await anchorHead(handle.db, anchors)).anchored, null, 'an unchanged head is not anchored twice');
  await changes(app, cookie, 10, 2);
  const lines = fs.readFileSync(anchors.file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Anchor);
  assert.equal(lines.length, 3);
  assert.deepEqual(Object.keys(lines[0]).sort(), ['at', 'hash', 'seq'], 'unsigned without a key');

  const before = await verify();
  assert.equal(before.intact, true);
  assert.deepEqual(before.anchors, { file: anchors.file, checked: 3, signaturesChecked: 0, publicKey: null, keyId: null });

  // the superuser rewrites entry 5 and everything after it: the chain alone still says intact…
  await rewriteAsSuperuser(handle.db, 5);
  assert.deepEqual(await verifyChain(handle.db), { intact: true, entries: 14, signedHeads: 0 }, 'undetectable without anchors');
  // …the anchors do not: the anchor at seq 7 disagrees, the one at seq 2 still agrees
  const [row7] = await handle.db.select().from(auditLog).where(eq(auditLog.seq, 7));
  const after = await verify();
  assert.equal(after.intact, false);
  assert.deepEqual(after.firstBroken, { id: row7.id, seq: 7, reason: 'anchor', intactUpTo: 2, line: 2 });
  assert.equal(after.entries, 14);
});

test('audit anchors: entries cut off with the head moved back show as truncated; the scheduler anchors and logs a mismatch', async (t) => {
  const dir = tempDir(t);
  const anchors = new AnchorFile(dir, null);
  const { app, handle, close } = await createTestApp({ auditAnchors: anchors });
  t.after(close);
  const { cookie } = await adminSession(app);
  await changes(app, cookie, 0, 4);

  const logged: { level: string; obj: unknown; msg: string }[] = [];
  const log = {
    info: (obj: unknown, msg: string) => void logged.push({ level: 'info', obj, msg }),
    warn: (obj: unknown, msg: string) => void logged.push({ level: 'warn', obj, msg }),
    error: (obj: unknown, msg: string) => void logged.push({ level: 'error', obj, msg }),
  } as unknown as Parameters<typeof housekeepingTasks>[1];
  const scheduler = createScheduler(housekeepingTasks(handle, log, anchors), log);
  assert.ok(scheduler.tasks.some((task) => task.name === 'anchor-audit-head' && task.intervalMs === 15 * 60_000));
  assert.deepEqual(await scheduler.runNow('anchor-audit-head'), { seq: 6 });
  assert.ok(logged.some((l) => l.msg === 'audit: chain head anchored'), 'the anchor line goes to the log too');
  assert.equal(await scheduler.runNow('anchor-audit-head'), null);

  // cut off the last two entries and move the head back (consistent, as a superuser would)
  const [row4] = await handle.db.select().from(auditLog).where(eq(auditLog.seq, 4));
  await handle.db.execute(sql`alter table audit_log disable trigger user`);
  await handle.db.execute(sql`alter table audit_head disable trigger user`);
  await handle.db.delete(auditLog).where(gt(auditLog.seq, 4));
  await handle.db.update(auditHead).set({ seq: 4, hash: row4.hash }).where(eq(auditHead.id, 1));
  await handle.db.execute(sql`alter table audit_log enable trigger user`);
  await handle.db.execute(sql`alter table audit_head enable trigger user`);
  assert.equal((await verifyChain(handle.db)).intact, true, 'undetectable without anchors');
  assert.deepEqual((await verifyChain(handle.db, null, anchors)).firstBroken, { id: null, seq: 5, reason: 'truncated', intactUpTo: 0, line: 1 });

  // the next scheduled run says so in the log at once
  logged.length = 0;
  await scheduler.runNow('anchor-audit-head');
  const error = logged.find((l) => l.level === 'error');
  assert.ok(error, JSON.stringify(logged));
  assert.deepEqual((error.obj as { auditAnchorMismatch: unknown }).auditAnchorMismatch, { seq: 6, anchoredHash: JSON.parse(fs.readFileSync(anchors.file, 'utf8').split('\n')[0]).hash, databaseHash: null });

  // a restore moves the anchors of the old chain aside
  const aside = setAnchorsAside(dir, 'test');
  assert.ok(aside && fs.existsSync(aside) && !fs.existsSync(anchors.file));
  assert.equal((await verifyChain(handle.db, null, anchors)).intact, true);
});

test('audit anchors: with a key every line is signed (Ed25519), anyone checks it with the public key, an edited line is caught', async (t) => {
  const anchors = new AnchorFile(tempDir(t), KEY);
  assert.equal(anchors.key?.keyId, anchorKeyOf(KEY).keyId, 'the same key gives the same pair in every process');
  const { app, handle, close } = await createTestApp({ signingKey: KEY, auditAnchors: anchors });
  t.after(close);
  const { cookie } = await adminSession(app);
  await anchorHead(handle.db, anchors);
  await changes(app, cookie, 0, 3);
  await anchorHead(handle.db, anchors);
  const verify = async () => json<{ data: AuditVerify }>(await call(app, 'GET', '/api/v1/audit/verify', { cookie })).data;

  const result = await verify();
  assert.equal(result.intact, true);
  assert.equal(result.anchors?.signaturesChecked, 2);
  const publicKey = result.anchors?.publicKey;
  assert.match(String(publicKey), /^-----BEGIN PUBLIC KEY-----/);
  // an outside check: only node:crypto, the public key from the answer and the file
  const lines = fs.readFileSync(anchors.file, 'utf8').trim().split('\n');
  for (const line of lines) {
    const a = JSON.parse(line) as Required<Anchor>;
    assert.equal(a.keyId, result.anchors?.keyId);
    assert.equal(verifySignature(null, Buffer.from(`assay-audit-anchor:v1:${a.seq}:${a.hash}:${a.at}`), String(publicKey), Buffer.from(a.sig, 'base64')), true);
    assert.deepEqual(anchorMessage(a.seq, a.hash, a.at), Buffer.from(`assay-audit-anchor:v1:${a.seq}:${a.hash}:${a.at}`));
  }

  // someone with the disk edits the second line to match a rewritten chain: its signature fails
  const edited = JSON.parse(lines[1]) as Anchor;
  edited.hash = 'f'.repeat(64);
  fs.writeFileSync(anchors.file, `${lines[0]}\n${JSON.stringify(edited)}\n`);
  assert.deepEqual((await verify()).firstBroken, { id: null, seq: edited.seq, reason: 'anchor_tampered', line: 2 });
  // a line that does not parse is caught too (seq unknown: 0)
  fs.writeFileSync(anchors.file, `${lines[0]}\n{"seq":\n${lines[1]}\n`);
  assert.deepEqual((await verify()).firstBroken, { id: null, seq: 0, reason: 'anchor_tampered', line: 2 });
  fs.writeFileSync(anchors.file, `${lines.join('\n')}\n`);
  assert.equal((await verify()).intact, true);

  // and a rewrite in SQL, re-signed nowhere, is named by the signed anchor
  await rewriteAsSuperuser(handle.db, 3);
  const broken = await verify();
  assert.equal(broken.firstBroken?.reason, 'anchor');
  assert.equal(broken.firstBroken?.seq, JSON.parse(lines[1]).seq);
});
