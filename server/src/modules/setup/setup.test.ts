import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call, createTestApp, DEFAULT_PASSWORD, initAdmin, json, ownDatabasePerTest } from '../../test/helpers';

ownDatabasePerTest('first-run setup needs an empty database');

interface Envelope {
  success: boolean;
  data?: { initialized?: boolean; isAdmin?: boolean; email?: string };
  errorCode?: string;
  errorMessage?: string;
  showType?: number;
  details?: { field: string; message: string }[];
}

test('setup: init creates the first administrator once, then closes', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);

  const before = await call(app, 'GET', '/api/v1/setup/status');
  assert.equal(before.statusCode, 200);
  assert.deepEqual(json(before), { success: true, data: { initialized: false } });

  const first = await call(app, 'POST', '/api/v1/setup/init', {
    body: { name: 'Ada', email: '  Ada@Example.COM ', password: DEFAULT_PASSWORD },
  });
  assert.equal(first.statusCode, 201);
  const created = json<Envelope>(first);
  assert.equal(created.success, true);
  assert.equal(created.data?.isAdmin, true);
  assert.equal(created.data?.email, 'ada@example.com');
  assert.equal(first.cookies.length, 0, 'init opens no session');

  const after = await call(app, 'GET', '/api/v1/setup/status');
  assert.deepEqual(json(after), { success: true, data: { initialized: true } });

  const second = await call(app, 'POST', '/api/v1/setup/init', {
    body: { name: 'Eve', email: 'eve@example.com', password: DEFAULT_PASSWORD },
    headers: { 'accept-language': 'en-US' },
  });
  assert.equal(second.statusCode, 409);
  const closed = json<Envelope>(second);
  assert.equal(closed.success, false);
  assert.equal(closed.errorCode, 'SETUP_CLOSED');
  assert.equal(closed.errorMessage, 'Assay is already initialised; setup is closed');
});

test('setup: concurrent inits create exactly one administrator', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const results = await Promise.all(
    ['a', 'b', 'c'].map((n) =>
      call(app, 'POST', '/api/v1/setup/init', {
        body: { name: n, email: `${n}@example.com`, password: DEFAULT_PASSWORD },
      }),
    ),
  );
  const codes = results.map((r) => r.statusCode).sort();
  assert.deepEqual(codes, [201, 409, 409]);
});

test('setup: a weak password is a 400 naming the field, in the request language', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const body = { name: 'Ada', email: 'ada@example.com', password: 'aaaaaaaaaaaa' };

  const zh = await call(app, 'POST', '/api/v1/setup/init', { body, headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
  assert.equal(zh.statusCode, 400);
  const zhBody = json<Envelope>(zh);
  assert.equal(zhBody.success, false);
  assert.equal(zhBody.errorCode, 'VALIDATION_FAILED');
  assert.equal(zhBody.showType, 2);
  assert.equal(zhBody.errorMessage, '输入有误，请检查标出的字段');
  assert.deepEqual(zhBody.details, [{ field: 'password', message: '密码需同时包含字母和数字，且不能过于简单' }]);

  const en = await call(app, 'POST', '/api/v1/setup/init', { body, headers: { 'accept-language': 'en-GB,en;q=0.8' } });
  assert.equal(en.statusCode, 400);
  const enBody = json<Envelope>(en);
  assert.equal(enBody.errorMessage, 'Some fields are invalid; check the marked fields');
  assert.deepEqual(enBody.details, [
    { field: 'password', message: 'Password must contain letters and digits and not be trivially simple' },
  ]);

  // A short password and a bad e-mail: each field named, in the default language (zh-CN).
  const many = await call(app, 'POST', '/api/v1/setup/init', { body: { name: 'Ada', email: 'nope', password: 'a1' } });
  assert.equal(many.statusCode, 400);
  assert.deepEqual([...new Set(json<Envelope>(many).details?.map((d) => d.field))].sort(), ['email', 'password']);
  assert.ok(json<Envelope>(many).details?.some((d) => d.field === 'email' && d.message === '邮箱格式不正确'));
  assert.ok(json<Envelope>(many).details?.some((d) => d.field === 'password' && d.message === '密码至少 10 个字符'));

  // zod's own messages are localised too (missing field → invalid_type).
  const missingZh = await call(app, 'POST', '/api/v1/setup/init', { body: { email: 'ada@example.com', password: DEFAULT_PASSWORD } });
  const missingEn = await call(app, 'POST', '/api/v1/setup/init', {
    body: { email: 'ada@example.com', password: DEFAULT_PASSWORD },
    headers: { 'accept-language': 'en' },
  });
  const zhName = json<Envelope>(missingZh).details?.find((d) => d.field === 'name');
  const enName = json<Envelope>(missingEn).details?.find((d) => d.field === 'name');
  assert.ok(zhName && /无效输入/.test(zhName.message), zhName?.message);
  assert.ok(enName && /Invalid input/.test(enName.message), enName?.message);

  const status = await call(app, 'GET', '/api/v1/setup/status');
  assert.deepEqual(json(status), { success: true, data: { initialized: false } });
  // and initialising still works afterwards
  await initAdmin(app);
});
