/**
 * Keeps a ReadCache (lib/read-cache.ts) true to the database:
 *  - LISTEN on channel `assay_cache` (migration 0004's triggers notify it with the table name when
 *    a cached table changes, in any process): each notification bumps the cache generation and
 *    the analytics results' epoch; and on channel `assay_rows` (migration 0024: a subject's table
 *    or record_links changed): the results that read that table go stale (lib/result-cache.ts). On
 *    PostgreSQL a dedicated connection (outside the pool, with the pool's settings) listens and
 *    reconnects after an error (bumping once it is back, since notifications may have been
 *    missed); on PGlite the instance's own `listen`.
 *  - on PostgreSQL, an onSend hook (on the mutating routes) that bumps the generation when this
 *    process answers a mutating request (POST/PUT/PATCH/DELETE), before the response leaves: the
 *    transaction has committed by then, so the caller's next request reads fresh values without
 *    waiting for the notification, which comes over another connection. PGlite needs no such hook:
 *    it calls the listener while the committing statement returns, before the transaction's promise
 *    settles, so the bump has happened before any response leaves; and a stream of writes that
 *    touch no cached table (record updates) then keeps the cache (the session, the application, the
 *    role, the subject's definition), which saves a record update 6 of its statements on PGlite.
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { Client } from 'pg';
import type { ReadCache } from '../lib/read-cache';
import type { DatabaseHandle } from './client';

/** The channel of migration 0004. */
export const CACHE_CHANNEL = 'assay_cache';
/** The channel of migration 0024: a subject table or record_links changed (payload: the table's name). */
export const ROWS_CHANNEL = 'assay_rows';
const RECONNECT_MS = 1000;

/**
 * Starts listening; resolves once LISTEN is in place. Returns `stop()`.
 * Errors: the first LISTEN's error propagates; later connection errors are logged and retried
 * every 1,000 ms.
 */
export async function listenForInvalidation(
  handle: DatabaseHandle,
  cache: ReadCache,
  log: { warn: (obj: unknown, msg: string) => void },
): Promise<() => Promise<void>> {
  const raw = handle.raw;
  const onCache = () => {
    cache.bump();
    cache.results.bumpAll();
  };
  const onRows = (table: string) => cache.results.bumpTable(table);
  if (raw.engine === 'pglite') {
    const unlisten = await raw.client.listen(CACHE_CHANNEL, onCache);
    const unlistenRows = await raw.client.listen(ROWS_CHANNEL, onRows);
    return async () => {
      await unlisten().catch(() => undefined);
      await unlistenRows().catch(() => undefined);
    };
  }
  let stopped = false;
  let client: Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new Client(raw.pool.options);
    c.on('notification', (n) => (n.channel === ROWS_CHANNEL ? onRows(n.payload ?? '') : onCache()));
    c.on('error', (err) => {
      log.warn({ err }, 'cache invalidation: listener connection lost; reconnecting');
      c.end().catch(() => undefined);
      if (client === c) client = null;
      if (!stopped) schedule();
    });
    await c.connect();
    await c.query(`LISTEN ${CACHE_CHANNEL}`);
    await c.query(`LISTEN ${ROWS_CHANNEL}`);
    client = c;
    onCache();
  };
  const schedule = () => {
    timer = setTimeout(() => {
      connect().catch((err) => {
        log.warn({ err }, 'cache invalidation: reconnect failed');
        if (!stopped) schedule();
      });
    }, RECONNECT_MS);
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    if (c) {
      await c.end().catch(() => undefined);
    }
  };
}

/**
 * Bumps `cache` when this process answers any POST/PUT/PATCH/DELETE (see the module comment), and
 * its analytics results (lib/result-cache.ts) when the route is audited (it writes); a route
 * declared `audit: false` (a read with a body) bumps nothing: an
 * onSend hook on each route that accepts one of those methods (added as routes are declared, so a
 * GET pays nothing for it). Call before any route is added. On PGlite (`engine`) nothing: its
 * notifications arrive before the change's transaction settles.
 */
export function registerMutationInvalidation(app: FastifyInstance, cache: ReadCache, engine: DatabaseHandle['raw']['engine']): void {
  if (engine === 'pglite') return;
  /** The onSend hook of a writing route; `results`: an audited one, whose writes the analytics results must see too. */
  const bumpOnSend =
    (results: boolean): onSendHookHandler =>
    (request, _reply, payload, done) => {
      const m = request.method;
      if (m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE') {
        cache.bump();
        if (results) cache.results.bumpAll();
      }
      done(null, payload);
    };
  // an audited route is one that writes: the analytics results go stale too (not on every POST:
  // running a dashboard's card is one)
  const bump = bumpOnSend(false);
  const bumpResults = bumpOnSend(true);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE')) return;
    const audit = (route.config as { audit?: unknown } | undefined)?.audit;
    // `audit: false` declares a read that takes a body (a query's run, a preview, a dry run): it
    // changes no cached table, and bumping would make every dashboard card reload the session,
    // the membership and the subjects' definitions from the database
    if (audit === false) return;
    const hook = audit ? bumpResults : bump;
    const own = route.onSend;
    route.onSend = own === undefined ? [hook] : Array.isArray(own) ? [...own, hook] : [own, hook];
  });
}
