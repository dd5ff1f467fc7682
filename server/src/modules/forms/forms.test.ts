/**
 * API tests of dynamic forms (conditional rules are enforced on the server
 * too): CRUD and access, layout validation, the default form's uniqueness (and the recycle bin),
 * and the conditions of a form enforced on record create/update sent straight to the API.
 * PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DynamicForm, FormLayout, RecordDetail } from '../../../../contracts';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { addTestMember, createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

type Made = Awaited<ReturnType<typeof setup>>;
let w: Made;

const choices = (...labels: string[]) => ({ choices: labels.map((label) => ({ label, color: '#1677ff' })) });

async function setup() {
  const made = await createTestApp();
  const { app } = made;
  const { cookie: admin } = await adminSession(app);
  const appId = await createTestApplication(app, admin, 'forms');
  const owner = await userSession(app, admin, { name: 'Olga Owner' });
  const editor = await userSession(app, admin, { name: 'Ed Editor' });
  const viewer = await userSession(app, admin, { name: 'Vera Viewer' });
  const outsider = await userSession(app, admin, { name: 'Otto Outsider' });
  await addTestMember(app, admin, 'forms', owner.email, 'owner');
  await addTestMember(app, admin, 'forms', editor.email, 'editor');
  await addTestMember(app, admin, 'forms', viewer.email, 'viewer');
  await createTestSubjectIn(app, {
    applicationId: appId,
    key: 'claim',
    displayField: 'title',
    fields: [
      fieldOf('title', 'text', { required: true }),
      fieldOf('status', 'singleSelect', { options: choices('Open', 'Approved', 'Rejected') }),
      fieldOf('reason', 'text'),
      fieldOf('amount', 'money'),
      fieldOf('note', 'longText'),
      fieldOf('ref', 'autoNumber', { options: { prefix: 'C-', padding: 3 } }),
    ],
  });
  await createTestSubjectIn(app, { applicationId: appId, key: 'other', fields: [fieldOf('label', 'text')] });
  return { ...made, admin, owner: owner.cookie, editor: editor.cookie, viewer: viewer.cookie, outsider: outsider.cookie };
}

before(async () => {
  w = await setup();
});
after(async () => {
  await w?.close();
});

/** "Reason" shown and required only when Status = Rejected; "Note" required when Amount > 1000. */
const conditionalLayout: FormLayout = {
  sections: [
    { title: 'Claim', fields: [{ key: 'title', label: 'Claim title' }, { key: 'status', defaultValue: 'Open' }, { key: 'amount' }] },
    {
      title: 'Decision',
      fields: [
        {
          key: 'reason',
          label: 'Reason',
          helpText: 'Why it was rejected',
          visibleIf: { match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'Rejected' }] },
          requiredIf: { match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'Rejected' }] },
        },
        { key: 'note', requiredIf: { match: 'any', conditions: [{ field: 'amount', op: 'gt', value: 1000 }] } },
      ],
    },
  ],
};

async function createForm(cookie: string, body: Record<string, unknown>) {
  return call(w.app, 'POST', '/api/v1/forms', { cookie, body: { application: 'forms', subjectKey: 'claim', name: 'Claim form', ...body } });
}

async function made(body: Record<string, unknown>): Promise<DynamicForm> {
  const res = await createForm(w.admin, body);
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: DynamicForm }>(res).data;
}

const records = '/api/v1/applications/forms/subjects/claim/records';

test('forms: owners and administrators write, members read, outsiders see nothing', async () => {
  const res = await createForm(w.owner, { name: 'Owner form', description: 'made by the owner' });
  assert.equal(res.statusCode, 201, res.body);
  const form = json<{ data: DynamicForm }>(res).data;
  assert.equal(form.subjectKey, 'claim');
  assert.equal(form.application, 'forms');
  assert.equal(form.isDefault, false);
  // default layout: one section of the writable fields in order (the auto number left out)
  assert.deepEqual(
    form.layout.sections[0].fields.map((f) => f.key),
    ['title', 'status', 'reason', 'amount', 'note'],
  );

  assert.equal((await createForm(w.editor, {})).statusCode, 403);
  assert.equal((await createForm(w.viewer, {})).statusCode, 403);
  assert.equal((await createForm(w.outsider, {})).statusCode, 403);
  assert.equal((await call(w.app, 'POST', '/api/v1/forms', { body: { application: 'forms', subjectKey: 'claim', name: 'x' } })).statusCode, 401);

  for (const cookie of [w.viewer, w.editor, w.owner, w.admin]) {
    assert.equal((await call(w.app, 'GET', `/api/v1/forms/${form.id}`, { cookie })).statusCode, 200);
  }
  assert.equal((await call(w.app, 'GET', `/api/v1/forms/${form.id}`, { cookie: w.outsider })).statusCode, 403);
  const outsiderList = json<{ data: DynamicForm[]; total: number }>(await call(w.app, 'GET', '/api/v1/forms', { cookie: w.outsider }));
  assert.equal(outsiderList.total, 0);
  const viewerList = json<{ data: DynamicForm[]; total: number }>(await call(w.app, 'GET', '/api/v1/forms?q=owner', { cookie: w.viewer }));
  assert.deepEqual(
    viewerList.data.map((f) => f.id),
    [form.id],
  );

  assert.equal((await call(w.app, 'PATCH', `/api/v1/forms/${form.id}`, { cookie: w.editor, body: { name: 'Edited' } })).statusCode, 403);
  const renamed = await call(w.app, 'PATCH', `/api/v1/forms/${form.id}`, { cookie: w.owner, body: { name: 'Renamed', layout: conditionalLayout } });
  assert.equal(renamed.statusCode, 200, renamed.body);
  assert.equal(json<{ data: DynamicForm }>(renamed).data.layout.sections[1].fields[0].label, 'Reason');

  assert.equal((await call(w.app, 'DELETE', `/api/v1/forms/${form.id}`, { cookie: w.viewer })).statusCode, 403);
  assert.equal((await call(w.app, 'DELETE', `/api/v1/forms/${form.id}`, { cookie: w.owner })).statusCode, 200);
  assert.equal((await call(w.app, 'GET', `/api/v1/forms/${form.id}`, { cookie: w.owner })).statusCode, 404);
  // the recycle bin brings it back
  const restored = await call(w.app, 'POST', `/api/v1/recycle/form/${form.id}/restore`, { cookie: w.admin });
  assert.equal(restored.statusCode, 200, restored.body);
  assert.equal((await call(w.app, 'GET', `/api/v1/forms/${form.id}`, { cookie: w.owner })).statusCode, 200);
});

test('forms: a layout is checked against the subject (400 naming the place and the key)', async () => {
  const cases: { layout: unknown; field: string; text?: string }[] = [
    { layout: { sections: [{ title: 'A', fields: [{ key: 'title' }, { key: 'colour' }] }] }, field: 'layout.sections.0.fields.1.key', text: 'colour' },
    {
      layout: { sections: [{ title: 'A', fields: [{ key: 'reason', visibleIf: { match: 'all', conditions: [{ field: 'state', op: 'eq', value: 'x' }] } }] }] },
      field: 'layout.sections.0.fields.0.visibleIf.conditions.0.field',
      text: 'state',
    },
    { layout: { sections: [{ title: 'A', fields: [{ key: 'ref' }] }] }, field: 'layout.sections.0.fields.0.key', text: 'ref' },
    { layout: { sections: [{ title: 'A', fields: [{ key: 'title' }] }, { title: 'B', fields: [{ key: 'title' }] }] }, field: 'layout.sections.1.fields.0.key' },
    { layout: { sections: [{ title: 'A', fields: [{ key: 'amount', defaultValue: 'lots' }] }] }, field: 'layout.sections.0.fields.0.defaultValue' },
    { layout: { sections: [{ title: 'A', fields: [{ key: 'title', requiredIf: { conditions: [{ field: 'status', op: 'like' }] } }] }] }, field: 'layout.sections.0.fields.0.requiredIf.conditions.0.op' },
  ];
  for (const c of cases) {
    const res = await createForm(w.admin, { layout: c.layout });
    assert.equal(res.statusCode, 400, `${c.field}: ${res.body}`);
    const body = json<ErrorBody>(res);
    const detail = body.details?.find((d) => d.field === c.field);
    assert.ok(detail, `${c.field} named in ${res.body}`);
    if (c.text) assert.match(detail.message, new RegExp(c.text));
  }
  // a PATCH is checked the same way
  const form = await made({ name: 'Patch check' });
  const res = await call(w.app, 'PATCH', `/api/v1/forms/${form.id}`, { cookie: w.admin, body: { layout: cases[0].layout } });
  assert.equal(res.statusCode, 400);
  assert.equal(json<ErrorBody>(res).details?.[0].field, 'layout.sections.0.fields.1.key');
});

test('forms: at most one default form per subject', async () => {
  const base = '/api/v1/applications/forms/subjects/claim/default-form';
  const first = await made({ name: 'First default', isDefault: true });
  assert.equal(json<{ data: DynamicForm | null }>(await call(w.app, 'GET', base, { cookie: w.viewer })).data?.id, first.id);
  const second = await made({ name: 'Second default', isDefault: true });
  assert.equal(json<{ data: DynamicForm }>(await call(w.app, 'GET', `/api/v1/forms/${first.id}`, { cookie: w.admin })).data.isDefault, false);
  assert.equal(json<{ data: DynamicForm | null }>(await call(w.app, 'GET', base, { cookie: w.viewer })).data?.id, second.id);
  // "set as default" on the first takes the mark from the second
  const set = await call(w.app, 'PATCH', `/api/v1/forms/${first.id}`, { cookie: w.owner, body: { isDefault: true } });
  assert.equal(set.statusCode, 200, set.body);
  const list = json<{ data: DynamicForm[] }>(await call(w.app, 'GET', '/api/v1/forms?pageSize=100&application=forms', { cookie: w.admin })).data;
  assert.deepEqual(
    list.filter((f) => f.subjectKey === 'claim' && f.isDefault).map((f) => f.id),
    [first.id],
  );
  // deleting the default leaves none; restoring it while another took the mark restores it as non-default
  assert.equal((await call(w.app, 'DELETE', `/api/v1/forms/${first.id}`, { cookie: w.admin })).statusCode, 200);
  assert.equal(json<{ data: DynamicForm | null }>(await call(w.app, 'GET', base, { cookie: w.viewer })).data, null);
  await call(w.app, 'PATCH', `/api/v1/forms/${second.id}`, { cookie: w.admin, body: { isDefault: true } });
  assert.equal((await call(w.app, 'POST', `/api/v1/recycle/form/${first.id}/restore`, { cookie: w.admin })).statusCode, 200);
  const back = json<{ data: DynamicForm }>(await call(w.app, 'GET', `/api/v1/forms/${first.id}`, { cookie: w.admin })).data;
  assert.equal(back.isDefault, false);
  assert.equal(json<{ data: DynamicForm | null }>(await call(w.app, 'GET', base, { cookie: w.viewer })).data?.id, second.id);
  // an outsider cannot read the subject's default form
  assert.equal((await call(w.app, 'GET', base, { cookie: w.outsider })).statusCode, 403);
  // leave the subject without a default for the other tests
  await call(w.app, 'PATCH', `/api/v1/forms/${second.id}`, { cookie: w.admin, body: { isDefault: false } });
});

test('forms: requiredIf is enforced on the server for writes naming the form (a direct API call gets 400 naming the field)', async () => {
  const form = await made({ name: 'Conditional', layout: conditionalLayout });
  const post = (values: Record<string, unknown>) => call(w.app, 'POST', records, { cookie: w.editor, body: { values, formId: form.id } });

  const refused = await post({ title: 'No reason', status: 'Rejected' });
  assert.equal(refused.statusCode, 400, refused.body);
  const body = json<ErrorBody>(refused);
  assert.equal(body.errorCode, 'VALIDATION_FAILED');
  assert.deepEqual(
    body.details?.map((d) => d.field),
    ['values.reason'],
  );
  assert.equal((await post({ title: 'Blank reason', status: 'Rejected', reason: '  ' })).statusCode, 400);

  const ok = await post({ title: 'With reason', status: 'Rejected', reason: 'Duplicate claim' });
  assert.equal(ok.statusCode, 201, ok.body);
  assert.equal(json<{ data: RecordDetail }>(ok).data.record.values.reason, 'Duplicate claim');

  // "any" group on a number: note required above 1000
  const big = await post({ title: 'Big', status: 'Open', amount: '5000.00' });
  assert.equal(big.statusCode, 400);
  assert.deepEqual(
    json<ErrorBody>(big).details?.map((d) => d.field),
    ['values.note'],
  );
  assert.equal((await post({ title: 'Small', status: 'Open', amount: 10 })).statusCode, 201);

  // without the form: only the subject's own rules
  assert.equal((await call(w.app, 'POST', records, { cookie: w.editor, body: { values: { title: 'No form', status: 'Rejected' } } })).statusCode, 201);

  // updates: merged with the stored values
  const opened = json<{ data: RecordDetail }>(await post({ title: 'To reject', status: 'Open' })).data.record;
  const patch = (values: Record<string, unknown>, version: number) =>
    call(w.app, 'PATCH', `${records}/${opened.id}`, { cookie: w.editor, body: { version, values, formId: form.id } });
  const noReason = await patch({ status: 'Rejected' }, opened.version);
  assert.equal(noReason.statusCode, 400, noReason.body);
  assert.equal(json<ErrorBody>(noReason).details?.[0].field, 'values.reason');
  const rejected = await patch({ status: 'Rejected', reason: 'Late' }, opened.version);
  assert.equal(rejected.statusCode, 200, rejected.body);
  // clearing the reason while still rejected is refused; the stored reason satisfies a later unrelated change
  const v2 = json<{ data: RecordDetail }>(rejected).data.record.version;
  assert.equal((await patch({ reason: null }, v2)).statusCode, 400);
  assert.equal((await patch({ title: 'Renamed rejected' }, v2)).statusCode, 200);
});

test('forms: a hidden field’s submitted value is ignored (create: left to its default; update: stored value kept)', async () => {
  const form = await made({ name: 'Hidden', layout: conditionalLayout });
  const created = await call(w.app, 'POST', records, {
    cookie: w.editor,
    body: { formId: form.id, values: { title: 'Approved one', status: 'Approved', reason: 'sneaked in' } },
  });
  assert.equal(created.statusCode, 201, created.body);
  const record = json<{ data: RecordDetail }>(created).data.record;
  assert.equal(record.values.reason, null);

  const rejected = json<{ data: RecordDetail }>(
    await call(w.app, 'POST', records, { cookie: w.editor, body: { formId: form.id, values: { title: 'Rejected one', status: 'Rejected', reason: 'kept' } } }),
  ).data.record;
  const approve = await call(w.app, 'PATCH', `${records}/${rejected.id}`, {
    cookie: w.editor,
    body: { version: rejected.version, formId: form.id, values: { status: 'Approved', reason: 'changed' } },
  });
  assert.equal(approve.statusCode, 200, approve.body);
  const after = json<{ data: RecordDetail }>(approve).data.record;
  assert.equal(after.values.status, 'Approved');
  assert.equal(after.values.reason, 'kept');
});

test('forms: a write naming an unknown form or another subject’s form gets 400 naming formId', async () => {
  const other = await call(w.app, 'POST', '/api/v1/forms', { cookie: w.admin, body: { application: 'forms', subjectKey: 'other', name: 'Other' } });
  const otherId = json<{ data: DynamicForm }>(other).data.id;
  for (const formId of [otherId, '00000000-0000-4000-8000-000000000000']) {
    const res = await call(w.app, 'POST', records, { cookie: w.editor, body: { formId, values: { title: 'x' } } });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(json<ErrorBody>(res).details?.[0].field, 'formId');
  }
  const bad = await call(w.app, 'POST', records, { cookie: w.editor, body: { formId: 'nope', values: { title: 'x' } } });
  assert.equal(bad.statusCode, 400);
});
