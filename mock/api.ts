/**
 * `umi dev`'s API (docs/product.md "How it runs"): the real server app (server/src/app.ts) on an in-memory
 * PGlite seeded with demo data (server/src/dev.ts), answered in-process through Fastify's
 * `inject`. `MOCK=none umi dev` switches Umi's mocks off and .umirc.ts proxies to a running server.
 * Umi's mock middleware has already parsed the body (JSON/urlencoded), so it is re-serialised.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'http';
import { getDevApp } from '../server/src/dev';

/** What Umi's mock middleware (express) hands a handler: the Node request plus the parsed body. */
interface MockRequest extends IncomingMessage {
  originalUrl: string;
  body?: unknown;
}

/** Headers that describe the original body, invalid once it is re-serialised. */
const DROPPED_REQUEST_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !DROPPED_REQUEST_HEADERS.has(name)) out[name] = value;
  }
  return out;
}

async function forward(req: MockRequest, res: ServerResponse) {
  const app = await getDevApp();
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && Boolean(req.headers['content-type']);
  const result = await app.inject({
    method: (req.method ?? 'GET') as 'GET',
    url: req.originalUrl,
    headers: forwardHeaders(req.headers),
    payload: hasBody ? JSON.stringify(req.body ?? {}) : undefined,
    remoteAddress: req.socket.remoteAddress,
  });
  res.statusCode = result.statusCode;
  for (const [name, value] of Object.entries(result.headers)) {
    if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) res.setHeader(name, value as string | string[]);
  }
  res.end(result.rawPayload);
}

export default {
  'GET /api/(.*)': forward,
  'POST /api/(.*)': forward,
  'PUT /api/(.*)': forward,
  'PATCH /api/(.*)': forward,
  'DELETE /api/(.*)': forward,
  'GET /__serverLoader': forward,
};
