/**
 * Clients: validation naming the field, code uniqueness (case-insensitive, live clients
 * only), paging/search/filters/sort, access by role, edit with audit, delete → recycle bin →
 * restore/purge, linked applications (a deleted application's link hides), CSV/XLSX export.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { AuditEntry, Client } from '../../../../contracts';
import { adminSession, call, createTestApp, json, userSession, ownDatabasePerTest } from '../../test/helpers';

ownDatabasePerTest('clients are one list for the whole database, paged and counted');

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}
type PageBody<T> = { success: true; data: T[]; total: number };
const EN = { 'accept-language': 'en-US' };
type App = Parameters<typeof call>[0];

async function newApp(app: App, cookie: string, slug: string): Promise<string> {
  const res = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug, name: slug.toUpperCase() } });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: { id: string } }>(res).data.id;
}

async function newClient(app: App, cookie: string, body: object): Promise<Client> {
  const res = await call(app, 'POST', '/api/v1/clients', { cookie, body });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: Client }>(res).data;
}

test('clients: create with contacts and applications; validation names the field', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const fy = await newApp(app, cookie, 'fy26');
  const risk = await newApp(app, cookie, 'risk');

  const created = await newClient(app, cookie, {
    code: 'ACME-01',
    name: ' ACME Holdings ',
    industry: 'Manufacturing',
    contacts: [
      { name: 'Li Wei', title: 'CFO', email: 'LI.WEI@acme.example', phone: '+86 21 5555 0100' },
      { name: 'Ann Lee', email: '', phone: '' },
    ],
    address: 'Shanghai',
    applicationIds: [risk, fy, fy],
  });
  assert.equal(created.code, 'ACME-01');
  assert.equal(created.name, 'ACME Holdings');
  assert.equal(created.status, 'active', 'the default');
  assert.deepEqual(created.contacts, [
    { name: 'Li Wei', title: 'CFO', email: 'li.wei@acme.example', phone: '+86 21 5555 0100' },
    { name: 'Ann Lee', title: null, email: null, phone: null },
  ]);
  assert.deepEqual(created.applications.map((a) => a.slug), ['fy26', 'risk'], 'by name, duplicates dropped');
  assert.equal(created.notes, null);

  const got = json<{ data: Client }>(await call(app, 'GET', `/api/v1/clients/${created.id}`, { cookie })).data;
  assert.deepEqual(got, created);
  const [entry] = json<PageBody<AuditEntry>>(await call(app, 'GET', '/api/v1/audit?action=client.create', { cookie })).data;
  assert.equal(entry.targetId, created.id);
  assert.deepEqual((entry.after as { applicationIds: string[] }).applicationIds, [fy, risk].sort());

  const post = (body: object) => call(app, 'POST', '/api/v1/clients', { cookie, body, headers: EN });
  const invalid = await post({
    code: 'bad code!',
    name: '',
    status: 'gone',
    contacts: [{ name: 'X', email: 'not-an-email', phone: 'call me' }, { title: 'No name' }],
  });
  assert.equal(invalid.statusCode, 400);
  assert.deepEqual(
    json<ErrorBody>(invalid).details?.map((d) => d.field).sort(),
    ['code', 'contacts.0.email', 'contacts.0.phone', 'contacts.1.name', 'name', 'status'],
  );
  const messages = Object.fromEntries(json<ErrorBody>(invalid).details?.map((d) => [d.field, d.message]) ?? []);
  assert.equal(messages['code'], 'Code must be 1–32 characters: a letter or digit, then letters, digits, ., _ or -');
  assert.equal(messages['contacts.0.email'], 'Not a valid e-mail address');
  assert.equal(messages['contacts.1.name'], 'Invalid input: expected string, received undefined');

  const unknownApp = await post({ code: 'B-1', name: 'B', applicationIds: ['00000000-0000-4000-8000-000000000000'] });
  assert.equal(unknownApp.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(unknownApp).details, [{ field: 'applicationIds', message: 'A chosen application does not exist or was deleted' }]);
  const malformed = await post({ code: 'B-1', name: 'B', applicationIds: ['fy26'] });
  assert.equal(json<ErrorBody>(malformed).details?.[0].field, 'applicationIds.0');

  // the code is unique among live clients, in any case
  const taken = await post({ code: 'acme-01', name: 'Other' });
  assert.equal(taken.statusCode, 409);
  assert.equal(json<ErrorBody>(taken).errorCode, 'CONFLICT');
  assert.deepEqual(json<ErrorBody>(taken).details, [{ field: 'code', message: 'This client code is already in use' }]);
  assert.equal(json<PageBody<Client>>(await call(app, 'GET', '/api/v1/clients', { cookie })).total, 1, 'the refused calls created nothing');
});

test('clients: list pages, searches, filters and sorts; industries', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const fy = await newApp(app, cookie, 'fy26');
  await newClient(app, cookie, { code: 'C-003', name: 'Gamma Bank', industry: 'Banking', applicationIds: [fy] });
  await newClient(app, cookie, { code: 'c-001', name: 'Alpha Steel', industry: 'manufacturing' });
  await newClient(app, cookie, { code: 'C-002', name: 'Beta Insurance', industry: 'Insurance', status: 'inactive', applicationIds: [fy] });
  await newClient(app, cookie, { code: 'D-100', name: 'Delta Mills', industry: 'Manufacturing' });
  const codes = async (q: string) => {
    const res = await call(app, 'GET', `/api/v1/clients?${q}`, { cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<PageBody<Client>>(res).data.map((c) => c.code);
  };
  assert.deepEqual(await codes(''), ['c-001', 'C-002', 'C-003', 'D-100'], 'by code, case-insensitively');
  assert.deepEqual(await codes('pageSize=2&current=2'), ['C-003', 'D-100']);
  assert.deepEqual(await codes('q=bank'), ['C-003'], 'name');
  assert.deepEqual(await codes('q=c-00'), ['c-001', 'C-002', 'C-003'], 'code');
  assert.deepEqual(await codes('status=inactive'), ['C-002']);
  assert.deepEqual(await codes('industry=MANUFACTURING'), ['c-001', 'D-100']);
  assert.deepEqual(await codes(`applicationId=${fy}`), ['C-002', 'C-003']);
  assert.deepEqual(await codes('sort=name:desc'), ['C-003', 'D-100', 'C-002', 'c-001']);
  assert.deepEqual(await codes('sort=industry:asc'), ['C-003', 'C-002', 'c-001', 'D-100']);
  const bad = await call(app, 'GET', '/api/v1/clients?sort=notes:asc&status=gone', { cookie, headers: EN });
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(bad).details?.map((d) => d.field).sort(), ['sort', 'status']);
  const total = json<PageBody<Client>>(await call(app, 'GET', '/api/v1/clients?pageSize=1', { cookie })).total;
  assert.equal(total, 4);

  const industries = json<{ data: string[] }>(await call(app, 'GET', '/api/v1/clients/industries', { cookie })).data;
  assert.deepEqual(industries, ['Banking', 'Insurance', 'Manufacturing'], 'case-insensitively distinct');
});

test('clients: any signed-in user reads; only administrators write and export', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const user = await userSession(app, cookie);
  const client = await newClient(app, cookie, { code: 'R-1', name: 'Readable' });

  assert.equal((await call(app, 'GET', '/api/v1/clients')).statusCode, 401);
  assert.equal((await call(app, 'GET', '/api/v1/clients', { cookie: user.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `/api/v1/clients/${client.id}`, { cookie: user.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', '/api/v1/clients/industries', { cookie: user.cookie })).statusCode, 200);
  assert.equal((await call(app, 'POST', '/api/v1/clients', { cookie: user.cookie, body: { code: 'X', name: 'X' } })).statusCode, 403);
  assert.equal((await call(app, 'PATCH', `/api/v1/clients/${client.id}`, { cookie: user.cookie, body: { name: 'X' } })).statusCode, 403);
  assert.equal((await call(app, 'DELETE', `/api/v1/clients/${client.id}`, { cookie: user.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/clients/export', { cookie: user.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/clients/not-a-uuid', { cookie })).statusCode, 400);
  const missing = await call(app, 'GET', '/api/v1/clients/00000000-0000-4000-8000-000000000000', { cookie, headers: EN });
  assert.equal(missing.statusCode, 404);
  assert.equal(json<ErrorBody>(missing).errorMessage, 'No such client');
});

test('clients: edit replaces lists, audits only what changed, keeps the code unique', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const fy = await newApp(app, cookie, 'fy26');
  const risk = await newApp(app, cookie, 'risk');
  const a = await newClient(app, cookie, { code: 'A-1', name: 'Alpha', contacts: [{ name: 'One' }], applicationIds: [fy] });
  await newClient(app, cookie, { code: 'B-1', name: 'Beta' });
  const patch = (body: object) => call(app, 'PATCH', `/api/v1/clients/${a.id}`, { cookie, body, headers: EN });

  const res = await patch({ name: 'Alpha Group', contacts: [{ name: 'Two', email: 'two@example.com' }, { name: 'Three' }], applicationIds: [risk] });
  assert.equal(res.statusCode, 200, res.body);
  const edited = json<{ data: Client }>(res).data;
  assert.equal(edited.name, 'Alpha Group');
  assert.deepEqual(edited.contacts.map((c) => c.name), ['Two', 'Three']);
  assert.deepEqual(edited.applications.map((x) => x.slug), ['risk']);
  assert.equal(edited.code, 'A-1');
  const audits = () => call(app, 'GET', '/api/v1/audit?action=client.update', { cookie }).then((r) => json<PageBody<AuditEntry>>(r).data);
  const [entry] = await audits();
  assert.deepEqual(Object.keys(entry.after as object).sort(), ['applicationIds', 'contacts', 'name']);
  assert.deepEqual((entry.before as { applicationIds: string[] }).applicationIds, [fy]);

  // nothing changed → no entry
  assert.equal((await patch({ name: 'Alpha Group', applicationIds: [risk] })).statusCode, 200);
  assert.equal((await audits()).length, 1);

  // clearing optional text
  const cleared = json<{ data: Client }>(await patch({ industry: 'Retail', address: 'Beijing' })).data;
  assert.equal(cleared.industry, 'Retail');
  assert.equal(json<{ data: Client }>(await patch({ industry: '', address: null })).data.industry, null);

  const taken = await patch({ code: 'b-1' });
  assert.equal(taken.statusCode, 409);
  assert.deepEqual(json<ErrorBody>(taken).details, [{ field: 'code', message: 'This client code is already in use' }]);
  assert.equal((await patch({ code: 'a-1' })).statusCode, 200, 'its own code in another case');
  const empty = await patch({});
  assert.equal(empty.statusCode, 400);
  const unknownKey = await patch({ owner: 'me' });
  assert.equal(unknownKey.statusCode, 400);
  const badContact = await patch({ contacts: [{ name: 'Ok' }, { name: 'Bad', phone: 'x' }] });
  assert.deepEqual(json<ErrorBody>(badContact).details, [
    { field: 'contacts.1.phone', message: 'Not a valid phone number (3–32 digits, spaces, +, -, parentheses)' },
  ]);
  assert.equal((await call(app, 'PATCH', '/api/v1/clients/00000000-0000-4000-8000-000000000000', { cookie, body: { name: 'X' } })).statusCode, 404);
});

test('clients: delete to the recycle bin, restore (refused while the code is reused) and purge', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const fy = await newApp(app, cookie, 'fy26');
  const a = await newClient(app, cookie, { code: 'A-1', name: 'Alpha', applicationIds: [fy] });

  const deleted = await call(app, 'DELETE', `/api/v1/clients/${a.id}`, { cookie });
  assert.equal(deleted.statusCode, 200);
  assert.equal((await call(app, 'GET', `/api/v1/clients/${a.id}`, { cookie })).statusCode, 404);
  assert.equal(json<PageBody<Client>>(await call(app, 'GET', '/api/v1/clients', { cookie })).total, 0);
  assert.equal((await call(app, 'DELETE', `/api/v1/clients/${a.id}`, { cookie })).statusCode, 404);
  const [entry] = json<PageBody<AuditEntry>>(await call(app, 'GET', '/api/v1/audit?action=client.delete', { cookie })).data;
  assert.equal(entry.targetId, a.id);
  const bin = json<PageBody<{ targetId: string; label: string }>>(await call(app, 'GET', '/api/v1/recycle?type=client', { cookie })).data;
  assert.deepEqual(bin.map((e) => [e.targetId, e.label]), [[a.id, 'A-1 Alpha']]);

  // the code is free meanwhile; restoring the old one then clashes
  const b = await newClient(app, cookie, { code: 'a-1', name: 'Another' });
  const clash = await call(app, 'POST', `/api/v1/recycle/client/${a.id}/restore`, { cookie, headers: EN });
  assert.equal(clash.statusCode, 409);
  assert.equal(json<ErrorBody>(clash).errorMessage, 'Cannot restore: an object named “A-1” already exists');

  assert.equal((await call(app, 'DELETE', `/api/v1/clients/${b.id}`, { cookie })).statusCode, 200);
  const restored = await call(app, 'POST', `/api/v1/recycle/client/${a.id}/restore`, { cookie });
  assert.equal(restored.statusCode, 200, restored.body);
  const back = json<{ data: Client }>(await call(app, 'GET', `/api/v1/clients/${a.id}`, { cookie })).data;
  assert.deepEqual(back.applications.map((x) => x.slug), ['fy26'], 'its links came back');

  const purged = await call(app, 'DELETE', `/api/v1/recycle/client/${b.id}`, { cookie });
  assert.equal(purged.statusCode, 200);
  assert.equal(json<PageBody<unknown>>(await call(app, 'GET', '/api/v1/recycle?type=client', { cookie })).total, 0);
});

test('clients: a deleted application drops out of the links and comes back with its restore', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const fy = await newApp(app, cookie, 'fy26');
  const risk = await newApp(app, cookie, 'risk');
  const c = await newClient(app, cookie, { code: 'L-1', name: 'Linked', applicationIds: [fy, risk] });
  assert.equal((await call(app, 'DELETE', '/api/v1/applications/risk', { cookie })).statusCode, 200);
  const slugs = async () =>
    json<{ data: Client }>(await call(app, 'GET', `/api/v1/clients/${c.id}`, { cookie })).data.applications.map((a) => a.slug);
  assert.deepEqual(await slugs(), ['fy26']);
  // linking a deleted application is refused; editing the links keeps the hidden one
  const refused = await call(app, 'PATCH', `/api/v1/clients/${c.id}`, { cookie, body: { applicationIds: [risk] } });
  assert.equal(refused.statusCode, 400);
  assert.equal((await call(app, 'PATCH', `/api/v1/clients/${c.id}`, { cookie, body: { applicationIds: [] } })).statusCode, 200);
  assert.deepEqual(await slugs(), []);
  assert.equal((await call(app, 'POST', `/api/v1/recycle/application/${risk}/restore`, { cookie })).statusCode, 200);
  assert.deepEqual(await slugs(), ['risk']);
});

test('clients: export the filtered list as CSV and XLSX', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const fy = await newApp(app, cookie, 'fy26');
  await newClient(app, cookie, {
    code: 'E-2',
    name: '=SUM(A1)',
    industry: '银行',
    status: 'inactive',
    contacts: [
      { name: '王芳', title: '财务总监', email: 'wang@example.com' },
      { name: 'Bo', phone: '123 456' },
    ],
    notes: 'line one\nline two',
    applicationIds: [fy],
  });
  await newClient(app, cookie, { code: 'E-1', name: 'Plain', status: 'inactive' });
  await newClient(app, cookie, { code: 'E-3', name: 'Active one' });

  const csv = await call(app, 'GET', '/api/v1/clients/export?format=csv&status=inactive&sort=code:desc', { cookie });
  assert.equal(csv.statusCode, 200);
  assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  assert.match(String(csv.headers['content-disposition']), /^attachment; filename="clients-\d{8}-\d{6}\.csv"$/);
  assert.equal(csv.headers['x-total-count'], '2');
  assert.equal(csv.headers['x-export-truncated'], 'false');
  assert.ok(csv.body.startsWith('\uFEFF'), 'a byte-order mark for Excel');
  const parsed = Papa.parse<string[]>(csv.body.slice(1), { skipEmptyLines: true }).data;
  assert.deepEqual(parsed[0], ['code', 'name', 'industry', 'status', 'contacts', 'address', 'notes', 'applications', 'createdAt', 'updatedAt']);
  assert.equal(parsed.length, 3);
  assert.deepEqual(parsed[1].slice(0, 8), [
    'E-2',
    "'=SUM(A1)",
    '银行',
    'inactive',
    '王芳, 财务总监, wang@example.com, \nBo, , , 123 456',
    '',
    'line one\nline two',
    'fy26',
  ]);
  assert.equal(parsed[2][0], 'E-1');
  assert.match(parsed[1][8], /^\d{4}-\d{2}-\d{2}T/);

  const xlsx = await call(app, 'GET', '/api/v1/clients/export?format=xlsx&q=E-', { cookie });
  assert.equal(xlsx.statusCode, 200);
  assert.equal(xlsx.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Clients');
  assert.ok(sheet);
  assert.equal(sheet.rowCount, 4);
  assert.deepEqual(
    [2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value),
    ['E-1', 'E-2', 'E-3'],
  );
  assert.equal(sheet.getRow(3).getCell(3).value, '银行');

  const badFormat = await call(app, 'GET', '/api/v1/clients/export?format=pdf', { cookie });
  assert.equal(badFormat.statusCode, 400);
});
