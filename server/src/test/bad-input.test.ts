/**
 * Bad input gets a 400 that names the field, in the request's language (server/README.md "Bad
 * input"): NUL and unpaired surrogates in path, query and JSON body (lib/text-input.ts), non-uuid
 * ids in bulk record changes and record-query definitions (contracts), tampered keyset cursors
 * (records/sort.ts), and the database safety net of the error handler (lib/error-handler.ts).
 * The fuzz test (fuzz.test.ts) looks for more; these pin each case down.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminSession, call, createTestApp, json } from './helpers';
import { runsOnOneEngine } from './engines';

runsOnOneEngine('postgres', 'malformed input is refused by each route\'s schema before any query');

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}

const EN = { 'accept-language': 'en-US' };

let worlds = 0;
/** Makes application `bad-<n>`, subject `items` (title, amount, at) and two records; returns the records' base URL and ids. */
async function world(app: FastifyInstance, cookie: string): Promise<{ base: string; ids: string[]; subjectId: string }> {
  worlds += 1;
  const slug = `bad-${worlds}`;
  assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug, name: `Bad ${worlds}` } })).statusCode, 201);
  const subject = await call(app, 'POST', `/api/v1/applications/${slug}/subjects`, {
    cookie,
    body: {
      key: 'items',
      name: 'Items',
      fields: [
        { key: 'title', name: 'Title', type: 'text' },
        { key: 'amount', name: 'Amount', type: 'number' },
        { key: 'at', name: 'At', type: 'datetime' },
      ],
      displayField: 'title',
    },
  });
  assert.equal(subject.statusCode, 201, subject.body);
  const base = `/api/v1/applications/${slug}/subjects/items/records`;
  const ids: string[] = [];
  for (const [i, title] of ['one', 'two'].entries()) {
    const res = await call(app, 'POST', base, { cookie, body: { values: { title, amount: i, at: `2026-01-0${i + 1}T00:00:00Z` } } });
    assert.equal(res.statusCode, 201, res.body);
    ids.push(json<{ data: { record: { id: string } } }>(res).data.record.id);
  }
  return { base, ids, subjectId: json<{ data: { id: string } }>(subject).data.id };
}

/** Asserts a 400 whose details name `field`; returns the body. */
function assertNames(res: { statusCode: number; body: string }, field: string, what = ''): ErrorBody {
  assert.equal(res.statusCode, 400, `${what} ${res.body}`);
  const body = JSON.parse(res.body) as ErrorBody;
  assert.deepEqual(
    body.details?.map((d) => d.field),
    [field],
    res.body,
  );
  return body;
}

test('bad input: a NUL in a path parameter, the query or a JSON body is a 400 naming it, in both languages', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const { base: records } = await world(app, cookie);

  const inPath = assertNames(await call(app, 'GET', '/api/v1/applications/a%00b', { cookie, headers: EN }), 'slug');
  assert.equal(inPath.errorCode, 'VALIDATION_FAILED');
  assert.equal(inPath.details?.[0].message, 'Must not contain a NUL character (U+0000)');
  const zh = assertNames(await call(app, 'GET', '/api/v1/applications/a%00b', { cookie }), 'slug');
  assert.equal(zh.details?.[0].message, '不能包含空字符（U+0000）');

  assertNames(await call(app, 'GET', '/api/v1/tags?q=%00', { cookie }), 'q');
  assertNames(await call(app, 'GET', '/api/v1/users?q=a&x%00y=1', { cookie }), 'x\ufffdy');
  assertNames(await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: 'a\u0000b' } }), 'name');
  assertNames(await call(app, 'POST', records, { cookie, body: { values: { title: 'x\u0000' } } }), 'values.title');
  assertNames(await call(app, 'POST', '/api/v1/clients', { cookie, body: { code: 'C-1', name: 'ok', contacts: [{ name: '\u0000' }] } }), 'contacts.0.name');
});

test('bad input: an unpaired surrogate in a JSON body is a 400 naming the field', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  // JSON.stringify writes a lone surrogate as the escape "\ud83d": jsonb would refuse it
  const res = await call(app, 'PATCH', '/api/v1/auth/me/profile', { cookie, headers: EN, body: { name: '\ud83d' } });
  const body = assertNames(res, 'name');
  assert.equal(body.details?.[0].message, 'Contains an invalid Unicode character (an unpaired surrogate)');
  // a proper pair (an emoji) is fine
  assert.equal((await call(app, 'PATCH', '/api/v1/auth/me/profile', { cookie, body: { name: 'Ada 🙂' } })).statusCode, 200);
});

test('bad input: bulk update and delete of records take uuids only (400 naming ids.<n>)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const { base, ids } = await world(app, cookie);
  const del = assertNames(await call(app, 'POST', `${base}/bulk-delete`, { cookie, headers: EN, body: { ids: [ids[0], 'abc'] } }), 'ids.1');
  assert.equal(del.details?.[0].message, 'Must be a valid id (a UUID)');
  assertNames(await call(app, 'POST', `${base}/bulk-update`, { cookie, body: { ids: ['2020-13-01'], values: { title: 'x' } } }), 'ids.0');
  // nothing was deleted
  assert.equal(json<{ total: number }>(await call(app, 'GET', base, { cookie })).total, 2);
});

test('bad input: a record query whose definition.subjectId is not a uuid is a 400 naming it', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const { subjectId } = await world(app, cookie);
  for (const url of ['/api/v1/record-queries/run', '/api/v1/record-queries/export']) {
    assertNames(await call(app, 'POST', url, { cookie, body: { definition: { subjectId: 'at', columns: ['title'] } } }), 'definition.subjectId');
  }
  assertNames(await call(app, 'POST', '/api/v1/record-queries', { cookie, body: { name: 'q', definition: { subjectId: '1', columns: ['title'] } } }), 'definition.subjectId');
  const ok = await call(app, 'POST', '/api/v1/record-queries/run', { cookie, body: { definition: { subjectId, columns: ['title'] } } });
  assert.equal(ok.statusCode, 200, ok.body);
});

test('bad input: a tampered keyset cursor is a 400 naming cursor, whatever its values', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const { base } = await world(app, cookie);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  for (const sort of ['', 'amount:asc', 'at:desc', 'title:asc']) {
    const first = await call(app, 'GET', `${base}?pageSize=1${sort ? `&sort=${sort}` : ''}`, { cookie });
    assert.equal(first.statusCode, 200, first.body);
    const real = json<{ nextCursor: string }>(first).nextCursor;
    const decoded = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as { s: string; v: (string | null)[]; id: string };
    // the real cursor works
    assert.equal((await call(app, 'GET', `${base}?pageSize=1${sort ? `&sort=${sort}` : ''}&cursor=${real}`, { cookie })).statusCode, 200);
    const tampered = [
      'not base64 !!',
      b64('not json'),
      // values a number or datetime key cannot take (any text is a text key's value)
      ...(sort === 'title:asc' ? [] : [b64({ ...decoded, v: ['x'] }), b64({ ...decoded, v: ['2020-02-30T00:00:00.000000Z'] }), b64({ ...decoded, v: ['1e999'] })]),
      b64({ ...decoded, v: ['a\u0000b'] }),
      b64({ ...decoded, id: 'nope' }),
      b64({ ...decoded, v: [] }),
    ];
    for (const cursor of tampered) {
      const res = await call(app, 'GET', `${base}?pageSize=1${sort ? `&sort=${sort}` : ''}&cursor=${encodeURIComponent(cursor)}`, { cookie, headers: EN });
      const body = assertNames(res, 'cursor', `sort ${sort || '(default)'}, cursor ${cursor}`);
      assert.match(body.details?.[0].message ?? '', /cursor is invalid/);
    }
  }
});

test('bad input: a database refusal of a value (class 22, 54000) that gets past a route is a 400, not a 500', async (t) => {
  const { app, close } = await createTestApp({
    beforeReady: (a) => {
      a.get('/api/v1/test-only/cast', async (request) => {
        const query = request.query as { value: string; type: string };
        const type = query.type;
        const value = query.value === 'nul' ? 'a\u0000b' : query.value;
        const casts: Record<string, SQL> = {
          uuid: sql`select ${value}::uuid`,
          date: sql`select ${value}::date`,
          int: sql`select ${value}::int`,
          ts: sql`select ${value}::timestamptz`,
          text: sql`select ${value}::text`,
        };
        await a.db.execute(casts[type]);
        return { ok: true };
      });
    },
  });
  t.after(close);
  for (const [type, value] of [
    ['uuid', 'abc'],
    ['date', '2020-02-30'],
    ['int', '99999999999'],
    ['ts', 'yesterday-ish'],
  ]) {
    const res = await call(app, 'GET', `/api/v1/test-only/cast?type=${type}&value=${encodeURIComponent(value)}`, { headers: EN });
    assert.equal(res.statusCode, 400, `${type}: ${res.body}`);
    const body = json<ErrorBody>(res);
    assert.equal(body.errorCode, 'BAD_REQUEST');
    assert.equal(body.errorMessage, 'A value in the request is not valid or out of range');
  }
  // a NUL that bypassed the request check (here: built inside the handler) → errors.database.text
  const nul = await call(app, 'GET', `/api/v1/test-only/cast?type=text&value=nul`, { headers: EN });
  assert.equal(nul.statusCode, 400, nul.body);
  assert.equal(json<ErrorBody>(nul).errorMessage, 'The input contains a character the database cannot store');
});
