import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { runsOnOneEngine } from '../test/engines';
import {
  allowListEntryProblem,
  checkOutboundUrl,
  compileAllowList,
  isBlockedAddress,
  outboundRequest,
  OutboundFailedError,
  OutboundRefusedError,
  type OutboundLookup,
} from './outbound-http';
import { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from './webhook-signature';

runsOnOneEngine('postgres', 'the guard refuses or sends before and without any query: no database is opened');

/** A local server on 127.0.0.1 (allow-listed where a test needs to reach it). */
let server: http.Server;
let base = '';
const received: { path: string; method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const SECRET = 'whsec-test-0123456789';

before(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', method: req.method ?? '', headers: req.headers, body });
      const url = req.url ?? '/';
      if (url === '/ok') return res.end('hello');
      if (url === '/to-private') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (url === '/to-ten') return res.writeHead(307, { location: 'http://10.0.0.1/' }).end();
      if (url === '/to-octal') return res.writeHead(302, { location: 'http://0177.0.0.1/' }).end();
      if (url === '/to-hex-relative') return res.writeHead(302, { location: '//0x7f000001/' }).end();
      if (url === '/to-ok') return res.writeHead(303, { location: '/ok' }).end();
      if (url.startsWith('/loop')) return res.writeHead(302, { location: `/loop${Number(url.slice(5) || 0) + 1}` }).end();
      if (url === '/slow') {
        const timer = setTimeout(() => res.end('late'), 3_000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      if (url === '/big') return res.end(Buffer.alloc(64 * 1024, 0x61));
      if (url === '/hook') {
        const check = verifyWebhookSignature(body, req.headers['x-assay-signature'], SECRET);
        res.writeHead(check.ok ? 204 : 401).end();
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const LOCAL = ['127.0.0.1'];

/** Resolves made-up names: `*.private.test` to 10.0.0.1, `mixed.test` to a public and a private address, `hooks.internal` to 127.0.0.1. */
const fakeLookup: OutboundLookup = (hostname, _options, callback) => {
  if (hostname.endsWith('.private.test')) return callback(null, [{ address: '10.0.0.1', family: 4 }]);
  if (hostname === 'mixed.test')
    return callback(null, [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
  if (hostname === 'mapped.test') return callback(null, [{ address: '::ffff:127.0.0.1', family: 6 }]);
  if (hostname === 'hooks.internal') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  err.code = 'ENOTFOUND';
  callback(err, []);
};

async function refused(promise: Promise<unknown>, reason: string, label: string): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof OutboundRefusedError, `${label}: ${String(err)}`);
    assert.equal(err.reason, reason, `${label}: ${err.message}`);
    return true;
  });
}

describe('outbound http: the private-address guard', () => {
  it('classes addresses: private, loopback, link-local, CGNAT, unique-local, mapped, multicast and reserved refused; public unicast passes', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '240.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001:db8::1',
      'not-an-address',
    ]) {
      assert.ok(isBlockedAddress(a), a);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      assert.ok(!isBlockedAddress(a), a);
  });

  it('refuses the SSRF matrix of literal URLs before connecting', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://100.64.0.1/',
      'http://[fc00::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'https://192.168.0.10:8443/x',
      'http://[fe80::1]/',
    ]) {
      await refused(outboundRequest({ url }), 'address', url);
    }
  });

  it('refuses decimal, octal and hex spellings of IPv4 addresses, even of a public one or an allow-listed one', async () => {
    assert.equal(new URL('http://2130706433/').hostname, '127.0.0.1', 'node normalises the spelling');
    for (const url of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.0.0.1/',
      'http://127.1/',
      'http://0x08080808/',
      'http://user@017700000001/',
    ]) {
      await refused(outboundRequest({ url, allowList: LOCAL }), url.includes('user@') ? 'credentials' : 'ip-spelling', url);
    }
    // and as the checker alone
    assert.throws(() => checkOutboundUrl('http://0177.0.0.1/'), OutboundRefusedError);
    assert.equal(checkOutboundUrl('http://93.184.216.34/').hostname, '93.184.216.34');
  });

  it('refuses other schemes, credentials and non-URLs', async () => {
    for (const [url, reason] of [
      ['ftp://example.com/', 'scheme'],
      ['file:///etc/passwd', 'scheme'],
      ['gopher://127.0.0.1:25/', 'scheme'],
      ['http://user:pw@example.com/', 'credentials'],
      ['not a url', 'url'],
    ] as const) {
      await refused(outboundRequest({ url }), reason, url);
    }
  });

  it('checks names where they resolve, at connect time: localhost, a name resolving to a private address, a mixed answer, a mapped answer', async () => {
    const port = new URL(base).port;
    await refused(outboundRequest({ url: `http://localhost:${port}/ok` }), 'address', 'localhost');
    await refused(
      outboundRequest({ url: `http://db.private.test:${port}/ok`, lookup: fakeLookup }),
      'address',
      'db.private.test',
    );
    await refused(outboundRequest({ url: `http://mixed.test:${port}/ok`, lookup: fakeLookup }), 'address', 'mixed.test');
    await refused(outboundRequest({ url: `http://mapped.test:${port}/ok`, lookup: fakeLookup }), 'address', 'mapped.test');
    const before = received.length;
    await refused(outboundRequest({ url: `http://hooks.internal:${port}/ok`, lookup: fakeLookup }), 'address', 'hooks.internal');
    assert.equal(received.length, before, 'nothing reached the local server');
    await assert.rejects(outboundRequest({ url: 'http://nowhere.test/', lookup: fakeLookup }), OutboundFailedError);
  });

  it('IPv6 loopback: [::1] refused, also with other blocks listed; reached once ::1 is listed', async (t) => {
    const v6 = http.createServer((_req, res) => res.end('v6'));
    const listening = await new Promise<boolean>((resolve) => {
      v6.once('error', () => resolve(false));
      v6.listen(0, '::1', () => resolve(true));
    });
    if (!listening) return t.skip('no IPv6 loopback on this machine');
    t.after(() => new Promise<void>((resolve) => v6.close(() => resolve())));
    const url = `http://[::1]:${(v6.address() as AddressInfo).port}/`;
    await refused(outboundRequest({ url }), 'address', url);
    await refused(outboundRequest({ url, allowList: ['fc00::/7', '127.0.0.1'] }), 'address', 'other blocks');
    const res = await outboundRequest({ url, allowList: ['::1'] });
    assert.equal(res.body.toString(), 'v6');
  });

  it('the allow-list lets named private targets through: an address, a host name, a CIDR block', async () => {
    const port = new URL(base).port;
    const direct = await outboundRequest({ url: `${base}/ok`, allowList: LOCAL });
    assert.equal(direct.status, 200);
    assert.equal(direct.body.toString(), 'hello');
    assert.equal(direct.url, `${base}/ok`);
    assert.ok(direct.durationMs >= 0);
    const byName = await outboundRequest({
      url: `http://hooks.internal:${port}/ok`,
      allowList: ['hooks.internal'],
      lookup: fakeLookup,
    });
    assert.equal(byName.status, 200);
    const byBlock = await outboundRequest({ url: `http://localhost:${port}/ok`, allowList: ['127.0.0.0/8'] });
    assert.equal(byBlock.status, 200);
    // a listed name does not admit another private name
    await refused(
      outboundRequest({ url: `http://db.private.test:${port}/ok`, allowList: ['hooks.internal'], lookup: fakeLookup }),
      'address',
      'other name',
    );
  });

  it('follows redirects itself and checks each Location: to a private address, an octal spelling or past 5 hops refused; within the allow-list followed', async () => {
    await refused(outboundRequest({ url: `${base}/to-private`, allowList: LOCAL }), 'address', 'redirect to 169.254.169.254');
    await refused(outboundRequest({ url: `${base}/to-ten`, allowList: LOCAL }), 'address', 'redirect to 10.0.0.1');
    await refused(outboundRequest({ url: `${base}/to-octal`, allowList: LOCAL }), 'ip-spelling', 'redirect to 0177.0.0.1');
    await refused(
      outboundRequest({ url: `${base}/to-hex-relative`, allowList: LOCAL }),
      'ip-spelling',
      'redirect to //0x7f000001/',
    );
    await refused(outboundRequest({ url: `${base}/loop`, allowList: LOCAL }), 'redirects', 'redirect loop');
    const followed = await outboundRequest({
      url: `${base}/to-ok`,
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      allowList: LOCAL,
    });
    assert.equal(followed.status, 200);
    assert.deepEqual(followed.redirects, [`${base}/ok`]);
    assert.equal(received.at(-1)?.method, 'GET', 'a 303 after a POST becomes a GET');
    const notFollowed = await outboundRequest({ url: `${base}/to-private`, allowList: LOCAL, maxRedirects: 0 });
    assert.equal(notFollowed.status, 302, 'maxRedirects 0 returns the redirect as is');
  });

  it('enforces the time limit and the response size cap', async () => {
    const started = Date.now();
    await assert.rejects(outboundRequest({ url: `${base}/slow`, allowList: LOCAL, timeoutMs: 300 }), (err: unknown) => {
      assert.ok(err instanceof OutboundFailedError && err.reason === 'timeout', String(err));
      return true;
    });
    assert.ok(Date.now() - started < 2_500, 'gave up well before the answer');
    await assert.rejects(outboundRequest({ url: `${base}/big`, allowList: LOCAL, maxBytes: 1_000 }), (err: unknown) => {
      assert.ok(err instanceof OutboundFailedError && err.reason === 'too-large', String(err));
      return true;
    });
    const whole = await outboundRequest({ url: `${base}/big`, allowList: LOCAL, maxBytes: 64 * 1024 });
    assert.equal(whole.body.length, 64 * 1024);
    assert.equal(whole.truncated, false);
    const cut = await outboundRequest({ url: `${base}/big`, allowList: LOCAL, maxBytes: 1_000, onTooLarge: 'truncate' });
    assert.equal(cut.body.length, 1_000);
    assert.equal(cut.truncated, true);
  });

  it('allow-list entries: host names, domains, addresses and blocks accepted; others refused', () => {
    for (const e of ['hooks.internal', '.corp.example', '10.0.0.5', '10.20.0.0/16', 'fd00::/8', '::1', 'localhost'])
      assert.equal(allowListEntryProblem(e), null, e);
    for (const e of [
      '',
      'not a host',
      '10.0.0.0/33',
      '0177.0.0.1',
      '2130706433',
      'fd00::/200',
      'a..b',
      '-bad.example',
      'x'.repeat(254),
    ]) {
      assert.notEqual(allowListEntryProblem(e), null, e);
    }
    const list = compileAllowList(['Hooks.Internal.', '.corp.example', '10.20.0.0/16', 'bogus entry!']);
    assert.deepEqual([...list.hosts], ['hooks.internal']);
    assert.deepEqual(list.suffixes, ['.corp.example']);
    assert.equal(list.ranges.length, 1);
  });
});

describe('webhook signatures', () => {
  it('a local receiver verifies the signature of a delivery sent through the guard; a wrong secret is refused', async () => {
    const body = JSON.stringify({ hello: 'world', n: 1 });
    const good = await outboundRequest({
      url: `${base}/hook`,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(body, SECRET) },
      allowList: LOCAL,
    });
    assert.equal(good.status, 204);
    const bad = await outboundRequest({
      url: `${base}/hook`,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(body, 'another-secret') },
      allowList: LOCAL,
    });
    assert.equal(bad.status, 401);
  });

  it('verify: format, tolerance, tampering, rotation', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const header = signWebhook('{"a":1}', SECRET, now);
    // the example of docs/outbound.md "Signatures"
    assert.equal(header, 't=1795687200,v1=8a9eeb52af5a3e7fd33c430ddd8322a0013fece65d0c0caeaacedaf3f2426d2b');
    assert.deepEqual(verifyWebhookSignature('{"a":1}', header, SECRET, { now }), { ok: true, t: 1795687200 });
    assert.deepEqual(verifyWebhookSignature('{"a":2}', header, SECRET, { now }), { ok: false, problem: 'mismatch' });
    assert.deepEqual(verifyWebhookSignature('{"a":1}', header, SECRET, { now: new Date(now.getTime() + 301_000) }), {
      ok: false,
      problem: 'expired',
    });
    assert.deepEqual(
      verifyWebhookSignature('{"a":1}', header, SECRET, { now: new Date(now.getTime() + 301_000), toleranceS: 600 }).ok,
      true,
    );
    assert.deepEqual(verifyWebhookSignature('{"a":1}', undefined, SECRET), { ok: false, problem: 'missing' });
    assert.deepEqual(verifyWebhookSignature('{"a":1}', 't=abc,v1=zz', SECRET), { ok: false, problem: 'malformed' });
    const rotated = signWebhook('{"a":1}', ['new-secret', SECRET], now);
    assert.equal(rotated.split(',').length, 3);
    assert.equal(verifyWebhookSignature('{"a":1}', rotated, SECRET, { now }).ok, true);
    assert.equal(verifyWebhookSignature('{"a":1}', rotated, 'new-secret', { now }).ok, true);
    assert.throws(() => signWebhook('x', ''));
  });
});
