/**
 * A saved query's rows read in keyset pages (query-rows.ts queryRowPages): for sorts with ties,
 * empty values, descending keys, several keys, a user field and a field through a relation, every
 * page size gives the rows `selectRows` gives in one read, in the same order, with the names of
 * their ids. And the XLSX of a streamed model (buildDataModel `streamRows`, `rowPages`) is the XLSX
 * of the loaded model, cell for cell, with the list's counts settled once streamed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { adminSession, call, createTestApp, json } from '../../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject } from '../../../test/records-support';
import { prepareQuery, selectRows } from '../../record-queries/query-run';
import { buildDataModel } from './model';
import { queryRowPages } from './query-rows';
import { renderXlsx } from './xlsx';

test('queryRowPages: keyset pages give the rows of one read in the same order; a streamed XLSX is the loaded one', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const db = handle.db;
  const { cookie: admin, user } = await adminSession(app);
  const { appId } = await applicationWithMembers(app, admin, 'render-rows');
  const item = await makeSubject(db, {
    applicationId: appId,
    key: 'item',
    name: 'Item',
    displayFieldKey: 'name',
    fields: [{ key: 'name', name: 'Name', type: 'text' }],
  });
  const audit = await makeSubject(db, {
    applicationId: appId,
    key: 'audit',
    name: 'Audit',
    displayFieldKey: 'label',
    fields: [
      { key: 'label', name: 'Label', type: 'text' },
      { key: 'fee', name: 'Fee', type: 'money', options: { currency: 'CNY' } },
      { key: 'start', name: 'Start', type: 'date' },
      { key: 'owner', name: 'Owner', type: 'user' },
      { key: 'lead', name: 'Lead', type: 'relation', options: { targetSubjectId: item.id, multiple: false } },
    ],
  });
  const items = [await insertRecord(db, item, { name: 'b-item' }), await insertRecord(db, item, { name: 'a-item' }), await insertRecord(db, item, { name: null })];
  // ties on every key, empty values, the same created_at for several rows (the id breaks the ties)
  const labels = ['审计', 'Cut-off', 'cut-off', null, '审计', 'Alpha', null, 'Zeta', 'Alpha', '存货'];
  for (const [i, label] of labels.entries()) {
    await insertRecord(
      db,
      audit,
      {
        label,
        fee: i % 3 === 0 ? null : `${(i % 4) * 100}.50`,
        start: i % 4 === 0 ? null : `2026-0${(i % 3) + 1}-01`,
        owner: i % 2 ? user.id : null,
        lead: i % 4 === 3 ? null : items[i % 3],
      },
      { createdAt: `2026-01-0${(i % 3) + 1}T08:00:00.123456Z` },
    );
  }
  const columns = ['label', 'fee', 'start', 'owner', 'lead', 'lead.name'];
  const sorts = [
    [],
    [{ field: 'label', order: 'asc' as const }],
    [{ field: 'label', order: 'desc' as const }],
    [{ field: 'fee', order: 'desc' as const }, { field: 'label', order: 'asc' as const }],
    [{ field: 'start', order: 'asc' as const }, { field: 'createdAt', order: 'desc' as const }],
    [{ field: 'owner', order: 'asc' as const }],
    [{ field: 'lead.name', order: 'desc' as const }, { field: 'fee', order: 'asc' as const }],
    [{ field: 'createdAt', order: 'asc' as const }],
  ];
  for (const sort of sorts) {
    const q = await prepareQuery(db, { subjectId: audit.id, columns, sort });
    const whole = (await selectRows(db, q, 100, 0)).map((r) => ({ id: r.id, ...Object.fromEntries(q.columns.map((c, i) => [c.name, r.cells[i]])) }));
    assert.equal(whole.length, labels.length);
    for (const pageSize of [1, 2, 3, 4, 100]) {
      const pages = [];
      for await (const page of queryRowPages(db, q, { max: 100, pageSize })) pages.push(page);
      const what = `sort ${JSON.stringify(sort)}, pages of ${pageSize}`;
      assert.deepEqual(pages.flatMap((p) => p.rows), whole, what);
      assert.ok(pages.every((p) => p.rows.length > 0 && p.rows.length <= pageSize), what);
      const owned = pages.find((p) => p.rows.some((r) => r.owner === user.id));
      assert.equal(owned?.labels[user.id], user.name, what);
    }
    // at most `max` rows
    const capped = [];
    for await (const page of queryRowPages(db, q, { max: 5, pageSize: 2 })) capped.push(...page.rows);
    assert.deepEqual(capped, whole.slice(0, 5));
  }

  // a saved query rendered to XLSX: loaded whole, or streamed page by page
  const saved = await call(app, 'POST', '/api/v1/record-queries', {
    cookie: admin,
    body: { name: 'Audits', definition: { subjectId: audit.id, columns, sort: [{ field: 'label', order: 'asc' }] } },
  });
  assert.equal(saved.statusCode, 201, saved.body);
  const binding = { subjectId: audit.id, relations: [], recordQueryId: json<{ data: { id: string } }>(saved).data.id };
  const loaded = await buildDataModel(db, { applicationId: appId, binding, recordId: null, locale: 'zh-CN' });
  const streamed = await buildDataModel(db, { applicationId: appId, binding, recordId: null, locale: 'zh-CN', streamRows: true });
  assert.equal(streamed.rows, null);
  assert.equal(typeof streamed.rowPages, 'function');
  assert.deepEqual(streamed.schema.lists.rows && { ...streamed.schema.lists.rows, fields: [] }, { total: 0, loaded: 0, fields: [], name: 'Audits' });
  const sheetsOf = async (buffer: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    return wb.worksheets.map((ws) => ({ name: ws.name, rows: ws.getSheetValues().filter(Boolean).map((r) => Array.from(r as unknown[]).slice(1)) }));
  };
  const fromLoaded = await sheetsOf(await renderXlsx(loaded));
  const fromStreamed = await sheetsOf(await renderXlsx(streamed));
  assert.deepEqual(fromStreamed, fromLoaded);
  assert.equal(fromLoaded[0]!.rows.length, labels.length + 1);
  assert.ok(fromLoaded[0]!.rows.some((r) => r.includes(user.name)), 'the owner is named');
  assert.deepEqual(streamed.schema.lists.rows, loaded.schema.lists.rows);
  assert.equal(loaded.schema.lists.rows?.total, labels.length);
});
