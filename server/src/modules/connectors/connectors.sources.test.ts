/**
 * The MySQL/MariaDB, REST and file kinds of connectors: MariaDB on 127.0.0.1:3306 (root, no
 * password; a database of its own, dropped after), and a local HTTP server (node:http on
 * 127.0.0.1, port 0) answering JSON pages (page number, offset, cursor; an auth header from a
 * secret variable) and CSV / XLSX files. Secrets never appear in any answer.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import mysql from 'mysql2/promise';
import type { Connector, ConnectorRun, ConnectorSync, ConnectorTestResult, SourcePreview, SubjectPlan } from '../../../../contracts';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { allowConnectorHosts, localServer, type LocalServer } from './connectors.test-support';

const DB = `csrc_${randomBytes(4).toString('hex')}`;
const TOKEN = `tok-${randomBytes(8).toString('hex')}`;
const C = '/api/v1/connectors';

let made: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let appId: string;
let maria: mysql.Connection;
let http: LocalServer;
/** Every answer body of this file, to look for the secret in. */
const bodies: string[] = [];

const en = { 'accept-language': 'en-US' };
async function req(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  const res = await call(made.app, method, url, { cookie, body, headers: en });
  bodies.push(res.body);
  return res;
}
const data = <T>(res: Awaited<ReturnType<typeof req>>, status = 200): T => {
  assert.equal(res.statusCode, status, res.body);
  return json<{ data: T }>(res).data;
};

/** 25 people as the REST API and the files serve them. */
const PEOPLE = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, score: i * 10, vip: i % 2 === 0, tags: { a: i } }));

before(async () => {
  made = await createTestApp();
  ({ cookie } = await adminSession(made.app));
  appId = await createTestApplication(made.app, cookie, 'srcs');
  await allowConnectorHosts(made.app, cookie, ['127.0.0.1']);
  assert.equal((await req('POST', '/api/v1/variables', { key: 'CONN_API_TOKEN', type: 'secret', value: TOKEN })).statusCode, 201);
  assert.equal((await req('POST', '/api/v1/variables', { key: 'CONN_MARIA_BAD', type: 'secret', value: 'wrong-password' })).statusCode, 201);
  await createTestSubjectIn(made.app, {
    applicationId: appId,
    key: 'people',
    name: 'People',
    fields: [fieldOf('pid', 'number', { unique: true }), fieldOf('name', 'text'), fieldOf('score', 'number'), fieldOf('vip', 'boolean')],
  });
  maria = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  await maria.query(`create database ${DB}`);
  await maria.query(`create table ${DB}.orders (id int primary key, ref varchar(20) not null, amount decimal(10,2), paid tinyint(1), placed datetime, note longtext, raw blob)`);
  await maria.query(`insert into ${DB}.orders values (1, 'O-1', 10.5, 1, '2026-01-01 09:00:00', 'first', null), (2, 'O-2', 20, 0, '2026-01-02 09:00:00', null, x'00ff'), (3, 'O-3', null, null, '2026-01-03 09:00:00', 'third', null)`);

  const csv = `pid,name,score\n${PEOPLE.map((p) => `${p.id},${p.name},${p.score}`).join('\n')}\n`;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('People');
  ws.addRow(['pid', 'name', 'score']);
  for (const p of PEOPLE.slice(0, 5)) ws.addRow([p.id, p.name, p.score]);
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
  http = await localServer((path, q, headers) => {
    if (path.startsWith('/api/') && headers.authorization !== `Bearer ${TOKEN}`) return [401, 'application/json', '{"error":"no"}'];
    const size = Number(q.get('pageSize') ?? q.get('limit') ?? 10);
    if (path === '/api/page') {
      const page = Number(q.get('page') ?? 1);
      return [200, 'application/json', JSON.stringify({ data: { items: PEOPLE.slice((page - 1) * size, page * size) } })];
    }
    if (path === '/api/offset') {
      const offset = Number(q.get('offset') ?? 0);
      return [200, 'application/json', JSON.stringify(PEOPLE.slice(offset, offset + size))];
    }
    if (path === '/api/cursor') {
      const from = Number(q.get('cursor') ?? 0);
      const items = PEOPLE.slice(from, from + size);
      return [200, 'application/json', JSON.stringify({ items, next: from + size < PEOPLE.length ? String(from + size) : null })];
    }
    if (path === '/people.csv') return [200, 'text/csv', csv];
    if (path === '/people.xlsx') return [200, 'application/octet-stream', xlsx];
    return [404, 'text/plain', 'no'];
  });
});

after(async () => {
  await maria?.query(`drop database if exists ${DB}`).catch(() => undefined);
  await maria?.end();
  await http?.close();
  await made?.close();
});

const mariaConfig = (extra: Record<string, unknown> = {}) => ({ host: '127.0.0.1', port: 3306, database: DB, user: 'root', ...extra });

test('MariaDB: test OK / wrong password / host not allow-listed; browse, preview and plan; a full sync then an incremental one', async () => {
  const ok = data<ConnectorTestResult>(await req('POST', `${C}/test`, { kind: 'mysql', config: mariaConfig() }));
  assert.equal(ok.ok, true, JSON.stringify(ok));
  assert.match(ok.serverVersion ?? '', /MariaDB|^\d/);
  const wrong = data<ConnectorTestResult>(await req('POST', `${C}/test`, { kind: 'mysql', config: mariaConfig({ passwordVariable: 'CONN_MARIA_BAD' }) }));
  assert.equal(wrong.ok, false);
  assert.equal(wrong.messageKey, 'errors.connector.authFailed');
  assert.equal((await req('POST', `${C}/test`, { kind: 'mysql', config: mariaConfig({ host: '192.168.77.1' }) })).statusCode, 422);

  const conn = data<Connector>(await req('POST', C, { name: 'Shop', kind: 'mysql', config: mariaConfig() }), 201);
  assert.deepEqual(data<string[]>(await req('GET', `${C}/${conn.id}/schemas`)), [DB]);
  assert.deepEqual(data<{ name: string }[]>(await req('GET', `${C}/${conn.id}/tables`)).map((t) => t.name), ['orders']);
  const preview = data<SourcePreview>(await req('GET', `${C}/${conn.id}/preview?table=orders&limit=2`));
  assert.deepEqual(preview.rows[0].slice(0, 6), ['1', 'O-1', '10.50', '1', '2026-01-01 09:00:00', 'first']);
  assert.equal(preview.truncated, true);
  const plan = data<SubjectPlan>(await req('GET', `${C}/${conn.id}/subject-plan?table=orders`));
  assert.deepEqual(
    plan.columns.map((c) => `${c.column}:${c.type}`),
    ['id:number', 'ref:text', 'amount:number', 'paid:boolean', 'placed:datetime', 'note:longText', 'raw:null'],
  );
  assert.deepEqual(plan.primaryKey, ['id']);
  const columns = plan.columns.filter((c) => c.include).map((c) => ({ column: c.column, key: c.key!, name: c.name, type: c.type! }));
  const subject = data<{ mapping: Record<string, string | null> }>(
    await req('POST', `${C}/${conn.id}/subject`, { application: 'srcs', table: 'orders', key: 'orders', name: 'Orders', columns }),
    201,
  );
  const sync = data<ConnectorSync>(
    await req('POST', `${C}/${conn.id}/syncs`, {
      name: 'Orders',
      table: 'orders',
      application: 'srcs',
      subject: 'orders',
      mapping: subject.mapping,
      mode: 'upsert',
      keyFields: ['source_id'],
      strategy: 'incremental',
      cursorColumn: 'placed',
    }),
    201,
  );
  const r1 = data<ConnectorRun>(await req('POST', `${C}/syncs/${sync.id}/run`, {}));
  assert.deepEqual([r1.status, r1.read, r1.inserted], ['done', 3, 3]);
  assert.equal(r1.cursorAfter, '2026-01-03 09:00:00');
  await maria.query(`update ${DB}.orders set amount = 99, placed = '2026-02-01 00:00:00' where id = 2`);
  const r2 = data<ConnectorRun>(await req('POST', `${C}/syncs/${sync.id}/run`, {}));
  assert.deepEqual([r2.read, r2.updated, r2.unchanged], [2, 1, 1]);
  assert.equal(r2.cursorAfter, '2026-02-01 00:00:00');
  const rows = data<{ values: Record<string, unknown> }[]>(await req('GET', '/api/v1/applications/srcs/subjects/orders/records?pageSize=10'));
  const o2 = rows.find((r) => r.values.ref === 'O-2')!.values;
  assert.equal(Number(o2.amount), 99);
  assert.equal(o2.paid, false);
});

test('REST: page-number, offset and cursor paging, with the auth header from a secret; a wrong token fails the run', async () => {
  const rest = (name: string, config: Record<string, unknown>) =>
    req('POST', C, { name, kind: 'rest', config: { headerVariable: 'CONN_API_TOKEN', pageSize: 10, ...config } }).then((r) => data<Connector>(r, 201));
  const byPage = await rest('People by page', { url: http.url('/api/page'), recordsPath: 'data.items', pagination: 'page' });
  const byOffset = await rest('People by offset', { url: http.url('/api/offset'), pagination: 'offset', sizeParam: 'limit' });
  const byCursor = await rest('People by cursor', { url: http.url('/api/cursor'), recordsPath: 'items', pagination: 'cursor', nextCursorPath: 'next' });
  assert.equal(data<ConnectorTestResult>(await req('POST', `${C}/${byPage.id}/test`)).ok, true);
  const cols = data<{ name: string; sourceType: string }[]>(await req('GET', `${C}/${byPage.id}/columns?table=rows`));
  assert.deepEqual(
    cols.map((c) => `${c.name}:${c.sourceType}`),
    ['id:number', 'name:string', 'score:number', 'vip:boolean', 'tags:object'],
  );
  const plan = data<SubjectPlan>(await req('GET', `${C}/${byCursor.id}/subject-plan?table=rows`));
  assert.deepEqual(
    plan.columns.map((c) => c.type),
    ['number', 'text', 'number', 'boolean', 'longText'],
  );
  const mapping = { id: 'pid', name: 'name', score: 'score', vip: 'vip', tags: null };
  for (const c of [byPage, byOffset, byCursor]) {
    const sync = data<ConnectorSync>(
      await req('POST', `${C}/${c.id}/syncs`, { name: c.name, table: 'rows', application: 'srcs', subject: 'people', mapping, mode: 'upsert', keyFields: ['pid'] }),
      201,
    );
    const run = data<ConnectorRun>(await req('POST', `${C}/syncs/${sync.id}/run`, {}));
    assert.equal(run.status, 'done', JSON.stringify(run));
    assert.equal(run.read, 25, c.name);
  }
  const people = data<{ values: Record<string, unknown> }[]>(await req('GET', '/api/v1/applications/srcs/subjects/people/records?pageSize=100'));
  assert.equal(people.length, 25);
  // every page asked with the token, and with the right paging parameters
  const asked = http.seen.filter((s) => s.url.startsWith('/api/'));
  assert.ok(asked.every((s) => s.headers.authorization === `Bearer ${TOKEN}`));
  assert.ok(asked.some((s) => s.url.includes('page=3&pageSize=10')));
  assert.ok(asked.some((s) => s.url.includes('offset=20&limit=10')));
  assert.ok(asked.some((s) => s.url.includes('cursor=20')));
  // the token wrong: the run fails, nothing changes
  const noAuth = await rest('No auth', { url: http.url('/api/page'), recordsPath: 'data.items', pagination: 'page', headerVariable: '' });
  const sync = data<ConnectorSync>(
    await req('POST', `${C}/${noAuth.id}/syncs`, { name: 'x', table: 'rows', application: 'srcs', subject: 'people', mapping, mode: 'upsert', keyFields: ['pid'] }),
    201,
  );
  const failed = data<ConnectorRun>(await req('POST', `${C}/syncs/${sync.id}/run`, {}));
  assert.equal(failed.status, 'failed');
  assert.equal(failed.errorKey, 'errors.connector.httpStatus');
  assert.match(failed.error ?? '', /401/);
  // a URL to a private address not on the allow-list is refused by the outbound guard
  await allowConnectorHosts(made.app, cookie, []);
  const refused = await req('POST', `${C}/${byPage.id}/test`);
  assert.equal(refused.statusCode, 422);
  await allowConnectorHosts(made.app, cookie, ['127.0.0.1']);
});

test('files: CSV and XLSX at a URL, previewed and synced; incremental by a column of the file', async () => {
  const csv = data<Connector>(await req('POST', C, { name: 'People CSV', kind: 'file', config: { url: http.url('/people.csv'), format: 'csv' } }), 201);
  const xlsx = data<Connector>(await req('POST', C, { name: 'People XLSX', kind: 'file', config: { url: http.url('/people.xlsx'), format: 'xlsx' } }), 201);
  const pv = data<SourcePreview>(await req('GET', `${C}/${xlsx.id}/preview?table=rows&limit=3`));
  assert.deepEqual(
    pv.columns.map((c) => c.name),
    ['pid', 'name', 'score'],
  );
  assert.deepEqual(pv.rows[0], ['1', 'Person 1', '0']);
  assert.equal(pv.truncated, true);
  await createTestSubjectIn(made.app, { applicationId: appId, key: 'scores', name: 'Scores', fields: [fieldOf('pid', 'number'), fieldOf('name', 'text'), fieldOf('score', 'number')] });
  const mapping = { pid: 'pid', name: 'name', score: 'score' };
  const x = data<ConnectorSync>(
    await req('POST', `${C}/${xlsx.id}/syncs`, { name: 'xlsx', table: 'rows', application: 'srcs', subject: 'scores', mapping, mode: 'upsert', keyFields: ['pid'] }),
    201,
  );
  assert.deepEqual(
    [data<ConnectorRun>(await req('POST', `${C}/syncs/${x.id}/run`, {}))].map((r) => [r.status, r.read, r.inserted]),
    [['done', 5, 5]],
  );
  const inc = data<ConnectorSync>(
    await req('POST', `${C}/${csv.id}/syncs`, {
      name: 'csv',
      table: 'rows',
      application: 'srcs',
      subject: 'scores',
      mapping,
      mode: 'upsert',
      keyFields: ['pid'],
      strategy: 'incremental',
      cursorColumn: 'pid',
    }),
    201,
  );
  const r1 = data<ConnectorRun>(await req('POST', `${C}/syncs/${inc.id}/run`, {}));
  assert.deepEqual([r1.read, r1.inserted, r1.unchanged, r1.cursorAfter], [25, 20, 5, '25']);
  const r2 = data<ConnectorRun>(await req('POST', `${C}/syncs/${inc.id}/run`, {}));
  // only the row at the cursor (25) is read again
  assert.deepEqual([r2.read, r2.unchanged, r2.cursorAfter], [1, 1, '25']);
});

test('secrets never appear in any answer', () => {
  assert.ok(bodies.length > 20);
  for (const b of bodies) assert.ok(!b.includes(TOKEN) && !b.includes('wrong-password'), b.slice(0, 200));
});
