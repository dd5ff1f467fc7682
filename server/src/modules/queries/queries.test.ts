/**
 * Queries and analytics (queries.service.ts, compile.ts, run.ts, drill.ts): joins both ways, every
 * aggregate against values computed here, date buckets across a DST change in several time zones,
 * access (another application's subject refused), the row cap, the cost cap and (PostgreSQL) the
 * timeout, SQL injection attempts through keys, aliases, values and the time zone, drill-through,
 * exports, saved queries with versions, sharing and the recycle bin.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { ModuleSavedQuery, QueryDrillPage, QueryResult, SavedQueryVersion } from '../../../../contracts';
import type { Database } from '../../db/client';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject } from '../../test/records-support';
import { queryLimits } from './run';

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

const AMOUNTS = { acme: ['100', '250.50', '40', '1000'], bolt: ['5', '7'], none: ['13'] } as const;

/** Clients and invoices (invoice.client → client), one client without invoices. */
async function seed(db: Database, appId: string) {
  const client = await makeSubject(db, {
    applicationId: appId,
    key: 'client',
    name: 'Client',
    displayFieldKey: 'name',
    fields: [
      { key: 'name', name: 'Name', type: 'text' },
      {
        key: 'region',
        name: 'Region',
        type: 'singleSelect',
        options: {
          choices: [
            { label: 'east', color: '#000000' },
            { label: 'west', color: '#000000' },
          ],
        },
      },
    ],
  });
  const invoice = await makeSubject(db, {
    applicationId: appId,
    key: 'invoice',
    name: 'Invoice',
    displayFieldKey: 'number',
    fields: [
      { key: 'number', name: 'Number', type: 'text' },
      { key: 'amount', name: 'Amount', type: 'money', options: { currency: 'CNY' } },
      { key: 'issued', name: 'Issued', type: 'date' },
      { key: 'at', name: 'At', type: 'datetime' },
      { key: 'client', name: 'Client', type: 'relation', options: { targetSubjectId: client.id } },
    ],
  });
  const acme = await insertRecord(db, client, { name: 'Acme', region: 'east' });
  const bolt = await insertRecord(db, client, { name: 'Bolt', region: 'west' });
  const idle = await insertRecord(db, client, { name: 'Idle', region: 'west' });
  const ids: Record<string, string[]> = { acme: [], bolt: [], none: [] };
  const issued = ['2026-01-10', '2026-01-20', '2026-02-03', '2026-03-31'];
  for (const [i, amount] of AMOUNTS.acme.entries())
    ids.acme.push(await insertRecord(db, invoice, { number: `A${i}`, amount, issued: issued[i], client: acme }));
  for (const [i, amount] of AMOUNTS.bolt.entries())
    ids.bolt.push(await insertRecord(db, invoice, { number: `B${i}`, amount, issued: '2026-01-15', client: bolt }));
  ids.none.push(await insertRecord(db, invoice, { number: 'N0', amount: AMOUNTS.none[0], issued: '2026-02-01' }));
  return { client, invoice, clients: { acme, bolt, idle }, ids };
}

/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
function percentileCont(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const rank = p * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return s[lo] + (s[hi] - s[lo]) * (rank - lo);
}

test('queries: joins both ways, every aggregate, having, sort, limit and the row cap', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer } = await applicationWithMembers(app, admin, 'qa');
  const { client, invoice, clients } = await seed(handle.db, appId);
  const run = (definition: Record<string, unknown>, cookie = viewer.cookie, extra: Record<string, unknown> = {}) =>
    call(app, 'POST', '/api/v1/applications/qa/queries/run', { cookie, body: { definition, ...extra } });

  // many-to-one: invoices by their client's name, every aggregate
  const res = await run({
    subjectId: invoice.id,
    joins: [{ as: 'c', kind: 'many_to_one', field: 'client' }],
    dimensions: [{ field: 'c.name' }],
    measures: [
      { fn: 'count' },
      { fn: 'count_distinct', field: 'amount' },
      { fn: 'sum', field: 'amount' },
      { fn: 'avg', field: 'amount' },
      { fn: 'min', field: 'amount' },
      { fn: 'max', field: 'amount' },
      { fn: 'median', field: 'amount' },
      { fn: 'percentile', field: 'amount', p: 0.9 },
      { fn: 'max', field: 'issued' },
    ],
  });
  assert.equal(res.statusCode, 200, res.body);
  const result = json<{ data: QueryResult }>(res).data;
  assert.deepEqual(
    result.columns.map((c) => [c.name, c.role]),
    [
      ['c_name', 'dimension'],
      ['count', 'measure'],
      ['count_distinct_amount', 'measure'],
      ['sum_amount', 'measure'],
      ['avg_amount', 'measure'],
      ['min_amount', 'measure'],
      ['max_amount', 'measure'],
      ['median_amount', 'measure'],
      ['p90_amount', 'measure'],
      ['max_issued', 'measure'],
    ],
  );
  assert.equal(result.sql, undefined, 'the generated SQL is for administrators only');
  const expected = (name: 'acme' | 'bolt' | 'none', label: string | null, lastIssued: string) => {
    const v = AMOUNTS[name].map(Number);
    const sum = v.reduce((a, b) => a + b, 0);
    return [
      label,
      v.length,
      new Set(v).size,
      sum,
      sum / v.length,
      Math.min(...v),
      Math.max(...v),
      percentileCont(v, 0.5),
      percentileCont(v, 0.9),
      lastIssued,
    ];
  };
  const rounded = (rows: unknown[][]) => rows.map((r) => r.map((c) => (typeof c === 'number' ? Math.round(c * 1e6) / 1e6 : c)));
  assert.deepEqual(
    rounded(result.rows),
    rounded([
      expected('acme', 'Acme', '2026-03-31'),
      expected('bolt', 'Bolt', '2026-01-15'),
      expected('none', null, '2026-02-01'),
    ]),
  );
  assert.equal(result.truncated, false);
  assert.ok(result.cost > 0);

  // without median and percentile the distinct count takes the two-level form (compile.ts
  // distinctTwoLevel): the same figures, having on the combined values, and a total without groups
  const twoLevel = await run({
    subjectId: invoice.id,
    joins: [{ as: 'c', kind: 'many_to_one', field: 'client' }],
    dimensions: [{ field: 'c.name' }],
    measures: [
      { fn: 'count' },
      { fn: 'count_distinct', field: 'amount' },
      { fn: 'sum', field: 'amount' },
      { fn: 'avg', field: 'amount' },
      { fn: 'min', field: 'amount' },
      { fn: 'max', field: 'amount' },
      { fn: 'max', field: 'issued' },
    ],
    having: [{ measure: 'count', op: 'gte', value: 2 }],
  }, admin);
  assert.equal(twoLevel.statusCode, 200, twoLevel.body);
  const twoLevelResult = json<{ data: QueryResult }>(twoLevel).data;
  assert.match(twoLevelResult.sql ?? '', /\) i group by/, 'the two-level form');
  const withoutPercentiles = (row: unknown[]) => [...row.slice(0, 7), row[9]];
  assert.deepEqual(
    rounded(twoLevelResult.rows),
    rounded([expected('acme', 'Acme', '2026-03-31'), expected('bolt', 'Bolt', '2026-01-15')].map(withoutPercentiles)),
  );
  const total = await run({ subjectId: invoice.id, measures: [{ fn: 'count' }, { fn: 'count_distinct', field: 'client' }] });
  assert.equal(total.statusCode, 200, total.body);
  const invoices = AMOUNTS.acme.length + AMOUNTS.bolt.length + AMOUNTS.none.length;
  assert.deepEqual(json<{ data: QueryResult }>(total).data.rows, [[invoices, 2]]);

  // one-to-many: clients with their invoices (a client without any keeps one row: count 0, sum empty)
  const o2m = await run({
    subjectId: client.id,
    joins: [{ as: 'inv', kind: 'one_to_many', field: 'client', subjectId: invoice.id }],
    dimensions: [{ field: 'name' }],
    measures: [
      { fn: 'count', field: 'inv.id', as: 'invoices' },
      { fn: 'sum', field: 'inv.amount' },
    ],
    sort: [{ by: 'invoices', order: 'desc' }],
  });
  assert.equal(o2m.statusCode, 200, o2m.body);
  assert.deepEqual(json<{ data: QueryResult }>(o2m).data.rows, [
    ['Acme', 4, 1390.5],
    ['Bolt', 2, 12],
    ['Idle', 0, null],
  ]);

  // group by a relation id: labels name it; having; limit cuts (truncated)
  const byClient = await run({
    subjectId: invoice.id,
    dimensions: [{ field: 'client' }],
    measures: [{ fn: 'sum', field: 'amount', as: 'total' }],
    having: [{ measure: 'total', op: 'gt', value: 12 }],
    sort: [{ by: 'total', order: 'asc' }],
  });
  const bc = json<{ data: QueryResult }>(byClient).data;
  assert.deepEqual(bc.rows, [
    [null, 13],
    [clients.acme, 1390.5],
  ]);
  assert.equal(bc.labels[clients.acme], 'Acme');
  const limited = json<{ data: QueryResult }>(
    await run({ subjectId: invoice.id, dimensions: [{ field: 'number' }], measures: [{ fn: 'count' }], limit: 3 }),
  ).data;
  assert.deepEqual([limited.rows.length, limited.truncated, limited.rowCap], [3, true, 3]);

  // a record list (no group by): columns through the join, calculated columns (formula SQL)
  const list = await run({
    subjectId: invoice.id,
    joins: [{ as: 'c', kind: 'many_to_one', field: 'client' }],
    calculated: [
      { name: 'with_tax', formula: 'amount * 1.1' },
      { name: 'who', formula: 'concat(c$name, "/", number)' },
    ],
    columns: ['number', 'c.name', 'with_tax', 'who'],
    filter: { op: 'and', items: [{ field: 'c.region', op: 'eq', value: 'east' }] },
    sort: [{ by: 'number', order: 'asc' }],
  });
  assert.equal(list.statusCode, 200, list.body);
  assert.deepEqual(
    json<{ data: QueryResult }>(list).data.rows.map((r) => [r[0], r[1], Math.round((r[2] as number) * 100) / 100, r[3]]),
    [
      ['A0', 'Acme', 110, 'Acme/A0'],
      ['A1', 'Acme', 275.55, 'Acme/A1'],
      ['A2', 'Acme', 44, 'Acme/A2'],
      ['A3', 'Acme', 1100, 'Acme/A3'],
    ],
  );
  // aggregates alone: one row
  const totals = json<{ data: QueryResult }>(
    await run({ subjectId: invoice.id, measures: [{ fn: 'count' }, { fn: 'sum', field: 'amount' }] }),
  ).data;
  assert.deepEqual(totals.rows, [[7, 1415.5]]);
  // grouped by a calculated column
  const calcGroup = json<{ data: QueryResult }>(
    await run({
      subjectId: invoice.id,
      calculated: [{ name: 'big', formula: 'amount >= 100' }],
      dimensions: [{ field: 'big' }],
      measures: [{ fn: 'count' }],
    }),
  ).data;
  assert.deepEqual(calcGroup.rows, [
    [false, 4],
    [true, 3],
  ]);

  // administrators see the generated SQL, with the values as parameters
  const asAdmin = json<{ data: QueryResult }>(
    await run({ subjectId: invoice.id, dimensions: [{ field: 'issued', bucket: 'month' }], measures: [{ fn: 'count' }] }, admin, {
      timeZone: 'Asia/Shanghai',
    }),
  ).data;
  assert.match(asAdmin.sql ?? '', /^select .* group by 1\) g order by 1 asc nulls last limit \$\d+$/);
  assert.ok(asAdmin.params?.includes('month'));

  // errors name the part
  const bad = async (definition: Record<string, unknown>, field: string, extra: Record<string, unknown> = {}) => {
    const r = await run({ subjectId: invoice.id, ...definition }, viewer.cookie, extra);
    assert.equal(r.statusCode, 400, r.body);
    assert.equal(json<ErrorBody>(r).details?.[0].field, field, r.body);
  };
  await bad({ dimensions: [{ field: 'nope' }] }, 'definition.dimensions.0.field');
  await bad({ dimensions: [{ field: 'number', bucket: 'month' }] }, 'definition.dimensions.0.bucket');
  await bad({ measures: [{ fn: 'sum', field: 'number' }] }, 'definition.measures.0.field');
  await bad({ measures: [{ fn: 'percentile', field: 'amount' }] }, 'definition.measures.0.p');
  await bad({ joins: [{ as: 'c', kind: 'many_to_one', field: 'amount' }], columns: ['id'] }, 'definition.joins.0.field');
  await bad({ joins: [{ as: 'amount', kind: 'many_to_one', field: 'client' }], columns: ['id'] }, 'definition.joins.0.as');
  await bad({ columns: [] }, 'definition.columns');
  await bad({ measures: [{ fn: 'count' }], having: [{ measure: 'nope', op: 'gt', value: 1 }] }, 'definition.having.0.measure');
  await bad({ measures: [{ fn: 'count' }], sort: [{ by: 'nope', order: 'asc' }] }, 'definition.sort.0.by');
  await bad({ calculated: [{ name: 'x', formula: 'sqrt(amount)' }], columns: ['x'] }, 'definition.calculated.0.formula');
  await bad({ columns: ['number'] }, 'timeZone', { timeZone: 'Mars/Olympus' });
  await bad({ columns: ['number'] }, 'conditions.0.filter.nope', { conditions: [{ field: 'nope', op: 'eq', value: 1 }] });
});

test('queries: date buckets across a DST change in several time zones', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer } = await applicationWithMembers(app, admin, 'qdst');
  const { invoice } = await seed(handle.db, appId);
  // Europe/Berlin leaves CET (+1) for CEST (+2) at 2026-03-29 01:00 UTC
  const instants = [
    '2026-03-28T23:30:00Z',
    '2026-03-29T00:30:00Z',
    '2026-03-29T01:30:00Z',
    '2026-03-31T22:30:00Z',
    '2026-12-31T23:30:00Z',
  ];
  for (const at of instants) await insertRecord(handle.db, invoice, { number: at, amount: '1', at });
  const buckets = async (bucket: string, timeZone: string) => {
    const r = await call(app, 'POST', '/api/v1/applications/qdst/queries/run', {
      cookie: viewer.cookie,
      body: {
        definition: {
          subjectId: invoice.id,
          dimensions: [{ field: 'at', bucket }],
          measures: [{ fn: 'count' }],
          filter: { op: 'and', items: [{ field: 'at', op: 'notEmpty' }] },
        },
        timeZone,
      },
    });
    assert.equal(r.statusCode, 200, r.body);
    return json<{ data: QueryResult }>(r).data.rows;
  };
  assert.deepEqual(await buckets('day', 'UTC'), [
    ['2026-03-28', 1],
    ['2026-03-29', 2],
    ['2026-03-31', 1],
    ['2026-12-31', 1],
  ]);
  assert.deepEqual(await buckets('day', 'Europe/Berlin'), [
    ['2026-03-29', 3],
    ['2026-04-01', 1],
    ['2027-01-01', 1],
  ]);
  assert.deepEqual(await buckets('day', 'America/New_York'), [
    ['2026-03-28', 3],
    ['2026-03-31', 1],
    ['2026-12-31', 1],
  ]);
  assert.deepEqual(await buckets('month', 'UTC'), [
    ['2026-03-01', 4],
    ['2026-12-01', 1],
  ]);
  assert.deepEqual(await buckets('month', 'Europe/Berlin'), [
    ['2026-03-01', 3],
    ['2026-04-01', 1],
    ['2027-01-01', 1],
  ]);
  assert.deepEqual(await buckets('quarter', 'Asia/Shanghai'), [
    ['2026-01-01', 3],
    ['2026-04-01', 1],
    ['2027-01-01', 1],
  ]);
  assert.deepEqual(await buckets('year', 'Asia/Shanghai'), [
    ['2026-01-01', 4],
    ['2027-01-01', 1],
  ]);
  // ISO weeks start on Monday: 2026-03-23 is a Monday
  assert.deepEqual(await buckets('week', 'UTC'), [
    ['2026-03-23', 3],
    ['2026-03-30', 1],
    ['2026-12-28', 1],
  ]);
  // a date field is a calendar day whatever the zone
  const r = await call(app, 'POST', '/api/v1/applications/qdst/queries/run', {
    cookie: viewer.cookie,
    body: {
      definition: { subjectId: invoice.id, dimensions: [{ field: 'issued', bucket: 'month' }], measures: [{ fn: 'count' }] },
      timeZone: 'Pacific/Kiritimati',
    },
  });
  assert.deepEqual(json<{ data: QueryResult }>(r).data.rows, [
    ['2026-01-01', 4],
    ['2026-02-01', 2],
    ['2026-03-01', 1],
    [null, 5],
  ]);
});

test('queries: access, injection attempts, the cost cap and the timeout', async (t) => {
  const { app, handle, close } = await createTestApp();
  const engine = handle.engine;
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer, outsider } = await applicationWithMembers(app, admin, 'qsec');
  const other = await applicationWithMembers(app, admin, 'qother');
  const { invoice } = await seed(handle.db, appId);
  const foreign = await makeSubject(handle.db, {
    applicationId: other.appId,
    key: 'secret',
    fields: [{ key: 'note', type: 'text' }],
  });
  await insertRecord(handle.db, foreign, { note: 'classified' });
  const run = (slug: string, definition: Record<string, unknown>, cookie = viewer.cookie) =>
    call(app, 'POST', `/api/v1/applications/${slug}/queries/run`, { cookie, body: { definition } });

  // another application's subject: refused even for a member of both, and by admins through this application
  const viaQsec = await run('qsec', { subjectId: foreign.id, columns: ['note'] }, admin);
  assert.equal(viaQsec.statusCode, 400);
  assert.equal(json<ErrorBody>(viaQsec).details?.[0].field, 'definition.subjectId');
  const viaJoin = await run('qsec', {
    subjectId: invoice.id,
    joins: [{ as: 's', kind: 'one_to_many', field: 'note', subjectId: foreign.id }],
    columns: ['number'],
  });
  assert.equal(json<ErrorBody>(viaJoin).details?.[0].field, 'definition.joins.0.subjectId');
  assert.equal((await run('qother', { subjectId: foreign.id, columns: ['note'] })).statusCode, 403, 'not a member of qother');
  assert.equal((await run('qsec', { subjectId: invoice.id, columns: ['number'] }, outsider.cookie)).statusCode, 403);
  assert.equal(
    (
      await call(app, 'POST', '/api/v1/applications/qsec/queries', {
        cookie: viewer.cookie,
        body: { name: 'x', definition: { subjectId: invoice.id, columns: ['number'] } },
      })
    ).statusCode,
    403,
    'viewers do not save',
  );

  // injection attempts: keys and aliases are refused by their pattern, values and the zone are parameters
  for (const definition of [
    { subjectId: invoice.id, columns: ['number"; drop table users; --'] },
    { subjectId: invoice.id, dimensions: [{ field: 'number', as: 'x; drop table users' }], measures: [{ fn: 'count' }] },
    { subjectId: invoice.id, joins: [{ as: 'c"', kind: 'many_to_one', field: 'client' }], columns: ['number'] },
    { subjectId: invoice.id, measures: [{ fn: 'count' }], sort: [{ by: '1; drop table users', order: 'asc' }] },
    { subjectId: invoice.id, calculated: [{ name: 'x', formula: 'number"); drop table users; --' }], columns: ['x'] },
  ]) {
    const r = await run('qsec', definition);
    assert.equal(r.statusCode, 400, `${JSON.stringify(definition)} → ${r.body}`);
  }
  const quoted = await run('qsec', {
    subjectId: invoice.id,
    columns: ['number'],
    filter: { op: 'and', items: [{ field: 'number', op: 'eq', value: "x'; drop table users; --" }] },
  });
  assert.equal(quoted.statusCode, 200, quoted.body);
  assert.equal(json<{ data: QueryResult }>(quoted).data.rows.length, 0);
  const zone = await call(app, 'POST', '/api/v1/applications/qsec/queries/run', {
    cookie: viewer.cookie,
    body: { definition: { subjectId: invoice.id, columns: ['number'] }, timeZone: "UTC'; drop table users; --" },
  });
  assert.equal(zone.statusCode, 400);
  const drill = await call(app, 'POST', '/api/v1/applications/qsec/queries/drill', {
    cookie: viewer.cookie,
    body: {
      definition: { subjectId: invoice.id, dimensions: [{ field: 'number' }], measures: [{ fn: 'count' }] },
      values: { number: "A0' or '1'='1" },
    },
  });
  assert.equal(json<QueryDrillPage>(drill).total, 0);
  const users = await handle.db.execute(sql`select count(*)::int as n from users`);
  assert.ok(users, 'the users table is still there');

  // the cost cap: refused before running, with the estimate in the message
  const saved = { ...queryLimits };
  t.after(() => Object.assign(queryLimits, saved));
  queryLimits.costMax = 1;
  const costly = await run('qsec', { subjectId: invoice.id, dimensions: [{ field: 'number' }], measures: [{ fn: 'count' }] });
  assert.equal(costly.statusCode, 422, costly.body);
  assert.equal(json<ErrorBody>(costly).errorCode, 'QUERY_TOO_COSTLY');
  queryLimits.costMax = saved.costMax;

  // the timeout (PostgreSQL; PGlite ignores statement_timeout, the cost cap guards it)
  if (engine === 'postgres') {
    await handle.db.execute(
      sql.raw(
        `insert into ${invoice.tableName} (id, ${invoice.fields.find((f) => f.key === 'amount')!.column}) select gen_random_uuid(), g from generate_series(1, 60000) g`,
      ),
    );
    queryLimits.timeoutMs = 1;
    const slow = await run('qsec', {
      subjectId: invoice.id,
      dimensions: [{ field: 'amount' }],
      measures: [{ fn: 'median', field: 'amount' }],
    });
    assert.equal(slow.statusCode, 422, slow.body);
    assert.equal(json<ErrorBody>(slow).errorCode, 'QUERY_TIMEOUT');
  }
});

test('queries: drill-through, exports, saved queries with versions, sharing and the recycle bin', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer, editor, owner } = await applicationWithMembers(app, admin, 'qsave');
  const { invoice, ids } = await seed(handle.db, appId);
  const definition = {
    subjectId: invoice.id,
    joins: [{ as: 'c', kind: 'many_to_one', field: 'client' }],
    dimensions: [{ field: 'issued', bucket: 'month' }, { field: 'c.name' }],
    measures: [{ fn: 'count' }, { fn: 'sum', field: 'amount' }],
  };

  // the records behind a bar: January 2026 of Acme = A0 and A1
  const drill = await call(app, 'POST', '/api/v1/applications/qsave/queries/drill', {
    cookie: viewer.cookie,
    body: { definition, values: { issued_month: '2026-01-01', c_name: 'Acme' } },
  });
  assert.equal(drill.statusCode, 200, drill.body);
  const page = json<QueryDrillPage>(drill);
  assert.deepEqual(page.data.map((r) => r.id).sort(), [ids.acme[0], ids.acme[1]].sort());
  assert.equal(page.subject, 'invoice');
  assert.ok(page.columns.some((c) => c.name === 'amount' && c.type === 'number'));
  const empty = await call(app, 'POST', '/api/v1/applications/qsave/queries/drill', {
    cookie: viewer.cookie,
    body: { definition, values: { c_name: null } },
  });
  assert.deepEqual(
    json<QueryDrillPage>(empty).data.map((r) => r.id),
    ids.none,
    'null drills into the empty group',
  );
  const wrong = await call(app, 'POST', '/api/v1/applications/qsave/queries/drill', {
    cookie: viewer.cookie,
    body: { definition, values: { nope: 1 } },
  });
  assert.equal(json<ErrorBody>(wrong).details?.[0].field, 'values.nope');
  const drillCsv = await call(app, 'POST', '/api/v1/applications/qsave/queries/drill/export', {
    cookie: viewer.cookie,
    body: { definition, values: { issued_month: '2026-01-01', c_name: 'Acme' }, format: 'csv' },
  });
  assert.equal(drillCsv.statusCode, 200);
  assert.equal(
    Papa.parse<string[]>(drillCsv.body.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1).length,
    3,
    'header and two records',
  );

  // the result as CSV
  const csv = await call(app, 'POST', '/api/v1/applications/qsave/queries/export', {
    cookie: viewer.cookie,
    headers: { 'accept-language': 'en-US' },
    body: { definition, format: 'csv', name: 'by-month' },
  });
  assert.equal(csv.statusCode, 200, csv.body);
  assert.match(String(csv.headers['content-disposition']), /by-month-\d{8}-\d{6}\.csv/);
  const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1);
  assert.deepEqual(rows[0], ['Issued (month)', 'Client.Name', 'Count', 'Sum · Amount']);
  assert.deepEqual(rows[1], ['2026-01-01', 'Acme', '2', '350.5']);

  // saved: an editor saves privately; others do not see it until it is shared
  const create = await call(app, 'POST', '/api/v1/applications/qsave/queries', {
    cookie: editor.cookie,
    body: { name: 'By month', visibility: 'private', definition, visualization: { display: 'chart', chart: { type: 'bar' } } },
  });
  assert.equal(create.statusCode, 201, create.body);
  const saved = json<{ data: ModuleSavedQuery }>(create).data;
  assert.deepEqual([saved.kind, saved.version, saved.canEdit, saved.visibility], ['analytics', 1, true, 'private']);
  const listed = (cookie: string) =>
    call(app, 'GET', '/api/v1/applications/qsave/queries', { cookie }).then((r) =>
      json<{ data: ModuleSavedQuery[] }>(r).data.map((q) => q.name),
    );
  assert.deepEqual(await listed(viewer.cookie), []);
  assert.equal(
    (await call(app, 'GET', `/api/v1/applications/qsave/queries/${saved.id}`, { cookie: viewer.cookie })).statusCode,
    404,
  );
  assert.deepEqual(await listed(admin), ['By month'], 'administrators see private queries');
  const renamedPrivately = await call(app, 'PATCH', `/api/v1/applications/qsave/queries/${saved.id}`, {
    cookie: editor.cookie,
    body: { name: 'By month', description: 'monthly' },
  });
  assert.equal(
    json<{ data: ModuleSavedQuery }>(renamedPrivately).data.visibility,
    'private',
    'a PATCH leaves out visibility: it stays private',
  );
  assert.deepEqual(await listed(viewer.cookie), []);
  const share = await call(app, 'PATCH', `/api/v1/applications/qsave/queries/${saved.id}`, {
    cookie: editor.cookie,
    body: { visibility: 'application', version: 2 },
  });
  assert.equal(json<{ data: ModuleSavedQuery }>(share).data.version, 3);
  assert.deepEqual(await listed(viewer.cookie), ['By month']);
  const stale = await call(app, 'PATCH', `/api/v1/applications/qsave/queries/${saved.id}`, {
    cookie: editor.cookie,
    body: { name: 'Old', version: 2 },
  });
  assert.equal(stale.statusCode, 409);
  const viewerEdit = await call(app, 'PATCH', `/api/v1/applications/qsave/queries/${saved.id}`, {
    cookie: viewer.cookie,
    body: { name: 'Mine' },
  });
  assert.equal(viewerEdit.statusCode, 403);
  const rename = await call(app, 'PATCH', `/api/v1/applications/qsave/queries/${saved.id}`, {
    cookie: owner.cookie,
    body: { name: 'Monthly' },
  });
  assert.equal(json<{ data: ModuleSavedQuery }>(rename).data.version, 4, 'application owners edit');

  // versions and restore
  const versions = json<{ data: SavedQueryVersion[] }>(
    await call(app, 'GET', `/api/v1/applications/qsave/queries/${saved.id}/versions`, { cookie: viewer.cookie }),
  ).data;
  assert.deepEqual(
    versions.map((v) => [v.version, v.name]),
    [
      [4, 'Monthly'],
      [3, 'By month'],
      [2, 'By month'],
      [1, 'By month'],
    ],
  );
  const restored = await call(app, 'POST', `/api/v1/applications/qsave/queries/${saved.id}/versions/1/restore`, {
    cookie: editor.cookie,
  });
  assert.deepEqual(
    [json<{ data: ModuleSavedQuery }>(restored).data.name, json<{ data: ModuleSavedQuery }>(restored).data.version],
    ['By month', 5],
  );

  // run the saved one
  const ran = await call(app, 'POST', `/api/v1/applications/qsave/queries/${saved.id}/run`, {
    cookie: viewer.cookie,
    body: { timeZone: 'UTC' },
  });
  assert.equal(json<{ data: QueryResult }>(ran).data.rows.length, 5);

  // record queries are saved queries of this module too (one entity)
  const recordQuery = await call(app, 'POST', '/api/v1/record-queries', {
    cookie: admin,
    body: { name: 'Invoices list', definition: { subjectId: invoice.id, columns: ['number'] } },
  });
  assert.equal(recordQuery.statusCode, 201, recordQuery.body);
  const both = json<{ data: ModuleSavedQuery[] }>(
    await call(app, 'GET', '/api/v1/applications/qsave/queries', { cookie: viewer.cookie }),
  ).data;
  assert.deepEqual(both.map((q) => [q.name, q.kind]).sort(), [
    ['By month', 'analytics'],
    ['Invoices list', 'records'],
  ]);
  const rqId = json<{ data: { id: string } }>(recordQuery).data.id;
  const rqVersions = json<{ data: SavedQueryVersion[] }>(
    await call(app, 'GET', `/api/v1/applications/qsave/queries/${rqId}/versions`, { cookie: admin }),
  ).data;
  assert.deepEqual(
    rqVersions.map((v) => v.version),
    [1],
  );
  assert.equal(
    (await call(app, 'GET', '/api/v1/record-queries', { cookie: admin }).then((r) => json<{ total: number }>(r))).total,
    1,
    'the record query page lists its own kind only',
  );

  // delete to the recycle bin and restore
  const del = await call(app, 'DELETE', `/api/v1/applications/qsave/queries/${saved.id}`, { cookie: editor.cookie });
  assert.equal(del.statusCode, 200, del.body);
  assert.equal(
    (await call(app, 'GET', `/api/v1/applications/qsave/queries/${saved.id}`, { cookie: editor.cookie })).statusCode,
    404,
  );
  const bin = await call(app, 'GET', '/api/v1/recycle?type=query', { cookie: admin });
  const entry = json<{ data: { id: string; type: string; targetId?: string }[] }>(bin).data.find((e) => e.type === 'query');
  assert.ok(entry, bin.body);
  void appId;
});

test('queries: the result cache answers a repeated statement until a table it reads changes', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer } = await applicationWithMembers(app, admin, 'qcache');
  const { client, invoice, clients } = await seed(handle.db, appId);
  const definition = { subjectId: invoice.id, dimensions: [{ field: 'client' }], measures: [{ fn: 'count' }] };
  const run = async (cookie = viewer.cookie) => {
    const res = await call(app, 'POST', '/api/v1/applications/qcache/queries/run', { cookie, body: { definition } });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: QueryResult }>(res).data;
  };
  const total = (r: QueryResult) => r.rows.reduce((sum, row) => sum + Number(row[1]), 0);
  /** Runs `change` (a write in SQL: another process, psql) and waits ≤ 2 s for `table`'s notification (migration 0024). */
  const inSql = async (table: string, change: () => Promise<unknown>) => {
    const version = () => app.readCache.results.snapshot([table]).versions[0];
    const before = version();
    await change();
    for (const deadline = Date.now() + 2000; version() === before; ) {
      assert.ok(Date.now() < deadline, `no notification of ${table} within 2 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  const first = await run();
  assert.equal(first.cached, undefined);
  const second = await run();
  assert.equal(second.cached, true);
  assert.deepEqual(second.rows, first.rows);
  // another member shares the entry; an administrator still gets the statement
  const asAdmin = await run(admin);
  assert.equal(asAdmin.cached, true);
  assert.ok(asAdmin.sql?.includes(invoice.tableName));

  // a record written through the API: the next run reads again
  const created = await call(app, 'POST', '/api/v1/applications/qcache/subjects/invoice/records', {
    cookie: admin,
    body: { values: { number: 'C1', amount: 5, client: clients.acme } },
  });
  assert.equal(created.statusCode, 201, created.body);
  const afterApi = await run();
  assert.equal(afterApi.cached, undefined);
  assert.equal(total(afterApi), total(first) + 1);

  // a record written in SQL: the subject table's notification makes the entry stale
  await inSql(invoice.tableName, () => insertRecord(handle.db, invoice, { number: 'C2', amount: 6 }));
  const afterSql = await run();
  assert.equal(afterSql.cached, undefined);
  assert.equal(total(afterSql), total(first) + 2);
  assert.equal((await run()).cached, true);

  // the labels: renaming a client the rows name makes them stale too (another table than the base)
  await inSql(client.tableName, () =>
    handle.db.execute(sql.raw(`update "${client.tableName}" set "${client.fields.find((f) => f.key === 'name')!.column}" = 'Acme Holdings' where id = '${clients.acme}'`)),
  );
  const renamed = await run();
  assert.equal(renamed.cached, undefined);
  assert.equal(renamed.labels[clients.acme], 'Acme Holdings');
});
