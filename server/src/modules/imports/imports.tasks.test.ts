/**
 * Import runs and undos as tasks, with a task engine running (both engines): the request answers
 * as before while the task shows the run (progress, logs, the audit entry naming it); an attempt
 * that fails after chunk 2 is retried and resumes from the batch's marker (each row written once);
 * a cancel stops the run between chunks and discards it; the undo is a task too.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import type { ImportBatch, ImportUndoResult, ImportUploadResult, Task, TaskLog } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { auditLog, recordVersions, tasks } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { multipartBody } from '../../test/records-support';
import { addTestMember, createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { startTaskEngine, type TaskEngine } from '../tasks/tasks.engine';
import { importTestHooks } from './imports.run';
import { IMPORT_RUN_KIND, IMPORT_UNDO_KIND } from './imports.tasks';

const PEOPLE = '/api/v1/applications/imt/subjects/person';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let made: Awaited<ReturnType<typeof createTestApp>>;
let engine: TaskEngine;
let admin: string;
let editor: { cookie: string; email: string };
let subject: SubjectDef;

before(async () => {
  made = await createTestApp();
  ({ cookie: admin } = await adminSession(made.app));
  const appId = await createTestApplication(made.app, admin, 'imt');
  editor = await userSession(made.app, admin, { name: 'Ed Editor' });
  await addTestMember(made.app, admin, 'imt', editor.email, 'editor');
  await createTestSubjectIn(made.app, {
    applicationId: appId,
    key: 'person',
    name: 'Person',
    displayField: 'name',
    fields: [
      fieldOf('ref', 'autoNumber', { options: { prefix: 'R-', padding: 5 } }),
      fieldOf('code', 'text', { required: true, unique: true }),
      fieldOf('name', 'text', { required: true }),
    ],
  });
  subject = (await loadSubjectDef(made.app.db, { applicationId: appId, key: 'person' }))!;
  engine = await startTaskEngine(made.app.db, { log: quiet, pollingIntervalSeconds: 0.5, schedule: false, supervise: false });
});
after(async () => {
  importTestHooks.afterChunk = undefined;
  await engine?.stop(2000);
  await made?.close();
});

async function uploaded(prefix: string, n: number): Promise<ImportBatch> {
  const lines = ['code,name'];
  for (let i = 0; i < n; i += 1) lines.push(`${prefix}-${i},Name ${i}`);
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: `${prefix}.csv`, content: lines.join('\n') }]);
  const res = await call(made.app, 'POST', `${PEOPLE}/imports`, {
    cookie: editor.cookie,
    body,
    headers: { 'content-type': contentType },
  });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: ImportUploadResult }>(res).data.batch;
}
const post = (url: string, body: unknown, cookie = editor.cookie) => call(made.app, 'POST', url, { cookie, body });
const taskOf = async (kind: string, batchId: string) => {
  const [row] = await made.app.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.kind, kind), eq(tasks.singletonKey, batchId)));
  return json<{ data: Task }>(await call(made.app, 'GET', `/api/v1/tasks/${row.id}`, { cookie: admin })).data;
};
const logsOf = async (id: string) =>
  json<{ data: TaskLog[] }>(await call(made.app, 'GET', `/api/v1/tasks/${id}/logs?pageSize=100`, { cookie: admin })).data.map(
    (l) => l.message,
  );
const col = (key: string) => subject.fields.find((f) => f.key === key)!.column!;
/** Rows of the subject's table written by `batchId`, and how many distinct codes they hold. */
async function written(batchId: string): Promise<{ rows: number; codes: number; versions: number }> {
  const [r] = rowsOf<{ rows: number; codes: number }>(
    await made.app.db.execute(
      sql`select count(*)::int as rows, count(distinct ${sql.raw(`"${col('code')}"`)})::int as codes from ${sql.raw(`"${subject.tableName}"`)} where import_batch_id = ${batchId}::uuid`,
    ),
  );
  const versions = await made.app.db.select().from(recordVersions).where(eq(recordVersions.batchId, batchId));
  return { rows: Number(r.rows), codes: Number(r.codes), versions: versions.length };
}

test('a run is a task: the request answers the batch done; the task shows its progress, logs and is named by the audit entry', async () => {
  const batch = await uploaded('T', 2500);
  const res = await post(`/api/v1/imports/${batch.id}/run`, { mapping: batch.mapping });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(
    [json<{ data: ImportBatch }>(res).data.status, json<{ data: ImportBatch }>(res).data.inserted],
    ['done', 2500],
  );
  const task = await taskOf(IMPORT_RUN_KIND, batch.id);
  assert.equal(task.state, 'done');
  assert.equal(task.progressTotal, 2500);
  assert.equal(task.attempts, 1);
  const [row] = await made.app.db.select({ jobId: tasks.jobId }).from(tasks).where(eq(tasks.id, task.id));
  assert.ok(row.jobId, 'run by the engine');
  assert.deepEqual(task.result, { inserted: 2500, updated: 0, unchanged: 0 });
  const logs = await logsOf(task.id);
  assert.ok(logs.includes('import done'), logs.join(' | '));
  const [audit] = await made.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'import.run'), sql`${auditLog.details} ->> 'batch' = ${batch.id}`));
  assert.equal((audit.details as { task: string }).task, task.id);
  assert.deepEqual(await written(batch.id), { rows: 2500, codes: 2500, versions: 2500 });
});

test('an attempt that fails after chunk 2 is retried and resumes from the last committed chunk: each row written once', async () => {
  const batch = await uploaded('R', 3500);
  let failures = 0;
  const seen: number[] = [];
  importTestHooks.afterChunk = (k) => {
    seen.push(k);
    if (k === 2 && failures === 0) {
      failures += 1;
      throw new Error('a transient failure after chunk 2');
    }
  };
  const res = await post(`/api/v1/imports/${batch.id}/run`, { mapping: batch.mapping });
  importTestHooks.afterChunk = undefined;
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(json<{ data: ImportBatch }>(res).data.inserted, 3500);
  // attempt 1: chunks 1, 2 (then the failure); attempt 2 resumes at chunk 3 of 4 (its own count starts at 1)
  assert.deepEqual(seen, [1, 2, 1, 2]);
  const task = await taskOf(IMPORT_RUN_KIND, batch.id);
  assert.deepEqual([task.state, task.attempts], ['done', 2]);
  const logs = await logsOf(task.id);
  assert.ok(logs.includes('attempt 1 failed; retrying'), logs.join(' | '));
  assert.ok(logs.includes('resuming after 2000 rows'), logs.join(' | '));
  assert.deepEqual(await written(batch.id), { rows: 3500, codes: 3500, versions: 3500 });
  // the auto numbers are unique too (no row staged twice)
  const [r] = rowsOf<{ n: number }>(
    await made.app.db.execute(
      sql`select count(distinct ${sql.raw(`"${col('ref')}"`)})::int as n from ${sql.raw(`"${subject.tableName}"`)} where import_batch_id = ${batch.id}::uuid`,
    ),
  );
  assert.equal(Number(r.n), 3500);
});

test('a cancel stops the run between chunks and discards it; the undo is a task', async () => {
  const batch = await uploaded('X', 3500);
  importTestHooks.afterChunk = async (k) => {
    if (k !== 1) return;
    const task = await taskOf(IMPORT_RUN_KIND, batch.id);
    const res = await post(`/api/v1/tasks/${task.id}/cancel`, {}, admin);
    assert.equal(res.statusCode, 200, res.body);
    // (isCancelled reads the task at most every 250 ms)
    await new Promise((r) => setTimeout(r, 300));
  };
  const res = await post(`/api/v1/imports/${batch.id}/run`, { mapping: batch.mapping });
  importTestHooks.afterChunk = undefined;
  assert.equal(res.statusCode, 409, res.body);
  assert.equal(json<{ errorMessage: string }>(res).errorMessage.length > 0, true);
  const task = await taskOf(IMPORT_RUN_KIND, batch.id);
  assert.equal(task.state, 'cancelled');
  const got = json<{ data: ImportBatch }>(
    await call(made.app, 'GET', `/api/v1/imports/${batch.id}`, { cookie: editor.cookie }),
  ).data;
  assert.deepEqual([got.status, got.error], ['failed', 'errors.import.cancelled']);
  assert.deepEqual(await written(batch.id), { rows: 0, codes: 0, versions: 0 });

  // run again whole, then undo it as a task
  const again = await post(`/api/v1/imports/${batch.id}/run`, { mapping: batch.mapping });
  assert.equal(again.statusCode, 200, again.body);
  const undo = await post(`/api/v1/imports/${batch.id}/undo`, {});
  assert.equal(undo.statusCode, 200, undo.body);
  const u = json<{ data: ImportUndoResult }>(undo).data;
  assert.deepEqual([u.batch.status, u.deleted, u.restored], ['undone', 3500, 0]);
  const undoTask = await taskOf(IMPORT_UNDO_KIND, batch.id);
  assert.deepEqual([undoTask.state, undoTask.progressDone, undoTask.progressTotal], ['done', 3500, 3500]);
});
