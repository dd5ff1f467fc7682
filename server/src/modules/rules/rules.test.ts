/**
 * Rules API (both engines): every kind compiles against its subject or is a 400 naming
 * `definition.<path>`; messages and fields named on bad input; the per-subject limit; stale
 * versions; test on a record and on values; members read the list of their application, only
 * administrators write; every change audited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { RULE_MESSAGE_MAX, type Rule, type RuleTestResult } from '../../../../contracts';
import { auditLog, rules } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { addTestMember, createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';

describe('rules API', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string };
  let viewer: { cookie: string };
  let stranger: { cookie: string };
  let subjectId = '';

  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, cookie = admin.cookie) =>
    call(ctx.app, method, url, { cookie, body, headers: { 'accept-language': 'en-US' } });
  const base = {
    application: 'rls',
    subject: 'invoice',
    severity: 'blocking',
    messageZh: '{field} 的值 {value} 不符合 {limit}',
    messageEn: '{field} value {value} breaks {limit}',
  };
  const create = async (name: string, definition: object, extra: object = {}) => {
    const res = await req('POST', '/api/v1/rules', { ...base, name, definition, ...extra });
    assert.equal(res.statusCode, 201, res.body);
    return json<{ data: Rule }>(res).data;
  };
  const fieldsOf = (res: { body: string }) =>
    json<{ details?: { field: string; message: string }[] }>(res as never).details?.map((d) => d.field) ?? [];

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    const appId = await createTestApplication(ctx.app, admin.cookie, 'rls');
    await createTestApplication(ctx.app, admin.cookie, 'other');
    subjectId = (
      await createTestSubjectIn(ctx.app, {
        applicationId: appId,
        key: 'invoice',
        fields: [
          fieldOf('code', 'text'),
          fieldOf('amount', 'number'),
          fieldOf('paid', 'number'),
          fieldOf('due', 'date'),
          fieldOf('status', 'text'),
          fieldOf('vendor', 'text'),
        ],
      })
    ).id;
    await createTestSubjectIn(ctx.app, { applicationId: appId, key: 'vendor', fields: [fieldOf('name', 'text')] });
    const v = await userSession(ctx.app, admin.cookie);
    await addTestMember(ctx.app, admin.cookie, 'rls', v.email, 'viewer');
    viewer = v;
    stranger = await userSession(ctx.app, admin.cookie);
  });
  after(async () => ctx.close());

  it('each kind compiles against its subject; a definition that does not fit is a 400 naming definition.<path>', async () => {
    const good: object[] = [
      { kind: 'comparison', field: 'paid', op: 'le', otherField: 'amount' },
      { kind: 'comparison', field: 'amount', op: 'ge', value: '0' },
      { kind: 'range', field: 'amount', min: 0, max: 1000 },
      { kind: 'pattern', field: 'code', pattern: 'INV-[0-9]{4}' },
      { kind: 'requiredIf', field: 'due', condition: { op: 'and', items: [{ field: 'status', op: 'eq', value: 'open' }] } },
      { kind: 'unique', fields: ['code'] },
      { kind: 'existsIn', field: 'vendor', subject: 'vendor', targetField: 'name' },
      { kind: 'expression', expression: 'amount >= paid' },
    ];
    for (const [i, d] of good.entries()) await create(`good ${i}`, d);
    const badOnes: [object, string][] = [
      [{ kind: 'comparison', field: 'nope', op: 'eq', value: 1 }, 'definition.field'],
      [{ kind: 'comparison', field: 'amount', op: 'eq', value: 'abc' }, 'definition.value'],
      [{ kind: 'comparison', field: 'amount', op: 'eq' }, 'definition.value'],
      [{ kind: 'range', field: 'due', min: 'yesterday' }, 'definition.min'],
      [{ kind: 'pattern', field: 'code', pattern: '(' }, 'definition.pattern'],
      [
        { kind: 'requiredIf', field: 'due', condition: { op: 'and', items: [{ field: 'ghost', op: 'eq', value: 1 }] } },
        'definition.condition',
      ],
      [{ kind: 'unique', fields: ['ghost'] }, 'definition.fields.0'],
      [{ kind: 'existsIn', field: 'vendor', subject: 'ghost', targetField: 'name' }, 'definition.subject'],
      [{ kind: 'expression', expression: 'amount >=' }, 'definition.expression'],
      [{ kind: 'nonsense' }, 'definition.kind'],
    ];
    for (const [d, field] of badOnes) {
      const res = await req('POST', '/api/v1/rules', { ...base, name: 'bad', definition: d });
      assert.equal(res.statusCode, 400, `${JSON.stringify(d)}: ${res.body}`);
      const fields = fieldsOf(res);
      assert.ok(
        fields.some((f) => f === field || f.startsWith(`${field}.`) || field.startsWith(f)),
        `${JSON.stringify(d)} named ${fields.join(',')}, wanted ${field}`,
      );
    }
    const res = await req('POST', '/api/v1/rules', {
      ...base,
      name: 'bad',
      definition: { kind: 'pattern', field: 'code', pattern: '(' },
    });
    assert.match(json<{ details: { message: string }[] }>(res).details[0].message, /does not fit its subject/);
  });

  it('names the field on bad input: messages required and bounded, unknown application or subject', async () => {
    const d = { kind: 'range', field: 'amount', min: 0 };
    let res = await req('POST', '/api/v1/rules', { ...base, name: 'm', definition: d, messageEn: '' });
    assert.equal(res.statusCode, 400);
    assert.ok(fieldsOf(res).includes('messageEn'));
    res = await req('POST', '/api/v1/rules', { ...base, name: 'm', definition: d, messageZh: 'x'.repeat(RULE_MESSAGE_MAX + 1) });
    assert.ok(fieldsOf(res).includes('messageZh'));
    res = await req('POST', '/api/v1/rules', { ...base, name: 'm', definition: d, application: 'ghost' });
    assert.deepEqual(fieldsOf(res), ['application']);
    res = await req('POST', '/api/v1/rules', { ...base, name: 'm', definition: d, subject: 'ghost' });
    assert.deepEqual(fieldsOf(res), ['subject']);
  });

  it('PATCH: optimistic version (409 STALE_VERSION), recompiles, bumps updated_at, no-op unchanged; audited', async () => {
    const r = await create('patch me', { kind: 'range', field: 'amount', max: 10 }, { tags: ['finance'] });
    assert.equal(r.ownerLabel.length > 0, true);
    let res = await req('PATCH', `/api/v1/rules/${r.id}`, { version: r.version, definition: { kind: 'range', field: 'ghost' } });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(fieldsOf(res), ['definition.field']);
    res = await req('PATCH', `/api/v1/rules/${r.id}`, { version: r.version, severity: 'warning', enabled: false });
    assert.equal(res.statusCode, 200, res.body);
    const after = json<{ data: Rule }>(res).data;
    assert.equal(after.version, r.version + 1);
    assert.ok(new Date(after.updatedAt) > new Date(r.updatedAt));
    res = await req('PATCH', `/api/v1/rules/${r.id}`, { version: r.version, name: 'late' });
    assert.equal(res.statusCode, 409);
    const stale = json<{ errorCode: string; conflict: { current: Rule } }>(res);
    assert.equal(stale.errorCode, 'STALE_VERSION');
    assert.equal(stale.conflict.current.severity, 'warning');
    res = await req('PATCH', `/api/v1/rules/${r.id}`, { version: after.version, severity: 'warning' });
    assert.equal(json<{ unchanged?: boolean }>(res).unchanged, true);
    const entries = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, r.id), eq(auditLog.action, 'rule.update')));
    assert.equal(entries.length, 1);
    assert.deepEqual(entries[0].before, { severity: 'blocking', enabled: true });
    assert.deepEqual(entries[0].after, { severity: 'warning', enabled: false });
  });

  it('test on values and on a record gives the verdict and the message in both languages', async () => {
    // the record is written before the rule exists (a blocking rule refuses such a write from then on)
    const rec = await req('POST', '/api/v1/applications/rls/subjects/invoice/records', { values: { amount: 500 } });
    assert.equal(rec.statusCode, 201, rec.body);
    const recordId = json<{ data: { record: { id: string } } }>(rec).data.record.id;
    const r = await create('cap', { kind: 'range', field: 'amount', max: 100 });
    let res = await req('POST', `/api/v1/rules/${r.id}/test`, { values: { amount: 150 } });
    let v = json<{ data: RuleTestResult }>(res).data;
    assert.equal(v.fails, true);
    assert.equal(v.messageEn, 'amount value 150 breaks –100');
    assert.equal(v.messageZh, 'amount 的值 150 不符合 –100');
    res = await req('POST', `/api/v1/rules/${r.id}/test`, { values: { amount: 50 } });
    assert.equal(json<{ data: RuleTestResult }>(res).data.fails, false);
    res = await req('POST', `/api/v1/rules/${r.id}/test`, { recordId });
    v = json<{ data: RuleTestResult }>(res).data;
    assert.equal(v.fails, true, res.body);
    assert.equal(v.field, 'amount');
    res = await req('POST', `/api/v1/rules/${r.id}/test`, { recordId: '00000000-0000-4000-8000-000000000000' });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(fieldsOf(res), ['recordId']);
    const refused = await req('POST', '/api/v1/applications/rls/subjects/invoice/records', { values: { amount: 501 } });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(fieldsOf(refused), ['values.amount']);
    // disabled, it is still tested as stored, and writes pass again
    await req('PATCH', `/api/v1/rules/${r.id}`, { version: r.version, enabled: false });
    assert.equal(json<{ data: RuleTestResult }>(await req('POST', `/api/v1/rules/${r.id}/test`, { recordId })).data.fails, true);
    assert.equal((await req('POST', '/api/v1/applications/rls/subjects/invoice/records', { values: { amount: 501 } })).statusCode, 201);
  });

  it("list: filters and names each rule's application and subject; members read their application, only administrators write", async () => {
    await create('tagged', { kind: 'range', field: 'amount', min: 1 }, { tags: ['audit'], severity: 'warning' });
    let res = await req('GET', '/api/v1/rules?application=rls&tag=audit');
    let page = json<{ data: Rule[]; total: number }>(res);
    assert.equal(page.total, 1);
    assert.equal(page.data[0].subject, 'invoice');
    assert.equal(page.data[0].application, 'rls');
    res = await req('GET', '/api/v1/rules?severity=warning&q=TAGG');
    assert.equal(json<{ total: number }>(res).total, 1);
    res = await req('GET', '/api/v1/rules?application=other');
    assert.equal(json<{ total: number }>(res).total, 0);
    res = await req('GET', '/api/v1/rules?application=rls&subject=invoice&pageSize=2', undefined, viewer.cookie);
    assert.equal(res.statusCode, 200);
    page = json<{ data: Rule[]; total: number }>(res);
    assert.equal(page.data.length, 2);
    assert.ok(page.total > 2);
    assert.equal((await req('GET', '/api/v1/rules', undefined, viewer.cookie)).statusCode, 403);
    assert.equal((await req('GET', '/api/v1/rules?application=rls', undefined, stranger.cookie)).statusCode, 403);
    assert.equal((await req('GET', '/api/v1/rules?application=ghost')).statusCode, 404);
    const w = await req(
      'POST',
      '/api/v1/rules',
      { ...base, name: 'x', definition: { kind: 'range', field: 'amount' } },
      viewer.cookie,
    );
    assert.equal(w.statusCode, 403);
    assert.equal((await req('GET', `/api/v1/rules/${page.data[0].id}`, undefined, viewer.cookie)).statusCode, 403);
  });

  it('a rule that no longer fits its subject says why; delete is hard and audited', async () => {
    const r = await create('gone', { kind: 'range', field: 'amount', max: 1 });
    await ctx.app.db
      .update(rules)
      .set({ definition: { kind: 'range', field: 'ghost' } })
      .where(eq(rules.id, r.id));
    const read = json<{ data: Rule }>(await req('GET', `/api/v1/rules/${r.id}`)).data;
    assert.match(read.problem ?? '', /ghost/);
    assert.equal((await req('DELETE', `/api/v1/rules/${r.id}`)).statusCode, 200);
    assert.equal((await req('GET', `/api/v1/rules/${r.id}`)).statusCode, 404);
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, r.id), eq(auditLog.action, 'rule.delete')));
    assert.equal((entry.before as { name: string }).name, 'gone');
    const [created] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, r.id), eq(auditLog.action, 'rule.create')));
    assert.ok(created);
  });

  it('at most RULES_PER_SUBJECT_MAX rules per subject: a 400 naming subject', async () => {
    const { RULES_PER_SUBJECT_MAX } = await import('../../../../contracts');
    const existing = (await ctx.app.db.select({ id: rules.id }).from(rules).where(eq(rules.subjectId, subjectId))).length;
    const [sample] = await ctx.app.db.select().from(rules).where(eq(rules.subjectId, subjectId)).limit(1);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = sample;
    await ctx.app.db
      .insert(rules)
      .values(Array.from({ length: RULES_PER_SUBJECT_MAX - existing }, (_, i) => ({ ...copy, name: `filler ${i}` })));
    const res = await req('POST', '/api/v1/rules', {
      ...base,
      name: 'one too many',
      definition: { kind: 'range', field: 'amount', min: 0 },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(fieldsOf(res), ['subject']);
  });
});
