import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { FilterGroup, RecordItem, RecordPage } from '../../../../contracts';
import { adminSession, call, createTestApp, createUser, json } from '../../test/helpers';
import { loadSubjectDef } from '../subjects/subject-def';
import { listRecords } from './list';
import { createTestApplication, createTestSubjectIn, fieldOf } from './records.test-support';

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

const N = 60;
const pad = (i: number) => String(i).padStart(2, '0');

async function build() {
  const made = await createTestApp();
  try {
    return await populate(made);
  } catch (e) {
    await made.close();
    throw e;
  }
}

async function populate({ app, close }: Awaited<ReturnType<typeof createTestApp>>) {
  const { cookie, user: admin } = await adminSession(app);
  const alice = (await createUser(app, cookie, { name: 'Alice' })).user;
  const zed = (await createUser(app, cookie, { name: 'Zed' })).user;
  const appId = await createTestApplication(app, cookie, 'qry');
  await createTestSubjectIn(app, { applicationId: appId, key: 'target', fields: [fieldOf('title', 'text')], displayField: 'title' });
  const targetDef = (await loadSubjectDef(app.db, { applicationId: appId, key: 'target' }))!;
  const targets: string[] = [];
  for (const title of ['Tango', 'Alpha', 'Mike']) {
    const res = await call(app, 'POST', '/api/v1/applications/qry/subjects/target/records', { cookie, body: { values: { title } } });
    assert.equal(res.statusCode, 201, res.body);
    targets.push(json<{ data: { record: RecordItem } }>(res).data.record.id);
  }
  const choices = (labels: string[]) => labels.map((label) => ({ label, color: '#1677ff' }));
  await createTestSubjectIn(app, {
    applicationId: appId,
    key: 'items',
    displayField: 'name',
    fields: [
      fieldOf('name', 'text'),
      fieldOf('n', 'number'),
      fieldOf('d', 'date'),
      fieldOf('at', 'datetime'),
      fieldOf('flag', 'boolean'),
      fieldOf('status', 'singleSelect', { options: { choices: choices(['Open', 'Closed']) } }),
      fieldOf('tags', 'multiSelect', { options: { choices: choices(['a', 'b']) } }),
      fieldOf('owner', 'user'),
      fieldOf('parent', 'relation', { options: { targetSubjectId: targetDef.id } }),
      fieldOf('links', 'relation', { options: { targetSubjectId: targetDef.id, multiple: true } }),
      fieldOf('notes', 'longText'),
      fieldOf('attachments', 'attachment'),
    ],
  });
  for (let i = 0; i < N; i++) {
    const values = {
      name: i % 10 === 0 ? null : i === 5 ? 'Item 5% off' : `Item ${pad(i)}`,
      n: i % 7 === 0 ? null : String((i * 37) % 25),
      d: i % 5 === 0 ? null : `2026-01-${pad((i % 28) + 1)}`,
      at: i % 6 === 0 ? null : new Date(Date.UTC(2026, 2, 1) + i * 3_600_000).toISOString(),
      flag: i % 3 === 0 ? null : i % 3 === 1,
      status: [null, 'Open', 'Closed'][i % 3],
      tags: i % 4 === 0 ? null : [['a'], ['b'], ['b', 'a']][i % 3],
      owner: i % 3 === 0 ? null : i % 3 === 1 ? alice.id : zed.id,
      parent: i % 4 === 0 ? null : targets[i % 3],
      links: i % 4 === 0 ? null : targets.slice(0, i % 4),
      notes: i === 7 ? 'a needle in the notes' : null,
    };
    const res = await call(app, 'POST', '/api/v1/applications/qry/subjects/items/records', { cookie, body: { values } });
    assert.equal(res.statusCode, 201, res.body);
  }
  const subject = (await loadSubjectDef(app.db, { applicationId: appId, key: 'items' }))!;
  const all = await list(app, cookie, 'pageSize=200');
  assert.equal(all.data.length, N);
  return { app, cookie, admin, alice, zed, targets, subject, all: all.data, close };
}

let shared: ReturnType<typeof build> | undefined;
after(async () => (await shared)?.close());
const setup = () => (shared ??= build());

async function list(app: Awaited<ReturnType<typeof createTestApp>>['app'], cookie: string, query: string): Promise<RecordPage> {
  const res = await call(app, 'GET', `/api/v1/applications/qry/subjects/items/records?${query}`, { cookie });
  assert.equal(res.statusCode, 200, res.body);
  return json<RecordPage>(res);
}

const enc = (f: FilterGroup) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
const ids = (rows: RecordItem[]) => rows.map((r) => r.id).sort();

test('records list: each operator group, nested and/or, system columns and many-relations', async () => {
  const { app, cookie, all, alice, targets, admin } = await setup();
  const v = (r: RecordItem, k: string) => r.values[k];
  const check = async (name: string, filter: FilterGroup, expected: (r: RecordItem) => boolean) => {
    const got = await list(app, cookie, `pageSize=200&${enc(filter)}`);
    const want = all.filter(expected);
    assert.deepEqual(ids(got.data), ids(want), name);
    assert.equal(got.total, want.length, `${name}: total`);
    assert.ok(want.length > 0 || name.startsWith('none'), `${name}: the case matches something`);
  };
  const one = (field: string, op: string, value?: unknown): FilterGroup => ({ op: 'and', items: [{ field, op: op as never, value }] });

  // text
  await check('text eq', one('name', 'eq', 'Item 11'), (r) => v(r, 'name') === 'Item 11');
  await check('text ne keeps empties', one('name', 'ne', 'Item 11'), (r) => v(r, 'name') !== 'Item 11');
  await check('text contains (ILIKE, % escaped)', one('name', 'contains', '5%'), (r) => v(r, 'name') === 'Item 5% off');
  await check('text contains case-insensitive', one('name', 'contains', 'ITEM 1'), (r) => String(v(r, 'name') ?? '').startsWith('Item 1'));
  await check('text notContains keeps empties', one('name', 'notContains', 'Item'), (r) => v(r, 'name') === null);
  await check('text startsWith', one('name', 'startsWith', 'Item 2'), (r) => String(v(r, 'name') ?? '').startsWith('Item 2'));
  await check('text endsWith', one('name', 'endsWith', '9'), (r) => String(v(r, 'name') ?? '').endsWith('9'));
  await check('text in', one('name', 'in', ['Item 01', 'Item 02']), (r) => ['Item 01', 'Item 02'].includes(String(v(r, 'name'))));
  await check('text notIn', one('name', 'notIn', ['Item 01']), (r) => v(r, 'name') !== 'Item 01');
  await check('text empty', one('name', 'empty'), (r) => v(r, 'name') === null);
  await check('text notEmpty', one('name', 'notEmpty'), (r) => v(r, 'name') !== null);
  // numbers: exact decimal comparisons
  const num = (r: RecordItem) => (v(r, 'n') === null ? null : Number(v(r, 'n')));
  await check('number lt', one('n', 'lt', 5), (r) => num(r) !== null && num(r)! < 5);
  await check('number gte (string)', one('n', 'gte', '20'), (r) => num(r) !== null && num(r)! >= 20);
  await check('number between', one('n', 'between', [3, '7.0']), (r) => num(r) !== null && num(r)! >= 3 && num(r)! <= 7);
  await check('number ne', one('n', 'ne', 4), (r) => num(r) !== 4);
  await check('number empty', one('n', 'empty'), (r) => num(r) === null);
  // dates and datetimes
  await check('date between', one('d', 'between', ['2026-01-05', '2026-01-10']), (r) => {
    const d = v(r, 'd') as string | null;
    return d !== null && d >= '2026-01-05' && d <= '2026-01-10';
  });
  await check('datetime gt (offset)', one('at', 'gt', '2026-03-02T08:00:00+08:00'), (r) => v(r, 'at') !== null && String(v(r, 'at')) > '2026-03-02T00:00:00.000Z');
  await check('datetime lte (bare date = midnight UTC)', one('at', 'lte', '2026-03-02'), (r) => v(r, 'at') !== null && String(v(r, 'at')) <= '2026-03-02T00:00:00.000Z');
  // booleans: eq false includes unset
  await check('boolean eq true', one('flag', 'eq', true), (r) => v(r, 'flag') === true);
  await check('boolean eq false', one('flag', 'eq', false), (r) => v(r, 'flag') !== true);
  await check('boolean empty', one('flag', 'empty'), (r) => v(r, 'flag') === null);
  // selects
  await check('single select in', one('status', 'in', ['Open']), (r) => v(r, 'status') === 'Open');
  await check('multi select hasAny', one('tags', 'hasAny', ['a']), (r) => ((v(r, 'tags') as string[] | null) ?? []).includes('a'));
  await check('multi select hasAll', one('tags', 'hasAll', ['a', 'b']), (r) => ((v(r, 'tags') as string[] | null) ?? []).length === 2);
  await check('multi select empty', one('tags', 'empty'), (r) => v(r, 'tags') === null);
  // users and relations
  await check('user eq', one('owner', 'eq', alice.id), (r) => v(r, 'owner') === alice.id);
  await check('user notEmpty', one('owner', 'notEmpty'), (r) => v(r, 'owner') !== null);
  await check('relation eq', one('parent', 'eq', targets[1]), (r) => v(r, 'parent') === targets[1]);
  await check('many-relation eq', one('links', 'eq', targets[1]), (r) => ((v(r, 'links') as string[] | null) ?? []).includes(targets[1]));
  await check('many-relation hasAll', one('links', 'hasAll', [targets[0], targets[2]]), (r) => ((v(r, 'links') as string[] | null) ?? []).length === 3);
  await check('many-relation notIn', one('links', 'notIn', [targets[1]]), (r) => !((v(r, 'links') as string[] | null) ?? []).includes(targets[1]));
  await check('many-relation empty', one('links', 'empty'), (r) => v(r, 'links') === null);
  // system columns
  await check('createdBy eq', one('createdBy', 'eq', admin.id), () => true);
  await check('id in', one('id', 'in', [all[0].id, all[1].id]), (r) => r.id === all[0].id || r.id === all[1].id);
  await check('createdAt gte', one('createdAt', 'gte', all[9].createdAt), (r) => r.createdAt >= all[9].createdAt);
  // nested: (status = Open or n empty) and not (name contains '1')
  await check(
    'nested and/or',
    {
      op: 'and',
      items: [
        { op: 'or', items: [{ field: 'status', op: 'eq', value: 'Open' }, { field: 'n', op: 'empty' }] },
        { field: 'name', op: 'notContains', value: '1' },
      ],
    },
    (r) => (v(r, 'status') === 'Open' || v(r, 'n') === null) && !String(v(r, 'name') ?? '').includes('1'),
  );
  await check('empty group is everything', { op: 'or', items: [] }, () => true);
});

test('records list: a bad filter, sort or cursor is a 400 naming it', async () => {
  const { app, cookie } = await setup();
  const bad = async (query: string, field: string) => {
    const res = await call(app, 'GET', `/api/v1/applications/qry/subjects/items/records?${query}`, { cookie });
    assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
    const body = json<ErrorBody>(res);
    assert.equal(body.errorCode, 'VALIDATION_FAILED');
    assert.deepEqual(body.details?.map((d) => d.field), [field], query);
    return body.details![0].message;
  };
  assert.match(await bad(enc({ op: 'and', items: [{ field: 'n', op: 'contains', value: '1' }] }), 'filter.n'), /contains/);
  await bad(enc({ op: 'and', items: [{ field: 'n', op: 'gt', value: 'ten' }] }), 'filter.n');
  await bad(enc({ op: 'and', items: [{ field: 'd', op: 'between', value: ['2026-01-01'] }] }), 'filter.d');
  await bad(enc({ op: 'and', items: [{ field: 'owner', op: 'eq', value: 'bob' }] }), 'filter.owner');
  assert.match(await bad(enc({ op: 'and', items: [{ field: 'nope', op: 'eq', value: 1 }] }), 'filter.nope'), /nope/);
  await bad(enc({ op: 'and', items: [{ field: 'attachments', op: 'eq', value: 'x' }] }), 'filter.attachments');
  const deep: FilterGroup = { op: 'and', items: [{ op: 'or', items: [{ op: 'and', items: [{ op: 'or', items: [{ op: 'and', items: [] }] }] }] }] };
  await bad(enc(deep), 'filter');
  const many: FilterGroup = {
    op: 'and',
    items: [
      { op: 'or', items: Array.from({ length: 30 }, () => ({ field: 'name', op: 'notEmpty' as const })) },
      { op: 'or', items: Array.from({ length: 30 }, () => ({ field: 'name', op: 'notEmpty' as const })) },
    ],
  };
  await bad(enc(many), 'filter');
  await bad('filter=%7Bnot-json', 'filter');
  await bad(`filter=${encodeURIComponent(JSON.stringify({ op: 'xor', items: [] }))}`, 'filter');
  await bad('sort=nope:asc', 'sort');
  await bad('sort=tags:asc', 'sort');
  await bad('sort=links:asc', 'sort');
  await bad('sort=n:up', 'sort');
  await bad('cursor=garbage', 'cursor');
  const first = await list(app, cookie, 'pageSize=5&sort=n:asc');
  await bad(`pageSize=5&sort=n:desc&cursor=${first.nextCursor}`, 'cursor');
});

test('records list: keyset paging returns every record exactly once, in sort order, for many sorts (nulls, desc, ties)', async () => {
  const { app, cookie } = await setup();
  const sorts = ['', 'n:asc', 'n:desc', 'd:desc', 'flag:asc', 'at:asc', 'name:asc,n:desc', 'n:desc,d:asc', 'status:asc,flag:desc,n:asc', 'owner:asc', 'parent:desc', 'createdAt:asc', 'id:desc'];
  for (const sort of sorts) {
    const base = `pageSize=7${sort ? `&sort=${sort}` : ''}`;
    const reference = (await list(app, cookie, `pageSize=200${sort ? `&sort=${sort}` : ''}`)).data.map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const pageBody: RecordPage = await list(app, cookie, cursor ? `${base}&cursor=${cursor}` : base);
      seen.push(...pageBody.data.map((r) => r.id));
      cursor = pageBody.nextCursor;
      pages += 1;
      assert.ok(pages <= 20, `${sort}: runaway paging`);
    } while (cursor);
    assert.equal(seen.length, N, `${sort}: count`);
    assert.equal(new Set(seen).size, N, `${sort}: each once`);
    assert.deepEqual(seen, reference, `${sort}: same order as one big page`);
    // offset pages agree with keyset pages
    const third = await list(app, cookie, `${base}&current=3`);
    assert.deepEqual(third.data.map((r) => r.id), reference.slice(14, 21), `${sort}: offset page 3`);
  }
  // a sort by user sorts by the user's name; by relation, by the target's display value
  const byOwner = (await list(app, cookie, 'pageSize=200&sort=owner:asc')).data;
  const names = byOwner.map((r) => r.values.owner);
  const firstZed = names.findIndex((o) => o !== null && o !== names[0]);
  assert.ok(firstZed > 0 && names.slice(firstZed).every((o) => o !== names[0]), 'Alice before Zed, then empties');
  assert.equal(names[names.length - 1], null);
  // empties last ascending, first descending
  const asc = (await list(app, cookie, 'pageSize=200&sort=n:asc')).data;
  assert.equal(asc[asc.length - 1].values.n, null);
  assert.ok(asc.slice(0, asc.length - 9).every((r) => r.values.n !== null));
  const desc = (await list(app, cookie, 'pageSize=200&sort=n:desc')).data;
  assert.equal(desc[0].values.n, null);
  const numbers = desc.filter((r) => r.values.n !== null).map((r) => Number(r.values.n));
  assert.deepEqual(numbers, [...numbers].sort((a, b) => b - a));
  // the last page has no cursor; a filtered keyset walk also sees each match once
  const filtered = enc({ op: 'and', items: [{ field: 'status', op: 'eq', value: 'Open' }] });
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const p: RecordPage = await list(app, cookie, `pageSize=3&sort=d:asc&${filtered}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...p.data.map((r) => r.id));
    cursor = p.nextCursor;
  } while (cursor);
  assert.equal(seen.length, 20);
  assert.equal(new Set(seen).size, 20);
});

test('records list: quick search over the searchable fields; labels and total', async () => {
  const { app, cookie, alice, targets } = await setup();
  const found = await list(app, cookie, `q=${encodeURIComponent('5% OFF')}`);
  assert.deepEqual(found.data.map((r) => r.values.name), ['Item 5% off']);
  const notes = await list(app, cookie, 'q=needle');
  assert.equal(notes.total, 1);
  assert.equal(notes.data[0].values.notes, 'a needle in the notes');
  assert.equal((await list(app, cookie, 'q=nothing-like-this')).total, 0);
  // labels: users by name, related records by display value, many-relations as ordered ids
  const page1 = await list(app, cookie, `pageSize=200&${enc({ op: 'and', items: [{ field: 'owner', op: 'eq', value: alice.id }] })}`);
  assert.equal(page1.labels[alice.id], 'Alice');
  assert.equal(page1.labels[targets[1]], 'Alpha');
  const withLinks = page1.data.find((r) => Array.isArray(r.values.links) && (r.values.links as string[]).length === 3)!;
  assert.deepEqual(withLinks.values.links, targets);
  assert.equal(page1.totalExact, true);
  assert.equal(page1.pageSize, 200);
});

test('records list: total is exact up to the limit, then an estimate', async () => {
  const { app, subject } = await setup();
  const exact = await listRecords(app.db, subject, { current: 1, pageSize: 5, exactLimit: 100 });
  assert.deepEqual([exact.total, exact.totalExact], [N, true]);
  const atLimit = await listRecords(app.db, subject, { current: 1, pageSize: 5, exactLimit: N });
  assert.deepEqual([atLimit.total, atLimit.totalExact], [N, true]);
  const estimated = await listRecords(app.db, subject, { current: 1, pageSize: 5, exactLimit: 10 });
  assert.equal(estimated.totalExact, false);
  assert.ok(estimated.total >= 11, `estimate ${estimated.total}`);
  assert.equal(estimated.items.length, 5);
});
