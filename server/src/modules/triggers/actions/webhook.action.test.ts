import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Database } from '../../../db/client';
import { OutboundRefusedError } from '../../../lib/outbound-http';
import { verifyWebhookSignature } from '../../../lib/webhook-signature';
import { call, createTestApp, adminSession, type TestApp } from '../../../test/helpers';
import { readVariable } from '../../variables/variables.service';
import { getActionType, type ActionContext, type TriggerEvent } from '../action-types';
import './index';

/** What the local receiver got. */
const deliveries: { headers: http.IncomingHttpHeaders; body: string; verified: boolean }[] = [];
const SECRET = 'whsec-receiver-7f3a9c';
let receiver: http.Server;
let hookUrl = '';
let status = 204;

before(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verified = verifyWebhookSignature(body, req.headers['x-assay-signature'], SECRET).ok;
      deliveries.push({ headers: req.headers, body, verified });
      res
        .writeHead(verified ? status : 401, { 'content-type': 'text/plain' })
        .end(verified ? `thanks ${'x'.repeat(5_000)}` : 'bad signature');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
after(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const EVENT: TriggerEvent = {
  kind: 'record.updated',
  application: 'audit-2026',
  subject: 'finding',
  recordId: randomUUID(),
  before: { title: 'Cash count', amount: 10 },
  after: { title: 'Cash count "vault"', amount: 12 },
  changed: ['title', 'amount'],
  actorId: null,
  depth: 0,
};

const TRIGGER_ID = randomUUID();

function context(
  t: TestApp,
  opts: { dryRun?: boolean; runId?: string } = {},
): ActionContext & { run?: { id: string | null; depth: number } } {
  const db = t.app.db as Database;
  return {
    db,
    tx: db,
    trigger: { id: TRIGGER_ID, name: 'Findings to the ticket system', ownerId: null },
    event: EVENT,
    dryRun: opts.dryRun ?? false,
    log: async () => undefined,
    variable: async (name) => (await readVariable(db, name, null))?.value,
    ...(opts.runId ? { run: { id: opts.runId, depth: 0 } } : {}),
  };
}

test('webhook: signed JSON POST of the event to an allow-listed receiver, delivery id stable per run; refused without the allow-list; non-2xx throws; dry run sends nothing', async (t) => {
  const testApp = await createTestApp({ ownDatabase: 'it changes the system settings (the outbound allow-list)' });
  t.after(testApp.close);
  const { app } = testApp;
  const { cookie } = await adminSession(app);
  const webhook = getActionType('webhook');
  assert.ok(webhook, 'registered by the actions index');
  assert.equal(webhook.external, true);
  assert.equal(
    (await call(app, 'POST', '/api/v1/variables', { cookie, body: { key: 'hooks.secret', type: 'secret', value: SECRET } }))
      .statusCode,
    201,
  );

  // configuration rules
  for (const bad of [
    { url: 'ftp://example.com/' },
    { url: 'not a url' },
    { url: hookUrl, timeoutMs: 120_000 },
    { url: hookUrl, headers: { Host: 'evil' } },
    { url: hookUrl, headers: { 'X-Assay-Signature': 'forged' } },
    { url: hookUrl, headers: { 'X-Ok': 'a\r\nInjected: 1' } },
    { url: hookUrl, method: 'GET' },
  ]) {
    assert.equal(webhook.config.safeParse(bad).success, false, JSON.stringify(bad));
  }
  const config = webhook.config.parse({
    url: hookUrl,
    secretVariable: 'hooks.secret',
    headers: { 'X-Team': 'audit' },
    timeoutMs: 5_000,
  });

  // 127.0.0.1 is private: refused until the administrator lists it
  await assert.rejects(
    webhook.run(context(testApp), config),
    (err: unknown) => err instanceof OutboundRefusedError && err.reason === 'address',
  );
  assert.equal(deliveries.length, 0);
  assert.equal(
    (await call(app, 'PATCH', '/api/v1/settings', { cookie, body: { outboundAllowedHosts: ['127.0.0.1'] } })).statusCode,
    200,
  );

  const runId = randomUUID();
  const out = (await webhook.run(context(testApp, { runId }), config)) as {
    status: number;
    durationMs: number;
    deliveryId: string;
    response: string;
  };
  assert.equal(out.status, 204);
  assert.ok(out.durationMs >= 0);
  assert.equal(deliveries.length, 1);
  const d = deliveries[0];
  assert.equal(d.verified, true, 'the receiver verified the signature');
  assert.equal(d.headers['content-type'], 'application/json');
  assert.equal(d.headers['x-team'], 'audit');
  assert.equal(d.headers['x-assay-event'], 'record.updated');
  assert.equal(d.headers['x-assay-delivery'], out.deliveryId);
  assert.match(out.deliveryId, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const payload = JSON.parse(d.body) as Record<string, { [k: string]: unknown }>;
  assert.equal(payload.id as unknown, out.deliveryId);
  assert.equal(payload.event.kind, 'record.updated');
  assert.equal(payload.event.recordId, EVENT.recordId);
  assert.deepEqual(payload.record.before, EVENT.before);
  assert.deepEqual(payload.record.after, EVENT.after);
  assert.deepEqual(payload.record.changed, ['title', 'amount']);
  assert.equal(payload.trigger.name, 'Findings to the ticket system');

  // a retry of the same run carries the same delivery id; another run another one
  const again = (await webhook.run(context(testApp, { runId }), config)) as { deliveryId: string };
  assert.equal(again.deliveryId, out.deliveryId);
  const other = (await webhook.run(context(testApp, { runId: randomUUID() }), config)) as { deliveryId: string };
  assert.notEqual(other.deliveryId, out.deliveryId);

  // a body template: values inserted as JSON
  const templated = webhook.config.parse({
    url: hookUrl,
    secretVariable: 'hooks.secret',
    bodyTemplate:
      '{"text": {{title}}, "amount": {{amount}}, "was": {{before.amount}}, "record": {{record.id}}, "missing": {{nope}}}',
  });
  status = 200;
  const out2 = (await webhook.run(context(testApp), templated)) as { status: number; response: string };
  assert.equal(out2.status, 200);
  assert.ok(out2.response.startsWith('thanks ') && out2.response.length === 1_000, 'the response excerpt is bounded');
  assert.deepEqual(JSON.parse(deliveries.at(-1)?.body ?? ''), {
    text: 'Cash count "vault"',
    amount: 12,
    was: 10,
    record: EVENT.recordId,
    missing: null,
  });

  // non-2xx throws (the runner retries)
  status = 503;
  await assert.rejects(webhook.run(context(testApp), config), /HTTP 503/);
  const wrongSecret = webhook.config.parse({ url: hookUrl });
  status = 204;
  await assert.rejects(webhook.run(context(testApp), wrongSecret), /HTTP 401/, 'unsigned: the receiver refuses');

  // dry run: no request; what would be sent, without the secret
  const count = deliveries.length;
  const dry = (await webhook.run(context(testApp, { dryRun: true }), config)) as {
    dryRun: boolean;
    request: { url: string; headers: Record<string, string>; body: string };
    urlCheck: string;
  };
  assert.equal(deliveries.length, count, 'nothing sent');
  assert.equal(dry.dryRun, true);
  assert.equal(dry.request.url, hookUrl);
  assert.equal(dry.urlCheck, 'ok');
  assert.ok(!JSON.stringify(dry).includes(SECRET), 'the secret is not shown');
  assert.match(dry.request.headers['x-assay-signature'], /variable hooks\.secret/);
  assert.equal((JSON.parse(dry.request.body) as { event: { kind: string } }).event.kind, 'record.updated');
  const dryPrivate = (await webhook.run(
    context(testApp, { dryRun: true }),
    webhook.config.parse({ url: 'http://169.254.169.254/latest/' }),
  )) as { urlCheck: string };
  assert.equal(dryPrivate.urlCheck, 'refused (address)');
});
