import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { violationsOf } from '../modules/security/csp-report.routes';
import { adminSession, call, createTestApp, json, userSession } from '../test/helpers';
import { runsOnOneEngine } from '../test/engines';

runsOnOneEngine('postgres', 'HTTP headers, set the same on either engine');

const INDEX = '<!doctype html><html><head><meta charset="utf-8"></head><body><script src="/admin/umi.1a2b3c4d.js"></script></body></html>';

/** The CSP directives of a response, by name. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  assert.ok(header, 'a Content-Security-Policy header');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map((parts) => [parts[0], parts.slice(1)]),
  );
}

test('headers: a strict CSP with a fresh style nonce per page, templated into index.html', async (t) => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  const { app, close } = await createTestApp({ distDir: dist });
  t.after(async () => {
    await close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const first = await call(app, 'GET', '/admin');
  const second = await call(app, 'GET', '/login');
  const csp = directives(first);
  assert.deepEqual(csp.get('default-src'), ["'self'"]);
  assert.deepEqual(csp.get('script-src'), ["'self'"], 'no inline script, no eval, no script nonce');
  assert.deepEqual(csp.get('script-src-attr'), ["'none'"]);
  assert.deepEqual(csp.get('img-src'), ["'self'", 'data:']);
  assert.deepEqual(csp.get('font-src'), ["'self'", 'data:']);
  assert.deepEqual(csp.get('connect-src'), ["'self'"]);
  assert.deepEqual(csp.get('object-src'), ["'none'"]);
  assert.deepEqual(csp.get('base-uri'), ["'self'"]);
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
  assert.deepEqual(csp.get('form-action'), ["'self'"]);
  assert.deepEqual(csp.get('report-uri'), ['/api/v1/csp-report']);
  const style = csp.get('style-src') ?? [];
  assert.equal(style[0], "'self'");
  assert.equal(style.length, 2);
  const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(style[1])?.[1];
  assert.ok(nonce, `a 128-bit base64 nonce: ${style[1]}`);
  assert.ok(first.body.includes(`<head><meta name="csp-nonce" content="${nonce}">`), 'the page carries the same nonce');
  const secondNonce = /'nonce-([^']+)'/.exec(String(second.headers['content-security-policy']))?.[1];
  assert.ok(secondNonce && secondNonce !== nonce, 'each page load gets its own nonce');
  assert.ok(second.body.includes(`content="${secondNonce}"`));
  assert.doesNotMatch(String(first.headers['content-security-policy']), /unsafe-inline|unsafe-eval/);

  // API answers allow nothing at all
  const api = await call(app, 'GET', '/api/v1/health');
  assert.equal(api.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
  // the other helmet headers: every one on pages; on API answers the OWASP REST set, not cached
  for (const res of [first, api]) {
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['cross-origin-resource-policy'], 'same-origin');
    assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS over plain http');
    assert.ok(res.headers['content-security-policy']);
  }
  assert.equal(first.headers['referrer-policy'], 'no-referrer');
  assert.equal(first.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(first.headers['x-xss-protection'], '0');
  assert.equal(api.headers['cache-control'], 'no-store');
  for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection']) {
    assert.equal(api.headers[documentOnly], undefined, documentOnly);
  }
});

test('headers: HSTS only when the request came over https (trusted proxy)', async (t) => {
  const { app, close } = await createTestApp({ trustProxy: true });
  t.after(close);
  const https = await call(app, 'GET', '/api/v1/health', { headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(https.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  const http = await call(app, 'GET', '/api/v1/health', { headers: { 'x-forwarded-proto': 'http' } });
  assert.equal(http.headers['strict-transport-security'], undefined);

  const direct = await createTestApp();
  t.after(direct.close);
  const forged = await call(direct.app, 'GET', '/api/v1/health', { headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(forged.headers['strict-transport-security'], undefined, 'X-Forwarded-Proto is ignored without TRUST_PROXY');
});

test('csp reports: browsers post them bare; they are counted and administrators read them', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const before = json<{ data: { count: number } }>(await call(app, 'GET', '/api/v1/csp-report', { cookie })).data.count;
  assert.equal(before, 0);

  const legacy = await app.inject({
    method: 'POST',
    url: '/api/v1/csp-report',
    headers: { 'content-type': 'application/csp-report', origin: 'http://localhost' },
    payload: JSON.stringify({
      'csp-report': {
        'document-uri': 'http://localhost/admin',
        'violated-directive': 'style-src-elem',
        'blocked-uri': 'inline',
        'line-number': 3,
      },
    }),
  });
  assert.equal(legacy.statusCode, 204);
  const modern = await app.inject({
    method: 'POST',
    url: '/api/v1/csp-report',
    headers: { 'content-type': 'application/reports+json' },
    payload: JSON.stringify([{ type: 'csp-violation', body: { documentURL: 'http://localhost/', effectiveDirective: 'script-src-elem', blockedURL: 'https://cdn.evil/x.js' } }]),
  });
  assert.equal(modern.statusCode, 204);
  const garbage = await app.inject({
    method: 'POST',
    url: '/api/v1/csp-report',
    headers: { 'content-type': 'application/csp-report' },
    payload: '{not json',
  });
  assert.equal(garbage.statusCode, 204, 'a broken report is ignored, not an error');
  const huge = await app.inject({
    method: 'POST',
    url: '/api/v1/csp-report',
    headers: { 'content-type': 'application/csp-report' },
    payload: JSON.stringify({ 'csp-report': { sample: 'x'.repeat(70_000) } }),
  });
  assert.equal(huge.statusCode, 413);

  const summary = json<{ data: { count: number; recent: { violatedDirective: string; blockedUri: string; lineNumber: number | null }[] } }>(
    await call(app, 'GET', '/api/v1/csp-report', { cookie }),
  ).data;
  assert.equal(summary.count, 2);
  assert.deepEqual(
    summary.recent.map((r) => [r.violatedDirective, r.blockedUri, r.lineNumber]),
    [
      ['style-src-elem', 'inline', 3],
      ['script-src-elem', 'https://cdn.evil/x.js', null],
    ],
  );
  // administrators only
  const user = await userSession(app, cookie);
  assert.equal((await call(app, 'GET', '/api/v1/csp-report', { cookie: user.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/csp-report')).statusCode, 401);
  assert.deepEqual(violationsOf({ unrelated: true }), []);
});

test('rate limit: a coarse per-IP limit on /api answers 429 RATE_LIMITED with Retry-After', async (t) => {
  const { app, close } = await createTestApp({ apiRateLimit: 5 });
  t.after(close);
  for (let i = 0; i < 5; i++) {
    const res = await call(app, 'GET', '/api/v1/health');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-ratelimit-remaining'], undefined, 'the counters show on a 429 only');
  }
  const limited = await call(app, 'GET', '/api/v1/health', { headers: { 'accept-language': 'en-US' } });
  assert.equal(limited.statusCode, 429);
  assert.ok(Number(limited.headers['retry-after']) > 0);
  assert.equal(limited.headers['x-ratelimit-limit'], '5');
  assert.deepEqual(json(limited), { success: false, errorCode: 'RATE_LIMITED', errorMessage: 'Too many requests; try again later', showType: 2 });
  assert.equal((await call(app, 'GET', '/login')).statusCode, 503, 'pages and assets are not counted');
});
