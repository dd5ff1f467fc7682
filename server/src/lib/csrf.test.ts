import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminSession, call, createTestApp, CSRF, json } from '../test/helpers';
import { runsOnOneEngine } from '../test/engines';

runsOnOneEngine('postgres', 'the anti-forgery check refuses a request before any query');

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
}

const APP_BODY = { slug: 'acme', name: 'ACME' };

test('csrf: a mutation needs the custom header, a JSON content type, and no foreign origin', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const post = (headers: Record<string, string>, payload: string = JSON.stringify(APP_BODY)) =>
    app.inject({ method: 'POST', url: '/api/v1/applications', headers: { cookie, ...headers }, payload });

  // no header: 403, nothing created
  const bare = await post({ 'content-type': 'application/json', 'accept-language': 'en-US' });
  assert.equal(bare.statusCode, 403);
  assert.equal(json<ErrorBody>(bare).errorCode, 'CSRF_REJECTED');
  assert.equal(json<ErrorBody>(bare).errorMessage, 'Request refused: the anti-forgery header is missing');

  // what an HTML form can send: urlencoded, multipart without the header, text/plain
  for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
    const res = await post({ 'content-type': type }, 'slug=acme&name=ACME');
    assert.equal(res.statusCode, 403, type);
  }
  // with the header but the wrong content type: 415
  for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/xml']) {
    const res = await post({ ...CSRF, 'content-type': type }, 'slug=acme&name=ACME');
    assert.equal(res.statusCode, 415, type);
    assert.equal(json<ErrorBody>(res).errorCode, 'BAD_REQUEST');
    assert.equal(json<ErrorBody>(res).errorMessage, '请求体必须是 application/json');
  }
  const untyped = await app.inject({
    method: 'POST',
    url: '/api/v1/applications',
    headers: { cookie, ...CSRF },
    payload: Buffer.from(JSON.stringify(APP_BODY)),
  });
  assert.equal(untyped.statusCode, 415, 'a body without a content type');

  // a foreign Origin, an opaque one, an http origin to an https server, a cross-site fetch: 403
  const foreign: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'http://localhost.evil.example' },
    { origin: 'http://localhost:8080' },
    { origin: 'null' },
    { origin: 'not a url' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ];
  for (const headers of foreign) {
    const res = await post({ ...CSRF, 'content-type': 'application/json', 'accept-language': 'en-US', ...headers });
    assert.equal(res.statusCode, 403, JSON.stringify(headers));
    assert.equal(json<ErrorBody>(res).errorCode, 'CSRF_REJECTED');
    assert.equal(json<ErrorBody>(res).errorMessage, 'Request refused: it came from another site');
  }
  assert.equal(json<{ total: number }>(await call(app, 'GET', '/api/v1/applications', { cookie })).total, 0, 'nothing was created');

  // the app's own requests pass: same origin (inject's Host is localhost:80), same-origin fetch metadata
  const own = await post({
    ...CSRF,
    'content-type': 'application/json; charset=utf-8',
    origin: 'http://localhost',
    'sec-fetch-site': 'same-origin',
  });
  assert.equal(own.statusCode, 201, own.body);
  // a script without Origin / Sec-Fetch-Site passes with the header (it is not a browser riding a session)
  const script = await post({ ...CSRF, 'content-type': 'application/json' }, JSON.stringify({ slug: 'acme2', name: 'B' }));
  assert.equal(script.statusCode, 201);
  // GET needs nothing
  assert.equal((await call(app, 'GET', '/api/v1/applications', { cookie, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode, 200);
});

test('csrf: behind a trusted proxy the origin is checked against X-Forwarded-Host/-Proto; ALLOWED_ORIGINS adds origins', async (t) => {
  // the proxy's public name must be an allowed host (lib/allowed-hosts.ts)
  const proxied = await createTestApp({ trustProxy: true, allowedOrigins: ['https://admin.example.org'], allowedHosts: ['assay.example.com'] });
  t.after(proxied.close);
  const { app } = proxied;
  const init = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...CSRF, 'x-forwarded-host': 'assay.example.com', 'x-forwarded-proto': 'https', ...headers },
    });
  assert.equal((await init({ origin: 'https://assay.example.com' })).statusCode, 200);
  assert.equal((await init({ origin: 'https://assay.example.com:443' })).statusCode, 200);
  assert.equal((await init({ origin: 'http://assay.example.com' })).statusCode, 403, 'http origin to an https site');
  assert.equal((await init({ origin: 'https://evil.example.com' })).statusCode, 403);
  assert.equal((await init({ origin: 'https://admin.example.org' })).statusCode, 200, 'listed in ALLOWED_ORIGINS');
});

test('csrf: the CSP report endpoint takes bare browser reports; every other mutation keeps the checks', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/csp-report',
    headers: { 'content-type': 'application/csp-report' },
    payload: JSON.stringify({ 'csp-report': { 'document-uri': 'http://localhost/', 'violated-directive': 'style-src' } }),
  });
  assert.equal(res.statusCode, 204);
  for (const route of app.mutatingRoutes) {
    if (route.url === '/api/v1/csp-report') continue;
    const url = route.url.replace(/:(\w+)/g, (_m, name: string) => (name.endsWith('Id') || name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'x'));
    const refused = await app.inject({ method: route.method as 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(refused.statusCode, 403, `${route.method} ${route.url} without the header`);
  }
});
