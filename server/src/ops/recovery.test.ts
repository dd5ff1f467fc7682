/**
 * Account recovery from the shell (`npm run admin`): reset a password, create an administrator,
 * both audited with actor `shell`; through the real command on the engine under test.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { passwordSchema } from '../../../contracts';
import { auditLog, sessions, users } from '../db/schema';
import { hashPassword, verifyPassword } from '../lib/password';
import { verifyChain } from '../modules/audit/audit.service';
import { runOps } from '../test/cli';
import { adminSession, call, createEngineDatabase, createTestApp, login, userSession } from '../test/helpers';
import { createAdmin, generatePassword, resetPassword } from './recovery';

test('recovery: generated passwords pass the strength rule', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const p = generatePassword();
    assert.equal(p.length, 20);
    assert.ok(passwordSchema.safeParse(p).success, p);
    seen.add(p);
  }
  assert.equal(seen.size, 50);
});

test('recovery: reset-password ends every session; create-admin refuses a taken e-mail; both are audited as the shell', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const user = await userSession(app, cookie);
  await login(app, user.email);
  const reset = await resetPassword(handle.db, user.email, await hashPassword('Recovered-pass-1'));
  assert.deepEqual([reset.user.email, reset.sessionsRevoked], [user.email, 2]);
  assert.equal((await handle.db.select().from(sessions).where(eq(sessions.userId, user.user.id))).length, 0);
  await login(app, user.email, 'Recovered-pass-1');
  await assert.rejects(resetPassword(handle.db, 'nobody@example.com', 'x'), /No user has the e-mail nobody@example.com/);

  const created = await createAdmin(handle.db, { email: 'rescue@example.com', name: 'Rescue', passwordHash: await hashPassword('Rescue-admin-1') });
  assert.equal(created.isAdmin, true);
  const rescueCookie = await login(app, 'rescue@example.com', 'Rescue-admin-1');
  assert.equal((await call(app, 'GET', '/api/v1/users', { cookie: rescueCookie })).statusCode, 200);
  await assert.rejects(createAdmin(handle.db, { email: user.email, name: 'X', passwordHash: 'x' }), /exists: use reset-password instead/);

  const entries = (await handle.db.select().from(auditLog).orderBy(asc(auditLog.seq))).filter((e) => e.actorLabel === 'shell');
  assert.deepEqual(entries.map((e) => e.action), ['user.password_reset', 'user.create']);
  for (const e of entries) {
    assert.equal(e.actorId, null);
    assert.ok((e.details as { osUser: string; host: string }).host);
  }
  assert.equal((entries[0].details as { sessionsRevoked: number }).sessionsRevoked, 2);
  assert.deepEqual((entries[1].after as { email: string; isAdmin: boolean }).isAdmin, true);
  assert.equal((await verifyChain(handle.db)).intact, true);
});

test('recovery: `npm run admin` resets a password (printed once) and creates an administrator', async (t) => {
  const { env, open } = await createEngineDatabase(t, 1);
  const seed = await open();
  try {
    await seed.db.insert(users).values({ email: 'admin@example.com', name: 'Admin', passwordHash: await hashPassword('Forgotten-pass-1'), isAdmin: true });
  } finally {
    await seed.close();
  }

  const reset = await runOps('admin', ['reset-password', '--email', 'Admin@Example.com'], env);
  assert.equal(reset.code, 0, reset.stderr);
  assert.match(reset.stdout, /^Password of admin@example\.com reset; 0 session\(s\) ended, 0 API token\(s\) revoked\.$/m);
  const generated = /New password \(shown once\): (\S+)/.exec(reset.stdout)?.[1];
  assert.ok(generated && passwordSchema.safeParse(generated).success);

  const created = await runOps('admin', ['create-admin', '--email', 'second@example.com', '--name', 'Second', '--password', 'Second-admin-22'], env);
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /Administrator second@example\.com created/);
  assert.doesNotMatch(created.stdout, /shown once/, 'a given password is not printed');

  const weak = await runOps('admin', ['create-admin', '--email', 'third@example.com', '--name', 'T', '--password', 'weak'], env);
  assert.equal(weak.code, 2);
  assert.match(weak.stderr, /too weak[\s\S]*Usage:/);
  const unknown = await runOps('admin', ['promote'], env);
  assert.equal(unknown.code, 2);

  const check = await open();
  try {
    const [admin] = await check.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    assert.ok(await verifyPassword(admin.passwordHash, generated));
    const [second] = await check.db.select().from(users).where(eq(users.email, 'second@example.com'));
    assert.equal(second.isAdmin, true);
    assert.ok(await verifyPassword(second.passwordHash, 'Second-admin-22'));
    const actions = (await check.db.select().from(auditLog).orderBy(asc(auditLog.seq))).map((e) => [e.actorLabel, e.action]);
    assert.deepEqual(actions, [
      ['shell', 'user.password_reset'],
      ['shell', 'user.create'],
    ]);
    assert.equal((await verifyChain(check.db)).intact, true);
  } finally {
    await check.close();
  }
});
