import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { User } from '../../../../contracts';
import { adminSession, call, createTestApp, json, login, userSession } from '../../test/helpers';

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}

test('users: 401 for anonymous and 403 for a non-admin on GET and POST /users', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);

  assert.equal((await call(app, 'GET', '/api/v1/users')).statusCode, 401);
  const forbidden = await call(app, 'GET', '/api/v1/users', { cookie: user.cookie });
  assert.equal(forbidden.statusCode, 403);
  assert.equal(json<ErrorBody>(forbidden).errorCode, 'FORBIDDEN');
  assert.equal(json<ErrorBody>(forbidden).errorMessage, '没有权限执行此操作');
  const post = await call(app, 'POST', '/api/v1/users', {
    cookie: user.cookie,
    body: { name: 'X', email: 'x@example.com', password: 'Long-enough-1' },
  });
  assert.equal(post.statusCode, 403);
});

test('users: an administrator creates and lists accounts; duplicates are a 409', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);

  const created = await call(app, 'POST', '/api/v1/users', {
    cookie,
    body: { name: 'Zoe Auditor', email: 'Zoe@Example.com', password: 'Long-enough-1' },
  });
  assert.equal(created.statusCode, 201);
  const user = json<{ data: User }>(created).data;
  assert.equal(user.email, 'zoe@example.com');
  assert.equal(user.isAdmin, false);
  assert.equal(user.locale, 'zh-CN');
  assert.ok(!('passwordHash' in user));
  assert.ok(await login(app, 'zoe@example.com', 'Long-enough-1'));

  const duplicate = await call(app, 'POST', '/api/v1/users', {
    cookie,
    body: { name: 'Other', email: 'zoe@example.com', password: 'Long-enough-1' },
    headers: { 'accept-language': 'en-US' },
  });
  assert.equal(duplicate.statusCode, 409);
  assert.equal(json<ErrorBody>(duplicate).errorCode, 'EMAIL_TAKEN');
  assert.deepEqual(json<ErrorBody>(duplicate).details, [
    { field: 'email', message: 'This e-mail address is already in use' },
  ]);

  const invalid = await call(app, 'POST', '/api/v1/users', { cookie, body: { name: 'Y', email: 'y@example.com', password: 'short1' } });
  assert.equal(invalid.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(invalid).details, [{ field: 'password', message: '密码至少 10 个字符' }]);

  const list = json<{ data: User[]; total: number; current: number; pageSize: number }>(
    await call(app, 'GET', '/api/v1/users', { cookie }),
  );
  assert.equal(list.total, 2);
  assert.equal(list.current, 1);
  assert.equal(list.pageSize, 20);
  assert.deepEqual(list.data.map((u) => u.email), ['admin@example.com', 'zoe@example.com']);

  const search = json<{ data: User[]; total: number }>(await call(app, 'GET', '/api/v1/users?q=zoe', { cookie }));
  assert.equal(search.total, 1);
  assert.equal(search.data[0].name, 'Zoe Auditor');
  // LIKE wildcards in q are literal
  const wildcard = json<{ total: number }>(await call(app, 'GET', '/api/v1/users?q=%25', { cookie }));
  assert.equal(wildcard.total, 0);
});
