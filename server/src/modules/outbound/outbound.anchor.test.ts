import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Database } from '../../db/client';
import type { TaskRow } from '../../db/schema';
import { OutboundRefusedError } from '../../lib/outbound-http';
import { verifyWebhookSignature } from '../../lib/webhook-signature';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { readHead } from '../audit/audit.service';
import { getTaskKind, type TaskContext } from '../tasks/tasks.registry';
import { ANCHOR_WEBHOOK_CRON, ANCHOR_WEBHOOK_KIND, type AnchorWebhookBody } from './outbound.anchor';

const SECRET = 'anchor-secret-5d1e';
const received: { body: string; verified: boolean; headers: http.IncomingHttpHeaders }[] = [];
let receiver: http.Server;
let url = '';

before(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verified = verifyWebhookSignature(body, req.headers['x-assay-signature'], SECRET).ok;
      received.push({ body, verified, headers: req.headers });
      res.writeHead(verified ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/anchors`;
});
after(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test('audit anchor webhook: a daily task posting the chain head, signed, through the guard; off without a URL', async (t) => {
  const testApp = await createTestApp({ ownDatabase: 'it changes the system settings (anchor URL, allow-list)' });
  t.after(testApp.close);
  const { app } = testApp;
  const db = app.db as Database;
  const { cookie } = await adminSession(app);
  const kind = getTaskKind(ANCHOR_WEBHOOK_KIND);
  assert.ok(kind, 'registered when app.ts loads');
  assert.equal(kind.cron, ANCHOR_WEBHOOK_CRON);
  assert.equal(kind.manual, true);
  const lines: string[] = [];
  const ctx: TaskContext = {
    task: {} as TaskRow,
    db,
    progress: async () => undefined,
    log: async (_level, message) => {
      lines.push(message);
    },
    isCancelled: async () => false,
  };

  assert.deepEqual(await kind.handler(ctx), { skipped: 'no URL' });

  const bad = await call(app, 'PATCH', '/api/v1/settings', { cookie, body: { auditAnchorWebhookUrl: 'ftp://example.com/x' } });
  assert.equal(bad.statusCode, 400);
  assert.ok(json<{ details: { field: string }[] }>(bad).details.some((d) => d.field === 'auditAnchorWebhookUrl'));
  assert.equal(
    (await call(app, 'POST', '/api/v1/variables', { cookie, body: { key: 'anchor.secret', type: 'secret', value: SECRET } }))
      .statusCode,
    201,
  );
  const saved = await call(app, 'PATCH', '/api/v1/settings', {
    cookie,
    body: { auditAnchorWebhookUrl: url, auditAnchorSecretVariable: 'anchor.secret' },
  });
  assert.equal(saved.statusCode, 200, saved.body);

  // 127.0.0.1 is private: refused until allow-listed
  await assert.rejects(kind.handler(ctx), (err: unknown) => err instanceof OutboundRefusedError && err.reason === 'address');
  assert.equal(received.length, 0);
  assert.equal(
    (await call(app, 'PATCH', '/api/v1/settings', { cookie, body: { outboundAllowedHosts: ['127.0.0.1'] } })).statusCode,
    200,
  );

  const head = await readHead(db);
  const result = (await kind.handler(ctx)) as { status: number; seq: number; hash: string; signed: boolean };
  assert.equal(result.status, 200);
  assert.equal(result.signed, true);
  assert.equal(received.length, 1);
  assert.equal(received[0].verified, true, 'the receiver verified the signature');
  const posted = JSON.parse(received[0].body) as AnchorWebhookBody;
  assert.equal(posted.kind, 'audit.anchor');
  assert.equal(posted.seq, head.seq);
  assert.equal(posted.hash, head.hash);
  assert.match(posted.hash, /^[0-9a-f]{64}$/);
  assert.ok(posted.seq > 0, 'the settings changes above are in the chain');
  assert.equal(received[0].headers['x-assay-delivery'], posted.id);
  assert.ok(lines.some((l) => l.startsWith(`audit head ${head.seq} posted`)));

  // a missing secret variable fails the attempt rather than posting unsigned
  assert.equal(
    (await call(app, 'PATCH', '/api/v1/settings', { cookie, body: { auditAnchorSecretVariable: 'no.such.variable' } }))
      .statusCode,
    200,
  );
  await assert.rejects(kind.handler(ctx), /no\.such\.variable/);
  assert.equal(received.length, 1);
});
