/**
 * The workspace home's data (subjects, the newest record changes, notices, members) and
 * the console dashboard's record total (exact per table, PostgreSQL's estimate for big tables).
 * Subjects and records are written straight in SQL here, as the subjects and records modules
 * store them (a real table per subject, one record_versions row per change).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { ConsoleSummary, WorkspaceSummary } from '../../../../contracts/route-data';
import type { Database } from '../../db/client';
import { fields, recordVersions, subjects } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession, ownDatabasePerTest } from '../../test/helpers';
import { createSubjectTable, ident, tableNameOf } from '../subjects/ddl';
import { countLiveRecords } from './route-data.repository';

ownDatabasePerTest('the console dashboard counts every record and notice of the database');

const loader = (url: string) => `/__serverLoader?route=1&url=${encodeURIComponent(url)}`;

/** A subject of `applicationId` with a text field `title` (its display field) and its table. */
async function makeSubject(db: Database, applicationId: string, key: string, name: string, opts: { deleted?: boolean } = {}) {
  return db.transaction(async (tx) => {
    const [subject] = await tx.insert(subjects).values({ applicationId, key, name, tableName: `pending_${key}`, icon: 'BankOutlined' }).returning();
    const table = tableNameOf(subject.id);
    await createSubjectTable(tx, table);
    const [title] = await tx.insert(fields).values({ subjectId: subject.id, key: 'title', name: 'Title', type: 'text' }).returning();
    await tx.insert(fields).values({ subjectId: subject.id, key: 'amount', name: 'Amount', type: 'number' });
    await tx.insert(fields).values({ subjectId: subject.id, key: 'old', name: 'Old', type: 'text', deletedAt: new Date() });
    await tx
      .update(subjects)
      .set({ tableName: table, displayFieldId: title.id, deletedAt: opts.deleted ? new Date() : null })
      .where(sql`${subjects.id} = ${subject.id}`);
    return { id: subject.id, table };
  });
}

/** `n` records in `table` (`deleted` of them in the recycle bin). */
async function addRecords(db: Database, table: string, n: number, deleted = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await db.execute(sql.raw(`insert into ${ident(table)} (deleted_at) values (${i < deleted ? 'now()' : 'null'}) returning id`));
    ids.push((res as unknown as { rows: { id: string }[] }).rows[0].id);
  }
  return ids;
}

test('workspace home: subjects, the ten newest record changes, members and notices', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const member = await userSession(app, cookie, { name: 'Mia' });
  const created = await call(app, 'POST', '/api/v1/applications', {
    cookie,
    body: { slug: 'acme', name: 'ACME', members: [{ email: member.email, role: 'viewer' }] },
  });
  const appId = json<{ data: { id: string } }>(created).data.id;
  const other = json<{ data: { id: string } }>(await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'other', name: 'Other' } })).data.id;

  // empty at first
  const empty = json<{ data: WorkspaceSummary }>(await call(app, 'GET', loader('/acme'), { cookie: member.cookie })).data;
  assert.deepEqual(empty.subjects, []);
  assert.deepEqual(empty.recentChanges, []);
  assert.equal(empty.notices.total, 0);
  assert.equal(empty.application.members.length, 2);

  const risks = await makeSubject(handle.db, appId, 'risks', 'Risks');
  const controls = await makeSubject(handle.db, appId, 'controls', 'Controls');
  const gone = await makeSubject(handle.db, appId, 'gone', 'Gone', { deleted: true });
  const elsewhere = await makeSubject(handle.db, other, 'elsewhere', 'Elsewhere');
  const base = Date.parse('2026-03-01T00:00:00Z');
  const version = (subjectId: string, recordId: string, minute: number, title: unknown, action: 'create' | 'update' = 'create') =>
    handle.db.insert(recordVersions).values({
      subjectId,
      recordId,
      version: action === 'create' ? 1 : 2,
      action,
      actorLabel: 'mia@example.com',
      at: new Date(base + minute * 60_000),
      snapshot: { title, amount: minute },
    });
  const riskIds = await addRecords(handle.db, risks.table, 6);
  for (let i = 0; i < 6; i += 1) await version(risks.id, riskIds[i], i * 2, `Risk ${i}`);
  await version(risks.id, riskIds[0], 100, 'Risk 0 (edited)', 'update');
  const controlIds = await addRecords(handle.db, controls.table, 6);
  for (let i = 0; i < 6; i += 1) await version(controls.id, controlIds[i], i * 2 + 1, i === 5 ? 42 : `Control ${i}`);
  await version(gone.id, randomUUID(), 500, 'hidden');
  await version(elsewhere.id, randomUUID(), 600, 'other app');

  const data = json<{ data: WorkspaceSummary }>(await call(app, 'GET', loader('/acme'), { cookie: member.cookie })).data;
  assert.deepEqual(
    data.subjects.map((s) => [s.key, s.name, s.icon, s.fieldCount]),
    [
      ['controls', 'Controls', 'BankOutlined', 2],
      ['risks', 'Risks', 'BankOutlined', 2],
    ],
    'live subjects by name, live fields counted',
  );
  assert.equal(data.recentChanges.length, 10);
  assert.deepEqual(data.recentChanges[0], {
    subjectKey: 'risks',
    subjectName: 'Risks',
    recordId: riskIds[0],
    title: 'Risk 0 (edited)',
    version: 2,
    action: 'update',
    actorLabel: 'mia@example.com',
    at: new Date(base + 100 * 60_000).toISOString(),
  });
  assert.deepEqual(
    data.recentChanges.slice(1, 4).map((c) => [c.subjectKey, c.title]),
    [
      ['controls', null],
      ['risks', 'Risk 5'],
      ['controls', 'Control 4'],
    ],
    'newest first across subjects; a non-text display value has no title',
  );
  assert.ok(data.recentChanges.every((c) => c.subjectKey !== 'gone' && c.subjectKey !== 'elsewhere'));

  // notices: this application's and everyone's, not another application's
  const notice = (title: string, audience: string, applicationId: string | null) =>
    call(app, 'POST', '/api/v1/notices', { cookie, body: { title, audience, applicationId, published: true } });
  assert.equal((await notice('For ACME', 'application', appId)).statusCode, 201);
  assert.equal((await notice('For everyone', 'everyone', null)).statusCode, 201);
  assert.equal((await notice('For Other', 'application', other)).statusCode, 201);
  const withNotices = json<{ data: WorkspaceSummary }>(await call(app, 'GET', loader('/acme'), { cookie: member.cookie })).data;
  assert.deepEqual(withNotices.notices.items.map((n) => n.title).sort(), ['For ACME', 'For everyone']);
  assert.equal(withNotices.notices.total, 2);
  assert.equal(withNotices.notices.unread, 2);
});

test('console dashboard: live records counted exactly, big tables by their estimate', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const appId = json<{ data: { id: string } }>(await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'acme', name: 'ACME' } })).data.id;
  const doomed = json<{ data: { id: string } }>(await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'doomed', name: 'Doomed' } })).data.id;
  const a = await makeSubject(handle.db, appId, 'a', 'A');
  const b = await makeSubject(handle.db, appId, 'b', 'B');
  const deletedSubject = await makeSubject(handle.db, appId, 'c', 'C', { deleted: true });
  const inDeletedApp = await makeSubject(handle.db, doomed, 'd', 'D');
  await addRecords(handle.db, a.table, 4, 1);
  await addRecords(handle.db, b.table, 2);
  await addRecords(handle.db, deletedSubject.table, 5);
  await addRecords(handle.db, inDeletedApp.table, 7);
  assert.equal((await call(app, 'DELETE', '/api/v1/applications/doomed', { cookie })).statusCode, 200);

  const data = json<{ data: ConsoleSummary }>(await call(app, 'GET', loader('/admin'), { cookie })).data;
  assert.deepEqual(data.records, { total: 5, estimated: false }, '3 live in A + 2 in B');

  // once analysed, a table above the limit adds its estimate (deleted rows included)
  await handle.db.execute(sql.raw(`analyze ${ident(a.table)}`));
  await handle.db.execute(sql.raw(`analyze ${ident(b.table)}`));
  assert.deepEqual(await countLiveRecords(handle.db, 3), { total: 6, estimated: true });
  assert.deepEqual(await countLiveRecords(handle.db), { total: 5, estimated: false });
});
