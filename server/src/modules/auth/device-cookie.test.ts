import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { loginThrottle } from '../../db/schema';
import { call, createTestApp, DEFAULT_PASSWORD, initAdmin, ownDatabasePerTest } from '../../test/helpers';
import type { SecretKey } from '../variables/variables.crypto';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, MAX_DEVICE_ENTRIES, newDeviceEntry, trustedDevice, withDevice } from './device-cookie';

ownDatabasePerTest('the sign-in back-off is counted per account and address across the whole database');

const key = (): SecretKey => ({ key: randomBytes(32), keyId: 'test', source: 'ephemeral' });

test('device cookie: signed per account with a key derived from the secret key; altered or foreign entries are untrusted', () => {
  const secret = key();
  const alice = randomUUID();
  const bob = randomUUID();
  const entry = newDeviceEntry(alice, secret);
  assert.match(entry.text, /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(trustedDevice(entry.text, alice, secret), entry);
  assert.equal(trustedDevice(entry.text, bob, secret), null, 'alice\'s entry does not vouch for bob');
  assert.equal(trustedDevice(entry.text, alice, key()), null, 'another secret key: untrusted');
  const [id, nonce, sig] = entry.text.split('.');
  const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
  assert.equal(trustedDevice(`${id}.${nonce}.${flipped}`, alice, secret), null, 'an altered signature');
  assert.equal(trustedDevice(`${id}.${randomBytes(16).toString('base64url')}.${sig}`, alice, secret), null, 'another nonce');
  assert.equal(trustedDevice(undefined, alice, secret), null);
  assert.equal(trustedDevice('garbage~more', alice, secret), null);
  // a shared browser keeps several accounts, the latest sign-in first, at most MAX_DEVICE_ENTRIES
  const forBob = newDeviceEntry(bob, secret);
  const both = withDevice(entry.text, forBob);
  assert.deepEqual(both.split('~'), [forBob.text, entry.text]);
  assert.deepEqual(trustedDevice(both, alice, secret), entry);
  assert.deepEqual(withDevice(both, entry).split('~'), [entry.text, forBob.text], 'a renewed entry moves first, no duplicate');
  let many = both;
  for (let i = 0; i < 10; i++) many = withDevice(many, newDeviceEntry(randomUUID(), secret));
  assert.equal(many.split('~').length, MAX_DEVICE_ENTRIES);
});

/** The device cookie set by a response: the request header to send it back, and its attributes. */
function deviceCookie(res: LightMyRequestResponse): { header: string; value: string; path?: string; maxAge?: number; httpOnly?: boolean; sameSite?: string } {
  const c = res.cookies.find((x) => x.name === DEVICE_COOKIE);
  if (!c) throw new Error(`no device cookie: ${res.statusCode} ${res.body}`);
  return { header: `${DEVICE_COOKIE}=${c.value}`, value: c.value, path: c.path, maxAge: c.maxAge, httpOnly: c.httpOnly, sameSite: c.sameSite };
}

test('device cookie: 30 guesses by a stranger lock out untrusted clients only; the owner\'s browsers sign in; a device\'s own failures throttle it', async (t) => {
  const { app, close } = await createTestApp({ trustProxy: true });
  t.after(close);
  const admin = await initAdmin(app);
  const signIn = (ip: string, password: string, cookie?: string) =>
    call(app, 'POST', '/api/v1/auth/login', { body: { email: admin.email, password }, headers: { 'x-forwarded-for': ip }, cookie });

  // the owner has signed in before on two browsers (office and laptop)
  const first = await signIn('192.0.2.10', DEFAULT_PASSWORD);
  assert.equal(first.statusCode, 200);
  const office = deviceCookie(first);
  assert.deepEqual([office.path, office.maxAge, office.httpOnly, office.sameSite], ['/api/v1/auth', DEVICE_COOKIE_MAX_AGE_S, true, 'Strict']);
  const laptop = deviceCookie(await signIn('192.0.2.11', DEFAULT_PASSWORD));
  assert.notEqual(office.value, laptop.value);

  // a stranger (many addresses: a botnet) tries 30 wrong passwords
  const codes: number[] = [];
  for (let i = 1; i <= 30; i++) codes.push((await signIn(`198.51.100.${i}`, `Wrong-password-${i}`)).statusCode);
  assert.ok(codes.every((c) => c === 401 || c === 429), codes.join(','));
  assert.ok(codes.filter((c) => c === 429).length >= 20, 'the untrusted budget is spent');

  // the owner's browser, with its device cookie, signs in at once, even from a new address
  const owner = await signIn('203.0.113.50', DEFAULT_PASSWORD, office.header);
  assert.equal(owner.statusCode, 200, owner.body);
  assert.equal(deviceCookie(owner).value, office.value, 'the entry is kept (renewed)');
  // a client without a device cookie (or with a forged one) waits, even with the right password;
  // one more stranger's guess first, so the wait is fresh however slow the machine was above
  assert.ok([401, 429].includes((await signIn('198.51.100.31', 'Wrong-password-31')).statusCode));
  assert.equal((await signIn('203.0.113.51', DEFAULT_PASSWORD)).statusCode, 429);
  const forged = `${DEVICE_COOKIE}=${office.value.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
  assert.equal((await signIn('203.0.113.52', DEFAULT_PASSWORD, forged)).statusCode, 429);

  // the office browser's own failures throttle it: 5 free, then the wait
  for (let i = 0; i < 5; i++) assert.equal((await signIn('192.0.2.10', 'Wrong-password-x', office.header)).statusCode, 401);
  const throttled = await signIn('192.0.2.10', DEFAULT_PASSWORD, office.header);
  assert.equal(throttled.statusCode, 429);
  assert.equal(throttled.headers['retry-after'], '1');
  // … and only it: the laptop still signs in
  assert.equal((await signIn('192.0.2.11', DEFAULT_PASSWORD, laptop.header)).statusCode, 200);
});

test('device cookie: the current-password check of a password change counts a known browser on its own', async (t) => {
  const { app, handle, close } = await createTestApp({ trustProxy: true });
  t.after(close);
  const admin = await initAdmin(app);
  const res = await call(app, 'POST', '/api/v1/auth/login', { body: { email: admin.email, password: DEFAULT_PASSWORD } });
  const session = res.cookies.find((c) => c.name === 'assay_session');
  assert.ok(session);
  const device = deviceCookie(res);
  // the untrusted clients of the account must wait 15 minutes (whatever the test's speed)
  const locked = { failures: 40, lastFailureAt: new Date() };
  await handle.db.insert(loginThrottle).values({ key: `email:${admin.email}`, ...locked }).onConflictDoUpdate({ target: loginThrottle.key, set: locked });
  const stranger = await call(app, 'POST', '/api/v1/auth/login', { body: { email: admin.email, password: DEFAULT_PASSWORD } });
  assert.equal(stranger.statusCode, 429);
  const change = await call(app, 'POST', '/api/v1/auth/me/password', {
    cookie: `assay_session=${session.value}; ${device.header}`,
    body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-pass-77' },
  });
  assert.equal(change.statusCode, 200, change.body);
});
