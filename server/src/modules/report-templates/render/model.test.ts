/**
 * The data model of a render (model.ts buildDataModel) on a real subject: fields by key, title,
 * related records of a many-relation with their true count, names of users and records, image
 * attachments inlined through the blob store, a saved query's rows, and the binding errors.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminSession, call, createTestApp, json } from '../../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject, multipartBody, softDeleteRecord } from '../../../test/records-support';
import { buildDataModel } from './model';
import { renderHtml } from './liquid';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('buildDataModel: a record with its related records, names and images; a query\'s rows; binding errors', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const db = handle.db;
  const { cookie: admin, user } = await adminSession(app);
  const { appId } = await applicationWithMembers(app, admin, 'render-model');
  const item = await makeSubject(db, {
    applicationId: appId,
    key: 'finding',
    name: '发现',
    displayFieldKey: 'name',
    fields: [
      { key: 'name', name: '名称', type: 'text' },
      { key: 'amount', name: 'Amount', type: 'money', options: { currency: 'CNY' } },
    ],
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
      { key: 'photo', name: 'Photo', type: 'attachment' },
      { key: 'findings', name: 'Findings', type: 'relation', options: { targetSubjectId: item.id, multiple: true } },
    ],
  });
  const f1 = await insertRecord(db, item, { name: '存货盘点差异', amount: '1200.50' });
  const f2 = await insertRecord(db, item, { name: 'Cut-off', amount: '80' });
  const gone = await insertRecord(db, item, { name: 'Deleted', amount: '1' });
  await softDeleteRecord(db, item, gone);
  // an image attachment, uploaded onto another record of the subject, then referred to
  const holder = await insertRecord(db, audit, { label: 'holder' });
  const { body, contentType } = await multipartBody([
    { name: 'subjectKey', value: 'audit' },
    { name: 'recordId', value: holder },
    { name: 'file', fileName: 'logo.png', type: 'image/png', content: PNG },
  ]);
  const up = await call(app, 'POST', '/api/v1/applications/render-model/attachments', { cookie: admin, body, headers: { 'content-type': contentType } });
  assert.equal(up.statusCode, 201, up.body);
  const photoId = json<{ data: { id: string } }>(up).data.id;
  const id = await insertRecord(db, audit, { label: '年度审计 2026', fee: '98765.40', start: '2026-03-01', owner: user.id, photo: [photoId], findings: [f2, gone, f1] });

  const binding = { subjectId: audit.id, relations: ['findings'] };
  const model = await buildDataModel(db, { applicationId: appId, binding, recordId: id, locale: 'zh-CN', blobs: app.blobs });
  const record = model.record!;
  assert.equal(record.id, id);
  assert.equal(record.label, '年度审计 2026');
  assert.equal(record.title, '年度审计 2026');
  assert.equal(record.fee, '98765.40');
  assert.equal(record.start, '2026-03-01');
  assert.ok(record.createdAt && record.updatedAt);
  assert.equal(model.app.name, 'render-model');
  assert.equal(model.locale, 'zh-CN');
  assert.ok(!Number.isNaN(Date.parse(model.now)));
  const findings = record.findings as { id: string; name: string; title: string; amount: string }[];
  assert.deepEqual(findings.map((f) => [f.id, f.name, f.title, f.amount]), [
    [f2, 'Cut-off', 'Cut-off', '80'],
    [f1, '存货盘点差异', '存货盘点差异', '1200.50'],
  ], 'link order, the deleted finding left out');
  assert.deepEqual(model.schema.lists['record.findings'], {
    total: 2,
    loaded: 2,
    name: 'Findings',
    fields: [
      { key: 'name', name: '名称', type: 'text' },
      { key: 'amount', name: 'Amount', type: 'money' },
    ],
  });
  assert.equal(model.labels[user.id], user.name);
  assert.deepEqual(record.photo, [photoId]);
  assert.equal(model.files[photoId]?.fileName, 'logo.png');
  assert.equal(model.files[photoId]?.dataUrl, `data:image/png;base64,${PNG.toString('base64')}`);

  // the model renders: the image inlined, the owner named, the loop complete
  const out = await renderHtml(
    {
      body: '<h1>{{ record.title }}</h1><img src="{{ files[record.photo[0]].dataUrl }}">{{ record.owner | label }}{% for f in record.findings %}<p>{{ f.name }} {{ f.amount | money }}</p>{% endfor %}',
      partials: {},
      page: {},
    },
    model,
    { locale: 'zh-CN' },
  );
  assert.deepEqual(out.missing, []);
  assert.match(out.html, /<img src="data:image\/png;base64,/);
  assert.match(out.html, /存货盘点差异 ¥1,200.50/);
  assert.ok(out.html.includes(user.name));

  // a saved query's rows
  const saved = await call(app, 'POST', '/api/v1/record-queries', {
    cookie: admin,
    body: { name: 'Findings list', definition: { subjectId: item.id, columns: ['name', 'amount'], sort: [{ field: 'name', order: 'asc' }] } },
  });
  assert.equal(saved.statusCode, 201, saved.body);
  const queryId = json<{ data: { id: string } }>(saved).data.id;
  const rowsModel = await buildDataModel(db, { applicationId: appId, binding: { subjectId: item.id, relations: [], recordQueryId: queryId }, recordId: null, locale: 'en-US' });
  assert.equal(rowsModel.record, null);
  assert.deepEqual(rowsModel.rows, [
    { id: f2, name: 'Cut-off', amount: '80' },
    { id: f1, name: '存货盘点差异', amount: '1200.50' },
  ]);
  assert.deepEqual(rowsModel.schema.lists.rows?.total, 2);
  assert.deepEqual(rowsModel.schema.fields.map((f) => f.name), ['名称', 'Amount']);

  // binding errors name the part
  const fieldOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'no error';
    } catch (err) {
      return (err as { status: number; details?: { field: string }[] }).details?.[0]?.field ?? String((err as { status: number }).status);
    }
  };
  assert.equal(await fieldOf(buildDataModel(db, { applicationId: appId, binding: { subjectId: audit.id, relations: ['label'] }, recordId: id, locale: 'zh-CN' })), 'binding.relations.0');
  assert.equal(await fieldOf(buildDataModel(db, { applicationId: appId, binding: { subjectId: item.id, relations: [] }, recordId: id, locale: 'zh-CN' })), '404');
  assert.equal(await fieldOf(buildDataModel(db, { applicationId: appId, binding: { subjectId: audit.id, relations: [] }, recordId: null, locale: 'zh-CN' })), 'recordId');
  const { appId: otherApp } = await applicationWithMembers(app, admin, 'render-other');
  assert.equal(await fieldOf(buildDataModel(db, { applicationId: otherApp, binding, recordId: id, locale: 'zh-CN' })), 'binding.subjectId');
});
