/**
 * Deploy packages (docs/deploy.md): the round trip into a fresh installation, the diff of each kind
 * of change with a field type change's counts, apply and rollback (records of an added subject to the
 * recycle bin, converted values restored from history), the refusals (tampered, newer format,
 * unsigned until trusted), secrets never exported, access and audit entries.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { and, eq, gt } from 'drizzle-orm';
import type { DeployApplyResult, DeployDiff, DeployDocument, DeployModel, DeployPackage, DeployRollbackResult } from '../../../../contracts';
import { auditLog, recycleBin } from '../../db/schema';
import { adminSession, call, createTestApp, createUser, json, userSession } from '../../test/helpers';
import { buildModel, exportZip, openZip, post, SECRET_VALUE, upload, uploadRaw, zipOf } from './deploy.test-support';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n += 1)}`;

/** The model without what differs between installations by design (owners are each side's users). */
function comparable(model: DeployModel) {
  return {
    ...model,
    rules: model.rules.map((r) => ({ ...r, owner: null })),
    ruleSets: model.ruleSets.map((r) => ({ ...r, owner: null })),
    triggers: model.triggers.map((t) => ({ ...t, owner: null })),
  };
}

test('deploy: round trip into a fresh installation (unknown signer until trusted), object by object, secret never exported', async (t) => {
  const source = await createTestApp();
  t.after(source.close);
  const target = await createTestApp({ ownDatabase: 'the target of a deploy is another installation: a fresh database' });
  t.after(target.close);
  const a = await adminSession(source.app);
  const b = await adminSession(target.app);
  const slug = `rt-${unique()}`;
  await buildModel(source.app, a.cookie, slug, unique());

  const bytes = await exportZip(source.app, a.cookie, slug);
  assert.ok(!bytes.includes(Buffer.from(SECRET_VALUE)), 'the zip does not hold the secret value');
  const { document, signature } = await openZip(bytes);
  assert.ok(!JSON.stringify(document).includes(SECRET_VALUE));
  assert.ok(signature, 'signed');
  assert.equal(document.manifest.formatVersion, 1);
  const secret = document.model.variables.find((v) => v.key === 'HOOK_SECRET')!;
  assert.deepEqual([secret.type, secret.value], ['secret', null]);
  for (const kind of ['subjects', 'views', 'forms', 'rules', 'ruleSets', 'actions', 'triggers', 'templates', 'categories', 'tags', 'variables'] as const)
    assert.ok(document.model[kind].length > 0, `${kind} exported`);
  assert.doesNotMatch(JSON.stringify(document.model), /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, 'no database id travels');

  // the target: an unknown signer, not applicable until trusted
  const pkg = await upload(target.app, b.cookie, bytes);
  assert.deepEqual([pkg.signature, pkg.accepted, pkg.application.slug], ['unknown_signer', false, slug]);
  const refused = await call(target.app, 'POST', `/api/v1/deploy/packages/${pkg.id}/apply`, { cookie: b.cookie, body: {} });
  assert.equal(refused.statusCode, 409);
  assert.match(json<{ errorMessage: string }>(refused).errorMessage, /不受信任|not trusted/);

  const diff = await (async () => {
    const res = await call(target.app, 'GET', `/api/v1/deploy/packages/${pkg.id}/diff`, { cookie: b.cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: DeployDiff }>(res).data;
  })();
  assert.equal(diff.application.exists, false);
  assert.ok(diff.changes.every((c) => c.change === 'added'));
  assert.deepEqual(diff.variables.find((v) => v.key === 'HOOK_SECRET'), { key: 'HOOK_SECRET', type: 'secret', secret: true, suggested: null });

  // a secret's value never travels: the target provides its own variable (mapped), then trusts and applies
  const glob = await post(target.app, b.cookie, '/api/v1/variables', { key: 'TARGET_HOOK', type: 'secret', value: 'target-own' });
  void glob;
  const trusted = await post<DeployPackage>(target.app, b.cookie, `/api/v1/deploy/packages/${pkg.id}/trust`, { mode: 'signer' });
  assert.deepEqual([trusted.signature, trusted.accepted], ['trusted', true]);
  // the source's owner (its administrator) is mapped to a user of the target by e-mail
  const owner = await createUser(target.app, b.cookie, { name: 'Mapped owner' });
  const applied = await post<DeployApplyResult>(target.app, b.cookie, `/api/v1/deploy/packages/${pkg.id}/apply`, {
    variableMap: { HOOK_SECRET: 'TARGET_HOOK' },
    userMap: { [a.user.email]: owner.email },
  });
  assert.equal(applied.dryRun, false);
  assert.ok(applied.deploymentId);
  assert.equal(applied.added, diff.changes.length);

  // the target's model, exported again, is the source's object by object
  const again = await openZip(await exportZip(target.app, b.cookie, slug));
  const want = comparable(document.model);
  const got = comparable(again.document.model);
  // the secret variable was mapped to the target's own: the action names it
  want.variables = want.variables.filter((v) => v.key !== 'HOOK_SECRET');
  want.actions = want.actions.map((x) => ({ ...x, config: { ...x.config, secretVariable: 'TARGET_HOOK' } }));
  for (const kind of Object.keys(want) as (keyof DeployModel)[]) assert.deepEqual(got[kind], want[kind], kind);
  assert.deepEqual(
    [...again.document.model.rules, ...again.document.model.ruleSets, ...again.document.model.triggers].map((x) => x.owner),
    [owner.email, owner.email, owner.email],
  );

  const actions = (await target.handle.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
  for (const action of ['deploy.upload', 'deploy.trust', 'deploy.apply', 'deploy.export']) assert.ok(actions.includes(action), action);
  assert.ok(!actions.includes('subject.create'), 'the services’ entries are folded into deploy.apply');
});

test('deploy: refusals — tampered bytes, a newer format, unsigned until accepted; access is administrators only', async () => {
  const { app, handle } = await createTestApp();
  const a = await adminSession(app);
  const slug = `rf-${unique()}`;
  await post(app, a.cookie, '/api/v1/applications', { slug, name: 'Refusals' });
  const bytes = await exportZip(app, a.cookie, slug);
  const { document, signature } = await openZip(bytes);

  const own = await upload(app, a.cookie, bytes);
  assert.deepEqual([own.signature, own.accepted], ['trusted', true], "this installation's own key is trusted");

  const tampered = await uploadRaw(app, a.cookie, await zipOf({ ...document, manifest: { ...document.manifest, exportedBy: 'mallory@example.com' } }, signature));
  assert.equal(tampered.statusCode, 422);
  assert.match(json<{ errorMessage: string }>(tampered).errorMessage, /签名无效|signature does not verify/);

  const newer = await uploadRaw(app, a.cookie, await zipOf({ ...document, manifest: { ...document.manifest, formatVersion: 2 } }, signature));
  assert.equal(newer.statusCode, 422);
  assert.match(json<{ errorMessage: string }>(newer).errorMessage, /格式版本 2|format version 2/);

  const junk = await uploadRaw(app, a.cookie, Buffer.from('not a zip'));
  assert.equal(junk.statusCode, 400);
  assert.equal(json<{ details: { field: string }[] }>(junk).details[0].field, 'file');

  const badMap = await call(app, 'POST', `/api/v1/deploy/packages/${own.id}/dry-run`, { cookie: a.cookie, body: { variableMap: { X: 'NO_SUCH_VAR' } } });
  assert.equal(badMap.statusCode, 400);
  assert.equal(json<{ details: { field: string }[] }>(badMap).details[0].field, 'variableMap.X');

  const unsigned = await upload(app, a.cookie, await zipOf(document));
  assert.deepEqual([unsigned.signature, unsigned.accepted], ['unsigned', false]);
  const dry = await call(app, 'POST', `/api/v1/deploy/packages/${unsigned.id}/dry-run`, { cookie: a.cookie, body: {} });
  assert.equal(dry.statusCode, 409);
  const noSigner = await call(app, 'POST', `/api/v1/deploy/packages/${unsigned.id}/trust`, { cookie: a.cookie, body: { mode: 'signer' } });
  assert.equal(noSigner.statusCode, 400);
  const accepted = await post<DeployPackage>(app, a.cookie, `/api/v1/deploy/packages/${unsigned.id}/trust`, { mode: 'package' });
  assert.deepEqual([accepted.signature, accepted.accepted], ['unsigned', true]);
  const del = await call(app, 'DELETE', `/api/v1/deploy/packages/${unsigned.id}`, { cookie: a.cookie });
  assert.equal(del.statusCode, 200);

  const user = await userSession(app, a.cookie);
  for (const [method, url] of [
    ['GET', '/api/v1/deploy/packages'],
    ['GET', '/api/v1/deploy/key'],
    ['POST', '/api/v1/deploy/export'],
    ['POST', `/api/v1/deploy/packages/${own.id}/apply`],
  ] as const) {
    const res = await call(app, method, url, { cookie: user.cookie, body: method === 'POST' ? { application: slug } : undefined });
    assert.equal(res.statusCode, 403, `${method} ${url}`);
  }
  const entries = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, 'deploy.trust'), eq(auditLog.targetId, unsigned.id)));
  assert.equal(entries.length, 1);
});

test('deploy: diff of each kind, a type change with its counts, apply in one transaction, one-step rollback', async () => {
  const { app, handle } = await createTestApp();
  const a = await adminSession(app);
  const slug = `df-${unique()}`;
  await buildModel(app, a.cookie, slug, unique());
  const recs = `/api/v1/applications/${slug}/subjects/invoice/records`;
  const r1 = await post<{ record: { id: string } }>(app, a.cookie, recs, { values: { title: 'one', amount: '+5' } });
  await post(app, a.cookie, recs, { values: { title: 'two', amount: '7.5' } });
  const bad = await post<{ record: { id: string } }>(app, a.cookie, recs, { values: { title: 'three', amount: 'abc' } });

  // the package: the model exported, then edited (as another installation would have it), unsigned
  const { document } = await openZip(await exportZip(app, a.cookie, slug));
  const m = structuredClone(document.model);
  const invoice = m.subjects.find((s) => s.key === 'invoice')!;
  invoice.fields.find((f) => f.key === 'amount')!.type = 'number';
  invoice.fields.find((f) => f.key === 'title')!.name = 'Heading';
  m.subjects.push({ key: 'extra', name: 'Extra', icon: null, description: null, displayField: null, fields: [{ key: 'note', name: 'Note', type: 'text', position: 0, required: false, unique: false, options: {}, validation: {}, helpText: null }] });
  m.views[0].name = 'Renamed view';
  m.forms = [];
  m.rules[0].messageEn = 'Out of range';
  m.tags.push({ name: `New tag ${unique()}`, color: '#00ff00' });
  const edited: DeployDocument = { ...document, model: m };
  const pkg = await upload(app, a.cookie, await zipOf(edited));
  await post(app, a.cookie, `/api/v1/deploy/packages/${pkg.id}/trust`, { mode: 'package' });

  const diff = json<{ data: DeployDiff }>(await call(app, 'GET', `/api/v1/deploy/packages/${pkg.id}/diff`, { cookie: a.cookie })).data;
  const find = (kind: string, key: string) => diff.changes.find((c) => c.kind === kind && c.key === key);
  assert.deepEqual(find('subject', 'extra')?.change, 'added');
  assert.deepEqual(find('field', 'extra.note')?.change, 'added');
  assert.deepEqual(find('field', 'invoice.title')?.properties, ['name']);
  assert.deepEqual(find('view', 'invoice/Renamed view')?.change, 'added');
  assert.deepEqual(find('view', 'invoice/All invoices')?.change, 'removed');
  assert.deepEqual(find('form', 'invoice/Entry')?.change, 'removed');
  assert.deepEqual(find('rule', 'invoice/Total range')?.properties, ['messageEn']);
  assert.equal(diff.changes.filter((c) => c.kind === 'tag').length, 1);
  const amount = find('field', 'invoice.amount')!;
  assert.deepEqual(amount.properties, ['type']);
  assert.deepEqual(amount.typeChange, { from: 'text', to: 'number', allowed: true, records: 3, converted: 2, refused: 1 });
  assert.equal(diff.kinds.find((k) => k.kind === 'field')!.changed, 2);

  // a value that does not convert refuses the whole apply; nothing is kept
  const failed = await call(app, 'POST', `/api/v1/deploy/packages/${pkg.id}/apply`, { cookie: a.cookie, body: {} });
  assert.equal(failed.statusCode, 422, failed.body);
  assert.match(failed.body, /invoice\.amount/);
  const still = json<{ data: DeployDiff }>(await call(app, 'GET', `/api/v1/deploy/packages/${pkg.id}/diff`, { cookie: a.cookie })).data;
  assert.equal(still.changes.length, diff.changes.length);

  await post(app, a.cookie, `${recs}/${bad.record.id}`, { version: 1, values: { amount: null } }, 'PATCH');
  const dry = await post<DeployApplyResult>(app, a.cookie, `/api/v1/deploy/packages/${pkg.id}/dry-run`, {});
  assert.deepEqual([dry.dryRun, dry.converted, dry.deploymentId], [true, 2, null]);
  const afterDry = json<{ data: DeployDiff }>(await call(app, 'GET', `/api/v1/deploy/packages/${pkg.id}/diff`, { cookie: a.cookie })).data;
  assert.equal(afterDry.changes.length, diff.changes.length, 'a dry run keeps nothing');

  const applied = await post<DeployApplyResult>(app, a.cookie, `/api/v1/deploy/packages/${pkg.id}/apply`, {});
  assert.equal(applied.converted, 2);
  const converted = json<{ data: { record: { values: Record<string, unknown> } } }>(await call(app, 'GET', `${recs}/${r1.record.id}`, { cookie: a.cookie })).data.record;
  assert.equal(String(converted.values.amount), '5');
  await post(app, a.cookie, `/api/v1/applications/${slug}/subjects/extra/records`, { values: { note: 'kept in the bin' } });

  // rollback: the added subject to the bin with its records, the converted values restored from history
  const since = new Date();
  const rb = await post<DeployRollbackResult>(app, a.cookie, `/api/v1/deploy/deployments/${applied.deploymentId}/rollback`, {});
  assert.equal(rb.deployment.state, 'rolled_back');
  assert.equal(rb.restoredValues, 3, 'every record of the subject gets its value of the time back (one was empty)');
  const back = json<{ data: { record: { values: Record<string, unknown> } } }>(await call(app, 'GET', `${recs}/${r1.record.id}`, { cookie: a.cookie })).data.record;
  assert.equal(back.values.amount, '+5', 'the text as it was, from history');
  const bin = await handle.db.select().from(recycleBin).where(and(eq(recycleBin.type, 'subject'), gt(recycleBin.deletedAt, since)));
  assert.ok(bin.some((e) => (e.details as { key?: string; records?: number }).key === 'extra' && (e.details as { records: number }).records === 1));
  const model = (await openZip(await exportZip(app, a.cookie, slug))).document.model;
  assert.deepEqual(comparable(model).subjects, comparable({ ...document.model }).subjects);
  assert.deepEqual(model.forms.map((f) => f.name), ['Entry']);
  assert.deepEqual(model.views.map((v) => v.name), ['All invoices']);
  const again = await call(app, 'POST', `/api/v1/deploy/deployments/${applied.deploymentId}/rollback`, { cookie: a.cookie });
  assert.equal(again.statusCode, 409);
  const entries = (await handle.db.select({ action: auditLog.action, targetId: auditLog.targetId }).from(auditLog).where(gt(auditLog.at, since))).map((e) => e.action);
  assert.deepEqual(entries.filter((x) => x.startsWith('deploy.')), ['deploy.rollback', 'deploy.export']);
});
