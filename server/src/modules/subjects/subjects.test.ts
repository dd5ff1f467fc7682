import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIELD_TYPES, type FieldCreate, type Subject, type SubjectDetail } from '../../../../contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { call, json, userSession } from '../../test/helpers';
import { recyclableOf } from '../../core/recycle.registry';
import { columnType, defOf, errorOf, insertRecords, makeSubject, setup, tableExists } from './subjects.test-support';

type PageBody<T> = { success: true; data: T[]; total: number };

test('subjects: a subject with every field type makes a typed table in one transaction', async (t) => {
  const c = await setup(t);
  const target = await makeSubject(c, {
    key: 'client',
    fields: [{ key: 'name', name: 'Name', type: 'text' }],
    displayField: 'name',
  });
  const choices = [
    { label: 'Open', color: '#1677ff' },
    { label: 'Closed', color: '#52c41a' },
  ];
  const options: Partial<Record<(typeof FIELD_TYPES)[number], FieldCreate['options']>> = {
    money: { currency: 'CNY' },
    singleSelect: { choices },
    multiSelect: { choices },
    relation: { targetSubjectId: target.id },
    formula: { expression: 'number * 2' },
    autoNumber: { prefix: 'WP-', padding: 3 },
  };
  const fields: FieldCreate[] = FIELD_TYPES.map((type) => ({
    key: type.toLowerCase(),
    name: type,
    type,
    options: options[type] ?? {},
  }));
  fields.push({ key: 'links', name: 'Links', type: 'relation', options: { targetSubjectId: target.id, multiple: true } });
  const created = await makeSubject(c, { key: 'workpaper', name: 'Workpaper', fields, displayField: 'text' });
  assert.equal(created.key, 'workpaper');
  assert.equal(created.application, c.slug);
  assert.equal(created.displayField, 'text');
  assert.equal(created.fieldCount, FIELD_TYPES.length + 1);
  assert.equal(created.recordCount, 0);
  assert.deepEqual(
    created.fields.map((f) => f.type),
    [...FIELD_TYPES, 'relation'],
  );
  assert.deepEqual(created.fields.find((f) => f.key === 'money')?.options, { currency: 'CNY', precision: 2 });
  assert.deepEqual(created.fields.find((f) => f.key === 'formula')?.options, { expression: 'number * 2', resultType: 'number' });

  const expected: Record<string, string | undefined> = {
    text: 'text',
    longtext: 'text',
    richtext: 'text',
    number: 'numeric',
    money: 'numeric',
    percent: 'numeric',
    date: 'date',
    datetime: 'timestamp with time zone',
    boolean: 'boolean',
    singleselect: 'text',
    multiselect: 'ARRAY',
    email: 'text',
    url: 'text',
    phone: 'text',
    user: 'uuid',
    relation: 'uuid',
    attachment: 'ARRAY',
    formula: 'numeric',
    autonumber: 'text',
    createdat: undefined,
    createdby: undefined,
    updatedat: undefined,
    updatedby: undefined,
    links: undefined,
  };
  for (const [key, type] of Object.entries(expected)) assert.equal(await columnType(c, created.id, key), type, key);
  const def = await defOf(c, created.id);
  assert.ok(await tableExists(c, def.tableName));

  // read back: members' detail, the list with counts, the administrators' views
  const detail = json<{ data: SubjectDetail }>(await call(c.app, 'GET', `${c.base}/workpaper`, { cookie: c.cookie })).data;
  assert.equal(detail.fields.length, FIELD_TYPES.length + 1);
  await insertRecords(c, created.id, [{ text: 'a' }, { text: 'b' }]);
  const list = json<PageBody<Subject>>(await call(c.app, 'GET', `${c.base}?q=work`, { cookie: c.cookie }));
  assert.equal(list.total, 1);
  assert.equal(list.data[0].recordCount, 2);
  assert.equal(list.data[0].fieldCount, FIELD_TYPES.length + 1);
  const all = json<PageBody<Subject>>(await call(c.app, 'GET', '/api/v1/subjects?application=audit', { cookie: c.cookie }));
  assert.deepEqual(
    all.data.map((s) => s.key),
    ['client', 'workpaper'],
  );
  const none = json<PageBody<Subject>>(await call(c.app, 'GET', '/api/v1/subjects?application=nope', { cookie: c.cookie }));
  assert.equal(none.total, 0);
  const byId = json<{ data: SubjectDetail }>(
    await call(c.app, 'GET', `/api/v1/subjects/${created.id}`, { cookie: c.cookie }),
  ).data;
  assert.equal(byId.key, 'workpaper');
  assert.equal(byId.applicationName, 'Audit');
  assert.equal(
    (await call(c.app, 'GET', '/api/v1/subjects/00000000-0000-4000-8000-000000000000', { cookie: c.cookie })).statusCode,
    404,
  );
});

test('subjects: reserved and malformed keys, duplicates, bad fields are refused with the input named', async (t) => {
  const c = await setup(t);
  for (const key of ['settings', 'admin', 'view']) {
    const res = await call(c.app, 'POST', c.base, { cookie: c.cookie, body: { key, name: key } });
    assert.equal(res.statusCode, 400, key);
    assert.deepEqual(
      errorOf(res).details?.map((d) => d.field),
      ['key'],
    );
  }
  const pattern = await call(c.app, 'POST', c.base, { cookie: c.cookie, body: { key: 'Bad-Key', name: 'x' } });
  assert.deepEqual(
    errorOf(pattern).details?.map((d) => d.field),
    ['key'],
  );
  const idKey = await call(c.app, 'POST', c.base, {
    cookie: c.cookie,
    body: { key: 'finding', name: 'x', fields: [{ key: 'id', name: 'Id', type: 'text' }] },
  });
  assert.equal(idKey.statusCode, 400);
  assert.deepEqual(
    errorOf(idKey).details?.map((d) => d.field),
    ['fields.0.key'],
  );

  await makeSubject(c, { key: 'finding', fields: [{ key: 'title', name: 'Title', type: 'text' }] });
  const dup = await call(c.app, 'POST', c.base, { cookie: c.cookie, body: { key: 'finding', name: 'Again' } });
  assert.equal(dup.statusCode, 409);
  assert.equal(errorOf(dup).errorCode, 'KEY_TAKEN');
  assert.deepEqual(
    errorOf(dup).details?.map((d) => d.field),
    ['key'],
  );
  const dupField = await call(c.app, 'POST', `${c.base}/finding/fields`, {
    cookie: c.cookie,
    body: { key: 'title', name: 'Title 2', type: 'text' },
  });
  assert.equal(dupField.statusCode, 409);
  assert.equal(errorOf(dupField).errorCode, 'KEY_TAKEN');
  const idField = await call(c.app, 'POST', `${c.base}/finding/fields`, {
    cookie: c.cookie,
    body: { key: 'id', name: 'Id', type: 'text' },
  });
  assert.deepEqual(
    errorOf(idField).details?.map((d) => d.field),
    ['key'],
  );

  const bad = async (fields: FieldCreate[], field: string, extra: Record<string, unknown> = {}) => {
    const res = await call(c.app, 'POST', c.base, { cookie: c.cookie, body: { key: 'bad', name: 'Bad', fields, ...extra } });
    assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
    assert.deepEqual(
      errorOf(res).details?.map((d) => d.field),
      [field],
    );
    return errorOf(res);
  };
  await bad(
    [
      { key: 'a', name: 'A', type: 'text' },
      { key: 'a', name: 'A2', type: 'number' },
    ],
    'fields.1.key',
  );
  await bad([{ key: 's', name: 'S', type: 'singleSelect', options: { choices: [] } }], 'fields.0.options.choices');
  await bad(
    [
      {
        key: 's',
        name: 'S',
        type: 'multiSelect',
        options: {
          choices: [
            { label: 'x', color: '#000000' },
            { label: 'x', color: '#ffffff' },
          ],
        },
      },
    ],
    'fields.0.options.choices',
  );
  await bad(
    [{ key: 'r', name: 'R', type: 'relation', options: { targetSubjectId: '00000000-0000-4000-8000-000000000000' } }],
    'fields.0.options.targetSubjectId',
  );
  await bad([{ key: 'r', name: 'R', type: 'relation', options: {} }], 'fields.0.options.targetSubjectId');
  const unknown = await bad(
    [{ key: 'f', name: 'F', type: 'formula', options: { expression: 'price * qty' } }],
    'fields.0.options.expression',
  );
  assert.match(unknown.errorMessage, /price/);
  await bad([{ key: 'f', name: 'F', type: 'formula', options: { expression: 'evaluate("1")' } }], 'fields.0.options.expression');
  await bad(
    [
      { key: 'f', name: 'F', type: 'formula', options: { expression: 'g + 1' } },
      { key: 'g', name: 'G', type: 'formula', options: { expression: 'f + 1' } },
    ],
    'fields.0.options.expression',
  );
  await bad([{ key: 'm', name: 'M', type: 'money', options: {} }], 'fields.0.options.currency');
  await bad([{ key: 'n', name: 'N', type: 'number', validation: { min: 10, max: 1 } }], 'fields.0.validation.min');
  await bad([{ key: 'n', name: 'N', type: 'number', validation: { minLength: 1 } }], 'fields.0.validation.minLength');
  await bad([{ key: 't', name: 'T', type: 'text', validation: { pattern: '([a-z' } }], 'fields.0.validation.pattern');
  await bad([{ key: 't', name: 'T', type: 'text', validation: { minLength: 5, maxLength: 2 } }], 'fields.0.validation.minLength');
  await bad([{ key: 'd', name: 'D', type: 'date', validation: { min: 'yesterday' } }], 'fields.0.validation.min');
  await bad(
    [{ key: 't', name: 'T', type: 'text', validation: { maxLength: 3 }, defaultValue: 'toolong' }],
    'fields.0.defaultValue',
  );
  await bad([{ key: 'n', name: 'N', type: 'number', validation: { max: 5 }, defaultValue: 6 }], 'fields.0.defaultValue');
  await bad(
    [{ key: 's', name: 'S', type: 'singleSelect', options: { choices: [{ label: 'a', color: '#000000' }] }, defaultValue: 'b' }],
    'fields.0.defaultValue',
  );
  await bad([{ key: 'e', name: 'E', type: 'email', defaultValue: 'not-mail' }], 'fields.0.defaultValue');
  await bad([{ key: 'u', name: 'U', type: 'user', defaultValue: 'x' }], 'fields.0.defaultValue');
  await bad([{ key: 'f', name: 'F', type: 'createdAt', required: true }], 'fields.0.required');
  await bad([{ key: 'l', name: 'L', type: 'longText', unique: true }], 'fields.0.unique');
  await bad([{ key: 't', name: 'T', type: 'text' }], 'displayField', { displayField: 'nope' });
  await bad(
    [{ key: 't', name: 'T', type: 'multiSelect', options: { choices: [{ label: 'a', color: '#000000' }] } }],
    'displayField',
    { displayField: 't' },
  );
  // nothing was made by the refused creates
  const list = json<PageBody<Subject>>(await call(c.app, 'GET', c.base, { cookie: c.cookie }));
  assert.deepEqual(
    list.data.map((s) => s.key),
    ['finding'],
  );

  // defaults are normalised to the API's shapes
  const good = await makeSubject(c, {
    key: 'good',
    fields: [
      { key: 'n', name: 'N', type: 'number', defaultValue: 12.5 },
      { key: 'd', name: 'D', type: 'datetime', defaultValue: '2026-03-01T08:00:00+08:00' },
      {
        key: 'm',
        name: 'M',
        type: 'multiSelect',
        options: { choices: [{ label: 'a', color: '#000000' }] },
        defaultValue: ['a', 'a'],
      },
    ],
  });
  assert.deepEqual(
    good.fields.map((f) => f.defaultValue),
    ['12.5', '2026-03-01T00:00:00.000Z', ['a']],
  );
});

test('subjects: members read, owners and administrators change; editors and viewers get 403', async (t) => {
  const c = await setup(t);
  const viewer = await userSession(c.app, c.cookie);
  const editor = await userSession(c.app, c.cookie);
  const owner = await userSession(c.app, c.cookie);
  const outsider = await userSession(c.app, c.cookie);
  for (const [u, role] of [
    [viewer, 'viewer'],
    [editor, 'editor'],
    [owner, 'owner'],
  ] as const) {
    const res = await call(c.app, 'POST', `/api/v1/applications/${c.slug}/members`, {
      cookie: c.cookie,
      body: { email: u.email, role },
    });
    assert.equal(res.statusCode, 200);
  }
  const s = await makeSubject(c, { key: 'risk', fields: [{ key: 'title', name: 'Title', type: 'text' }] });
  for (const u of [viewer, editor]) {
    assert.equal((await call(c.app, 'GET', `${c.base}/risk`, { cookie: u.cookie })).statusCode, 200);
    assert.equal((await call(c.app, 'GET', c.base, { cookie: u.cookie })).statusCode, 200);
    assert.equal(
      (await call(c.app, 'POST', c.base, { cookie: u.cookie, body: { key: 'other', name: 'Other' } })).statusCode,
      403,
    );
    assert.equal((await call(c.app, 'PATCH', `${c.base}/risk`, { cookie: u.cookie, body: { name: 'X' } })).statusCode, 403);
    assert.equal((await call(c.app, 'DELETE', `${c.base}/risk`, { cookie: u.cookie })).statusCode, 403);
    assert.equal(
      (await call(c.app, 'POST', `${c.base}/risk/fields`, { cookie: u.cookie, body: { key: 'x', name: 'X', type: 'text' } }))
        .statusCode,
      403,
    );
    assert.equal(
      (await call(c.app, 'PATCH', `${c.base}/risk/fields/title`, { cookie: u.cookie, body: { name: 'X' } })).statusCode,
      403,
    );
    assert.equal((await call(c.app, 'DELETE', `${c.base}/risk/fields/title`, { cookie: u.cookie })).statusCode, 403);
    assert.equal(
      (await call(c.app, 'PUT', `${c.base}/risk/fields/order`, { cookie: u.cookie, body: { keys: ['title'] } })).statusCode,
      403,
    );
    assert.equal((await call(c.app, 'GET', '/api/v1/subjects', { cookie: u.cookie })).statusCode, 403);
    assert.equal((await call(c.app, 'GET', `/api/v1/subjects/${s.id}`, { cookie: u.cookie })).statusCode, 403);
  }
  assert.equal((await call(c.app, 'GET', `${c.base}/risk`, { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(c.app, 'GET', `${c.base}/nope`, { cookie: viewer.cookie })).statusCode, 404);
  const made = await call(c.app, 'POST', c.base, { cookie: owner.cookie, body: { key: 'control', name: 'Control' } });
  assert.equal(made.statusCode, 201);
  const renamed = await call(c.app, 'PATCH', `${c.base}/risk`, {
    cookie: owner.cookie,
    body: { name: 'Risk register', icon: 'AlertOutlined', displayField: 'title' },
  });
  assert.equal(renamed.statusCode, 200);
  assert.equal(json<{ data: SubjectDetail }>(renamed).data.displayField, 'title');
  assert.equal(json<{ data: SubjectDetail }>(renamed).data.name, 'Risk register');
  const added = await call(c.app, 'POST', `${c.base}/risk/fields`, {
    cookie: owner.cookie,
    body: { key: 'owner', name: 'Owner', type: 'user' },
  });
  assert.equal(added.statusCode, 201);
  const order = await call(c.app, 'PUT', `${c.base}/risk/fields/order`, {
    cookie: owner.cookie,
    body: { keys: ['owner', 'title'] },
  });
  assert.deepEqual(
    json<{ data: { key: string }[] }>(order).data.map((f) => f.key),
    ['owner', 'title'],
  );
  const badOrder = await call(c.app, 'PUT', `${c.base}/risk/fields/order`, {
    cookie: owner.cookie,
    body: { keys: ['owner', 'owner'] },
  });
  assert.equal(badOrder.statusCode, 400);
  assert.deepEqual(
    errorOf(badOrder).details?.map((d) => d.field),
    ['keys'],
  );
  const missing = await call(c.app, 'PUT', `${c.base}/risk/fields/order`, { cookie: owner.cookie, body: { keys: ['owner'] } });
  assert.equal(missing.statusCode, 400);
  const detail = json<{ data: SubjectDetail }>(await call(c.app, 'GET', `${c.base}/risk`, { cookie: viewer.cookie })).data;
  assert.deepEqual(
    detail.fields.map((f) => f.key),
    ['owner', 'title'],
  );
});

test('subjects: delete to the recycle bin, restore (409 when the key was taken), purge drops the table', async (t) => {
  const c = await setup(t);
  const client = await makeSubject(c, { key: 'client', fields: [{ key: 'name', name: 'Name', type: 'text' }] });
  const project = await makeSubject(c, {
    key: 'project',
    fields: [
      { key: 'title', name: 'Title', type: 'text' },
      { key: 'client', name: 'Client', type: 'relation', options: { targetSubjectId: client.id } },
      { key: 'no', name: 'No', type: 'autoNumber', options: { prefix: 'P' } },
    ],
  });
  await insertRecords(c, client.id, [{ name: 'ACME' }]);
  // a relation of another live subject points to it
  const inUse = await call(c.app, 'DELETE', `${c.base}/client`, { cookie: c.cookie });
  assert.equal(inUse.statusCode, 409);
  assert.match(errorOf(inUse).errorMessage, /project\.Client|project/i);

  const del = await call(c.app, 'DELETE', `${c.base}/project`, { cookie: c.cookie });
  assert.equal(del.statusCode, 200);
  assert.equal((await call(c.app, 'GET', `${c.base}/project`, { cookie: c.cookie })).statusCode, 404);
  const bin = json<PageBody<{ type: string; targetId: string }>>(
    await call(c.app, 'GET', '/api/v1/recycle?type=subject', { cookie: c.cookie }),
  );
  assert.deepEqual(
    bin.data.map((e) => e.targetId),
    [project.id],
  );
  // the client can go now (the only relation into it is in the bin)
  const projectDef = await defOf(c, project.id).catch(() => undefined);
  assert.equal(projectDef, undefined);

  // a new subject takes the key: the restore is refused
  const again = await makeSubject(c, { key: 'project' });
  const againTable = (await defOf(c, again.id)).tableName;
  const refused = await call(c.app, 'POST', `/api/v1/recycle/subject/${project.id}/restore`, { cookie: c.cookie });
  assert.equal(refused.statusCode, 409);
  assert.equal((await call(c.app, 'DELETE', `${c.base}/project`, { cookie: c.cookie })).statusCode, 200);
  const restored = await call(c.app, 'POST', `/api/v1/recycle/subject/${project.id}/restore`, { cookie: c.cookie });
  assert.equal(restored.statusCode, 200, restored.body);
  assert.equal(
    json<{ data: SubjectDetail }>(await call(c.app, 'GET', `${c.base}/project`, { cookie: c.cookie })).data.id,
    project.id,
  );

  // purge: the table, the sequences, the row and the records' tags are gone
  const def = await defOf(c, project.id);
  const [recordId] = await insertRecords(c, project.id, [{ title: 'tagged' }]);
  const tag = json<{ data: { id: string } }>(
    await call(c.app, 'POST', '/api/v1/tags', { cookie: c.cookie, body: { name: 'Key', color: '#1677ff' } }),
  ).data;
  await c.handle.db.execute(
    sql`insert into taggings (tag_id, target_type, target_id) values (${tag.id}::uuid, 'record', ${recordId})`,
  );
  assert.equal((await call(c.app, 'DELETE', `${c.base}/project`, { cookie: c.cookie })).statusCode, 200);
  const purged = await call(c.app, 'DELETE', `/api/v1/recycle/subject/${project.id}`, { cookie: c.cookie });
  assert.equal(purged.statusCode, 200, purged.body);
  assert.equal(await tableExists(c, def.tableName), false);
  assert.equal(rowsOf(await c.handle.db.execute(sql`select 1 from taggings where target_id = ${recordId}`)).length, 0);
  assert.equal(await tableExists(c, againTable), true);
  const handler = recyclableOf('subject');
  assert.ok(handler);
  await assert.rejects(
    c.handle.db.transaction((tx) => handler.restore(tx, project.id)),
    (e: { status?: number }) => e.status === 404,
  );
  assert.equal((await call(c.app, 'DELETE', `${c.base}/client`, { cookie: c.cookie })).statusCode, 200);
});

test('subjects: record counts are exact up to 10,000, then PostgreSQL statistics', async (t) => {
  const c = await setup(t);
  const s = await makeSubject(c, { key: 'big' });
  const table = sql.raw((await defOf(c, s.id)).tableName);
  await c.handle.db.execute(sql`insert into ${table} (created_at) select now() from generate_series(1, 9999)`);
  const count = async () => json<PageBody<Subject>>(await call(c.app, 'GET', c.base, { cookie: c.cookie })).data[0].recordCount;
  assert.equal(await count(), 9999);
  await c.handle.db.execute(sql`update ${table} set deleted_at = now() where id in (select id from ${table} limit 9)`);
  assert.equal(await count(), 9990);
  await c.handle.db.execute(sql`insert into ${table} (created_at) select now() from generate_series(1, 1100)`);
  assert.ok((await count()) >= 10_001); // past the limit: PostgreSQL's statistics, never below the limit + 1
  await c.handle.db.execute(sql`analyze ${table}`);
  assert.equal(await count(), 11_099); // the statistics count recycled records too
});
