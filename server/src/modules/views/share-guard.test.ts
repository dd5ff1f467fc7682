/**
 * The share-link password guard (share-guard.ts): guesses limited per link in the database (not
 * per IP: rotating client addresses do not help), refused guesses cost no hash, a link locks after
 * SHARE_LOCK_AFTER wrong passwords with its owner notified and the lock audited, the owner unlocks
 * it (optionally with a new password), share passwords have at least 8 characters.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { MyNotice, View, ViewShare, ViewShareCreated } from '../../../../contracts';
import { auditLog, viewShares } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { verifyPassword } from '../../lib/password';
import { adminSession, call, createTestApp, json, ownDatabasePerTest } from '../../test/helpers';
import { auditWriter } from '../../core/audit.writer';
import { applicationWithMembers, makeSubject } from '../../test/records-support';
import { SHARE_GUESS_WINDOW_MS, SHARE_GUESSES_PER_WINDOW, SHARE_LOCK_AFTER } from './share-guard';
import { readShared } from './shares.service';

ownDatabasePerTest('every test makes the same application `guarded` (not converted to its own slugs yet)');

interface ErrorBody {
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}

const PASSWORD = 'Right-share-pass-1';

async function setup() {
  const testApp = await createTestApp();
  const { cookie: admin } = await adminSession(testApp.app);
  const members = await applicationWithMembers(testApp.app, admin, 'guarded');
  await makeSubject(testApp.handle.db, { applicationId: members.appId, key: 'task', name: 'Task', fields: [{ key: 'title', name: 'Title', type: 'text' }] });
  const res = await call(testApp.app, 'POST', '/api/v1/applications/guarded/subjects/task/views', {
    cookie: members.editor.cookie,
    body: { name: 'Guarded <view>', config: { type: 'grid', columns: ['title'] } },
  });
  assert.equal(res.statusCode, 201, res.body);
  const view = json<{ data: View }>(res).data;
  /** A new link of the view made by the editor, with PASSWORD. */
  const makeShare = async () => {
    const made = await call(testApp.app, 'POST', `/api/v1/views/${view.id}/shares`, { cookie: members.editor.cookie, body: { password: PASSWORD } });
    assert.equal(made.statusCode, 201, made.body);
    return json<{ data: ViewShareCreated }>(made).data;
  };
  let ip = 0;
  /** A public read from a new client address each time (10.x.y.z). */
  const guess = (token: string, password: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `/api/v1/view-shares/rows?token=${encodeURIComponent(token)}&pageSize=1`,
      headers: { 'x-share-password': password, 'accept-language': 'en-US' },
      remoteAddress: `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    });
  return { ...testApp, ...members, view, makeShare, guess };
}

test('share guard: guesses are limited per link whatever the client address, and a refused guess computes no hash', async (t) => {
  const s = await setup();
  t.after(s.close);
  const share = await s.makeShare();

  // SHARE_GUESSES_PER_WINDOW wrong guesses from as many addresses: each 401
  for (let i = 0; i < SHARE_GUESSES_PER_WINDOW; i++) {
    const res = await s.guess(share.token, `wrong-guess-${i}`);
    assert.equal(res.statusCode, 401, res.body);
    assert.equal(json<ErrorBody>(res).errorCode, 'SHARE_PASSWORD_WRONG');
  }
  // the next guesses, from new addresses again, are refused for the link
  const refused = await s.guess(share.token, 'wrong-guess-x');
  assert.equal(refused.statusCode, 429, refused.body);
  assert.equal(json<ErrorBody>(refused).errorCode, 'RATE_LIMITED');
  assert.match(json<ErrorBody>(refused).errorMessage, /try again in 15 minutes/);
  assert.ok(Number(refused.headers['retry-after']) > 14 * 60 && Number(refused.headers['retry-after']) <= 15 * 60);
  assert.equal((await s.guess(share.token, PASSWORD)).statusCode, 429, 'the budget is spent for everyone until the window ends');

  // no hash is computed for a refused guess (counted through readShared's password check)
  let hashes = 0;
  const counting = (hash: string, password: string) => {
    hashes += 1;
    return verifyPassword(hash, password);
  };
  const anonymous = auditWriter({ id: null, label: 'anonymous', ip: '10.9.9.9' });
  const started = performance.now();
  for (let i = 0; i < 20; i++) {
    await assert.rejects(readShared(s.handle.db, { token: share.token, password: `more-${i}`, pageSize: 1 }, anonymous, undefined, counting), (err: unknown) => {
      assert.ok(err instanceof HttpError && err.status === 429);
      return true;
    });
  }
  const perRefusal = (performance.now() - started) / 20;
  assert.equal(hashes, 0, 'refused guesses never reach the password hash');
  t.diagnostic(`a refused guess: ${perRefusal.toFixed(1)} ms (a wrong one costs an argon2id verification, ~23 ms)`);

  // the window passes: guesses are admitted again, and the right password gives its slot back
  await s.handle.db.update(viewShares).set({ guessWindowAt: new Date(Date.now() - SHARE_GUESS_WINDOW_MS - 1000) }).where(eq(viewShares.id, share.id));
  for (let i = 0; i < SHARE_GUESSES_PER_WINDOW + 5; i++) assert.equal((await s.guess(share.token, PASSWORD)).statusCode, 200, 'readers who know it are not counted');
  await readShared(s.handle.db, { token: share.token, password: PASSWORD, pageSize: 1 }, anonymous, undefined, counting);
  assert.equal(hashes, 1);
  const [row] = await s.handle.db.select().from(viewShares).where(eq(viewShares.id, share.id));
  assert.equal(row.guessCount, 0);
  assert.equal(row.failedGuesses, SHARE_GUESSES_PER_WINDOW);

  // concurrent guesses from many addresses cannot all slip through: the slot is taken before the hash
  const fresh = await s.makeShare();
  const burst = await Promise.all(Array.from({ length: 15 }, (_v, i) => s.guess(fresh.token, `burst-${i}`)));
  const statuses = burst.map((r) => r.statusCode).sort();
  assert.deepEqual(statuses, [...Array(SHARE_GUESSES_PER_WINDOW).fill(401), ...Array(15 - SHARE_GUESSES_PER_WINDOW).fill(429)]);
});

test('share guard: the link locks after 20 wrong passwords, its owner is told and the lock audited; unlocking opens it again', async (t) => {
  const s = await setup();
  t.after(s.close);
  const share = await s.makeShare();
  const db = s.handle.db;
  const nextWindow = () => db.update(viewShares).set({ guessWindowAt: new Date(Date.now() - SHARE_GUESS_WINDOW_MS - 1000) }).where(eq(viewShares.id, share.id));

  let wrong = 0;
  while (wrong < SHARE_LOCK_AFTER - 1) {
    if (wrong > 0 && wrong % SHARE_GUESSES_PER_WINDOW === 0) await nextWindow();
    assert.equal((await s.guess(share.token, `wrong-${wrong}`)).statusCode, 401);
    wrong += 1;
  }
  assert.equal((await db.select().from(auditLog).where(eq(auditLog.action, 'view.share_lock'))).length, 0, 'not locked yet');
  const last = await s.guess(share.token, 'wrong-last');
  assert.equal(last.statusCode, 423, last.body);
  assert.equal(json<ErrorBody>(last).errorCode, 'SHARE_LOCKED');
  // locked: the right password does not open it either, in a new window too
  await nextWindow();
  assert.equal((await s.guess(share.token, PASSWORD)).statusCode, 423);
  assert.equal((await s.guess(share.token, 'another-wrong')).statusCode, 423);

  // one audit entry, one message to the link's creator (in their language: zh-CN by default)
  const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'view.share_lock'));
  assert.equal(entries.length, 1);
  assert.equal(entries[0].targetId, s.view.id);
  assert.deepEqual(entries[0].details, { failedGuesses: SHARE_LOCK_AFTER, ownerNotified: true });
  assert.match(String(entries[0].ip), /^10\./);
  const notices = json<{ data: MyNotice[] }>(await call(s.app, 'GET', '/api/v1/notices/mine', { cookie: s.editor.cookie })).data;
  const notice = notices.find((n) => n.title === '分享链接已被锁定');
  assert.ok(notice, JSON.stringify(notices.map((n) => n.title)));
  assert.ok(notice.body.includes(share.tokenPrefix) && notice.body.includes('Guarded &lt;view&gt;'), notice.body);
  const others = json<{ data: MyNotice[] }>(await call(s.app, 'GET', '/api/v1/notices/mine', { cookie: s.viewer.cookie })).data;
  assert.ok(!others.some((n) => n.title === '分享链接已被锁定'), 'only the owner is told');

  // the list shows the lock
  const listed = json<{ data: ViewShare[] }>(await call(s.app, 'GET', `/api/v1/views/${s.view.id}/shares`, { cookie: s.editor.cookie })).data.find((x) => x.id === share.id);
  assert.ok(listed?.lockedAt);
  assert.ok(listed.failedGuesses >= SHARE_LOCK_AFTER);

  // unlocking: editors+ only; a new password must have 8 characters (400 naming it)
  const unlockUrl = `/api/v1/views/${s.view.id}/shares/${share.id}/unlock`;
  assert.equal((await call(s.app, 'POST', unlockUrl, { cookie: s.viewer.cookie, body: {} })).statusCode, 403);
  const short = await call(s.app, 'POST', unlockUrl, { cookie: s.editor.cookie, body: { password: '7-chars' }, headers: { 'accept-language': 'en-US' } });
  assert.equal(short.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(short).details, [{ field: 'password', message: 'A share password needs at least 8 characters' }]);
  const unlocked = await call(s.app, 'POST', unlockUrl, { cookie: s.editor.cookie, body: {} });
  assert.equal(unlocked.statusCode, 200, unlocked.body);
  assert.equal(json<{ data: ViewShare }>(unlocked).data.lockedAt, null);
  assert.equal(json<{ data: ViewShare }>(unlocked).data.failedGuesses, 0);
  assert.equal((await s.guess(share.token, PASSWORD)).statusCode, 200);
  const [unlockEntry] = await db.select().from(auditLog).where(eq(auditLog.action, 'view.share_unlock'));
  assert.deepEqual(unlockEntry.details, { passwordChanged: false });

  // lock it again, then unlock with a new password: the old one no longer opens it
  await db.update(viewShares).set({ lockedAt: new Date(), failedGuesses: SHARE_LOCK_AFTER }).where(eq(viewShares.id, share.id));
  assert.equal((await call(s.app, 'POST', unlockUrl, { cookie: s.owner.cookie, body: { password: 'Brand-new-pass-2' } })).statusCode, 200);
  assert.equal((await s.guess(share.token, PASSWORD)).statusCode, 401);
  assert.equal((await s.guess(share.token, 'Brand-new-pass-2')).statusCode, 200);
});

test('share guard: a share password needs at least 8 characters (400 naming the field)', async (t) => {
  const s = await setup();
  t.after(s.close);
  const url = `/api/v1/views/${s.view.id}/shares`;
  const seven = await call(s.app, 'POST', url, { cookie: s.editor.cookie, body: { password: 'abcdefg' } });
  assert.equal(seven.statusCode, 400, seven.body);
  assert.deepEqual(json<ErrorBody>(seven).details, [{ field: 'password', message: '分享密码至少 8 个字符' }]);
  assert.equal((await call(s.app, 'POST', url, { cookie: s.editor.cookie, body: { password: 'abcdefgh' } })).statusCode, 201);
});
