/**
 * Dashboards (dashboards.service.ts, dashboard-filters.ts): CRUD with the audit trail, who sees and
 * who changes which dashboard, cards limited to the application's saved analytics queries, a card's
 * run narrowed by the shared filters (applied / skipped), errors card by card, the recycle bin.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Dashboard, DashboardCardResult } from '../../../../contracts';
import type { Database } from '../../db/client';
import { auditLog, savedQueries } from '../../db/schema';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { applicationWithMembers, createApplication, insertRecord, makeSubject } from '../../test/records-support';
import { cardConditions } from './dashboard-filters';

interface ErrorBody {
  errorCode: string;
  messageKey?: string;
  details?: { field: string; message: string }[];
}

/** Inserts a saved query of `kind` over `subjectId` (the queries module's table), as `ownerId`. @returns its id. */
async function saveQuery(
  db: Database,
  values: {
    applicationId: string;
    subjectId: string;
    ownerId: string;
    name: string;
    definition: unknown;
    kind?: string;
    visibility?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(savedQueries)
    .values({
      applicationId: values.applicationId,
      subjectId: values.subjectId,
      kind: values.kind ?? 'analytics',
      visibility: values.visibility ?? 'application',
      name: values.name,
      definition: values.definition,
      visualization: { display: 'chart', chart: { type: 'bar' } },
      createdBy: values.ownerId,
      updatedBy: values.ownerId,
    })
    .returning({ id: savedQueries.id });
  return row.id;
}

/** Engagements (a date, a datetime, a select, a text client) and contacts (no date field), with records. */
async function seed(db: Database, appId: string, adminId: string) {
  const engagement = await makeSubject(db, {
    applicationId: appId,
    key: 'engagement',
    fields: [
      { key: 'title', type: 'text' },
      { key: 'start', type: 'date' },
      {
        key: 'stage',
        type: 'singleSelect',
        options: {
          choices: [
            { label: 'plan', color: '#000000' },
            { label: 'field', color: '#000000' },
          ],
        },
      },
      { key: 'client', type: 'text' },
    ],
    displayFieldKey: 'title',
  });
  const contact = await makeSubject(db, { applicationId: appId, key: 'contact', fields: [{ key: 'name', type: 'text' }] });
  const rows: [string, string, string][] = [
    ['2026-01-05', 'plan', 'c-1'],
    ['2026-01-20', 'field', 'c-1'],
    ['2026-02-03', 'plan', 'c-2'],
    ['2026-03-10', 'plan', 'c-1'],
    ['2026-03-11', 'field', 'c-2'],
  ];
  for (const [i, [start, stage, client]] of rows.entries())
    await insertRecord(db, engagement, { title: `E${i}`, start, stage, client });
  await insertRecord(db, contact, { name: 'Ann' });
  await insertRecord(db, contact, { name: 'Bob' });
  const byMonth = await saveQuery(db, {
    applicationId: appId,
    subjectId: engagement.id,
    ownerId: adminId,
    name: 'By month',
    definition: {
      subjectId: engagement.id,
      dimensions: [{ field: 'start', bucket: 'month', as: 'month' }],
      measures: [{ fn: 'count', as: 'n' }],
      sort: [{ by: 'month', order: 'asc' }],
    },
  });
  const contacts = await saveQuery(db, {
    applicationId: appId,
    subjectId: contact.id,
    ownerId: adminId,
    name: 'Contacts',
    definition: {
      subjectId: contact.id,
      dimensions: [{ field: 'name' }],
      measures: [{ fn: 'count', as: 'n' }],
      sort: [{ by: 'name', order: 'asc' }],
    },
  });
  return { engagement, contact, byMonth, contacts };
}

const card = (id: string, queryId: string, x = 0) => ({ id, queryId, x, y: 0, w: 6, h: 4 });

test('dashboards: CRUD, audit, visibility, who changes what, cards of this application only, recycle bin', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin, user: adminUser } = await adminSession(app);
  const { appId, viewer, editor, owner, outsider } = await applicationWithMembers(app, admin, 'dash-crud');
  const { byMonth, contacts, engagement } = await seed(handle.db, appId, adminUser.id);
  const otherAppId = await createApplication(app, admin, 'dash-other');
  const otherSubject = await makeSubject(handle.db, {
    applicationId: otherAppId,
    key: 'thing',
    fields: [{ key: 'name', type: 'text' }],
  });
  const foreign = await saveQuery(handle.db, {
    applicationId: otherAppId,
    subjectId: otherSubject.id,
    ownerId: adminUser.id,
    name: 'Foreign',
    definition: { subjectId: otherSubject.id, measures: [{ fn: 'count' }] },
  });
  const recordKind = await saveQuery(handle.db, {
    applicationId: appId,
    subjectId: engagement.id,
    ownerId: adminUser.id,
    name: 'Records',
    kind: 'records',
    definition: { subjectId: engagement.id, columns: ['title'] },
  });
  const base = '/api/v1/applications/dash-crud/dashboards';

  // create: editors+; viewers and outsiders refused
  const body = {
    name: 'Pipeline',
    cards: [card('a', byMonth), card('b', contacts, 6)],
    filters: [{ id: 'f1', kind: 'date', label: 'Start', field: 'start' }],
  };
  assert.equal((await call(app, 'POST', base, { cookie: viewer.cookie, body })).statusCode, 403);
  assert.equal((await call(app, 'POST', base, { cookie: outsider.cookie, body })).statusCode, 403);
  const created = await call(app, 'POST', base, { cookie: editor.cookie, body });
  assert.equal(created.statusCode, 201, created.body);
  const d = json<{ data: Dashboard }>(created).data;
  assert.deepEqual(
    [d.name, d.visibility, d.refreshSeconds, d.ownerId, d.canEdit, d.cards.length, d.application],
    ['Pipeline', 'application', 0, editor.id, true, 2, 'dash-crud'],
  );
  const [entry] = await handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'dashboard.create'), eq(auditLog.targetId, d.id)));
  assert.ok(entry, 'dashboard.create audited');

  // cards: another application's query, a record query, an unknown id, overlapping the grid, duplicate ids → 400 naming them
  const bad = await call(app, 'POST', base, {
    cookie: editor.cookie,
    body: {
      name: 'Bad',
      cards: [
        card('a', foreign),
        card('b', recordKind),
        card('c', '00000000-0000-4000-8000-000000000000'),
        { ...card('d', byMonth), x: 8 },
        card('a', byMonth),
      ],
    },
  });
  assert.equal(bad.statusCode, 400, bad.body);
  assert.deepEqual(
    json<ErrorBody>(bad)
      .details?.map((x) => x.field)
      .sort(),
    ['cards.0.queryId', 'cards.1.queryId', 'cards.2.queryId', 'cards.3.w', 'cards.4.id'],
  );
  assert.equal(
    (await call(app, 'POST', base, { cookie: editor.cookie, body: { name: 'x', refreshSeconds: 45 } })).statusCode,
    400,
  );

  // read: members; a non-member 403, another application's slug 404
  assert.equal((await call(app, 'GET', `${base}/${d.id}`, { cookie: viewer.cookie })).statusCode, 200);
  assert.equal(
    json<{ data: Dashboard }>(await call(app, 'GET', `${base}/${d.id}`, { cookie: viewer.cookie })).data.canEdit,
    false,
  );
  assert.equal((await call(app, 'GET', `${base}/${d.id}`, { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', `/api/v1/applications/dash-other/dashboards/${d.id}`, { cookie: admin })).statusCode, 404);

  // change: the owner of the dashboard, the application's owners and administrators; not another editor or a viewer
  const layout = {
    cards: [
      { ...card('a', byMonth), w: 12, h: 6 },
      { ...card('b', contacts), y: 6 },
    ],
  };
  assert.equal((await call(app, 'PATCH', `${base}/${d.id}`, { cookie: viewer.cookie, body: layout })).statusCode, 403);
  const patched = await call(app, 'PATCH', `${base}/${d.id}`, { cookie: editor.cookie, body: { ...layout, refreshSeconds: 60 } });
  assert.equal(patched.statusCode, 200, patched.body);
  assert.deepEqual(json<{ data: Dashboard }>(patched).data.cards[0], { id: 'a', queryId: byMonth, x: 0, y: 0, w: 12, h: 6 });
  const again = await call(app, 'PATCH', `${base}/${d.id}`, { cookie: editor.cookie, body: { ...layout, refreshSeconds: 60 } });
  assert.equal(json<{ unchanged?: boolean }>(again).unchanged, true);
  const renamed = await call(app, 'PATCH', `${base}/${d.id}`, { cookie: owner.cookie, body: { name: 'Pipeline 2' } });
  assert.equal(renamed.statusCode, 200, renamed.body);
  const kept = json<{ data: Dashboard }>(renamed).data;
  assert.deepEqual(
    [kept.cards.length, kept.filters.length, kept.refreshSeconds, kept.visibility],
    [2, 1, 60, 'application'],
    'a PATCH changes only what it names',
  );
  const addForeign = await call(app, 'PATCH', `${base}/${d.id}`, { cookie: admin, body: { cards: [card('z', foreign)] } });
  assert.deepEqual(
    json<ErrorBody>(addForeign).details?.map((x) => x.field),
    ['cards.0.queryId'],
  );

  // private: only its owner and administrators list and open it
  const mine = json<{ data: Dashboard }>(
    await call(app, 'POST', base, { cookie: owner.cookie, body: { name: 'Private one', visibility: 'private' } }),
  ).data;
  const names = async (cookie: string, q = '') =>
    json<{ data: Dashboard[] }>(await call(app, 'GET', `${base}?q=${q}`, { cookie }))
      .data.map((x) => x.name)
      .sort();
  assert.deepEqual(await names(owner.cookie), ['Pipeline 2', 'Private one']);
  assert.deepEqual(await names(admin), ['Pipeline 2', 'Private one']);
  assert.deepEqual(await names(editor.cookie), ['Pipeline 2']);
  assert.deepEqual(await names(owner.cookie, 'priv'), ['Private one']);
  assert.equal((await call(app, 'GET', `${base}/${mine.id}`, { cookie: editor.cookie })).statusCode, 404);
  assert.equal((await call(app, 'GET', `${base}/${mine.id}`, { cookie: admin })).statusCode, 200);
  assert.equal((await call(app, 'GET', base, { cookie: outsider.cookie })).statusCode, 403);

  // delete → the recycle bin; restore brings it back
  assert.equal((await call(app, 'DELETE', `${base}/${d.id}`, { cookie: viewer.cookie })).statusCode, 403);
  assert.equal((await call(app, 'DELETE', `${base}/${d.id}`, { cookie: editor.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `${base}/${d.id}`, { cookie: editor.cookie })).statusCode, 404);
  assert.deepEqual(await names(editor.cookie), []);
  const restored = await call(app, 'POST', `/api/v1/recycle/dashboard/${d.id}/restore`, { cookie: admin });
  assert.equal(restored.statusCode, 200, restored.body);
  assert.deepEqual(await names(editor.cookie), ['Pipeline 2']);
  const actions = (await handle.db.select().from(auditLog).where(eq(auditLog.targetId, d.id))).map((e) => e.action);
  assert.deepEqual(
    actions.filter((a) => a.startsWith('dashboard.')),
    ['dashboard.create', 'dashboard.update', 'dashboard.update', 'dashboard.delete'],
  );
});

test('dashboards: a card runs its query narrowed by the shared filters; skipped filters; errors card by card', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin, user: adminUser } = await adminSession(app);
  const { appId, viewer, editor, outsider } = await applicationWithMembers(app, admin, 'dash-run');
  const { byMonth, contacts } = await seed(handle.db, appId, adminUser.id);
  const base = '/api/v1/applications/dash-run/dashboards';
  const filters = [
    { id: 'when', kind: 'date', label: 'Start', field: 'start' },
    { id: 'stage', kind: 'select', label: 'Stage', field: 'stage' },
    { id: 'client', kind: 'client', label: 'Client', field: 'client' },
  ];
  const created = await call(app, 'POST', base, {
    cookie: editor.cookie,
    body: { name: 'Run', cards: [card('m', byMonth), card('c', contacts, 6)], filters },
  });
  assert.equal(created.statusCode, 201, created.body);
  const id = json<{ data: Dashboard }>(created).data.id;
  const run = (cardId: string, values: Record<string, unknown> = {}, cookie = viewer.cookie) =>
    call(app, 'POST', `${base}/${id}/cards/${cardId}/run`, { cookie, body: { timeZone: 'Asia/Shanghai', values } });
  const figures = (r: DashboardCardResult) => r.result.rows.map((row) => [String(row[0]), Number(row[1])]);

  const all = await run('m');
  assert.equal(all.statusCode, 200, all.body);
  const whole = json<{ data: DashboardCardResult }>(all).data;
  assert.equal(whole.queryName, 'By month');
  assert.deepEqual(whole.visualization, { display: 'chart', chart: { type: 'bar' } });
  assert.deepEqual([whole.applied, whole.skipped, whole.conditions], [[], [], []]);
  assert.deepEqual(figures(whole), [
    ['2026-01-01', 2],
    ['2026-02-01', 1],
    ['2026-03-01', 2],
  ]);

  // a date range (either order) and a select: both apply to the engagements
  const narrowed = json<{ data: DashboardCardResult }>(
    await run('m', { when: ['2026-03-31', '2026-01-20'], stage: 'plan' }),
  ).data;
  assert.deepEqual(narrowed.applied, ['when', 'stage']);
  assert.deepEqual(narrowed.conditions, [
    { field: 'start', op: 'between', value: ['2026-01-20', '2026-03-31'] },
    { field: 'stage', op: 'eq', value: 'plan' },
  ]);
  assert.deepEqual(figures(narrowed), [
    ['2026-02-01', 1],
    ['2026-03-01', 1],
  ]);
  const byClient = json<{ data: DashboardCardResult }>(await run('m', { client: 'c-2' })).data;
  assert.deepEqual(figures(byClient), [
    ['2026-02-01', 1],
    ['2026-03-01', 1],
  ]);

  // the contacts have no `start`, `stage` or `client`: skipped, the card shows every contact
  const skippedRes = await run('c', { when: ['2026-01-01', '2026-01-31'], stage: 'plan', client: '' });
  assert.equal(skippedRes.statusCode, 200, skippedRes.body);
  const skipped = json<{ data: DashboardCardResult }>(skippedRes).data;
  assert.deepEqual([skipped.applied, skipped.skipped], [[], ['when', 'stage']]);
  assert.deepEqual(figures(skipped), [
    ['Ann', 1],
    ['Bob', 1],
  ]);

  // bad values, unknown card, outsiders
  const badValue = await run('m', { when: ['2026-01-01'] });
  assert.equal(badValue.statusCode, 400);
  assert.deepEqual(
    json<ErrorBody>(badValue).details?.map((x) => x.field),
    ['values.when'],
  );
  assert.equal(
    (await call(app, 'POST', `${base}/${id}/cards/m/run`, { cookie: viewer.cookie, body: { timeZone: 'Mars/Base' } })).statusCode,
    400,
  );
  assert.equal((await run('nope')).statusCode, 404);
  assert.equal((await run('m', {}, outsider.cookie)).statusCode, 403);

  // the contacts' query deleted: that card answers 404, the other still runs
  await handle.db.update(savedQueries).set({ deletedAt: new Date() }).where(eq(savedQueries.id, contacts));
  const gone = await run('c');
  assert.equal(gone.statusCode, 404, gone.body);
  assert.equal((await run('m')).statusCode, 200);
  // and the dashboard still opens and changes (its layout), its cards kept
  const moved = await call(app, 'PATCH', `${base}/${id}`, {
    cookie: editor.cookie,
    body: { cards: [card('m', byMonth), { ...card('c', contacts), y: 4 }] },
  });
  assert.equal(moved.statusCode, 200, moved.body);
});

test('dashboards: shared filters on datetime fields cut days in the reader’s time zone', () => {
  const subject = {
    fields: [
      { key: 'at', type: 'datetime' },
      { key: 'tags', type: 'multiSelect' },
    ],
  } as unknown as Parameters<typeof cardConditions>[0];
  const filters = [
    { id: 'd', kind: 'date' as const, label: 'At', field: 'at' },
    { id: 'c', kind: 'date' as const, label: 'Created', field: 'createdAt' },
    { id: 't', kind: 'select' as const, label: 'Tag', field: 'tags' },
    { id: 'x', kind: 'client' as const, label: 'Client', field: 'tags' },
  ];
  const out = cardConditions(
    subject,
    filters,
    { d: ['2026-01-01', '2026-01-31'], c: ['2026-06-01', '2026-06-01'], t: 'a', x: 'c-1' },
    'Asia/Shanghai',
  );
  assert.deepEqual(out.conditions, [
    { field: 'at', op: 'between', value: ['2025-12-31T16:00:00.000Z', '2026-01-31T15:59:59.999Z'] },
    { field: 'createdAt', op: 'between', value: ['2026-05-31T16:00:00.000Z', '2026-06-01T15:59:59.999Z'] },
    { field: 'tags', op: 'hasAny', value: ['a'] },
  ]);
  assert.deepEqual([out.applied, out.skipped], [['d', 'c', 't'], ['x']]);
});
