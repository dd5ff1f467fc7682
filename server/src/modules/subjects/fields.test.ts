import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Field, SubjectDetail } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { call, changeInSql, json } from '../../test/helpers';
import { columnType, defOf, errorOf, insertRecords, makeSubject, patchField, setup, valuesOf } from './subjects.test-support';

const choices = (...labels: string[]) => labels.map((label) => ({ label, color: '#1677ff' }));

test('select options: a rename (previousLabel) rewrites the records; removing a used option is refused', async (t) => {
  const c = await setup(t);
  const s = await makeSubject(c, {
    key: 'finding',
    fields: [
      {
        key: 'severity',
        name: 'Severity',
        type: 'singleSelect',
        options: { choices: choices('High', 'Low', 'Mid') },
        defaultValue: 'Low',
      },
      { key: 'tags', name: 'Tags', type: 'multiSelect', options: { choices: choices('a', 'b', 'c') } },
      { key: 'rank', name: 'Rank', type: 'formula', options: { expression: 'severity == "Critical" ? 1 : 0' } },
    ],
  });
  await insertRecords(c, s.id, [
    { severity: 'High', tags: ['a', 'b'] },
    { severity: 'Low', tags: ['b'] },
    { severity: null, tags: ['c', 'a'] },
  ]);
  await patchField(c, 'finding', 'rank', { options: { expression: 'severity == "Critical" ? 1 : 0' } });
  const renamed = await patchField(c, 'finding', 'severity', {
    options: {
      choices: [
        { label: 'Critical', color: '#f5222d', previousLabel: 'High' },
        { label: 'Minor', color: '#52c41a', previousLabel: 'Low' },
        ...choices('Mid'),
      ],
    },
  });
  assert.equal(renamed.statusCode, 200, renamed.body);
  assert.deepEqual(await valuesOf(c, s.id, 'severity'), ['Critical', 'Minor', null]);
  const field = json<{ data: Field }>(renamed).data;
  assert.deepEqual(field.options.choices, [
    { label: 'Critical', color: '#f5222d' },
    { label: 'Minor', color: '#52c41a' },
    { label: 'Mid', color: '#1677ff' },
  ]);
  assert.equal(field.defaultValue, 'Minor');
  // the formula reading the options was recomputed
  assert.deepEqual(await valuesOf(c, s.id, 'rank'), ['1', '0', '0']);

  // swap two labels of a multi select at once
  const swapped = await patchField(c, 'finding', 'tags', {
    options: {
      choices: [
        { label: 'b', color: '#000000', previousLabel: 'a' },
        { label: 'a', color: '#000000', previousLabel: 'b' },
        ...choices('c'),
      ],
    },
  });
  assert.equal(swapped.statusCode, 200, swapped.body);
  assert.deepEqual(await valuesOf(c, s.id, 'tags'), [['b', 'a'], ['a'], ['c', 'b']]);

  const removed = await patchField(c, 'finding', 'tags', { options: { choices: choices('a', 'b') } });
  assert.equal(removed.statusCode, 409);
  assert.equal(errorOf(removed).conflict?.reason, 'choices');
  assert.deepEqual(
    errorOf(removed).details?.map((d) => d.field),
    ['options.choices'],
  );
  assert.deepEqual(
    errorOf(removed).conflict?.records.map((r) => r.value),
    [['c', 'b']],
  );
  const unused = await patchField(c, 'finding', 'severity', { options: { choices: choices('Critical', 'Minor') } });
  assert.equal(unused.statusCode, 200, unused.body);
});

test('formulas: computed when added, recomputed when the expression or an input changes; cycles refused', async (t) => {
  const c = await setup(t);
  const s = await makeSubject(c, {
    key: 'line',
    fields: [
      { key: 'price', name: 'Price', type: 'money', options: { currency: 'CNY' } },
      { key: 'qty', name: 'Qty', type: 'number' },
      { key: 'done', name: 'Done', type: 'text' },
    ],
  });
  await insertRecords(c, s.id, [
    { price: '9.99', qty: '3', done: 'yes' },
    { price: '0.10', qty: '0.2', done: 'no' },
    { price: null, qty: '1', done: null },
  ]);
  const total = await call(c.app, 'POST', `${c.base}/line/fields`, {
    cookie: c.cookie,
    body: { key: 'total', name: 'Total', type: 'formula', options: { expression: 'price * qty' } },
  });
  assert.equal(total.statusCode, 201, total.body);
  assert.deepEqual(await valuesOf(c, s.id, 'total'), ['29.97', '0.02', null]);
  const taxed = await call(c.app, 'POST', `${c.base}/line/fields`, {
    cookie: c.cookie,
    body: { key: 'taxed', name: 'Taxed', type: 'formula', options: { expression: 'round(total * 1.13, 2)' } },
  });
  assert.equal(taxed.statusCode, 201, taxed.body);
  assert.deepEqual(await valuesOf(c, s.id, 'taxed'), ['33.87', '0.02', null]);

  const changed = await patchField(c, 'line', 'total', { options: { expression: 'price * qty + 1' } });
  assert.equal(changed.statusCode, 200, changed.body);
  assert.deepEqual(await valuesOf(c, s.id, 'total'), ['30.97', '1.02', null]);
  assert.deepEqual(await valuesOf(c, s.id, 'taxed'), ['35', '1.15', null]);

  const label = await patchField(c, 'line', 'taxed', {
    options: { expression: 'total > 10 ? "big" : "small"', resultType: 'text' },
  });
  assert.equal(label.statusCode, 200, label.body);
  assert.equal(await columnType(c, s.id, 'taxed'), 'text');
  assert.deepEqual(await valuesOf(c, s.id, 'taxed'), ['big', 'small', null]);

  const cycle = await patchField(c, 'line', 'total', { options: { expression: 'taxed + 1' } });
  assert.equal(cycle.statusCode, 400);
  assert.deepEqual(
    errorOf(cycle).details?.map((d) => d.field),
    ['options.expression'],
  );
  const unknownName = await patchField(c, 'line', 'total', { options: { expression: 'price * discount' } });
  assert.equal(unknownName.statusCode, 400);
  assert.match(errorOf(unknownName).errorMessage, /discount/);
  // a field a formula reads cannot be deleted
  const readByFormula = await call(c.app, 'DELETE', `${c.base}/line/fields/qty`, { cookie: c.cookie });
  assert.equal(readByFormula.statusCode, 409);
  assert.match(errorOf(readByFormula).errorMessage, /Total/);
  // converting an input (text → boolean) recomputes the formulas reading it
  const flag = await call(c.app, 'POST', `${c.base}/line/fields`, {
    cookie: c.cookie,
    body: { key: 'flag', name: 'Flag', type: 'formula', options: { expression: 'done ? 10 : 20' } },
  });
  assert.equal(flag.statusCode, 201, flag.body);
  const asBoolean = await patchField(c, 'line', 'done', { type: 'boolean' });
  assert.equal(asBoolean.statusCode, 200, asBoolean.body);
  assert.deepEqual((await valuesOf(c, s.id, 'flag')).slice(0, 2), ['10', '20']);
});

test('adding a field to a subject with records: defaults fill, auto numbers count, required needs a default', async (t) => {
  const c = await setup(t);
  const s = await makeSubject(c, { key: 'workpaper', fields: [{ key: 'title', name: 'Title', type: 'text' }] });
  await insertRecords(c, s.id, [{ title: 'b' }, { title: 'a' }, { title: 'c' }]);
  const add = (body: Record<string, unknown>) => call(c.app, 'POST', `${c.base}/workpaper/fields`, { cookie: c.cookie, body });
  const required = await add({ key: 'status', name: 'Status', type: 'text', required: true });
  assert.equal(required.statusCode, 409);
  assert.equal(errorOf(required).errorCode, 'CONFLICT');
  assert.deepEqual(
    errorOf(required).details?.map((d) => d.field),
    ['defaultValue'],
  );
  assert.match(errorOf(required).errorMessage, /3/);
  assert.equal((await defOf(c, s.id)).fields.length, 1);
  const withDefault = await add({ key: 'status', name: 'Status', type: 'text', required: true, defaultValue: 'draft' });
  assert.equal(withDefault.statusCode, 201, withDefault.body);
  assert.deepEqual(await valuesOf(c, s.id, 'status'), ['draft', 'draft', 'draft']);
  const amount = await add({ key: 'amount', name: 'Amount', type: 'number', defaultValue: '12.50' });
  assert.equal(amount.statusCode, 201);
  assert.deepEqual(await valuesOf(c, s.id, 'amount'), ['12.50', '12.50', '12.50']);
  assert.equal(json<{ data: Field }>(amount).data.defaultValue, '12.50');
  const uniqueDefault = await add({ key: 'code', name: 'Code', type: 'text', unique: true, defaultValue: 'X' });
  assert.equal(uniqueDefault.statusCode, 409);
  assert.equal(errorOf(uniqueDefault).conflict?.reason, 'unique');
  assert.equal(await columnType(c, s.id, 'code').catch(() => 'none'), 'none');

  const no = await add({ key: 'no', name: 'No', type: 'autoNumber', options: { prefix: 'WP-', padding: 3 } });
  assert.equal(no.statusCode, 201, no.body);
  assert.deepEqual(await valuesOf(c, s.id, 'no'), ['WP-001', 'WP-002', 'WP-003']);
  const [{ n }] = rowsOf<{ n: number }>(
    await c.handle.db.execute(sql.raw(`select nextval('s_${json<{ data: Field }>(no).data.id.replace(/-/g, '')}')::int as n`)),
  );
  assert.equal(Number(n), 4);
  const reformatted = await patchField(c, 'workpaper', 'no', { options: { prefix: 'A', padding: 5 } });
  assert.equal(reformatted.statusCode, 200, reformatted.body);
  assert.deepEqual(await valuesOf(c, s.id, 'no'), ['A00001', 'A00002', 'A00003']);
  const keyFixed = await patchField(c, 'workpaper', 'no', { key: 'number' });
  assert.deepEqual(
    errorOf(keyFixed).details?.map((d) => d.field),
    ['key'],
  );
  const order = json<{ data: SubjectDetail }>(
    await call(c.app, 'GET', `${c.base}/workpaper`, { cookie: c.cookie }),
  ).data.fields.map((f) => f.key);
  assert.deepEqual(order, ['title', 'status', 'amount', 'no']);
});

test('fields: delete to the recycle bin, restore in place (409 when the key was taken), purge drops the column', async (t) => {
  const c = await setup(t);
  const s = await makeSubject(c, {
    key: 'risk',
    fields: [
      { key: 'title', name: 'Title', type: 'text' },
      { key: 'score', name: 'Score', type: 'number' },
      { key: 'no', name: 'No', type: 'autoNumber', options: { prefix: 'R' } },
      { key: 'note', name: 'Note', type: 'longText' },
    ],
    displayField: 'title',
  });
  await insertRecords(c, s.id, [{ title: 'a', score: '1', note: 'keep me' }]);
  const display = await call(c.app, 'DELETE', `${c.base}/risk/fields/title`, { cookie: c.cookie });
  assert.equal(display.statusCode, 409);
  const displayType = await patchField(c, 'risk', 'title', { type: 'multiSelect' });
  assert.equal(displayType.statusCode, 400);
  assert.deepEqual(errorOf(displayType).details?.map((d) => d.field), ['type']);
  const noteId = s.fields.find((f) => f.key === 'note')!.id;
  const noId = s.fields.find((f) => f.key === 'no')!.id;
  assert.equal((await call(c.app, 'DELETE', `${c.base}/risk/fields/note`, { cookie: c.cookie })).statusCode, 200);
  assert.equal((await call(c.app, 'DELETE', `${c.base}/risk/fields/no`, { cookie: c.cookie })).statusCode, 200);
  const after = json<{ data: SubjectDetail }>(await call(c.app, 'GET', `${c.base}/risk`, { cookie: c.cookie })).data;
  assert.deepEqual(
    after.fields.map((f) => f.key),
    ['title', 'score'],
  );
  const bin = json<{ data: { targetId: string; label: string }[] }>(
    await call(c.app, 'GET', '/api/v1/recycle?type=field', { cookie: c.cookie }),
  ).data;
  assert.deepEqual(bin.map((e) => e.targetId).sort(), [noteId, noId].sort());

  // a record added while 'no' is in the bin gets its number on restore
  await insertRecords(c, s.id, [{ title: 'b' }]);
  const renamedKey = await call(c.app, 'POST', `${c.base}/risk/fields`, {
    cookie: c.cookie,
    body: { key: 'note', name: 'Note 2', type: 'text' },
  });
  assert.equal(renamedKey.statusCode, 201);
  const taken = await call(c.app, 'POST', `/api/v1/recycle/field/${noteId}/restore`, { cookie: c.cookie });
  assert.equal(taken.statusCode, 409);
  assert.equal((await call(c.app, 'DELETE', `${c.base}/risk/fields/note`, { cookie: c.cookie })).statusCode, 200);
  assert.equal((await call(c.app, 'POST', `/api/v1/recycle/field/${noteId}/restore`, { cookie: c.cookie })).statusCode, 200);
  assert.equal((await call(c.app, 'POST', `/api/v1/recycle/field/${noId}/restore`, { cookie: c.cookie })).statusCode, 200);
  const restored = json<{ data: SubjectDetail }>(await call(c.app, 'GET', `${c.base}/risk`, { cookie: c.cookie })).data;
  assert.deepEqual(
    restored.fields.map((f) => f.key),
    ['title', 'score', 'no', 'note'],
  );
  assert.deepEqual(await valuesOf(c, s.id, 'note'), ['keep me', null]);
  assert.deepEqual(await valuesOf(c, s.id, 'no'), ['R1', 'R2']);

  // purge: the column is gone from the table
  assert.equal((await call(c.app, 'DELETE', `${c.base}/risk/fields/note`, { cookie: c.cookie })).statusCode, 200);
  const def = await defOf(c, s.id);
  const column = `f_${noteId.replace(/-/g, '')}`;
  const hasColumn = async () =>
    rowsOf(
      await c.handle.db.execute(
        sql`select 1 from information_schema.columns where table_name = ${def.tableName} and column_name = ${column}`,
      ),
    ).length > 0;
  assert.equal(await hasColumn(), true);
  assert.equal((await call(c.app, 'DELETE', `/api/v1/recycle/field/${noteId}`, { cookie: c.cookie })).statusCode, 200);
  assert.equal(await hasColumn(), false);
});

test('relations: one ↔ many moves the values; the target is fixed once records link; the read cache follows SQL changes', async (t) => {
  const c = await setup(t);
  const client = await makeSubject(c, { key: 'client', fields: [{ key: 'name', name: 'Name', type: 'text' }] });
  const other = await makeSubject(c, { key: 'vendor' });
  const [a, b] = await insertRecords(c, client.id, [{ name: 'A' }, { name: 'B' }]);
  const s = await makeSubject(c, {
    key: 'project',
    fields: [{ key: 'client', name: 'Client', type: 'relation', options: { targetSubjectId: client.id } }],
  });
  await insertRecords(c, s.id, [{ client: a }, { client: null }]);
  const target = await patchField(c, 'project', 'client', { options: { targetSubjectId: other.id } });
  assert.equal(target.statusCode, 409);
  assert.deepEqual(
    errorOf(target).details?.map((d) => d.field),
    ['options.targetSubjectId'],
  );
  const many = await patchField(c, 'project', 'client', { options: { multiple: true } });
  assert.equal(many.statusCode, 200, many.body);
  assert.equal(await columnType(c, s.id, 'client'), undefined);
  assert.deepEqual(await valuesOf(c, s.id, 'client'), [[a], null]);
  const [first] = await insertRecords(c, s.id, [{ client: [a, b] }]);
  const one = await patchField(c, 'project', 'client', { options: { multiple: false } });
  assert.equal(one.statusCode, 409);
  assert.equal(errorOf(one).conflict?.reason, 'multiple');
  assert.deepEqual(errorOf(one).conflict?.records, [{ id: first, value: [a, b] }]);
  await c.handle.db.execute(sql`delete from record_links where source_id = ${first}::uuid and target_id = ${b}::uuid`);
  const back = await patchField(c, 'project', 'client', { options: { multiple: false } });
  assert.equal(back.statusCode, 200, back.body);
  assert.equal(await columnType(c, s.id, 'client'), 'uuid');
  assert.deepEqual(await valuesOf(c, s.id, 'client'), [a, null, a]);

  // the subject definition is cached; a change made in SQL reaches the cache through the notification
  const read = async () =>
    json<{ data: SubjectDetail }>(await call(c.app, 'GET', `${c.base}/project`, { cookie: c.cookie })).data.name;
  assert.equal(await read(), 'project');
  assert.equal(await read(), 'project');
  await changeInSql(c.app, () => c.handle.db.execute(sql`update subjects set name = 'Projects' where id = ${s.id}::uuid`));
  assert.equal(await read(), 'Projects');
});
