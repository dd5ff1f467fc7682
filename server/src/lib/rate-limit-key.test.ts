import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminSession, call, createTestApp, userSession } from '../test/helpers';
import { clientAddressKey, ipv6Groups, rateLimitKey } from './rate-limit-key';
import { runsOnOneEngine } from '../test/engines';

runsOnOneEngine('postgres', 'rate-limit keys come from the request, not the database');

test('rate-limit key: users by id, anonymous by IPv4 address or IPv6 /64', () => {
  assert.deepEqual(ipv6Groups('2001:db8::1'), [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
  assert.deepEqual(ipv6Groups('::ffff:192.0.2.1'), [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201]);
  assert.equal(ipv6Groups('192.0.2.1'), null);
  assert.equal(clientAddressKey('192.0.2.1'), '192.0.2.1');
  assert.equal(clientAddressKey('2001:DB8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
  assert.equal(clientAddressKey('2001:db8:1:2::9'), '2001:db8:1:2::/64');
  assert.equal(clientAddressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.equal(clientAddressKey('::ffff:192.0.2.1'), '192.0.2.1', 'an IPv4-mapped address counts as the IPv4 address');
  assert.equal(clientAddressKey('::1'), '0:0:0:0::/64');
  const user = { id: 'u1', name: 'U', email: 'u@example.com', isAdmin: false, locale: 'en-US' as const, lastApp: null };
  assert.equal(rateLimitKey({ user, ip: '192.0.2.1' }), 'user:u1');
  assert.equal(rateLimitKey({ user: null, ip: '2001:db8:1:2::9' }), 'ip:2001:db8:1:2::/64');
});

test('rate limit: signed-in users behind one address each get their own budget; anonymous requests share the address\'s', async (t) => {
  const LIMIT = 6;
  const { app, close } = await createTestApp({ trustProxy: true, apiRateLimit: LIMIT });
  t.after(close);
  // the setup signs in from the injector's own address (127.0.0.1); the office is 203.0.113.5
  const { cookie: adminCookie } = await adminSession(app);
  const a = await userSession(app, adminCookie);
  const b = await userSession(app, adminCookie);
  const office = (headers: Record<string, string> = {}) => ({ 'x-forwarded-for': '203.0.113.5', ...headers });
  const get = (headers: Record<string, string>, cookie?: string) => call(app, 'GET', '/api/v1/auth/me', { headers, cookie });
  for (let i = 0; i < LIMIT; i++) assert.equal((await get(office(), a.cookie)).statusCode, 200, `user a, request ${i + 1}`);
  assert.equal((await get(office(), a.cookie)).statusCode, 429, 'user a has spent the budget');
  for (let i = 0; i < LIMIT; i++) assert.equal((await get(office(), b.cookie)).statusCode, 200, `user b, request ${i + 1}: a budget of their own`);
  assert.equal((await get(office(), b.cookie)).statusCode, 429);
  // anonymous requests from the office share one budget, untouched by the users'
  for (let i = 0; i < LIMIT; i++) assert.equal((await get(office())).statusCode, 200, `anonymous request ${i + 1}`);
  assert.equal((await get(office())).statusCode, 429);
  // a made-up session cookie or token is anonymous: no fresh budget
  assert.equal((await get(office(), 'assay_session=made-up-value')).statusCode, 429);
  assert.equal((await get(office({ authorization: 'Bearer assay_made-up' }))).statusCode, 429);
  // another address has its own
  assert.equal((await get({ 'x-forwarded-for': '203.0.113.6' })).statusCode, 200);
  // a random cookie per request from a fresh address still counts for the address
  for (let i = 0; i < LIMIT; i++) {
    assert.equal((await get({ 'x-forwarded-for': '198.51.100.1' }, `assay_session=random-${i}`)).statusCode, 200);
  }
  assert.equal((await get({ 'x-forwarded-for': '198.51.100.1' }, 'assay_session=random-x')).statusCode, 429);
});

test('rate limit: IPv6 addresses in one /64 share a budget; another /64 has its own', async (t) => {
  const LIMIT = 4;
  const { app, close } = await createTestApp({ trustProxy: true, apiRateLimit: LIMIT });
  t.after(close);
  const from = (ip: string) => call(app, 'GET', '/api/v1/health', { headers: { 'x-forwarded-for': ip } });
  for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::1']) {
    assert.equal((await from(ip)).statusCode, 200, ip);
  }
  assert.equal((await from('2001:db8:1:2::abcd')).statusCode, 429, 'the same /64');
  assert.equal((await from('2001:db8:1:3::1')).statusCode, 200, 'another /64');
});
