import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { withNonceMeta } from './static';
import { call, createTestApp, json } from './test/helpers';
import { runsOnOneEngine } from './test/engines';

runsOnOneEngine('postgres', 'serving the built web app reads files, not the database');

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/admin/umi.1a2b3c4d.css"></head>' +
  '<body><div id="root"></div><script src="/admin/umi.1a2b3c4d.js"></script></body></html>';

/** The nonce of a response's CSP `style-src`. */
function cspNonce(res: LightMyRequestResponse): string {
  const match = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']));
  assert.ok(match, `no style nonce in ${String(res.headers['content-security-policy'])}`);
  return match[1];
}

/** index.html with this response's nonce templated into its head. */
function assertIndex(res: LightMyRequestResponse, html: string, message?: string): void {
  const nonce = cspNonce(res);
  assert.equal(res.body, withNonceMeta(html, nonce), message);
  assert.ok(res.body.includes(`<head><meta name="csp-nonce" content="${nonce}">`), message);
}

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'umi.1a2b3c4d.js'), 'console.log("umi")');
  fs.writeFileSync(path.join(dir, 'umi.1a2b3c4d.css'), 'body{}');
  fs.writeFileSync(path.join(dir, 'manifest.json'), '{}');
  fs.mkdirSync(path.join(dir, 'static'));
  fs.writeFileSync(path.join(dir, 'static', 'logo.0badf00d.svg'), '<svg/>');
  return dir;
}

test('static: the built app is served with the right caching and fallbacks', async (t) => {
  const dist = makeDist();
  const { app, close } = await createTestApp({ distDir: dist });
  t.after(async () => {
    await close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const js = await call(app, 'GET', '/admin/umi.1a2b3c4d.js');
  assert.equal(js.statusCode, 200);
  assert.equal(js.body, 'console.log("umi")');
  assert.match(String(js.headers['content-type']), /javascript/);
  assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');

  const css = await call(app, 'GET', '/admin/umi.1a2b3c4d.css');
  assert.equal(css.statusCode, 200);
  assert.match(String(css.headers['content-type']), /text\/css/);

  const nested = await call(app, 'GET', '/admin/static/logo.0badf00d.svg');
  assert.equal(nested.statusCode, 200);
  assert.equal(nested.headers['cache-control'], 'public, max-age=31536000, immutable');

  const unhashed = await call(app, 'GET', '/admin/manifest.json');
  assert.equal(unhashed.statusCode, 200);
  assert.equal(unhashed.headers['cache-control'], 'no-cache');

  // a missing chunk is a real 404, never the HTML page (the browser raises ChunkLoadError)
  const missing = await call(app, 'GET', '/admin/p__x.abc12345.async.js');
  assert.equal(missing.statusCode, 404);
  assert.doesNotMatch(missing.body, /<html/i);
  assert.doesNotMatch(String(missing.headers['content-type']), /html/);
  assert.equal((await call(app, 'GET', '/admin/p__x.abc12345.chunk.css')).statusCode, 404);

  // client routes answer index.html, never cached
  for (const url of ['/', '/login', '/init', '/admin', '/admin/user', '/admin/user/42', '/demo/files', '/demo/audit_project?x=1']) {
    const res = await call(app, 'GET', url);
    assert.equal(res.statusCode, 200, url);
    assertIndex(res, INDEX, url);
    assert.match(String(res.headers['content-type']), /text\/html/, url);
    assert.equal(res.headers['cache-control'], 'no-cache, no-store', url);
  }

  // no escaping the dist folder
  for (const url of ['/admin/..%2f..%2fetc%2fpasswd', '/admin/../../etc/passwd', '/admin/%2e%2e/%2e%2e/etc/hostname']) {
    const res = await call(app, 'GET', url);
    assertIndex(res, INDEX, url);
  }
  const direct = await call(app, 'GET', '/admin/index.html');
  assert.equal(direct.headers['cache-control'], 'no-cache, no-store');

  // the API still answers JSON
  const api = await call(app, 'GET', '/api/v1/nope');
  assert.equal(api.statusCode, 404);
  assert.equal(json<{ errorCode: string }>(api).errorCode, 'NOT_FOUND');
  const health = await call(app, 'GET', '/api/v1/health');
  assert.equal(health.statusCode, 200);

  // the server loader answers JSON, never the page (anonymous: 401; modules/route-data)
  const loader = await call(app, 'GET', '/__serverLoader?route=1&url=/');
  assert.equal(loader.statusCode, 401);
  assert.equal(json<{ success: boolean }>(loader).success, false);

  // a non-GET outside /api is a JSON 404, not the page
  const post = await call(app, 'POST', '/login', { body: {} });
  assert.equal(post.statusCode, 404);
});

test('static: a precompressed copy goes to browsers that accept it, the plain file to the others', async (t) => {
  const dist = makeDist();
  const source = 'console.log("umi");'.repeat(200);
  fs.writeFileSync(path.join(dist, 'umi.1a2b3c4d.js'), source);
  fs.writeFileSync(path.join(dist, 'umi.1a2b3c4d.js.br'), brotliCompressSync(source));
  fs.writeFileSync(path.join(dist, 'umi.1a2b3c4d.js.gz'), gzipSync(source));
  const { app, close } = await createTestApp({ distDir: dist });
  t.after(async () => {
    await close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  const br = await get('/admin/umi.1a2b3c4d.js', 'gzip, deflate, br');
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(brotliDecompressSync(br.rawPayload).toString(), source);
  assert.match(String(br.headers['content-type']), /javascript/);
  assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.match(String(br.headers.vary), /accept-encoding/i);

  const gz = await get('/admin/umi.1a2b3c4d.js', 'gzip');
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gz.rawPayload).toString(), source);

  const plain = await get('/admin/umi.1a2b3c4d.js');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body, source);

  // a file without a compressed copy is sent as it is, whatever the browser accepts
  const sheet = await get('/admin/umi.1a2b3c4d.css', 'br, gzip');
  assert.equal(sheet.headers['content-encoding'], undefined);
  assert.equal(sheet.body, 'body{}');
});

test('static: without a build, pages answer 503 and the API still works', async (t) => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-nodist-'));
  const { app, close } = await createTestApp({ distDir: empty });
  t.after(async () => {
    await close();
    fs.rmSync(empty, { recursive: true, force: true });
  });
  for (const url of ['/', '/admin/user', '/demo/files']) {
    const res = await call(app, 'GET', url);
    assert.equal(res.statusCode, 503, url);
    assert.equal(res.body, "Assay's web app is not built: run npm run build");
  }
  assert.equal((await call(app, 'GET', '/api/v1/health')).statusCode, 200);
  assert.equal((await call(app, 'GET', '/api/v1/nope')).statusCode, 404);

  // a build appearing while the server runs is picked up
  fs.writeFileSync(path.join(empty, 'index.html'), INDEX);
  const after = await call(app, 'GET', '/admin/user');
  assert.equal(after.statusCode, 200);
  assertIndex(after, INDEX);

  // and a new build replacing it too (the cached copy follows the file's size and mtime)
  const rebuilt = INDEX.replace('umi.1a2b3c4d.js', 'umi.0000ffff.js');
  fs.writeFileSync(path.join(empty, 'index.html'), rebuilt);
  const future = new Date(Date.now() + 5000);
  fs.utimesSync(path.join(empty, 'index.html'), future, future);
  assertIndex(await call(app, 'GET', '/'), rebuilt);
});

test('static: every page load gets its own nonce; withNonceMeta places the tag in the head', async () => {
  assert.equal(withNonceMeta('<html><head><title>x</title></head></html>', 'N'), '<html><head><meta name="csp-nonce" content="N"><title>x</title></head></html>');
  assert.equal(withNonceMeta('<!DOCTYPE html><HTML lang="zh"><body></body></HTML>', 'N'), '<!DOCTYPE html><HTML lang="zh"><meta name="csp-nonce" content="N"><body></body></HTML>');
  assert.equal(withNonceMeta('<!doctype html><body></body>', 'N'), '<!doctype html><meta name="csp-nonce" content="N"><body></body>');
  assert.equal(withNonceMeta('<p>bare</p>', 'N'), '<meta name="csp-nonce" content="N"><p>bare</p>');
  assert.ok(!withNonceMeta('<header></header>', 'N').startsWith('<header><meta'), '<header> is not <head>');
});

test('static: with no distDir at all (dev, tests) pages answer 503', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  assert.equal((await call(app, 'GET', '/login')).statusCode, 503);
  assert.equal((await call(app, 'GET', '/admin/umi.1a2b3c4d.js')).statusCode, 503);
});
