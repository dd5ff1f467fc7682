import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Field, FieldCreate, FieldUpdate } from '../../../../contracts';
import { call, json } from '../../test/helpers';
import { rowsOf } from '../../db/client';
import { columnNameOf, tableNameOf } from './ddl';
import { columnType, errorOf, insertRecords, makeSubject, patchField, setup, valuesOf, type Ctx } from './subjects.test-support';

let made = 0;
/**
 * A subject `s<n>` with one field `v` (`field`), records holding `values`, then PATCH `change` on
 * `v`. @returns the response, the values and column type after, and the subject id.
 */
async function convert(
  c: Ctx,
  field: Omit<FieldCreate, 'key' | 'name'>,
  values: unknown[],
  change: FieldUpdate,
  extra: FieldCreate[] = [],
) {
  made += 1;
  const key = `s${made}`;
  const s = await makeSubject(c, { key, fields: [{ key: 'v', name: 'V', ...field }, ...extra] });
  await insertRecords(
    c,
    s.id,
    values.map((v) => ({ v })),
  );
  const res = await patchField(c, key, 'v', change);
  return { res, key, id: s.id, values: await valuesOf(c, s.id, 'v'), column: await columnType(c, s.id, 'v') };
}

const ok = (r: { res: { statusCode: number; body: string } }) => assert.equal(r.res.statusCode, 200, r.res.body);

test('type changes that convert: text to numbers, dates, booleans, selects and formats', async (t) => {
  const c = await setup(t);
  const num = await convert(c, { type: 'text' }, [' 12.50 ', '-3', '', null, '1e3', '.5'], { type: 'number' });
  ok(num);
  assert.equal(num.column, 'numeric');
  assert.deepEqual(num.values, ['12.50', '-3', null, null, '1000', '0.5']);
  assert.equal(json<{ data: Field }>(num.res).data.type, 'number');

  const money = await convert(c, { type: 'longText' }, ['1234.5'], { type: 'money', options: { currency: 'USD' } });
  ok(money);
  assert.deepEqual(money.values, ['1234.5']);
  assert.deepEqual(json<{ data: Field }>(money.res).data.options, { currency: 'USD', precision: 2 });

  const date = await convert(c, { type: 'text' }, ['2026-02-28', ' 2024-02-29 ', null], { type: 'date' });
  ok(date);
  assert.equal(date.column, 'date');
  assert.deepEqual(date.values, ['2026-02-28', '2024-02-29', null]);

  const datetime = await convert(
    c,
    { type: 'text' },
    ['2026-03-01T08:00:00+08:00', '2026-03-01 08:00', '2026-03-01', '2026-03-01T08:00:00.5Z'],
    {
      type: 'datetime',
    },
  );
  ok(datetime);
  assert.equal(datetime.column, 'timestamp with time zone');
  assert.deepEqual(datetime.values, [
    '2026-03-01T00:00:00.000Z',
    '2026-03-01T08:00:00.000Z',
    '2026-03-01T00:00:00.000Z',
    '2026-03-01T08:00:00.500Z',
  ]);

  const bool = await convert(c, { type: 'text' }, ['Yes', 'no', 'TRUE', '0', '1', ' false ', ''], { type: 'boolean' });
  ok(bool);
  assert.deepEqual(bool.values, [true, false, true, false, true, false, null]);

  const single = await convert(c, { type: 'text' }, ['High', ' Low ', 'High', null], { type: 'singleSelect' });
  ok(single);
  assert.deepEqual(single.values, ['High', 'Low', 'High', null]);
  assert.deepEqual(
    json<{ data: Field }>(single.res).data.options.choices?.map((o) => o.label),
    ['High', 'Low'],
  );
  const withChoices = await convert(c, { type: 'text' }, ['b', 'a'], {
    type: 'singleSelect',
    options: { choices: [{ label: 'a', color: '#000000' }] },
  });
  ok(withChoices);
  assert.deepEqual(
    json<{ data: Field }>(withChoices.res).data.options.choices?.map((o) => o.label),
    ['a', 'b'],
  );

  const multi = await convert(c, { type: 'text' }, ['a, b,a', ' c ', '', null, ',,'], { type: 'multiSelect' });
  ok(multi);
  assert.equal(multi.column, 'ARRAY');
  assert.deepEqual(multi.values, [['a', 'b'], ['c'], null, null, null]);
  assert.deepEqual(
    json<{ data: Field }>(multi.res).data.options.choices?.map((o) => o.label),
    ['a', 'b', 'c'],
  );

  const email = await convert(c, { type: 'text' }, [' a@b.cn ', ''], { type: 'email' });
  ok(email);
  assert.deepEqual(email.values, ['a@b.cn', null]);
  const url = await convert(c, { type: 'text' }, ['HTTPS://example.com/x?y=1'], { type: 'url' });
  ok(url);
  const phone = await convert(c, { type: 'text' }, ['+86 (10) 1234-5678'], { type: 'phone' });
  ok(phone);
  const rich = await convert(c, { type: 'text' }, ['a < b & c\nnext'], { type: 'richText' });
  ok(rich);
  assert.deepEqual(rich.values, ['a &lt; b &amp; c<br>next']);
});

test('type changes that convert: to text, between number kinds, dates, selects; the default follows', async (t) => {
  const c = await setup(t);
  const n = await convert(c, { type: 'number', defaultValue: '7' }, ['12.50', '-0.001', null], { type: 'text' });
  ok(n);
  assert.equal(n.column, 'text');
  assert.deepEqual(n.values, ['12.50', '-0.001', null]);
  assert.equal(json<{ data: Field }>(n.res).data.defaultValue, '7');
  const pct = await convert(c, { type: 'number' }, ['12.5'], { type: 'percent' });
  ok(pct);
  assert.equal(pct.column, 'numeric');
  assert.deepEqual(pct.values, ['12.5']);
  const money = await convert(c, { type: 'money', options: { currency: 'CNY' } }, ['99.99'], { type: 'number' });
  ok(money);
  assert.deepEqual(json<{ data: Field }>(money.res).data.options, { precision: 2 });

  const d = await convert(c, { type: 'date' }, ['2026-01-02'], { type: 'text' });
  ok(d);
  assert.deepEqual(d.values, ['2026-01-02']);
  const dt = await convert(c, { type: 'datetime' }, ['2026-01-02T03:04:05.678Z'], { type: 'longText' });
  ok(dt);
  assert.deepEqual(dt.values, ['2026-01-02T03:04:05.678Z']);
  const b = await convert(c, { type: 'boolean' }, [true, false, null], { type: 'text' });
  ok(b);
  assert.deepEqual(b.values, ['true', 'false', null]);
  const choices = [
    { label: 'a', color: '#000000' },
    { label: 'b', color: '#ffffff' },
  ];
  const m = await convert(c, { type: 'multiSelect', options: { choices } }, [['a', 'b'], [], null], { type: 'text' });
  ok(m);
  assert.deepEqual(m.values, ['a, b', null, null]);
  const html = await convert(c, { type: 'richText' }, ['<p>One &amp; two</p><p>three</p>'], { type: 'text' });
  ok(html);
  assert.deepEqual(html.values, ['One & two\nthree']);

  const toDatetime = await convert(c, { type: 'date', defaultValue: '2026-05-01' }, ['2026-01-02'], { type: 'datetime' });
  ok(toDatetime);
  assert.deepEqual(toDatetime.values, ['2026-01-02T00:00:00.000Z']);
  assert.equal(json<{ data: Field }>(toDatetime.res).data.defaultValue, '2026-05-01T00:00:00.000Z');
  const toDate = await convert(c, { type: 'datetime' }, ['2026-01-02T23:30:00.000Z'], { type: 'date' });
  ok(toDate);
  assert.deepEqual(toDate.values, ['2026-01-02']);

  const toMulti = await convert(c, { type: 'singleSelect', options: { choices }, defaultValue: 'a' }, ['a', null], {
    type: 'multiSelect',
  });
  ok(toMulti);
  assert.deepEqual(toMulti.values, [['a'], null]);
  assert.deepEqual(json<{ data: Field }>(toMulti.res).data.defaultValue, ['a']);
  const toSingle = await convert(c, { type: 'multiSelect', options: { choices } }, [['b'], null, []], { type: 'singleSelect' });
  ok(toSingle);
  assert.deepEqual(toSingle.values, ['b', null, null]);

  const selNum = await convert(
    c,
    {
      type: 'singleSelect',
      options: {
        choices: [
          { label: '3', color: '#000000' },
          { label: '5', color: '#000000' },
        ],
      },
    },
    ['5', null],
    {
      type: 'percent',
    },
  );
  ok(selNum);
  assert.deepEqual(selNum.values, ['5', null]);
  const phoneSel = await convert(c, { type: 'phone' }, ['110', '120', '110'], { type: 'singleSelect' });
  ok(phoneSel);
  assert.deepEqual(
    json<{ data: Field }>(phoneSel.res).data.options.choices?.map((o) => o.label),
    ['110', '120'],
  );
  // a formula becomes a plain field holding its last values (no longer computed)
  const frozen = await convert(
    c,
    { type: 'formula', options: { expression: 'x * 2' } },
    ['4'],
    { type: 'money', options: { currency: 'EUR' } },
    [{ key: 'x', name: 'X', type: 'number' }],
  );
  ok(frozen);
  assert.deepEqual(json<{ data: Field }>(frozen.res).data.options, { currency: 'EUR', precision: 2 });
  assert.equal(frozen.column, 'numeric');
  assert.deepEqual(frozen.values, ['4']);
  const fdate = await convert(
    c,
    { type: 'formula', options: { expression: '"2026-04-01"', resultType: 'date' } },
    ['2026-04-01'],
    {
      type: 'datetime',
    },
  );
  ok(fdate);
  assert.deepEqual(fdate.values, ['2026-04-01T00:00:00.000Z']);
  const fnum = await convert(c, { type: 'formula', options: { expression: '1' } }, [], { type: 'date' });
  assert.equal(fnum.res.statusCode, 400);

  // user, relation (one and many), attachment and system fields become their names
  const client = await makeSubject(c, {
    key: 'client',
    fields: [{ key: 'name', name: 'Name', type: 'text' }],
    displayField: 'name',
  });
  const [acme, globex] = await insertRecords(c, client.id, [{ name: 'ACME' }, { name: 'Globex' }]);
  const user = await convert(c, { type: 'user' }, [c.adminId, null], { type: 'text' });
  ok(user);
  assert.deepEqual(user.values, ['Admin', null]);
  const rel = await convert(c, { type: 'relation', options: { targetSubjectId: client.id } }, [acme, null], { type: 'text' });
  ok(rel);
  assert.deepEqual(rel.values, ['ACME', null]);
  const rels = await convert(
    c,
    { type: 'relation', options: { targetSubjectId: client.id, multiple: true } },
    [[globex, acme], null],
    { type: 'longText' },
  );
  ok(rels);
  assert.deepEqual(rels.values, ['Globex, ACME', null]);
  const [{ id: file }] = rowsOf<{ id: string }>(
    await c.handle.db.execute(
      sql`insert into attachments (application_id, sha256, size, mime_type, file_name) select id, 'x', 1, 'text/plain', 'memo.txt' from applications where slug = ${c.slug} returning id::text as id`,
    ),
  );
  const att = await convert(c, { type: 'attachment' }, [[file], null], { type: 'text' });
  ok(att);
  assert.deepEqual(att.values, ['memo.txt', null]);
  const created = await convert(c, { type: 'createdAt' }, [null], { type: 'text' });
  ok(created);
  assert.match(String(created.values[0]), /^2026-01-01T\d{2}:\d{2}:\d{2}\.000Z$/);
  assert.equal(created.column, 'text');
  const by = await convert(c, { type: 'updatedBy' }, [null], { type: 'longText' });
  ok(by);
  assert.deepEqual(by.values, [null]);
});

test('type changes refused: outside the matrix (400 naming type), breaking records listed and nothing changed', async (t) => {
  const c = await setup(t);
  const client = await makeSubject(c, { key: 'client', fields: [{ key: 'name', name: 'Name', type: 'text' }] });
  const outside = await convert(c, { type: 'relation', options: { targetSubjectId: client.id } }, [], { type: 'number' });
  assert.equal(outside.res.statusCode, 400);
  assert.deepEqual(
    errorOf(outside.res).details?.map((d) => d.field),
    ['type'],
  );
  const toFormula = await convert(c, { type: 'text' }, [], { type: 'formula', options: { expression: '1' } });
  assert.equal(toFormula.res.statusCode, 400);
  const badDefault = await convert(c, { type: 'text', defaultValue: 'n/a' }, [], { type: 'number' });
  assert.equal(badDefault.res.statusCode, 400);
  assert.deepEqual(
    errorOf(badDefault.res).details?.map((d) => d.field),
    ['defaultValue'],
  );

  const values = ['12', 'twelve', ' 3.5 ', 'N/A', '', null];
  const refused = await convert(c, { type: 'text' }, values, { type: 'number', name: 'Amount' });
  assert.equal(refused.res.statusCode, 409);
  const body = errorOf(refused.res);
  assert.equal(body.errorCode, 'TYPE_CHANGE_REFUSED');
  assert.deepEqual(
    body.details?.map((d) => d.field),
    ['type'],
  );
  assert.match(body.errorMessage, /2/);
  assert.equal(body.conflict?.field, 'v');
  assert.equal(body.conflict?.reason, 'type');
  assert.equal(body.conflict?.count, 2);
  assert.deepEqual(
    body.conflict?.records.map((r) => r.value),
    ['twelve', 'N/A'],
  );
  // nothing changed: the column is still text, the values and the name as they were
  assert.equal(refused.column, 'text');
  assert.deepEqual(refused.values, values);
  const field = json<{ data: { fields: Field[] } }>(await call(c.app, 'GET', `${c.base}/${refused.key}`, { cookie: c.cookie }))
    .data.fields[0];
  assert.equal(field.name, 'V');
  assert.equal(field.type, 'text');

  const dates = await convert(c, { type: 'text' }, ['2026-02-30', '2026-02-28', '01/02/2026'], { type: 'date' });
  assert.equal(dates.res.statusCode, 409);
  assert.deepEqual(
    errorOf(dates.res).conflict?.records.map((r) => r.value),
    ['2026-02-30', '01/02/2026'],
  );
  const bools = await convert(c, { type: 'text' }, ['maybe', 'yes'], { type: 'boolean' });
  assert.equal(errorOf(bools.res).conflict?.count, 1);
  const mails = await convert(c, { type: 'text' }, ['a@b.cn', 'nobody'], { type: 'email' });
  assert.deepEqual(
    errorOf(mails.res).conflict?.records.map((r) => r.value),
    ['nobody'],
  );
  const choices = [
    { label: 'a', color: '#000000' },
    { label: 'b', color: '#ffffff' },
  ];
  const several = await convert(c, { type: 'multiSelect', options: { choices } }, [['a', 'b'], ['a']], { type: 'singleSelect' });
  assert.equal(several.res.statusCode, 409);
  assert.deepEqual(
    errorOf(several.res).conflict?.records.map((r) => r.value),
    [['a', 'b']],
  );
  assert.equal(several.column, 'ARRAY');
  // a conversion whose result breaks the field's rules is refused as well (the rewrite rolled back)
  const required = await convert(c, { type: 'text', required: true }, ['1', ''], { type: 'number' });
  assert.equal(required.res.statusCode, 409);
  assert.equal(errorOf(required.res).conflict?.reason, 'required');
  assert.equal(required.column, 'text');
  assert.deepEqual(required.values, ['1', '']);
});

test('required, unique and validation turned on are checked on the records; the breaking ones are listed', async (t) => {
  const c = await setup(t);
  const s = await makeSubject(c, {
    key: 'control',
    fields: [
      { key: 'code', name: 'Code', type: 'text' },
      { key: 'score', name: 'Score', type: 'number' },
    ],
  });
  const ids = await insertRecords(c, s.id, [
    { code: 'C-1', score: '5' },
    { code: 'C-2', score: '50' },
    { code: 'C-1', score: null },
    { code: null, score: '7' },
  ]);
  const req = await patchField(c, 'control', 'code', { required: true });
  assert.equal(req.statusCode, 409);
  assert.equal(errorOf(req).errorCode, 'TYPE_CHANGE_REFUSED');
  assert.deepEqual(
    errorOf(req).details?.map((d) => d.field),
    ['required'],
  );
  assert.deepEqual(errorOf(req).conflict?.records, [{ id: ids[3], value: null }]);
  const uniq = await patchField(c, 'control', 'code', { unique: true });
  assert.equal(uniq.statusCode, 409);
  assert.equal(errorOf(uniq).conflict?.reason, 'unique');
  assert.deepEqual(
    errorOf(uniq).conflict?.records.map((r) => r.id),
    [ids[0], ids[2]],
  );
  const max = await patchField(c, 'control', 'score', { validation: { min: 0, max: 10 } });
  assert.equal(max.statusCode, 409);
  assert.deepEqual(errorOf(max).conflict?.records, [{ id: ids[1], value: '50' }]);
  const pattern = await patchField(c, 'control', 'code', { validation: { pattern: 'C-2' } });
  assert.equal(pattern.statusCode, 409);
  assert.equal(errorOf(pattern).conflict?.reason, 'validation');
  assert.equal(errorOf(pattern).conflict?.count, 2);
  const fine = await patchField(c, 'control', 'code', {
    validation: { pattern: 'C-\\d+', maxLength: 10 },
    helpText: 'Control code',
  });
  assert.equal(fine.statusCode, 200, fine.body);

  // fix the data, then both switches go on (and the unique index is enforced)
  await c.handle.db.execute(
    sql.raw(`update ${tableNameOf(s.id)} set ${columnNameOf(s.fields[0].id)} = 'C-' || (random() * 1e9)::bigint`),
  );
  const both = await patchField(c, 'control', 'code', { required: true, unique: true });
  assert.equal(both.statusCode, 200, both.body);
  assert.deepEqual([json<{ data: Field }>(both).data.required, json<{ data: Field }>(both).data.unique], [true, true]);
  await assert.rejects(insertRecords(c, s.id, [{ code: String((await valuesOf(c, s.id, 'code'))[0]) }]));
  const off = await patchField(c, 'control', 'code', { unique: false });
  assert.equal(off.statusCode, 200);
  await insertRecords(c, s.id, [{ code: String((await valuesOf(c, s.id, 'code'))[0]) }]);
});
