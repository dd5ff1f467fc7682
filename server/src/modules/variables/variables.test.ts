import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Variable } from '../../../../contracts';
import { auditLog, variables } from '../../db/schema';
import { adminSession, call, createTestApp, json, ownDatabasePerTest } from '../../test/helpers';
import { recyclableOf } from '../../core/recycle.registry';
import { currentSecretKey, decryptSecret, encryptSecret, loadSecretKey, parseSecretKey } from './variables.crypto';
import { readVariable } from './variables.service';

ownDatabasePerTest('variables are one list for the whole database, paged and counted');

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

test('variables: values are validated per type (400 naming value) and keys per scope are unique (409 naming key)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const post = (body: unknown) => call(app, 'POST', '/api/v1/variables', { cookie, body });

  const badNumber = await post({ key: 'limit', type: 'number', value: '12abc' });
  assert.equal(badNumber.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(badNumber).details?.map((d) => d.field), ['value']);
  const badJson = await post({ key: 'cfg', type: 'json', value: '{oops' });
  assert.equal(badJson.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(badJson).details?.map((d) => d.field), ['value']);
  const badKey = await post({ key: '1st key', type: 'text', value: '' });
  assert.deepEqual(json<ErrorBody>(badKey).details?.map((d) => d.field), ['key']);

  assert.equal((await post({ key: 'limit', type: 'number', value: '12.5' })).statusCode, 201);
  const cfg = await post({ key: 'cfg', type: 'json', value: '{"a":[1,2]}', description: 'Settings' });
  assert.equal(cfg.statusCode, 201);
  const dup = await post({ key: 'limit', type: 'text', value: 'x' });
  assert.equal(dup.statusCode, 409);
  assert.deepEqual(json<ErrorBody>(dup).details?.map((d) => d.field), ['key']);

  // the same key in an application's scope is another variable
  const created = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'scoped', name: 'Scoped' } });
  const appId = json<{ data: { id: string } }>(created).data.id;
  const scoped = await post({ key: 'limit', type: 'number', value: '7', applicationId: appId });
  assert.equal(scoped.statusCode, 201);
  assert.equal(json<{ data: Variable }>(scoped).data.applicationSlug, 'scoped');
  assert.equal((await post({ key: 'limit', type: 'number', value: '8', applicationId: appId })).statusCode, 409);
  assert.equal((await post({ key: 'x', type: 'text', value: '', applicationId: '00000000-0000-4000-8000-000000000000' })).statusCode, 404);

  // application scope overrides the global value
  assert.equal((await readVariable(app.db, 'limit', appId))?.value, '7');
  assert.equal((await readVariable(app.db, 'limit'))?.value, '12.5');
  assert.equal((await readVariable(app.db, 'limit', appId))?.scope, 'application');
  assert.equal(await readVariable(app.db, 'missing'), undefined);

  // list: filters, search, sort
  const all = json<{ data: Variable[]; total: number }>(await call(app, 'GET', '/api/v1/variables?sort=key:desc', { cookie }));
  assert.equal(all.total, 3);
  assert.deepEqual(all.data.map((v) => v.key), ['limit', 'limit', 'cfg']);
  const global = json<{ total: number }>(await call(app, 'GET', '/api/v1/variables?scope=global', { cookie }));
  assert.equal(global.total, 2);
  const inApp = json<{ total: number }>(await call(app, 'GET', `/api/v1/variables?scope=${appId}`, { cookie }));
  assert.equal(inApp.total, 1);
  const jsonOnes = json<{ data: Variable[] }>(await call(app, 'GET', '/api/v1/variables?type=json&q=sett', { cookie }));
  assert.deepEqual(jsonOnes.data.map((v) => v.key), ['cfg']);

  // update: value checked against the resulting type
  const cfgId = json<{ data: Variable }>(cfg).data.id;
  const toNumber = await call(app, 'PATCH', `/api/v1/variables/${cfgId}`, { cookie, body: { type: 'number' } });
  assert.equal(toNumber.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(toNumber).details?.map((d) => d.field), ['value']);
  const fixed = await call(app, 'PATCH', `/api/v1/variables/${cfgId}`, { cookie, body: { type: 'number', value: '3' } });
  assert.equal(fixed.statusCode, 200);
  assert.equal(json<{ data: Variable }>(fixed).data.value, '3');
});

test('variables: a secret is never returned, is stored encrypted and masked in the audit log', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const plaintext = 'sk-live-TopSecret-42';
  const created = await call(app, 'POST', '/api/v1/variables', {
    cookie,
    body: { key: 'OPENAI_KEY', type: 'secret', value: plaintext, description: 'model provider' },
  });
  assert.equal(created.statusCode, 201);
  assert.ok(!created.body.includes(plaintext));
  const v = json<{ data: Variable }>(created).data;
  assert.equal(v.value, null);
  assert.equal(v.hasValue, true);

  for (const url of ['/api/v1/variables', `/api/v1/variables/${v.id}`, '/api/v1/variables?type=secret', '/api/v1/audit']) {
    const res = await call(app, 'GET', url, { cookie });
    assert.equal(res.statusCode, 200, url);
    assert.ok(!res.body.includes(plaintext), `${url} does not carry the secret`);
  }
  const newValue = 'sk-live-Rotated-43';
  const updated = await call(app, 'PATCH', `/api/v1/variables/${v.id}`, { cookie, body: { value: newValue } });
  assert.equal(updated.statusCode, 200);
  assert.ok(!updated.body.includes(newValue));
  const renamed = await call(app, 'PATCH', `/api/v1/variables/${v.id}`, { cookie, body: { description: 'rotated' } });
  assert.equal(json<{ data: Variable }>(renamed).data.hasValue, true);

  // raw column: not the plaintext, decrypts with the process key, bound to the row id
  const [row] = await handle.db.select().from(variables).where(eq(variables.id, v.id));
  assert.equal(row.value, null);
  assert.ok(row.secret && !row.secret.includes(newValue));
  assert.match(row.secret, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  assert.equal(decryptSecret(row.secret, v.id, currentSecretKey()), newValue);
  assert.throws(() => decryptSecret(row.secret!, 'another-id'));
  assert.equal((await readVariable(app.db, 'OPENAI_KEY'))?.value, newValue);

  const entries = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, v.id));
  assert.equal(entries.length, 3);
  const text = JSON.stringify(entries);
  assert.ok(!text.includes(plaintext) && !text.includes(newValue));
  assert.ok(text.includes('***'));

  // changing a secret to text needs a new value
  const noValue = await call(app, 'PATCH', `/api/v1/variables/${v.id}`, { cookie, body: { type: 'text' } });
  assert.equal(noValue.statusCode, 400);
  const emptySecret = await call(app, 'POST', '/api/v1/variables', { cookie, body: { key: 'EMPTY', type: 'secret', value: '' } });
  assert.equal(emptySecret.statusCode, 400);
});

test('variables: delete goes to the recycle bin; restore refuses a key taken meanwhile', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const make = async (value: string) =>
    json<{ data: Variable }>(await call(app, 'POST', '/api/v1/variables', { cookie, body: { key: 'region', type: 'text', value } })).data;
  const first = await make('eu');
  assert.equal((await call(app, 'DELETE', `/api/v1/variables/${first.id}`, { cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `/api/v1/variables/${first.id}`, { cookie })).statusCode, 404);
  assert.equal(json<{ total: number }>(await call(app, 'GET', '/api/v1/variables', { cookie })).total, 0);
  assert.equal((await call(app, 'DELETE', `/api/v1/variables/${first.id}`, { cookie })).statusCode, 404);

  const recyclable = recyclableOf('variable');
  assert.ok(recyclable);
  const second = await make('us');
  await assert.rejects(
    handle.db.transaction((tx) => recyclable.restore(tx, first.id)),
    (err: { status?: number; details?: { field: string }[] }) => err.status === 409 && err.details?.[0].field === 'key',
  );
  await call(app, 'DELETE', `/api/v1/variables/${second.id}`, { cookie });
  await handle.db.transaction((tx) => recyclable.restore(tx, first.id));
  const back = json<{ data: Variable }>(await call(app, 'GET', `/api/v1/variables/${first.id}`, { cookie })).data;
  assert.equal(back.value, 'eu');
  await handle.db.transaction((tx) => recyclable.purge(tx, second.id));
  assert.equal((await handle.db.select().from(variables).where(eq(variables.id, second.id))).length, 0);
});

test('variables: the secret key comes from ASSAY_SECRET_KEY or a 0600 file generated in the data folder', () => {
  const hex = 'a'.repeat(64);
  assert.equal(parseSecretKey(hex).length, 32);
  assert.equal(parseSecretKey(Buffer.alloc(32, 7).toString('base64')).length, 32);
  assert.throws(() => parseSecretKey('short'));
  assert.equal(loadSecretKey({ ASSAY_SECRET_KEY: hex }, '/nonexistent').source, 'ASSAY_SECRET_KEY');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-secret-'));
  try {
    const generated = loadSecretKey({}, dir);
    assert.equal(generated.source, 'generated');
    const file = path.join(dir, 'secret.key');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const again = loadSecretKey({}, dir);
    assert.equal(again.source, 'file');
    assert.equal(again.keyId, generated.keyId);
    const sealed = encryptSecret('hello', 'id-1', generated);
    assert.equal(decryptSecret(sealed, 'id-1', again), 'hello');
    assert.throws(() => decryptSecret(sealed, 'id-1', loadSecretKey({ ASSAY_SECRET_KEY: hex }, dir)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
