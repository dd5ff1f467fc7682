import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { auditWriter } from '../../../core/audit.writer';
import type { Database, Executor } from '../../../db/client';
import { auditLog, notices } from '../../../db/schema';
import { adminSession, call, createTestApp, createUser, json, type TestApp } from '../../../test/helpers';
import { readVariable } from '../../variables/variables.service';
import { getActionType, type ActionContext, type TriggerEvent } from '../action-types';
import './index';

/** The local SMTP sink: what it received, with the envelope. */
const mails: { from: string; to: string[]; raw: string; user?: string }[] = [];
let sink: SMTPServer;
let sinkPort = 0;

before(async () => {
  sink = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'smtp-Pass-9') return callback(null, { user: auth.username });
      callback(new Error('bad credentials'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  sinkPort = (sink.server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => sink.close(() => resolve())));

function context(
  t: TestApp,
  tx: Executor,
  event: TriggerEvent,
  opts: { dryRun?: boolean; ownerId?: string } = {},
): ActionContext {
  return {
    db: t.app.db as Database,
    tx,
    trigger: { id: randomUUID(), name: 'Tell the owners', ownerId: opts.ownerId ?? null },
    event,
    dryRun: opts.dryRun ?? false,
    log: async () => undefined,
    variable: async (name) => (await readVariable(tx, name, null))?.value,
    ...(opts.ownerId ? { audit: auditWriter({ id: opts.ownerId, label: 'trigger Tell the owners', ip: null }) } : {}),
  };
}

/** Thrown to roll the dry run's transaction back, as the trigger runner's Test does. */
class RollBack extends Error {
  constructor(readonly output: unknown) {
    super('rolled back');
  }
}

test('notify: in-app messages to users, group members and the record’s user field; e-mail through the SMTP sink; dry run sends nothing', async (t) => {
  const testApp = await createTestApp({ ownDatabase: 'it changes the system settings (SMTP)' });
  t.after(testApp.close);
  const { app } = testApp;
  const db = app.db as Database;
  const { cookie, user: admin } = await adminSession(app);
  const notify = getActionType('notify');
  assert.ok(notify, 'registered by the actions index');
  assert.notEqual(notify.external, true, 'writes in-app messages in the step’s transaction');

  const direct = await createUser(app, cookie, { name: 'Direct Reader', email: 'direct@example.com' });
  const member = await createUser(app, cookie, { name: 'Group Member', email: 'member@example.com' });
  const owner = await createUser(app, cookie, { name: 'Record Owner', email: 'owner@example.com' });
  const disabled = await createUser(app, cookie, { name: 'Disabled Member', email: 'disabled@example.com' });
  const group = json<{ data: { id: string } }>(
    await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: `Reviewers ${randomUUID().slice(0, 8)}` } }),
  ).data.id;
  for (const u of [member, disabled, direct]) {
    assert.equal(
      (await call(app, 'POST', `/api/v1/groups/${group}/members`, { cookie, body: { userId: u.user.id } })).statusCode,
      200,
    );
  }
  assert.equal(
    (await call(app, 'PATCH', `/api/v1/users/${disabled.user.id}`, { cookie, body: { disabled: true } })).statusCode,
    200,
  );

  // configuration rules
  for (const bad of [
    { title: 'x' },
    { recipients: { users: ['not-a-uuid'] }, title: 'x' },
    { recipients: { field: 'owner' }, title: '' },
    { recipients: { field: 'bad key!' }, title: 'x' },
    { recipients: { users: [direct.user.id] }, title: 'x'.repeat(201) },
  ]) {
    assert.equal(notify.config.safeParse(bad).success, false, JSON.stringify(bad));
  }

  const recordId = randomUUID();
  const event: TriggerEvent = {
    kind: 'record.updated',
    application: 'audit-2026',
    subject: 'finding',
    recordId,
    before: { title: 'Cash count', owner: owner.user.id, amount: 10 },
    after: { title: 'Cash count at the vault', owner: owner.user.id, amount: 12 },
    changed: ['title', 'amount'],
    actorId: admin.id,
    depth: 0,
  };
  const config = notify.config.parse({
    recipients: { users: [direct.user.id], groups: [group], field: 'owner' },
    title: 'Finding changed: {{title}}',
    body: 'Amount {{before.amount}} -> {{amount}} <script>alert(1)</script>\nRecord {{record.id}} ({{changed}}) by trigger {{trigger.name}}',
    email: true,
  });
  const ids = [direct.user.id, member.user.id, owner.user.id, disabled.user.id];
  const rowsFor = (title: string) =>
    db
      .select()
      .from(notices)
      .where(and(inArray(notices.recipientId, ids), eq(notices.title, title)));

  // no SMTP server yet: in-app only
  const first = (await db.transaction((tx) => notify.run(context(testApp, tx, event, { ownerId: admin.id }), config))) as Record<
    string,
    unknown
  >;
  assert.equal(first.recipients, 3);
  assert.equal(first.email, 'not configured');
  assert.equal(first.emailsSent, 0);
  const rows = await rowsFor('Finding changed: Cash count at the vault');
  assert.deepEqual(
    rows.map((r) => r.recipientId).sort(),
    [direct.user.id, member.user.id, owner.user.id].sort(),
    'user, group member and field owner, each once; not the disabled member',
  );
  for (const r of rows) {
    assert.equal(r.kind, 'message');
    assert.equal(r.published, true);
    assert.ok(r.body.includes('Amount 10 -&gt; 12'), r.body);
    assert.ok(!r.body.includes('<script'), 'record values and template text are escaped');
    assert.ok(r.body.includes(recordId) && r.body.includes('title, amount') && r.body.includes('Tell the owners'), r.body);
  }
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'notice.send'), eq(auditLog.actorId, admin.id)));
  assert.equal(entries.length, 1, 'one audit entry for the step');
  assert.equal((entries[0].after as { count: number }).count, 3);
  assert.equal(mails.length, 0);

  // SMTP configured (with a sign-in whose password is a global secret variable): one e-mail per recipient
  assert.equal(
    (
      await call(app, 'POST', '/api/v1/variables', {
        cookie,
        body: { key: 'smtp.password', type: 'secret', value: 'smtp-Pass-9' },
      })
    ).statusCode,
    201,
  );
  const settings = await call(app, 'PATCH', '/api/v1/settings', {
    cookie,
    body: {
      smtpHost: '127.0.0.1',
      smtpPort: sinkPort,
      smtpSecure: false,
      smtpUser: 'mailer',
      smtpPasswordVariable: 'smtp.password',
      smtpFrom: 'assay@example.com',
    },
  });
  assert.equal(settings.statusCode, 200, settings.body);
  const second = (await db.transaction((tx) => notify.run(context(testApp, tx, event), config))) as Record<string, unknown>;
  assert.equal(second.recipients, 3);
  assert.equal(second.emailsSent, 3);
  assert.equal(mails.length, 3);
  assert.deepEqual(mails.map((m) => m.to).sort(), [['direct@example.com'], ['member@example.com'], ['owner@example.com']]);
  for (const m of mails) {
    assert.equal(m.from, 'assay@example.com');
    assert.equal(m.user, 'mailer', 'signed in with the password of the variable');
    assert.match(m.raw, /^Subject: Finding changed: Cash count at the vault\r?$/m);
    assert.match(m.raw, /^From: Assay <assay@example\.com>\r?$/m);
    assert.ok(m.raw.includes('Amount 10 -> 12'), 'plain text body');
    assert.ok(m.raw.includes('text/html') && m.raw.includes('&lt;script&gt;'), 'HTML body, escaped');
  }

  // dry run: messages written and rolled back, no e-mail, the addresses that would get one
  const sent = mails.length;
  const before = (await rowsFor('Finding changed: Cash count at the vault')).length;
  let dry: Record<string, unknown> = {};
  await assert.rejects(
    db.transaction(async (tx) => {
      throw new RollBack(await notify.run(context(testApp, tx, event, { dryRun: true }), config));
    }),
    (err: unknown) => {
      dry = (err as RollBack).output as Record<string, unknown>;
      return err instanceof RollBack;
    },
  );
  assert.equal(mails.length, sent, 'no e-mail in a dry run');
  assert.deepEqual((dry.wouldEmail as string[]).sort(), ['direct@example.com', 'member@example.com', 'owner@example.com']);
  assert.equal(dry.emailsSent, 0);
  assert.equal((await rowsFor('Finding changed: Cash count at the vault')).length, before, 'rolled back');

  // a deleted record: the field is read from the values before; no user in the field: a warning, nobody notified
  const deleted = (await db.transaction((tx) =>
    notify.run(
      context(testApp, tx, { ...event, kind: 'record.deleted', after: null }),
      notify.config.parse({ recipients: { field: 'owner' }, title: 'Gone: {{title}}' }),
    ),
  )) as Record<string, unknown>;
  assert.equal(deleted.recipients, 1);
  assert.equal((await rowsFor('Gone: Cash count')).length, 1);
  const nobody = (await db.transaction((tx) =>
    notify.run(
      context(testApp, tx, { ...event, after: { title: 'x', owner: null } }),
      notify.config.parse({ recipients: { field: 'owner' }, title: 'None' }),
    ),
  )) as Record<string, unknown>;
  assert.equal(nobody.recipients, 0);
});
