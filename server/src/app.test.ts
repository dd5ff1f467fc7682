import assert from 'node:assert/strict';
import { test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { adminSession, call, createTestApp, CSRF, json, ownDatabasePerTest } from './test/helpers';

ownDatabasePerTest('first-run setup and health read the whole database');

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  showType: number;
  details?: unknown;
}

test('app: GET /api/v1/health answers status, engine, version and uptime', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const res = await call(app, 'GET', '/api/v1/health');
  assert.equal(res.statusCode, 200);
  const body = json<{ success: boolean; data: { status: string; engine: string; version: string; uptimeMs: number } }>(res);
  assert.equal(body.success, true);
  assert.equal(body.data.status, 'ok');
  assert.equal(body.data.engine, handle.engine);
  assert.match(body.data.version, /^\d+\.\d+\.\d+/);
  assert.ok(Number.isInteger(body.data.uptimeMs) && body.data.uptimeMs >= 0);
});

test('app: a mutation without the x-assay-request header is refused (CSRF)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const res = await call(app, 'POST', '/api/v1/setup/init', {
    body: { name: 'A', email: 'a@example.com', password: 'Long-enough-1' },
    noCsrf: true,
  });
  assert.equal(res.statusCode, 403);
  const body = json<ErrorBody>(res);
  assert.equal(body.errorCode, 'CSRF_REJECTED');
  assert.equal(body.errorMessage, '请求被拒绝：缺少防跨站请求标头');
  // nothing happened
  assert.deepEqual(json(await call(app, 'GET', '/api/v1/setup/status')), { success: true, data: { initialized: false } });
  // logout, PATCH and DELETE too; GET needs no header
  assert.equal((await call(app, 'POST', '/api/v1/auth/logout', { noCsrf: true })).statusCode, 403);
  assert.equal((await call(app, 'PATCH', '/api/v1/auth/me/preferences', { body: {}, noCsrf: true })).statusCode, 403);
  assert.equal(
    (await call(app, 'DELETE', '/api/v1/applications/x/members/00000000-0000-0000-0000-000000000000', { noCsrf: true })).statusCode,
    403,
  );
});

test('app: malformed JSON, a wrong content type and an empty body are 400-class envelopes, never 500', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const malformed = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { ...CSRF, 'content-type': 'application/json', 'accept-language': 'en-US' },
    payload: '{"email": "a@example.com", ',
  });
  assert.equal(malformed.statusCode, 400);
  const body = json<ErrorBody>(malformed);
  assert.equal(body.success, false);
  assert.equal(body.errorCode, 'BAD_REQUEST');
  assert.equal(body.errorMessage, 'The request is malformed');
  assert.equal(body.showType, 2);

  const text = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { ...CSRF, 'content-type': 'text/plain' },
    payload: 'email=a',
  });
  assert.equal(text.statusCode, 415);
  assert.equal(json<ErrorBody>(text).errorCode, 'BAD_REQUEST');
  assert.equal(json<ErrorBody>(text).errorMessage, '请求体必须是 application/json');

  const empty = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { ...CSRF } });
  assert.equal(empty.statusCode, 400);
  assert.equal(json<ErrorBody>(empty).errorCode, 'VALIDATION_FAILED');

  const notObject = await call(app, 'POST', '/api/v1/auth/login', { body: [1, 2] });
  assert.equal(notObject.statusCode, 400);
});

test('app: an unknown /api route is a JSON 404', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  for (const [method, url] of [
    ['GET', '/api/v1/nope'],
    ['GET', '/api/nope?x=1'],
    ['POST', '/api/v1/nope'],
  ] as const) {
    const res = await call(app, method, url, { headers: { 'accept-language': 'en-US' } });
    assert.equal(res.statusCode, 404, `${method} ${url}`);
    assert.match(String(res.headers['content-type']), /application\/json/);
    assert.deepEqual(json(res), {
      success: false,
      errorCode: 'NOT_FOUND',
      errorMessage: 'No such API endpoint',
      showType: 2,
    });
  }
});

test('app: an unexpected error is a 500 INTERNAL without details', async (t) => {
  const { app, close } = await createTestApp({
    beforeReady: (a) => {
      a.get('/api/v1/test-boom', async () => {
        throw new Error('secret database detail');
      });
    },
  });
  t.after(close);
  const res = await call(app, 'GET', '/api/v1/test-boom');
  assert.equal(res.statusCode, 500);
  assert.deepEqual(json(res), { success: false, errorCode: 'INTERNAL', errorMessage: '服务器内部错误', showType: 2 });
  assert.doesNotMatch(res.body, /secret/);
});

test('app: GET /api/v1/openapi.json documents the API', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const res = await call(app, 'GET', '/api/v1/openapi.json');
  assert.equal(res.statusCode, 200);
  const doc = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>> }>(res);
  assert.match(doc.openapi, /^3\./);
  for (const path of [
    '/api/v1/health',
    '/api/v1/setup/status',
    '/api/v1/setup/init',
    '/api/v1/auth/login',
    '/api/v1/auth/logout',
    '/api/v1/auth/me',
    '/api/v1/auth/me/preferences',
    '/api/v1/applications',
    '/api/v1/applications/{slug}',
    '/api/v1/applications/{slug}/members',
    '/api/v1/applications/{slug}/members/{userId}',
    '/api/v1/users',
  ]) {
    assert.ok(doc.paths[path], `missing ${path}`);
  }
  assert.ok(doc.paths['/api/v1/auth/login'].post.requestBody, 'login documents its body');
  assert.ok(doc.paths['/api/v1/applications'].post.responses?.['201']);
  assert.ok(!doc.paths['/api/v1/openapi.json'], 'the document hides itself');
});

test('app: the OpenAPI document is valid (every $ref resolves; a validator accepts it)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const doc = json<{ components?: { schemas?: Record<string, unknown> } }>(await call(app, 'GET', '/api/v1/openapi.json'));
  const refs = [...new Set(JSON.stringify(doc).match(/#\/components\/schemas\/[\w.-]+/g) ?? [])];
  const names = Object.keys(doc.components?.schemas ?? {});
  assert.deepEqual(refs.filter((r) => !names.includes(r.split('/').pop() ?? '')), [], 'dangling references');
  // the recursive filter group is a named component
  assert.ok(names.includes('FilterGroup'), `components: ${names.join(', ')}`);
  // swagger-parser dereferences and validates against the OpenAPI 3.0 schema (it mutates: pass a copy)
  await SwaggerParser.validate(structuredClone(doc) as Parameters<typeof SwaggerParser.validate>[0]);
});

test('app: Accept-Language picks the language (q-values, fallback zh-CN)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  await adminSession(app);
  const message = async (lang?: string) =>
    json<ErrorBody>(await call(app, 'GET', '/api/v1/users', lang ? { headers: { 'accept-language': lang } } : {})).errorMessage;
  assert.equal(await message(), '请先登录');
  assert.equal(await message('en'), 'Please sign in first');
  assert.equal(await message('fr-FR,en;q=0.5'), 'Please sign in first');
  assert.equal(await message('en;q=0.4,zh-TW;q=0.8'), '请先登录');
  assert.equal(await message('de'), '请先登录');
});
