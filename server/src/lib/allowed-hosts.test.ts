import assert from 'node:assert/strict';
import { test } from 'node:test';
import { users } from '../db/schema';
import { call, createTestApp, DEFAULT_PASSWORD, json, ownDatabasePerTest } from '../test/helpers';
import { hostAllowList, isHostAllowed, normalizeHost } from './allowed-hosts';
import { runsOnOneEngine } from '../test/engines';

runsOnOneEngine('postgres', 'the Host check refuses a request before any query');

ownDatabasePerTest('it checks that a refused request created nothing, starting from first-run setup');

const INIT = { name: 'Admin', email: 'admin@example.com', password: DEFAULT_PASSWORD };

test('allowed hosts: normalisation and the default list', () => {
  assert.deepEqual(
    ['Example.COM:8000', 'example.com.', '[::1]:80', '::1', '127.0.0.1:8000', ''].map(normalizeHost),
    ['example.com', 'example.com', '[::1]', '[::1]', '127.0.0.1', ''],
  );
  const defaults = hostAllowList({});
  for (const h of ['localhost:80', 'localhost', '127.0.0.1:8000', '[::1]:8000']) assert.ok(isHostAllowed(defaults, h), h);
  for (const h of ['evil.example:8000', '', '127.0.0.2', 'localhost.evil.example']) assert.ok(!isHostAllowed(defaults, h), h);
  const configured = hostAllowList({
    allowedHosts: ['assay.example.com', '.corp.example', '::2'],
    allowedOrigins: ['https://admin.example.org'],
    bindHost: '192.0.2.10',
  });
  for (const h of ['assay.example.com', 'corp.example', 'a.b.corp.example:443', '[::2]:8000', 'admin.example.org', '192.0.2.10:8000']) {
    assert.ok(isHostAllowed(configured, h), h);
  }
  for (const h of ['xcorp.example', 'example.com', 'admin.example.org.evil']) assert.ok(!isHostAllowed(configured, h), h);
  assert.ok(!isHostAllowed(hostAllowList({ bindHost: '0.0.0.0' }), '0.0.0.0'), 'a wildcard bind address names no host');
  assert.ok(isHostAllowed(hostAllowList({ allowedHosts: ['*'] }), 'anything.example'), '* turns the check off');
});

test('allowed hosts: a forged Host (DNS rebinding) gets 421 before any route runs; nothing is created', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const forged = { host: 'rebind.attacker.example:8000', origin: 'http://rebind.attacker.example:8000', 'accept-language': 'en-US' };
  const init = await call(app, 'POST', '/api/v1/setup/init', { headers: forged, body: INIT });
  assert.equal(init.statusCode, 421, init.body);
  assert.deepEqual(json(init), {
    success: false,
    errorCode: 'HOST_NOT_ALLOWED',
    errorMessage: 'This server does not answer for this host name (add it to ALLOWED_HOSTS)',
    showType: 2,
  });
  assert.equal((await handle.db.select().from(users)).length, 0, 'no administrator was created');
  assert.equal((await call(app, 'GET', '/api/v1/setup/status', { headers: forged })).statusCode, 421, 'reads too');
  assert.equal((await call(app, 'GET', '/login', { headers: forged })).statusCode, 421, 'pages too');
  assert.equal((await call(app, 'GET', '/api/v1/health', { headers: forged })).statusCode, 200, 'the health probe is exempt');
  // a proxy's X-Forwarded-Host is not trusted without TRUST_PROXY: Host decides
  assert.equal((await call(app, 'GET', '/api/v1/setup/status', { headers: { 'x-forwarded-host': 'evil.example' } })).statusCode, 200);
  // the allowed hosts pass: inject's default localhost:80, the start script's 127.0.0.1:PORT, [::1]
  for (const host of ['127.0.0.1:8000', '[::1]:8000', 'LOCALHOST:3000']) {
    assert.equal((await call(app, 'GET', '/api/v1/setup/status', { headers: { host } })).statusCode, 200, host);
  }
  const ok = await call(app, 'POST', '/api/v1/setup/init', { headers: { host: '127.0.0.1:8000', origin: 'http://127.0.0.1:8000' }, body: INIT });
  assert.equal(ok.statusCode, 201, ok.body);
});

test('allowed hosts: ALLOWED_HOSTS and ALLOWED_ORIGINS extend the list; behind TRUST_PROXY X-Forwarded-Host counts', async (t) => {
  const { app, close } = await createTestApp({
    trustProxy: true,
    allowedHosts: ['assay.example.com', '.corp.example'],
    allowedOrigins: ['https://admin.example.org'],
  });
  t.after(close);
  const status = (headers: Record<string, string>) => call(app, 'GET', '/api/v1/setup/status', { headers });
  for (const host of ['assay.example.com', 'assay.example.com:8443', 'team.corp.example', 'admin.example.org', 'localhost']) {
    assert.equal((await status({ host })).statusCode, 200, host);
  }
  assert.equal((await status({ host: 'other.example.com' })).statusCode, 421);
  assert.equal((await status({ host: 'assay-internal:8000', 'x-forwarded-host': 'assay.example.com' })).statusCode, 200, 'the forwarded host decides');
  assert.equal((await status({ host: 'localhost', 'x-forwarded-host': 'evil.example' })).statusCode, 421, 'a forged forwarded host is refused');
});
