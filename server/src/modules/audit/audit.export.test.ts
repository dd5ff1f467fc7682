/**
 * The audit log screen on the API: filters by user, action prefix, target and time range;
 * CSV and XLSX export of exactly the filtered set; "verify chain" naming the first broken entry.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { AuditEntry, AuditVerify } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, json, ownDatabasePerTest } from '../../test/helpers';
import { EXPORT_COLUMNS } from './audit.export';
import { appendAudit, type AuditActor } from '../../core/audit.writer';

ownDatabasePerTest('the audit log is one list for the whole database');

const ALICE: AuditActor = { id: '11111111-1111-4111-8111-111111111111', label: 'alice@example.com', ip: '10.0.0.1', userAgent: 'Mozilla/5.0 Alice' };
const BOB: AuditActor = { id: '22222222-2222-4222-8222-222222222222', label: 'bob@example.com', ip: '10.0.0.2', userAgent: 'curl/8' };
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2026-01-01T00:00:00.000Z');

type Page = { data: AuditEntry[]; total: number };

/** An admin, then 12 entries by Alice and Bob over 12 days (2026-01-01 … 01-12): tags, groups, a =formula. */
async function seeded() {
  const ctx = await createTestApp();
  const { cookie } = await adminSession(ctx.app);
  for (let i = 0; i < 12; i += 1) {
    const actor = i % 2 === 0 ? ALICE : BOB;
    const action = i % 3 === 0 ? 'tag.create' : i % 3 === 1 ? 'tag.update' : 'group.create';
    await appendAudit(
      ctx.handle.db,
      actor,
      {
        action,
        targetType: action.split('.')[0],
        targetId: `t-${i % 4}`,
        before: i % 3 === 1 ? { name: `old ${i}`, nested: { color: 'red' } } : null,
        after: { name: i === 5 ? '=HYPERLINK("http://evil")' : `name ${i}`, nested: { color: 'blue' } },
      },
      new Date(T0 + i * DAY),
    );
  }
  const list = async (query: string): Promise<Page> => {
    const res = await call(ctx.app, 'GET', `/api/v1/audit${query}`, { cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<Page>(res);
  };
  return { ...ctx, cookie, list };
}

test('audit filters: user (id or text), action prefix, target type and id, time range; newest first; user agent exposed', async (t) => {
  const { close, list } = await seeded();
  t.after(close);
  const alice = await list(`?actorId=${ALICE.id}&pageSize=100`);
  assert.equal(alice.total, 6);
  assert.ok(alice.data.every((e) => e.actorLabel === 'alice@example.com' && e.userAgent === 'Mozilla/5.0 Alice' && e.ip === '10.0.0.1'));
  assert.deepEqual((await list('?actor=BOB&pageSize=100')).total, 6);

  const tags = await list('?action=tag&pageSize=100');
  assert.equal(tags.total, 8);
  assert.ok(tags.data.every((e) => e.action.startsWith('tag.')));
  assert.equal((await list('?action=tag.update')).total, 4);
  assert.equal((await list('?action=ta')).total, 0, 'a prefix matches whole segments only');

  const target = await list('?targetType=tag&targetId=t-0&pageSize=100');
  assert.deepEqual(target.data.map((e) => e.targetId), ['t-0', 't-0']);
  assert.ok(target.data.every((e) => e.targetType === 'tag'));

  // 2026-01-03 inclusive to 2026-01-06 exclusive: i = 2, 3, 4, 5 → 4 entries, newest first
  const range = await list(`?from=${encodeURIComponent('2026-01-03T00:00:00Z')}&to=${encodeURIComponent('2026-01-06T08:00:00+08:00')}&pageSize=100`);
  assert.deepEqual(range.data.map((e) => e.at.slice(0, 10)), ['2026-01-05', '2026-01-04', '2026-01-03']);
  assert.equal(range.total, 3);
  const combined = await list(`?actor=alice&action=tag&from=${encodeURIComponent('2026-01-05T00:00:00Z')}`);
  assert.equal(combined.total, 3, 'i = 4, 6 and 10 (alice, tag.*, from 2026-01-05)');
  assert.ok(combined.data.every((e) => e.actorLabel === 'alice@example.com' && e.action.startsWith('tag.') && e.at >= '2026-01-05'));

  const all = await list('?pageSize=100');
  const seqs = all.data.map((e) => e.seq);
  assert.deepEqual(seqs, [...seqs].sort((a, b) => b - a), 'newest first');
  assert.equal(all.data.find((e) => e.action === 'setup.init')?.userAgent, 'lightMyRequest', "the request's user agent is recorded");
});

test('audit filters: bad filters are 400 naming the field', async (t) => {
  const { close, cookie, app } = await seeded();
  t.after(close);
  for (const query of ['from=yesterday', 'to=2026-01-01', 'actorId=alice', 'action=DROP%20TABLE']) {
    const res = await call(app, 'GET', `/api/v1/audit?${query}`, { cookie });
    assert.equal(res.statusCode, 400, query);
    const field = json<{ details?: { field: string }[] }>(res).details?.[0]?.field;
    assert.equal(field, query.split('=')[0], `${query} names its field`);
  }
  assert.equal((await call(app, 'GET', '/api/v1/audit/export?format=pdf', { cookie })).statusCode, 400);
});

test('audit export: CSV and XLSX hold exactly the filtered set, newest first, and write no entry', async (t) => {
  const { close, cookie, app, list, handle } = await seeded();
  t.after(close);
  const filter = `actor=alice&action=tag`;
  const expected = await list(`?${filter}&pageSize=100`);
  const before = (await list('?pageSize=1')).total;
  assert.equal(expected.total, 4);

  const csv = await call(app, 'GET', `/api/v1/audit/export?format=csv&${filter}`, { cookie });
  assert.equal(csv.statusCode, 200);
  assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  assert.match(String(csv.headers['content-disposition']), /^attachment; filename="audit-log-\d{8}-\d{6}\.csv"$/);
  assert.equal(csv.headers['x-total-count'], '4');
  assert.equal(csv.headers['x-export-truncated'], 'false');
  assert.ok(csv.body.startsWith('\uFEFF'), 'a byte-order mark for Excel');
  const parsed = Papa.parse<Record<string, string>>(csv.body.slice(1), { header: true, skipEmptyLines: true });
  assert.deepEqual(parsed.errors, []);
  assert.deepEqual(parsed.meta.fields, [...EXPORT_COLUMNS]);
  assert.deepEqual(parsed.data.map((r) => Number(r.seq)), expected.data.map((e) => e.seq));
  assert.ok(parsed.data.every((r) => r.actor === 'alice@example.com' && r.action.startsWith('tag.') && r.userAgent === 'Mozilla/5.0 Alice'));
  const first = parsed.data[0];
  assert.deepEqual(JSON.parse(first.after), expected.data[0].after);
  assert.equal(first.hash, expected.data[0].hash);

  // a formula-looking cell is escaped in the CSV (CSV injection)
  await appendAudit(handle.db, BOB, { action: 'tag.delete', targetType: 'tag', targetId: '=SUM(A1:A9)' });
  const evil = await call(app, 'GET', '/api/v1/audit/export?format=csv&action=tag.delete', { cookie });
  const evilRows = Papa.parse<Record<string, string>>(evil.body.slice(1), { header: true, skipEmptyLines: true }).data;
  assert.equal(evilRows.length, 1);
  assert.equal(evilRows[0].targetId, "'=SUM(A1:A9)");

  const xlsx = await call(app, 'GET', `/api/v1/audit/export?format=xlsx&${filter}`, { cookie });
  assert.equal(xlsx.statusCode, 200);
  assert.equal(xlsx.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  assert.match(String(xlsx.headers['content-disposition']), /filename="audit-log-\d{8}-\d{6}\.xlsx"/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Audit log');
  assert.ok(sheet);
  assert.equal(sheet.rowCount, 1 + expected.total, 'a header row and one row per entry');
  assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [...EXPORT_COLUMNS]);
  const seqs: number[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) seqs.push(Number(row.getCell(1).value));
  });
  assert.deepEqual(seqs, expected.data.map((e) => e.seq));
  assert.equal(sheet.getRow(2).getCell(3).value, 'alice@example.com');

  // an empty set is a header only; exporting writes no audit entry
  const none = await call(app, 'GET', '/api/v1/audit/export?format=csv&action=nothing.here', { cookie });
  assert.equal(Papa.parse(none.body.slice(1), { skipEmptyLines: true }).data.length, 1);
  const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  assert.equal(n, before + 1, 'only the tag.delete appended above: an export is a read and writes no entry');
});

test('audit verify: intact with the count; after an entry is changed in SQL, the first broken seq and why', async (t) => {
  const { close, cookie, app, handle } = await seeded();
  t.after(close);
  const verify = async () => json<{ data: AuditVerify }>(await call(app, 'GET', '/api/v1/audit/verify', { cookie })).data;
  const intact = await verify();
  assert.equal(intact.intact, true);
  assert.equal(intact.entries, 14, 'setup, login, 12 seeded');
  const [victim] = await handle.db.select().from(auditLog).where(eq(auditLog.seq, 6));
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(auditLog).set({ after: { name: 'forged' } }).where(eq(auditLog.id, victim.id));
  });
  const broken = await verify();
  assert.equal(broken.intact, false);
  assert.deepEqual(broken.firstBroken, { id: victim.id, seq: 6, reason: 'hash' });
  assert.equal(broken.entries, 5);
});
