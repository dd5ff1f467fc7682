/**
 * Serving the built Umi app and the fallbacks (docs/product.md "How it runs": SPA fallback for every route,
 * `/admin/*` static assets with a long cache for hashed chunks).
 *
 * Umi builds with publicPath /admin/ straight into dist/, so `/admin/umi.1a2b3c4d.js` is
 * `dist/umi.1a2b3c4d.js`. Rules, when `distDir` holds index.html:
 * - an existing file under /admin/ is sent; a content-hashed name (`.<8 hex>.`) is cached
 *   `public, max-age=31536000, immutable` (one year, in seconds), any other file `no-cache`;
 *   its precompressed copy `<file>.br` or `<file>.gz`, when the build wrote one and the request's
 *   Accept-Encoding takes it, is sent instead (`content-encoding`, `vary: accept-encoding`);
 * - a missing file under /admin/ with an asset extension (ASSET_EXTENSIONS) is a real 404, never
 *   index.html, so the browser raises ChunkLoadError and the app offers Retry/Reload;
 * - every other GET/HEAD outside /api (`/`, `/login`, `/admin`, `/admin/user`, `/demo/files`…)
 *   answers index.html with `no-cache, no-store`.
 * Without a build, those pages answer 503 "Assay's web app is not built: run npm run build".
 * Unknown /api routes (and non-GET requests) answer the JSON 404 envelope. `GET /__serverLoader`
 * is modules/route-data.
 * index.html is read once and cached (re-read when its size or mtime changes, so a build made
 * while the server runs is picked up); each response gets a fresh CSP nonce templated into its
 * `<head>` as `<meta name="csp-nonce" content="…">` (the same nonce as the response's CSP
 * `style-src`, lib/security-headers.ts), which the web hands to antd's ConfigProvider `csp`.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSP_NONCE_META } from '../../contracts';
import { isApiUrl } from './lib/csrf';
import { sendError } from './lib/error-handler';

/** Extensions whose missing files under /admin/ are a 404 rather than the SPA page. */
export const ASSET_EXTENSIONS = new Set([
  'js', 'css', 'map', 'png', 'jpg', 'svg', 'ico', 'woff', 'woff2', 'ttf', 'json', 'txt', 'webp', 'gif',
]);
/** A content-hashed file name: `.<8 hex>.` somewhere in it (umi: `umi.1a2b3c4d.js`, `p__x.abc12345.async.js`). */
export const HASHED_NAME = /\.[0-9a-f]{8}\./;
/** Cache-Control of hashed assets: one year (31,536,000 s), never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html: always fetched again, so a new build is seen at once. */
export const INDEX_CACHE = 'no-cache, no-store';
export const NOT_BUILT_MESSAGE = "Assay's web app is not built: run npm run build";

/**
 * `html` with `<meta name="csp-nonce" content="NONCE">` inserted right after its `<head>` tag, or
 * after `<html>` or the doctype when it has no head (the parser then opens the head itself), or
 * first. The nonce is base64, so it needs no escaping in the attribute.
 */
export function withNonceMeta(html: string, nonce: string): string {
  const meta = `<meta name="${CSP_NONCE_META}" content="${nonce}">`;
  const anchor = /<head(\s[^>]*)?>/i.exec(html) ?? /<html(\s[^>]*)?>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  if (!anchor) return meta + html;
  const at = anchor.index + anchor[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

function hasExtension(file: string): boolean {
  const ext = path.extname(file).slice(1).toLowerCase();
  return ASSET_EXTENSIONS.has(ext);
}

/**
 * Registers the /admin/* assets and the not-found handler (SPA fallback,
 * JSON 404 for /api). `distDir` is resolved from process.cwd(); undefined = no web app (dev/tests).
 */
export async function registerStatic(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const root = distDir ? path.resolve(process.cwd(), distDir) : undefined;
  const servable = root !== undefined && fs.existsSync(root) && fs.statSync(root).isDirectory();
  if (servable) {
    // `x.js.br` / `x.js.gz` beside `x.js` (written by the build, .umirc.ts) go to browsers that accept them
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  }
  const indexPath = root ? path.join(root, 'index.html') : undefined;
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  /** index.html's text, from the cache while its size and mtime are unchanged; undefined when missing. */
  const indexHtml = (): string | undefined => {
    if (!servable || !indexPath) return undefined;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(indexPath);
    } catch {
      cached = undefined;
      return undefined;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, html: fs.readFileSync(indexPath, 'utf8') };
    }
    return cached.html;
  };
  const indexExists = () => indexHtml() !== undefined;

  const sendIndex = (reply: FastifyReply) => {
    const html = indexHtml();
    if (html === undefined) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    }
    return reply
      .code(200)
      .header('cache-control', INDEX_CACHE)
      .type('text/html; charset=utf-8')
      .send(withNonceMeta(html, reply.request.cspNonce));
  };

  /** The file under root named by `rel`, or undefined when it is missing or escapes root. */
  const existingFile = (rel: string): string | undefined => {
    if (!root || !rel || rel.includes('\0')) return undefined;
    const full = path.resolve(root, rel);
    if (!full.startsWith(root + path.sep)) return undefined;
    try {
      return fs.statSync(full).isFile() ? path.relative(root, full) : undefined;
    } catch {
      return undefined;
    }
  };

  /** GET /admin/<file> — the built file, a 404 for a missing asset, else index.html (client routes). */
  app.get('/admin/*', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const rel = request.params['*'];
    if (!indexExists()) return sendIndex(reply);
    const file = existingFile(rel);
    if (file === 'index.html') return sendIndex(reply);
    if (file) {
      const cache = HASHED_NAME.test(path.basename(file)) ? IMMUTABLE_CACHE : 'no-cache';
      return reply.header('cache-control', cache).header('vary', 'accept-encoding').sendFile(file, { cacheControl: false });
    }
    if (hasExtension(rel)) return sendError(reply, 404, 'NOT_FOUND', 'errors.notFound');
    return sendIndex(reply);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiUrl(request.url)) return sendError(reply, 404, 'NOT_FOUND', 'errors.routeNotFound');
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, 'NOT_FOUND', 'errors.notFound');
    return sendIndex(reply);
  });
}
