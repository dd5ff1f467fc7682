/**
 * Helpers of the connectors' tests and route specs: a local HTTP server (node:http on 127.0.0.1,
 * port 0) answering files and JSON pages, and the connectors' allow-list set through the API.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { call } from '../../test/helpers';

/** A local HTTP server: `handle` answers each request; `url(path)` is its address. Unref'd: it never holds the process. */
export interface LocalServer {
  server: Server;
  url(path: string): string;
  /** The requests it answered (method, url, headers). */
  seen: { url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/** Starts a server whose `routes(path, query, headers)` returns [status, content-type, body]. */
export async function localServer(
  routes: (path: string, query: URLSearchParams, headers: IncomingMessage['headers']) => [number, string, string | Buffer],
): Promise<LocalServer> {
  const seen: LocalServer['seen'] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    seen.push({ url: req.url ?? '', headers: req.headers });
    const [status, type, body] = routes(u.pathname, u.searchParams, req.headers);
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    server,
    seen,
    url: (p) => `http://127.0.0.1:${port}${p}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sets the system setting `connectorAllowedHosts` as the administrator `cookie`. @throws on failure. */
export async function allowConnectorHosts(app: FastifyInstance, cookie: string, hosts: string[]): Promise<void> {
  const res = await call(app, 'PATCH', '/api/v1/settings', { cookie, body: { connectorAllowedHosts: hosts } });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
}
