/**
 * Rule sets API (both engines): the draft holds rules and subjects of its application only (400
 * naming `rules` / `subjects`), unique name per application (409 naming `name`), stale versions,
 * publish freezes the rules into the next version and clears the draft flag, any later edit sets it
 * again, versions list and read; a deleted rule leaves the drafts but not the versions; members read
 * the list, only administrators write; audited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Rule, RuleSet, RuleSetVersion } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { addTestMember, createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';

describe('rule sets API', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string };
  let viewer: { cookie: string };
  let subjectId = '';
  let otherSubjectId = '';
  let ruleA: Rule;
  let ruleB: Rule;
  let foreignRule: Rule;

  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, cookie = admin.cookie) =>
    call(ctx.app, method, url, { cookie, body, headers: { 'accept-language': 'en-US' } });
  const fieldsOf = (res: { body: string }) =>
    json<{ details?: { field: string }[] }>(res as never).details?.map((d) => d.field) ?? [];
  const makeRule = async (application: string, subject: string, name: string) => {
    const res = await req('POST', '/api/v1/rules', {
      application,
      subject,
      name,
      definition: { kind: 'range', field: 'amount', min: 0 },
      severity: 'warning',
      messageZh: '负数',
      messageEn: 'negative',
    });
    assert.equal(res.statusCode, 201, res.body);
    return json<{ data: Rule }>(res).data;
  };

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    const appId = await createTestApplication(ctx.app, admin.cookie, 'rsa');
    const otherId = await createTestApplication(ctx.app, admin.cookie, 'rsb');
    subjectId = (await createTestSubjectIn(ctx.app, { applicationId: appId, key: 'pay', fields: [fieldOf('amount', 'number')] }))
      .id;
    otherSubjectId = (
      await createTestSubjectIn(ctx.app, { applicationId: otherId, key: 'pay', fields: [fieldOf('amount', 'number')] })
    ).id;
    ruleA = await makeRule('rsa', 'pay', 'A');
    ruleB = await makeRule('rsa', 'pay', 'B');
    foreignRule = await makeRule('rsb', 'pay', 'F');
    const v = await userSession(ctx.app, admin.cookie);
    await addTestMember(ctx.app, admin.cookie, 'rsa', v.email, 'viewer');
    viewer = v;
  });
  after(async () => ctx.close());

  it('the draft holds rules and subjects of its application; names are unique per application', async () => {
    let res = await req('POST', '/api/v1/rule-sets', { application: 'rsa', name: 'Core', ruleIds: [foreignRule.id] });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(fieldsOf(res), ['rules']);
    res = await req('POST', '/api/v1/rule-sets', { application: 'rsa', name: 'Core', subjectIds: [otherSubjectId] });
    assert.deepEqual(fieldsOf(res), ['subjects']);
    res = await req('POST', '/api/v1/rule-sets', {
      application: 'rsa',
      name: 'Core',
      ruleIds: [ruleA.id],
      subjectIds: [subjectId],
    });
    assert.equal(res.statusCode, 201, res.body);
    const set = json<{ data: RuleSet }>(res).data;
    assert.equal(set.publishedVersion, 0);
    assert.equal(set.draftChanged, true);
    res = await req('POST', '/api/v1/rule-sets', { application: 'rsa', name: 'core' });
    assert.equal(res.statusCode, 409);
    assert.deepEqual(fieldsOf(res), ['name']);
    res = await req('POST', '/api/v1/rule-sets', { application: 'rsb', name: 'core' });
    assert.equal(res.statusCode, 201, 'another application may use the name');
  });

  it('publish freezes the rules into the next version; a later edit makes a draft; versions list and read', async () => {
    let res = await req('POST', '/api/v1/rule-sets', {
      application: 'rsa',
      name: 'Pub',
      ruleIds: [ruleA.id, ruleB.id],
      wholeApplication: true,
    });
    let set = json<{ data: RuleSet }>(res).data;
    res = await req('POST', `/api/v1/rule-sets/${set.id}/publish`, { note: 'first' });
    assert.equal(res.statusCode, 201, res.body);
    const v1 = json<{ data: RuleSetVersion }>(res).data;
    assert.equal(v1.version, 1);
    assert.deepEqual(
      v1.rules.map((r) => r.name),
      ['A', 'B'],
    );
    set = json<{ data: RuleSet }>(await req('GET', `/api/v1/rule-sets/${set.id}`)).data;
    assert.equal(set.publishedVersion, 1);
    assert.equal(set.draftChanged, false);

    // stale version
    res = await req('PATCH', `/api/v1/rule-sets/${set.id}`, { version: set.version - 1, name: 'Late' });
    assert.equal(res.statusCode, 409);
    assert.equal(json<{ errorCode: string }>(res).errorCode, 'STALE_VERSION');
    // the same ids in another order change nothing
    res = await req('PATCH', `/api/v1/rule-sets/${set.id}`, { version: set.version, ruleIds: [ruleB.id, ruleA.id] });
    assert.equal(json<{ unchanged?: boolean }>(res).unchanged, true);
    // an edit makes a draft
    res = await req('PATCH', `/api/v1/rule-sets/${set.id}`, { version: set.version, ruleIds: [ruleB.id] });
    set = json<{ data: RuleSet }>(res).data;
    assert.equal(set.draftChanged, true);
    assert.equal(set.publishedVersion, 1);

    // a rule edited after publishing: the version keeps its frozen copy
    await req('PATCH', `/api/v1/rules/${ruleB.id}`, { version: ruleB.version, messageEn: 'below zero' });
    res = await req('POST', `/api/v1/rule-sets/${set.id}/publish`, {});
    const v2 = json<{ data: RuleSetVersion }>(res).data;
    assert.equal(v2.version, 2);
    assert.equal(v2.rules[0].messageEn, 'below zero');
    const list = json<{ data: RuleSetVersion[]; total: number }>(await req('GET', `/api/v1/rule-sets/${set.id}/versions`));
    assert.equal(list.total, 2);
    assert.deepEqual(
      list.data.map((v) => [v.version, v.ruleCount, v.rules.length]),
      [
        [2, 1, 0],
        [1, 2, 0],
      ],
    );
    const read1 = json<{ data: RuleSetVersion }>(await req('GET', `/api/v1/rule-sets/${set.id}/versions/1`)).data;
    assert.equal(read1.note, 'first');
    assert.equal(read1.rules.find((r) => r.name === 'B')?.messageEn, 'negative');
    assert.equal((await req('GET', `/api/v1/rule-sets/${set.id}/versions/9`)).statusCode, 404);

    // a deleted rule leaves the draft (which then differs) but not the versions
    await req('DELETE', `/api/v1/rules/${ruleB.id}`);
    set = json<{ data: RuleSet }>(await req('GET', `/api/v1/rule-sets/${set.id}`)).data;
    assert.deepEqual(set.ruleIds, []);
    assert.equal(set.draftChanged, true);
    assert.equal(json<{ data: RuleSetVersion }>(await req('GET', `/api/v1/rule-sets/${set.id}/versions/2`)).data.rules.length, 1);

    const actions = (await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, set.id))).map((e) => e.action).sort();
    assert.deepEqual(actions, ['rule_set.create', 'rule_set.publish', 'rule_set.publish', 'rule_set.update']);
    const [upd] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, set.id), eq(auditLog.action, 'rule_set.update')));
    assert.deepEqual(upd.before, { ruleIds: [ruleA.id, ruleB.id].sort() });
    assert.deepEqual(upd.after, { ruleIds: [ruleB.id] });
  });

  it('members read the list of their application; only administrators write; delete is hard', async () => {
    let res = await req('GET', '/api/v1/rule-sets?application=rsa', undefined, viewer.cookie);
    assert.equal(res.statusCode, 200);
    const sets = json<{ data: RuleSet[] }>(res).data;
    assert.ok(sets.length >= 2);
    assert.ok(sets.every((s) => s.application === 'rsa'));
    assert.equal((await req('GET', '/api/v1/rule-sets?application=rsb', undefined, viewer.cookie)).statusCode, 403);
    assert.equal((await req('GET', '/api/v1/rule-sets', undefined, viewer.cookie)).statusCode, 403);
    assert.equal((await req('POST', '/api/v1/rule-sets', { application: 'rsa', name: 'V' }, viewer.cookie)).statusCode, 403);
    assert.equal((await req('POST', `/api/v1/rule-sets/${sets[0].id}/publish`, {}, viewer.cookie)).statusCode, 403);
    res = await req('DELETE', `/api/v1/rule-sets/${sets[0].id}`);
    assert.equal(res.statusCode, 200);
    assert.equal((await req('GET', `/api/v1/rule-sets/${sets[0].id}`)).statusCode, 404);
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, sets[0].id), eq(auditLog.action, 'rule_set.delete')));
    assert.ok(entry);
  });
});
