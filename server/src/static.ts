/**
 * Serving the built Umi app and the fallbacks (PRODUCT.md "Shape": SPA fallback for every route,
 * `/admin/*` static assets with a long cache for hashed chunks).
 *
 * Umi builds with publicPath /admin/ straight into dist/, so `/admin/umi.1a2b3c4d.js` is
 * `dist/umi.1a2b3c4d.js`. Rules, when `distDir` holds index.html:
 * - an existing file under /admin/ is sent; a content-hashed name (`.<8 hex>.`) is cached
 *   `public, max-age=31536000, immutable` (one year, in seconds), any other file `no-cache`;
 * - a missing file under /admin/ with an asset extension (ASSET_EXTENSIONS) is a real 404, never
 *   index.html, so the browser raises ChunkLoadError and the app offers Retry/Reload;
 * - every other GET/HEAD outside /api (`/`, `/login`, `/admin`, `/admin/user`, `/demo/files`…)
 *   answers index.html with `no-cache, no-store`.
 * Without a build, those pages answer 503 "Assay's web app is not built: run npm run build".
 * Unknown /api routes (and non-GET requests) answer the JSON 404 envelope. `GET /__serverLoader`
 * answers a JSON 404 for now (a later issue implements Umi's server loaders).
 * index.html is looked up per request, so a build made while the server runs is picked up.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

function hasExtension(file: string): boolean {
  const ext = path.extname(file).slice(1).toLowerCase();
  return ASSET_EXTENSIONS.has(ext);
}

/**
 * Registers the /admin/* assets, `GET /__serverLoader` and the not-found handler (SPA fallback,
 * JSON 404 for /api). `distDir` is resolved from process.cwd(); undefined = no web app (dev/tests).
 */
export async function registerStatic(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const root = distDir ? path.resolve(process.cwd(), distDir) : undefined;
  const servable = root !== undefined && fs.existsSync(root) && fs.statSync(root).isDirectory();
  if (servable) {
    await app.register(fastifyStatic, { root, serve: false });
  }
  const indexExists = () => servable && fs.existsSync(path.join(root, 'index.html'));

  const sendIndex = (reply: FastifyReply) => {
    if (!indexExists()) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    }
    return reply.code(200).header('cache-control', INDEX_CACHE).sendFile('index.html', { cacheControl: false });
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
      return reply.header('cache-control', cache).sendFile(file, { cacheControl: false });
    }
    if (hasExtension(rel)) return sendError(reply, 404, 'NOT_FOUND', 'errors.notFound');
    return sendIndex(reply);
  });

  /** GET /__serverLoader?route=&url= — not implemented yet: JSON 404. */
  app.get('/__serverLoader', { schema: { hide: true } }, async (_request, reply) =>
    sendError(reply, 404, 'NOT_FOUND', 'errors.notFound'),
  );

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiUrl(request.url)) return sendError(reply, 404, 'NOT_FOUND', 'errors.routeNotFound');
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, 'NOT_FOUND', 'errors.notFound');
    return sendIndex(reply);
  });
}
