import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asc, desc, eq } from 'drizzle-orm';
import { auditLog, loginThrottle } from '../../db/schema';
import { call, createTestApp, createUser, DEFAULT_PASSWORD, initAdmin, json, login, ownDatabasePerTest } from '../../test/helpers';
import { afterFailure, delayAfter, isForgotten, MAX_DELAY_MS, throttledError, throttleKeys, waitFor, WINDOW_MS } from './login-throttle';

ownDatabasePerTest('the sign-in back-off is counted per address across the whole database');

interface ErrorBody {
  errorCode: string;
  errorMessage: string;
}

test('throttle rules: 5 free failures, then 2^(n-5) s capped at 15 min; forgotten after 15 quiet minutes', () => {
  assert.deepEqual([0, 1, 4].map(delayAfter), [0, 0, 0]);
  assert.deepEqual([5, 6, 7, 10, 14].map(delayAfter), [1000, 2000, 4000, 32_000, 512_000]);
  assert.equal(delayAfter(15), MAX_DELAY_MS, '1024 s is capped at 900 s');
  assert.equal(delayAfter(1000), MAX_DELAY_MS);
  const t0 = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const five = { failures: 5, lastFailureAt: t0 };
  assert.equal(waitFor(five, at(0)), 1000);
  assert.equal(waitFor(five, at(400)), 600);
  assert.equal(waitFor(five, at(1000)), 0);
  assert.equal(waitFor({ failures: 4, lastFailureAt: t0 }, at(0)), 0);
  assert.deepEqual(afterFailure(five, at(2000)), { failures: 6, lastFailureAt: at(2000) });
  assert.equal(isForgotten(five, at(1000 + WINDOW_MS)), false);
  assert.equal(isForgotten(five, at(1001 + WINDOW_MS)), true);
  assert.deepEqual(afterFailure(five, at(1001 + WINDOW_MS)), { failures: 1, lastFailureAt: at(1001 + WINDOW_MS) });
  assert.deepEqual(throttleKeys('A@Example.com', '10.0.0.1'), ['email:a@example.com', 'ip:10.0.0.1']);
  assert.deepEqual(throttleKeys('a@example.com', null), ['email:a@example.com']);
  // the message says seconds below a minute, else minutes (rounded up); Retry-After is in seconds
  const e1 = throttledError(400);
  assert.equal(e1.messageKey, 'errors.loginThrottled.second');
  assert.equal(e1.extra?.headers?.['retry-after'], '1');
  assert.deepEqual([throttledError(8000).messageKey, throttledError(8000).extra?.params], ['errors.loginThrottled.seconds', { n: 8 }]);
  assert.equal(throttledError(60_000).messageKey, 'errors.loginThrottled.minute');
  assert.deepEqual(throttledError(128_000).extra, { headers: { 'retry-after': '128' }, params: { n: 3 } });
});

test('login back-off per account: the 6th quick failure waits, with Retry-After and a message in both languages', async (t) => {
  const { app, handle, close } = await createTestApp({ trustProxy: true });
  t.after(close);
  await initAdmin(app);
  // each attempt from another address: only the account counts here
  let address = 0;
  const attempt = (password: string, lang = 'zh-CN') =>
    call(app, 'POST', '/api/v1/auth/login', {
      body: { email: 'admin@example.com', password },
      headers: { 'x-forwarded-for': `10.1.0.${++address}`, 'accept-language': lang },
    });
  /** Sets the account's counters (the last failure "now" unless given), so waits do not depend on the test's speed. */
  const setState = (failures: number, lastFailureAt = new Date()) =>
    handle.db.update(loginThrottle).set({ failures, lastFailureAt }).where(eq(loginThrottle.key, 'email:admin@example.com'));
  for (let i = 1; i <= 5; i++) {
    const res = await attempt('Wrong-password-1');
    assert.equal(res.statusCode, 401, `failure ${i} is a plain 401`);
    assert.equal(json<ErrorBody>(res).errorMessage, '邮箱或密码错误');
  }
  await setState(5);
  const waited = await attempt(DEFAULT_PASSWORD);
  assert.equal(waited.statusCode, 429, 'even the right password must wait: the back-off is checked first');
  assert.equal(waited.headers['retry-after'], '1');
  assert.deepEqual(json(waited), {
    success: false,
    errorCode: 'RATE_LIMITED',
    errorMessage: '登录失败次数过多，请 1 秒后再试',
    showType: 2,
  });
  assert.equal(json<ErrorBody>(await attempt('x', 'en-US')).errorMessage, 'Too many failed sign-in attempts; try again in 1 second');

  // a second later the next attempt is evaluated: a 6th failure → 2 s
  await setState(5, new Date(Date.now() - 1000));
  assert.equal((await attempt('Wrong-password-1')).statusCode, 401);
  await setState(6);
  const two = await attempt('Wrong-password-1', 'en-US');
  assert.equal(two.statusCode, 429);
  assert.equal(two.headers['retry-after'], '2');
  assert.equal(json<ErrorBody>(two).errorMessage, 'Too many failed sign-in attempts; try again in 2 seconds');

  // many failures later the wait is in minutes, capped at 15
  await setState(12);
  const minutes = await attempt('x', 'en-US');
  assert.equal(minutes.headers['retry-after'], '128');
  assert.equal(json<ErrorBody>(minutes).errorMessage, 'Too many failed sign-in attempts; try again in 3 minutes');
  await setState(40);
  const capped = await attempt('x');
  assert.equal(capped.headers['retry-after'], '900');
  assert.equal(json<ErrorBody>(capped).errorMessage, '登录失败次数过多，请 15 分钟后再试');

  // once the wait is over, the right password signs in and forgets the account's failures
  await setState(40, new Date(Date.now() - MAX_DELAY_MS));
  const ok = await attempt(DEFAULT_PASSWORD);
  assert.equal(ok.statusCode, 200);
  assert.equal((await handle.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'email:admin@example.com'))).length, 0);
  for (let i = 0; i < 5; i++) assert.equal((await attempt('Wrong-password-1')).statusCode, 401, 'five free failures again');
});

test('login back-off per IP: one address guessing many accounts waits; other addresses do not', async (t) => {
  const { app, close } = await createTestApp({ trustProxy: true });
  t.after(close);
  await initAdmin(app);
  const from = (ip: string, email: string, password = 'Wrong-password-1') =>
    call(app, 'POST', '/api/v1/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });
  for (let i = 1; i <= 5; i++) assert.equal((await from('192.0.2.7', `guess${i}@example.com`)).statusCode, 401);
  const blocked = await from('192.0.2.7', 'guess6@example.com');
  assert.equal(blocked.statusCode, 429);
  assert.equal(blocked.headers['retry-after'], '1');
  // another address is not affected, and signs in
  assert.equal((await from('192.0.2.8', 'admin@example.com', DEFAULT_PASSWORD)).statusCode, 200);
});

test('login back-off: a burst of parallel guesses gets five evaluations, the rest wait', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  await initAdmin(app);
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: 16 }, () => call(app, 'POST', '/api/v1/auth/login', { body: { email: 'admin@example.com', password: 'Wrong-password-1' } })),
  );
  const elapsed = Date.now() - started;
  const codes = results.map((r) => r.statusCode);
  // five evaluations, the rest wait; only a burst that outlasts the waits (1 s after the fifth
  // failure, then 2 s, 4 s…: a very busy machine) may see one more evaluation per wait gone by
  const waitsOver = Math.floor(Math.log2(elapsed / 1000 + 1));
  const evaluated = codes.filter((c) => c === 401).length;
  assert.ok(evaluated >= 5 && evaluated <= 5 + waitsOver, `${codes.join(',')} in ${elapsed} ms`);
  assert.equal(codes.filter((c) => c === 429).length, 16 - evaluated);
});

test('login back-off: a successful sign-in forgets the account, gives the IP its attempt back, and is audited', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const admin = await initAdmin(app);
  const user = await createUser(app, await login(app, admin.email));
  for (let i = 0; i < 3; i++) {
    await call(app, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: 'Wrong-password-1' } });
  }
  const rows = async () =>
    Object.fromEntries((await handle.db.select().from(loginThrottle)).map((r) => [r.key, r.failures]));
  assert.deepEqual(await rows(), { [`email:${user.email}`]: 3, 'ip:127.0.0.1': 3 });
  await login(app, user.email);
  assert.deepEqual(await rows(), { 'ip:127.0.0.1': 3 }, 'the account is forgotten; the address keeps its failures');
  const entries = await handle.db.select().from(auditLog).orderBy(asc(auditLog.seq));
  const failed = entries.filter((e) => e.action === 'auth.login_failed');
  assert.equal(failed.length, 3);
  assert.deepEqual(
    failed.map((e) => [e.actorId, e.actorLabel, e.targetId, (e.details as { reason: string }).reason, e.ip]),
    Array.from({ length: 3 }, () => [null, user.email, user.user.id, 'password', '127.0.0.1']),
  );
  const success = entries.filter((e) => e.action === 'auth.login' && e.actorId === user.user.id);
  assert.equal(success.length, 1);
  assert.equal(success[0].actorLabel, user.email);
  // an unknown e-mail is audited too, with no target
  await call(app, 'POST', '/api/v1/auth/login', { body: { email: 'ghost@example.com', password: 'Wrong-password-1' } });
  const [ghost] = await handle.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  assert.deepEqual([ghost.action, ghost.actorLabel, ghost.targetId, ghost.details], ['auth.login_failed', 'ghost@example.com', null, { reason: 'unknown-email' }]);
});
