import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FieldCreate } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { adminSession, createTestApp, createUser } from '../../test/helpers';
import { loadSubjectDef, type SubjectDef } from './subject-def';
import { createTestApplication, createTestAttachment, createTestSubject, fieldOf } from '../records/records.test-support';
import { checkUniqueFree, normalizeValue, parseDateTime, parseDecimal, prefetchUnique, uniqueViolation, validateValues, ValueError } from './values';

/** The fields of every writable type, with constraints. */
const FIELDS: FieldCreate[] = [
  fieldOf('title', 'text', { required: true, unique: true, validation: { minLength: 2, maxLength: 20 } }),
  fieldOf('code', 'text', { validation: { pattern: '[A-Z]{2}-\\d+' } }),
  fieldOf('notes', 'longText'),
  fieldOf('body', 'richText'),
  fieldOf('amount', 'number', { validation: { min: 0, max: '1000.5' } }),
  fieldOf('price', 'money', { options: { currency: 'CNY', precision: 2 } }),
  fieldOf('rate', 'percent'),
  fieldOf('due', 'date', { validation: { min: '2026-01-01', max: '2026-12-31' } }),
  fieldOf('at', 'datetime'),
  fieldOf('done', 'boolean'),
  fieldOf('status', 'singleSelect', {
    defaultValue: 'Open',
    options: {
      choices: [
        { label: 'Open', color: '#1677ff' },
        { label: 'Closed', color: '#8c8c8c' },
      ],
    },
  }),
  fieldOf('labels', 'multiSelect', {
    options: {
      choices: [
        { label: 'a', color: '#1677ff' },
        { label: 'b', color: '#1677ff' },
        { label: 'c', color: '#1677ff' },
      ],
    },
  }),
  fieldOf('mail', 'email'),
  fieldOf('site', 'url'),
  fieldOf('tel', 'phone'),
  fieldOf('owner', 'user'),
  fieldOf('files', 'attachment'),
  fieldOf('total', 'formula', { options: { expression: 'amount * 2', resultType: 'number' } }),
  fieldOf('num', 'autoNumber', { options: { prefix: 'WP-', padding: 3 } }),
  fieldOf('created', 'createdAt'),
];

let shared: ReturnType<typeof build> | undefined;
after(async () => (await shared)?.close());
/** One app and subject for every test of this file (each test makes its own records). */
const setup = (_t: unknown) => (shared ??= build());

async function build() {
  const made = await createTestApp();
  try {
    return await populate(made);
  } catch (e) {
    await made.close();
    throw e;
  }
}

async function populate({ app, handle, close }: Awaited<ReturnType<typeof createTestApp>>) {
  const { cookie, user } = await adminSession(app);
  const appId = await createTestApplication(app, cookie, 'values');
  const otherAppId = await createTestApplication(app, cookie, 'other');
  const target = await createTestSubject(handle.db, { applicationId: appId, key: 'target', fields: [fieldOf('name', 'text')], displayField: 'name' });
  const fields: FieldCreate[] = [
    ...FIELDS,
    fieldOf('parent', 'relation', { options: { targetSubjectId: target.id } }),
    fieldOf('links', 'relation', { options: { targetSubjectId: target.id, multiple: true } }),
  ];
  const made = await createTestSubject(handle.db, { applicationId: appId, key: 'everything', fields });
  const subject = (await loadSubjectDef(handle.db, { id: made.id }))!;
  const targetDef = (await loadSubjectDef(handle.db, { id: target.id }))!;
  const ctx = { db: handle.db, applicationId: appId };
  return { app, db: handle.db, user, appId, otherAppId, subject, targetDef, ctx, cookie, close };
}

/** The `values.<key>` fields (and message keys) of a 400, or fails. */
async function failures(p: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof HttpError) || e.status !== 400) throw e;
    return Object.fromEntries((e.details ?? []).map((d) => [d.field, d.messageKey]));
  }
  assert.fail('expected a 400');
}

const fieldOfDef = (s: SubjectDef, key: string) => s.fields.find((f) => f.key === key)!;

test('values: decimals are exact strings in PostgreSQL form; datetimes need a zone and become UTC', () => {
  assert.equal(parseDecimal('1234.50'), '1234.50');
  assert.equal(parseDecimal(' +007.10 '), '7.10');
  assert.equal(parseDecimal('-0.00'), '0.00');
  assert.equal(parseDecimal('.5'), '0.5');
  assert.equal(parseDecimal(0.1), '0.1');
  assert.equal(parseDecimal(1e21), '1000000000000000000000');
  assert.equal(parseDecimal('12345678901234567890.123456789'), '12345678901234567890.123456789');
  for (const bad of ['1e5', 'abc', '', '.', '1.2.3', NaN, Infinity, true, '9'.repeat(61)]) {
    assert.throws(() => parseDecimal(bad), ValueError, String(bad));
  }
  assert.equal(parseDateTime('2026-11-22T16:30:00+08:00'), '2026-11-22T08:30:00.000Z');
  assert.equal(parseDateTime('2026-11-22t08:30z'), '2026-11-22T08:30:00.000Z');
  assert.equal(parseDateTime('2026-11-22T08:30:00.123456+0000'), '2026-11-22T08:30:00.123Z');
  for (const bad of ['2026-11-22T08:30:00', '2026-02-30T00:00Z', '2026-11-22', 'yesterday', 5]) {
    assert.throws(() => parseDateTime(bad), ValueError, String(bad));
  }
});

test('values: every field type takes its good values in canonical form', async (t) => {
  const { db, user, appId, subject, targetDef, ctx } = await setup(t);
  const insertTarget = async () => rowsOf<{ id: string }>(await db.execute(sql`insert into ${sql.raw(targetDef.tableName)} (id) values (gen_random_uuid()) returning id`))[0];
  const t1 = await insertTarget();
  const t2 = await insertTarget();
  const file = await createTestAttachment(db, appId);
  const out = await validateValues(ctx, subject, {
    title: '  Cash count ',
    code: 'WP-12',
    notes: '  line one\nline two ',
    body: '<p onclick="x()">Hello <script>alert(1)</script><b>world</b></p>',
    amount: 12.5,
    price: '1234.50',
    rate: '-3',
    due: '2026-02-28',
    at: '2026-11-22T16:30:00+08:00',
    done: false,
    labels: ['b', 'a', 'b'],
    mail: 'a@example.com',
    site: 'https://example.com/x?y=1',
    tel: '+86 (10) 1234-5678',
    owner: user.id.toUpperCase(),
    files: [file],
    parent: t1.id,
    links: [t2.id, t1.id, t2.id],
  }, 'create');
  assert.deepEqual(out, {
    title: 'Cash count',
    code: 'WP-12',
    notes: '  line one\nline two ',
    body: '<p>Hello <b>world</b></p>',
    amount: '12.5',
    price: '1234.50',
    rate: '-3',
    due: '2026-02-28',
    at: '2026-11-22T08:30:00.000Z',
    done: false,
    labels: ['b', 'a'],
    mail: 'a@example.com',
    site: 'https://example.com/x?y=1',
    tel: '+86 (10) 1234-5678',
    owner: user.id,
    files: [file],
    parent: t1.id,
    links: [t2.id, t1.id],
    status: 'Open', // the default
  });
  // empty values are null: '', [], blank rich text
  const empties = await validateValues(ctx, subject, { title: 'ok', notes: '   ', body: '<p> </p>', labels: [], files: [], amount: '', owner: null, status: '' }, 'update');
  assert.deepEqual(empties, { title: 'ok', notes: null, body: null, labels: null, files: null, amount: null, owner: null, status: null });
});

test('values: bad values of each type are refused, each error naming its field', async (t) => {
  const { app, cookie, db, otherAppId, subject, ctx } = await setup(t);
  const foreignFile = await createTestAttachment(db, otherAppId);
  const bad = await failures(
    validateValues(ctx, subject, {
      title: 'x', // minLength 2
      code: 'wp-1', // pattern
      notes: 5,
      body: ['<p>'],
      amount: '1000.51', // max 1000.5
      price: '12,5',
      rate: Number.POSITIVE_INFINITY,
      due: '2025-12-31', // min
      at: '2026-11-22 08:30',
      done: 'yes',
      status: 'Pending',
      labels: ['a', 'z'],
      mail: 'not-an-email',
      site: 'javascript:alert(1)',
      tel: 'call me',
      owner: 'not-a-uuid',
      files: [foreignFile],
      parent: '00000000-0000-4000-8000-000000000000',
      links: 'x',
      total: '5', // formula
      num: 'WP-1', // auto number
      created: '2026-01-01T00:00:00Z', // system
      nope: 1, // unknown
    }, 'create'),
  );
  assert.deepEqual(bad, {
    'values.title': 'errors.record.minLength',
    'values.code': 'errors.record.pattern',
    'values.notes': 'errors.record.text',
    'values.body': 'errors.record.text',
    'values.amount': 'errors.record.max',
    'values.price': 'errors.record.number',
    'values.rate': 'errors.record.number',
    'values.due': 'errors.record.min',
    'values.at': 'errors.record.datetime',
    'values.done': 'errors.record.boolean',
    'values.status': 'errors.record.choice',
    'values.labels': 'errors.record.choice',
    'values.mail': 'errors.record.email',
    'values.site': 'errors.record.url',
    'values.tel': 'errors.record.phone',
    'values.owner': 'errors.record.id',
    'values.links': 'errors.record.list',
    'values.total': 'errors.record.computed',
    'values.num': 'errors.record.computed',
    'values.created': 'errors.record.computed',
    'values.nope': 'errors.record.unknownField',
  });
  // the database checks run once the shapes are right: attachments of another application,
  // records that do not exist, deleted users
  const gone = await createUser(app, cookie);
  await db.execute(sql`update users set deleted_at = now() where id = ${gone.user.id}::uuid`);
  const refs = await failures(
    validateValues(ctx, subject, { title: 'ok', files: [foreignFile], parent: '00000000-0000-4000-8000-000000000000', owner: gone.user.id }, 'create'),
  );
  assert.deepEqual(refs, {
    'values.files': 'errors.record.attachmentUnknown',
    'values.parent': 'errors.record.relationUnknown',
    'values.owner': 'errors.record.userUnknown',
  });
});

test('values: required on create (missing, no default) and on update (set to empty); defaults are checked', async (t) => {
  const { subject, ctx } = await setup(t);
  assert.deepEqual(await failures(validateValues(ctx, subject, {}, 'create')), { 'values.title': 'errors.required' });
  assert.deepEqual(await failures(validateValues(ctx, subject, { title: '  ' }, 'create')), { 'values.title': 'errors.required' });
  assert.deepEqual(await validateValues(ctx, subject, { amount: 3 }, 'update'), { amount: '3' });
  assert.deepEqual(await failures(validateValues(ctx, subject, { title: null }, 'update')), { 'values.title': 'errors.required' });
  // a default that no longer fits (its choice was removed) names the field
  const broken: SubjectDef = {
    ...subject,
    fields: subject.fields.map((f) => (f.key === 'status' ? { ...f, defaultValue: 'Gone' } : f)),
  };
  assert.deepEqual(await failures(validateValues(ctx, broken, { title: 'ok' }, 'create')), { 'values.status': 'errors.record.choice' });
  // the message's parameters are per field
  try {
    normalizeValue(fieldOfDef(subject, 'title'), 'x'.repeat(21));
    assert.fail('expected a ValueError');
  } catch (e) {
    assert.ok(e instanceof ValueError);
    assert.deepEqual(e.params, { n: 20 });
  }
  assert.throws(() => normalizeValue(fieldOfDef(subject, 'notes'), 'x'.repeat(100_001)), ValueError);
});

test('values: unique pre-check (409 naming the field) and the unique index as the final guard', async (t) => {
  const { db, subject, ctx } = await setup(t);
  const title = fieldOfDef(subject, 'title');
  const id = '11111111-1111-4111-8111-111111111111';
  await db.execute(sql`insert into ${sql.raw(subject.tableName)} (id, ${sql.raw(title.column!)}) values (${id}::uuid, 'Taken')`);
  await assert.rejects(validateValues(ctx, subject, { title: 'Taken' }, 'create'), (e: HttpError) => {
    assert.equal(e.status, 409);
    assert.equal(e.errorCode, 'VALUE_TAKEN');
    assert.deepEqual(e.details?.map((d) => d.field), ['values.title']);
    return true;
  });
  // the record itself may keep its value; two records cannot both get it
  assert.deepEqual(await validateValues({ ...ctx, recordIds: [id] }, subject, { title: 'Taken' }, 'update'), { title: 'Taken' });
  await assert.rejects(validateValues({ ...ctx, recordIds: [id, '22222222-2222-4222-8222-222222222222'] }, subject, { title: 'New' }, 'update'), /VALUE_TAKEN/);
  // a deleted record's value is free again (partial index)
  await db.execute(sql`update ${sql.raw(subject.tableName)} set deleted_at = now()`);
  assert.deepEqual(await validateValues(ctx, subject, { title: 'Taken' }, 'create'), { title: 'Taken', status: 'Open' });
  // the race: an insert that passed the pre-check meets the index → mapped to the same 409
  await db.execute(sql`update ${sql.raw(subject.tableName)} set deleted_at = null`);
  const err = await db.execute(sql`insert into ${sql.raw(subject.tableName)} (${sql.raw(title.column!)}) values ('Taken')`).then(
    () => undefined,
    (e: unknown) => e,
  );
  const mapped = uniqueViolation(subject, err);
  assert.equal(mapped?.errorCode, 'VALUE_TAKEN');
  assert.deepEqual(mapped?.details?.map((d) => d.field), ['values.title']);
  assert.equal(uniqueViolation(subject, new Error('other')), undefined);
});

test('values: prefetchUnique answers the unique pre-check of many rows with one query per field', async (t) => {
  const { db, subject, ctx } = await setup(t);
  const title = fieldOfDef(subject, 'title');
  const id = '33333333-3333-4333-8333-333333333333';
  await db.execute(sql`insert into ${sql.raw(subject.tableName)} (id, ${sql.raw(title.column!)}) values (${id}::uuid, 'Held')`);
  const rows = [{ title: ' Held ' }, { title: 'Free' }, { title: 'x' }, { amount: '1' }];
  const prefetch = await prefetchUnique(db, subject, rows);
  // the normalised values (trimmed), each with its holders; 'x' fails minLength and is left out
  assert.deepEqual(Object.fromEntries(prefetch.get(title.id)!), { '"Held"': [id], '"Free"': [] });
  // answered without a query: an executor that refuses every statement is never asked
  const noQueries = { execute: () => Promise.reject(new Error('queried')) } as unknown as typeof db;
  await assert.rejects(checkUniqueFree(noQueries, subject, { title: 'Held' }, [], prefetch), /VALUE_TAKEN/);
  await checkUniqueFree(noQueries, subject, { title: 'Held' }, [id], prefetch);
  await checkUniqueFree(noQueries, subject, { title: 'Free' }, [], prefetch);
  // a value it was not asked about is queried as before
  await assert.rejects(checkUniqueFree(noQueries, subject, { title: 'Other' }, [], prefetch), /queried/);
  // through validateValues (ctx.unique), the same 409
  await assert.rejects(validateValues({ ...ctx, unique: prefetch }, subject, { title: 'Held' }, 'create'), /VALUE_TAKEN/);
});
