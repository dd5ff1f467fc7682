/**
 * Connectors against this machine's PostgreSQL as the source (a schema of its own in the
 * `postgres` database, dropped after): connectors CRUD, the allow-list, secrets, TLS options, the
 * connection test, browsing and preview, the subject plan and the subject made from it, syncs
 * (full, incremental by cursor, upsert by key, recycle of rows gone), failed runs leaving nothing,
 * access and audit. The MySQL, REST and file kinds: connectors.sources.test.ts.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import type { Connector, ConnectorRun, ConnectorRunDetail, ConnectorSync, ConnectorTestResult, SourcePreview, SubjectPlan } from '../../../../contracts';
import { auditLog, importBatches, recycleBin } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { connectorTestHooks } from './connectors.run';
import { allowConnectorHosts } from './connectors.test-support';

const SOURCE_URL = process.env.CONNECTOR_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const SCHEMA = `csrc_${randomBytes(4).toString('hex')}`;
const C = '/api/v1/connectors';

let made: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let userCookie: string;
let source: pg.Client;
let connectorId: string;

const en = { 'accept-language': 'en-US' };
const get = (url: string) => call(made.app, 'GET', url, { cookie, headers: en });
const post = (url: string, body?: unknown) => call(made.app, 'POST', url, { cookie, body, headers: en });
const patch = (url: string, body: unknown) => call(made.app, 'PATCH', url, { cookie, body, headers: en });
const data = <T>(res: Awaited<ReturnType<typeof get>>, status = 200): T => {
  assert.equal(res.statusCode, status, res.body);
  return json<{ data: T }>(res).data;
};
const pgConfig = (extra: Record<string, unknown> = {}) => ({ host: '127.0.0.1', port: 5432, database: 'postgres', user: 'postgres', passwordVariable: 'CONN_PG_PW', ...extra });

async function secret(key: string, value: string, type = 'secret') {
  const res = await post('/api/v1/variables', { key, type, value });
  assert.equal(res.statusCode, 201, res.body);
}
async function records(subject: string, application = 'conn'): Promise<Record<string, unknown>[]> {
  const res = await get(`/api/v1/applications/${application}/subjects/${subject}/records?pageSize=200`);
  return data<{ values: Record<string, unknown> }[]>(res).map((r) => r.values);
}
async function runSync(id: string): Promise<ConnectorRun> {
  return data<ConnectorRun>(await post(`${C}/syncs/${id}/run`, {}));
}

before(async () => {
  made = await createTestApp();
  ({ cookie } = await adminSession(made.app));
  userCookie = (await userSession(made.app, cookie, { name: 'Plain User' })).cookie;
  await createTestApplication(made.app, cookie, 'conn');
  await allowConnectorHosts(made.app, cookie, ['127.0.0.1']);
  await secret('CONN_PG_PW', 'postgres');
  await secret('CONN_PG_BAD', 'not-the-password');
  await secret('CONN_PLAIN', 'plain', 'text');
  source = new pg.Client({ connectionString: SOURCE_URL });
  await source.connect();
  await source.query(`create schema ${SCHEMA}`);
  await source.query(`create table ${SCHEMA}.items (
    id integer primary key, code text not null, title varchar(200), qty numeric(10,2), active boolean,
    born date, updated_at timestamptz not null default now(), blob bytea)`);
  await source.query(`insert into ${SCHEMA}.items (id, code, title, qty, active, born, updated_at) values
    (1, 'A1', 'Alpha', 1.5, true, '2026-01-01', '2026-01-01 10:00:00+00'),
    (2, 'B2', 'Beta', 2, false, '2026-01-02', '2026-01-02 10:00:00+00'),
    (3, 'C3', 'Gamma', 3, true, null, '2026-01-03 10:00:00+00'),
    (4, 'D4', 'Delta', null, null, '2026-01-04', '2026-01-04 10:00:00+00')`);
  const res = await post(C, { name: 'Warehouse', kind: 'postgres', config: pgConfig() });
  connectorId = data<Connector>(res, 201).id;
});

after(async () => {
  connectorTestHooks.afterChunk = undefined;
  await source?.query(`drop schema if exists ${SCHEMA} cascade`).catch(() => undefined);
  await source?.end();
  await made?.close();
});

test('a connector: the config names secret variables and never carries a value; names unique; kind fixed', async () => {
  const c = data<Connector>(await get(`${C}/${connectorId}`));
  assert.equal(c.kind, 'postgres');
  assert.equal(c.config.passwordVariable, 'CONN_PG_PW');
  assert.equal(c.config.tls, 'disable');
  assert.ok(!('password' in c.config));
  assert.equal((await post(C, { name: 'warehouse', kind: 'postgres', config: pgConfig() })).statusCode, 409);
  const bad = await post(C, { name: 'Bad', kind: 'postgres', config: { host: 'a b', database: '', user: 'x' } });
  assert.equal(bad.statusCode, 400);
  const fields = json<{ details: { field: string }[] }>(bad).details.map((d) => d.field);
  assert.ok(fields.includes('config.host') && fields.includes('config.database'), bad.body);
  assert.equal((await patch(`${C}/${connectorId}`, { kind: 'mysql' })).statusCode, 400);
  const list = data<Connector[]>(await get(`${C}?q=ware`));
  assert.deepEqual(
    list.map((x) => x.name),
    ['Warehouse'],
  );
});

test('connection test: OK; host not allow-listed 422; wrong password; a variable that is no secret 400; TLS verify needs a CA', async () => {
  const okRes = data<ConnectorTestResult>(await post(`${C}/${connectorId}/test`));
  assert.equal(okRes.ok, true, JSON.stringify(okRes));
  assert.match(okRes.serverVersion ?? '', /PostgreSQL/);
  for (const host of ['db.example.invalid', '10.9.8.7']) {
    const refused = await post(`${C}/test`, { kind: 'postgres', config: pgConfig({ host }) });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.equal(json<{ errorCode: string }>(refused).errorCode, 'CONNECTOR_HOST_NOT_ALLOWED');
    assert.match(json<{ errorMessage: string }>(refused).errorMessage, /allow-list/);
  }
  // this machine's PostgreSQL trusts local sign-ins (any password): an unknown role is its refused sign-in
  const wrong = data<ConnectorTestResult>(await post(`${C}/test`, { kind: 'postgres', config: pgConfig({ user: 'no_such_role', passwordVariable: 'CONN_PG_BAD' }) }));
  assert.equal(wrong.ok, false);
  assert.equal(wrong.messageKey, 'errors.connector.authFailed');
  assert.ok(!JSON.stringify(wrong).includes('not-the-password'));
  const plain = await post(`${C}/test`, { kind: 'postgres', config: pgConfig({ passwordVariable: 'CONN_PLAIN' }) });
  assert.equal(plain.statusCode, 400);
  assert.equal(json<{ details: { field: string; messageKey: string }[] }>(plain).details[0].field, 'config.passwordVariable');
  const noCa = await post(`${C}/test`, { kind: 'postgres', config: pgConfig({ tls: 'verify' }) });
  assert.equal(noCa.statusCode, 400);
  assert.equal(json<{ details: { field: string }[] }>(noCa).details[0].field, 'config.caVariable');
  // TLS required of a server without TLS: a clear failure, not a hang
  const tls = data<ConnectorTestResult>(await post(`${C}/test`, { kind: 'postgres', config: pgConfig({ tls: 'require' }) }));
  assert.equal(tls.ok, false);
});

test('browse: schemas, tables, columns; preview capped; unknown table 502', async () => {
  assert.ok(data<string[]>(await get(`${C}/${connectorId}/schemas`)).includes(SCHEMA));
  assert.deepEqual(data<{ name: string }[]>(await get(`${C}/${connectorId}/tables?schema=${SCHEMA}`)).map((t) => t.name), ['items']);
  const cols = data<{ name: string; sourceType: string; nullable: boolean }[]>(await get(`${C}/${connectorId}/columns?schema=${SCHEMA}&table=items`));
  assert.deepEqual(
    cols.map((c) => [c.name, c.sourceType, c.nullable]),
    [
      ['id', 'integer', false],
      ['code', 'text', false],
      ['title', 'character varying(200)', true],
      ['qty', 'numeric(10,2)', true],
      ['active', 'boolean', true],
      ['born', 'date', true],
      ['updated_at', 'timestamp with time zone', false],
      ['blob', 'bytea', true],
    ],
  );
  const preview = data<SourcePreview>(await get(`${C}/${connectorId}/preview?schema=${SCHEMA}&table=items&limit=2`));
  assert.equal(preview.rows.length, 2);
  assert.equal(preview.truncated, true);
  assert.deepEqual(preview.rows[0].slice(0, 6), ['1', 'A1', 'Alpha', '1.50', 't', '2026-01-01']);
  assert.equal((await get(`${C}/${connectorId}/preview?schema=${SCHEMA}&table=items&limit=51`)).statusCode, 400);
  const missing = await get(`${C}/${connectorId}/columns?schema=${SCHEMA}&table=nope`);
  assert.equal(missing.statusCode, 502);
  assert.equal(json<{ errorCode: string }>(missing).errorCode, 'CONNECTOR_SOURCE_FAILED');
});

test('subject plan: types per column with the reason of what cannot map; the subject made from the edited plan', async () => {
  const plan = data<SubjectPlan>(await get(`${C}/${connectorId}/subject-plan?schema=${SCHEMA}&table=items`));
  assert.equal(plan.key, 'items');
  assert.deepEqual(plan.primaryKey, ['id']);
  assert.deepEqual(
    plan.columns.map((c) => [c.column, c.key, c.type, c.include]),
    [
      ['id', 'source_id', 'number', true],
      ['code', 'code', 'text', true],
      ['title', 'title', 'text', true],
      ['qty', 'qty', 'number', true],
      ['active', 'active', 'boolean', true],
      ['born', 'born', 'date', true],
      ['updated_at', 'updated_at', 'datetime', true],
      ['blob', null, null, false],
    ],
  );
  const blob = plan.columns.find((c) => c.column === 'blob')!;
  assert.equal(blob.reason, 'errors.connector.plan.binary');
  assert.match(blob.reasonText ?? '', /binary/);
  // the user renames a field and leaves the binary column out
  const columns = plan.columns.map((c) => ({ column: c.column, key: c.column === 'title' ? 'label' : (c.key ?? 'blob'), name: c.name, type: c.type ?? 'text', include: c.include }));
  const res = await post(`${C}/${connectorId}/subject`, { application: 'conn', schema: SCHEMA, table: 'items', key: 'items', name: 'Items', columns });
  const made2 = data<{ subject: { key: string }; mapping: Record<string, string | null> }>(res, 201);
  assert.equal(made2.subject.key, 'items');
  assert.equal(made2.mapping.title, 'label');
  assert.equal(made2.mapping.blob, null);
  const subject = data<{ fields: { key: string; type: string }[] }>(await get('/api/v1/applications/conn/subjects/items'));
  assert.deepEqual(
    subject.fields.map((f) => `${f.key}:${f.type}`),
    ['source_id:number', 'code:text', 'label:text', 'qty:number', 'active:boolean', 'born:date', 'updated_at:datetime'],
  );
  const again = await post(`${C}/${connectorId}/subject`, { application: 'conn', schema: SCHEMA, table: 'items', key: 'items', name: 'Items', columns });
  assert.equal(again.statusCode, 409);
  const ghost = await post(`${C}/${connectorId}/subject`, { application: 'conn', schema: SCHEMA, table: 'items', key: 'ghost', name: 'Ghost', columns: [{ column: 'nope', key: 'nope', name: 'Nope', type: 'text' }] });
  assert.equal(ghost.statusCode, 400);
  assert.equal(json<{ details: { field: string }[] }>(ghost).details[0].field, 'columns.0.column');
  // mapping onto an existing subject
  const mp = data<{ mapping: Record<string, string | null> }>(await get(`${C}/${connectorId}/mapping-plan?schema=${SCHEMA}&table=items&application=conn&subject=items`));
  assert.equal(mp.mapping.code, 'code');
  assert.equal(mp.mapping.blob, null);
});

const MAPPING = { id: 'source_id', code: 'code', title: 'label', qty: 'qty', active: 'active', born: 'born', updated_at: 'updated_at' };

test('syncs: rules name the field; full upsert then incremental by cursor (updates seen, cursor advances only after success)', async () => {
  const base = { name: 'Items full', schema: SCHEMA, table: 'items', application: 'conn', subject: 'items', mapping: MAPPING };
  const bad = async (body: Record<string, unknown>, field: string) => {
    const res = await post(`${C}/${connectorId}/syncs`, { ...base, ...body });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(json<{ details: { field: string }[] }>(res).details[0].field, field, res.body);
  };
  await bad({ mode: 'upsert', keyFields: [] }, 'keyFields');
  await bad({ mode: 'upsert', keyFields: ['nope'] }, 'keyFields');
  await bad({ mode: 'upsert', keyFields: ['source_id'], strategy: 'incremental' }, 'cursorColumn');
  await bad({ mode: 'upsert', keyFields: ['source_id'], strategy: 'incremental', cursorColumn: 'updated_at', onMissing: 'recycle' }, 'onMissing');
  await bad({ mode: 'upsert', keyFields: ['source_id'], cron: 'not a cron' }, 'cron');
  await bad({ mapping: { code: 'missing_field' }, mode: 'insert' }, 'mapping.code');

  const full = data<ConnectorSync>(await post(`${C}/${connectorId}/syncs`, { ...base, mode: 'upsert', keyFields: ['source_id'], cron: '0 3 * * *' }), 201);
  assert.equal(full.nextRuns.length, 3);
  const r1 = await runSync(full.id);
  assert.equal(r1.status, 'done', JSON.stringify(r1));
  assert.deepEqual([r1.read, r1.inserted, r1.updated, r1.unchanged, r1.recycled, r1.failed], [4, 4, 0, 0, 0, 0]);
  assert.ok(r1.batchId);
  const batch = data<{ fileName: string; status: string }>(await get(`/api/v1/imports/${r1.batchId}`));
  assert.equal(batch.status, 'done');
  assert.match(batch.fileName, /^connector:Warehouse \/ Items full/);
  const rows = await records('items');
  const alpha = rows.find((r) => r.code === 'A1')!;
  assert.equal(alpha.label, 'Alpha');
  assert.equal(Number(alpha.qty), 1.5);
  assert.equal(alpha.active, true);
  assert.equal(alpha.born, '2026-01-01');
  assert.equal(alpha.updated_at, '2026-01-01T10:00:00.000Z');

  await source.query(`update ${SCHEMA}.items set title = 'Alpha 2', updated_at = '2026-02-01 10:00:00+00' where id = 1`);
  const r2 = await runSync(full.id);
  assert.deepEqual([r2.read, r2.inserted, r2.updated, r2.unchanged], [4, 0, 1, 3]);

  const inc = data<ConnectorSync>(
    await post(`${C}/${connectorId}/syncs`, { ...base, name: 'Items incremental', mode: 'upsert', keyFields: ['source_id'], strategy: 'incremental', cursorColumn: 'updated_at' }),
    201,
  );
  assert.equal(inc.cursorValue, null);
  // the connector counts its syncs (the list and one connector)
  assert.equal(data<Connector>(await get(`${C}/${connectorId}`)).syncs, 2);
  assert.equal(data<Connector[]>(await get(C)).find((c) => c.id === connectorId)?.syncs, 2);
  const i1 = await runSync(inc.id);
  assert.deepEqual([i1.read, i1.unchanged], [4, 4]);
  assert.equal(i1.cursorBefore, null);
  assert.equal(i1.cursorAfter, '2026-02-01 10:00:00+00');
  await source.query(`update ${SCHEMA}.items set title = 'Beta 2', updated_at = '2026-03-01 10:00:00+00' where id = 2`);
  await source.query(`insert into ${SCHEMA}.items (id, code, title, updated_at) values (5, 'E5', 'Epsilon', '2026-03-02 10:00:00+00')`);
  const i2 = await runSync(inc.id);
  // the rows at or past the cursor: Alpha (equal, unchanged), Beta (updated), Epsilon (new)
  assert.deepEqual([i2.read, i2.inserted, i2.updated, i2.unchanged], [3, 1, 1, 1]);
  assert.equal(i2.cursorAfter, '2026-03-02 10:00:00+00');
  assert.equal(data<ConnectorSync>(await get(`${C}/syncs/${inc.id}`)).cursorValue, '2026-03-02 10:00:00+00');
  assert.equal((await records('items')).find((r) => r.code === 'B2')!.label, 'Beta 2');
  // runs listed newest first
  assert.deepEqual(
    data<ConnectorRun[]>(await get(`${C}/syncs/${inc.id}/runs`)).map((r) => r.id),
    [i2.id, i1.id],
  );
  // a failed incremental run (the source dropping mid-read) keeps the cursor and writes nothing
  await source.query(`update ${SCHEMA}.items set title = 'Gamma 2', updated_at = '2026-04-01 10:00:00+00' where id = 3`);
  connectorTestHooks.afterChunk = () => {
    throw new Error('the source went away');
  };
  const i3 = await runSync(inc.id);
  connectorTestHooks.afterChunk = undefined;
  assert.equal(i3.status, 'failed');
  assert.equal(i3.cursorAfter, '2026-03-02 10:00:00+00');
  assert.equal(data<ConnectorSync>(await get(`${C}/syncs/${inc.id}`)).cursorValue, '2026-03-02 10:00:00+00');
  assert.equal((await records('items')).find((r) => r.code === 'C3')!.label, 'Gamma');
  const failedBatch = await made.app.db.select().from(importBatches).where(eq(importBatches.id, i3.batchId!));
  assert.equal(failedBatch[0].status, 'failed');
  // resetting the cursor reads everything again
  const reset = data<ConnectorSync>(await patch(`${C}/syncs/${inc.id}`, { resetCursor: true }));
  assert.equal(reset.cursorValue, null);
  const i4 = await runSync(inc.id);
  assert.equal(i4.status, 'done');
  assert.equal(i4.read, 5);
  assert.equal((await records('items')).find((r) => r.code === 'C3')!.label, 'Gamma 2');
});

test('full sync with recycle: rows gone at the source go to the recycle bin; a run with a bad row writes nothing and recycles nothing', async () => {
  await createTestSubjectIn(made.app, {
    applicationId: data<{ id: string }>(await get('/api/v1/applications/conn')).id,
    key: 'stock',
    name: 'Stock',
    fields: [fieldOf('code', 'text', { required: true, unique: true }), fieldOf('qty', 'number', { validation: { min: 0 } })],
  });
  await source.query(`create table ${SCHEMA}.stock (code text primary key, qty integer)`);
  await source.query(`insert into ${SCHEMA}.stock values ('S1', 1), ('S2', 2), ('S3', 3)`);
  const sync = data<ConnectorSync>(
    await post(`${C}/${connectorId}/syncs`, {
      name: 'Stock',
      schema: SCHEMA,
      table: 'stock',
      application: 'conn',
      subject: 'stock',
      mapping: { code: 'code', qty: 'qty' },
      mode: 'upsert',
      keyFields: ['code'],
      onMissing: 'recycle',
    }),
    201,
  );
  assert.deepEqual((await runSync(sync.id)).inserted, 3);
  await source.query(`delete from ${SCHEMA}.stock where code = 'S2'`);
  const r2 = await runSync(sync.id);
  assert.deepEqual([r2.status, r2.read, r2.unchanged, r2.recycled], ['done', 2, 2, 1]);
  assert.deepEqual((await records('stock')).map((r) => r.code).sort(), ['S1', 'S3']);
  const bin = await made.app.db.select().from(recycleBin).where(eq(recycleBin.type, 'record'));
  assert.ok(bin.some((b) => b.label === 'S2' || JSON.stringify(b.details ?? {}).includes('stock')));
  // a row failing validation (qty < 0) in all-or-nothing mode: nothing written, nothing recycled
  await source.query(`delete from ${SCHEMA}.stock where code = 'S3'`);
  await source.query(`update ${SCHEMA}.stock set qty = 10 where code = 'S1'`);
  await source.query(`insert into ${SCHEMA}.stock values ('S4', -5)`);
  const r3 = await runSync(sync.id);
  assert.equal(r3.status, 'failed');
  assert.equal(r3.errorKey, 'errors.connectorRun.invalidRows');
  assert.deepEqual([r3.read, r3.failed, r3.inserted, r3.updated, r3.recycled], [2, 1, 0, 0, 0]);
  const detail = data<ConnectorRunDetail>(await get(`${C}/runs/${r3.id}`));
  assert.equal(detail.errors.length, 1);
  assert.equal(detail.errors[0].field, 'qty');
  assert.equal(detail.errors[0].value, '-5');
  const after3 = await records('stock');
  assert.deepEqual(after3.map((r) => `${r.code}:${r.qty}`).sort(), ['S1:1', 'S3:3']);
});

test('delete a connector to the recycle bin: its syncs refuse to run; restored, they run again', async () => {
  const other = data<Connector>(await post(C, { name: 'Temp', kind: 'postgres', config: pgConfig() }), 201);
  const sync = data<ConnectorSync>(
    await post(`${C}/${other.id}/syncs`, { name: 'Temp', schema: SCHEMA, table: 'items', application: 'conn', subject: 'items', mapping: MAPPING, mode: 'upsert', keyFields: ['source_id'] }),
    201,
  );
  assert.equal((await call(made.app, 'DELETE', `${C}/${other.id}`, { cookie })).statusCode, 200);
  assert.equal((await get(`${C}/${other.id}`)).statusCode, 404);
  const refused = await post(`${C}/syncs/${sync.id}/run`, {});
  assert.equal(refused.statusCode, 409);
  const restored = await post(`/api/v1/recycle-bin/connector/${other.id}/restore`);
  assert.ok(restored.statusCode === 200 || restored.statusCode === 404, restored.body);
  if (restored.statusCode === 200) assert.equal((await runSync(sync.id)).status, 'done');
  assert.equal((await call(made.app, 'DELETE', `${C}/syncs/${sync.id}`, { cookie })).statusCode, 200);
  assert.equal((await get(`${C}/syncs/${sync.id}`)).statusCode, 404);
});

test('access: administrators only; audit entries of every mutation; no secret value in the audit', async () => {
  for (const [method, url] of [
    ['GET', C],
    ['POST', `${C}/test`],
    ['GET', `${C}/${connectorId}`],
    ['GET', `${C}/syncs`],
  ] as const) {
    const res = await call(made.app, method, url, { cookie: userCookie, body: method === 'POST' ? { kind: 'postgres', config: pgConfig() } : undefined });
    assert.equal(res.statusCode, 403, `${method} ${url}`);
    assert.equal((await call(made.app, method, url, { body: method === 'POST' ? {} : undefined })).statusCode, 401);
  }
  const actions = await made.app.db
    .select({ action: auditLog.action, after: auditLog.after, before: auditLog.before, details: auditLog.details })
    .from(auditLog)
    .where(inArray(auditLog.action, ['connector.create', 'connector.update', 'connector.delete', 'connector_sync.create', 'connector_sync.update', 'connector_sync.delete', 'connector_sync.run']));
  const seen = new Set(actions.map((a) => a.action));
  for (const a of ['connector.create', 'connector.delete', 'connector_sync.create', 'connector_sync.update', 'connector_sync.delete', 'connector_sync.run']) assert.ok(seen.has(a), a);
  assert.ok(!JSON.stringify(actions).includes('not-the-password'));
  const runs = actions.filter((a) => a.action === 'connector_sync.run');
  assert.ok(runs.length >= 8);
  const renamed = await patch(`${C}/${connectorId}`, { description: 'The warehouse' });
  assert.equal(renamed.statusCode, 200);
  const again = await patch(`${C}/${connectorId}`, { description: 'The warehouse' });
  assert.equal(json<{ unchanged?: boolean }>(again).unchanged, true);
  const upd = await made.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'connector.update'), eq(auditLog.targetId, connectorId)));
  assert.equal(upd.length, 1);
});
