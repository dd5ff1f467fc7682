/**
 * The API for `umi dev` (docs/product.md "How it runs": the same API, served from mock/):
 * mock/api.ts requires this module through Umi's esbuild CommonJS register and forwards requests
 * to the app with `inject` (no port is opened). In-memory PGlite, migrated from server/drizzle/
 * (resolved from process.cwd(), the repo root) and seeded with db/seed.ts's demo data.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './db/seed';

/**
 * The memo lives on globalThis: Umi's mock loader deletes every registered file from
 * require.cache when mock files change and requires them again, and a module-level memo would then
 * start a second in-memory database (~800 MB peak) on each reload.
 */
const store = globalThis as typeof globalThis & { __assayDevApp?: Promise<FastifyInstance> };

async function createDevApp(): Promise<FastifyInstance> {
  const handle = await openDatabase({ memory: true });
  try {
    await migrateDatabase(handle);
    await seedDemoData(handle.db);
    const app = await buildApp({ db: handle.db, engine: handle.engine, logger: { level: 'warn' }, cacheSource: handle });
    app.addHook('onClose', async () => handle.close());
    await app.ready();
    return app;
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * The dev app, created on first call (~3 s: PGlite initdb, migrations, seed) and memoised for the
 * life of the process. A failed start is not memoised: the next call tries again.
 */
export function getDevApp(): Promise<FastifyInstance> {
  if (!store.__assayDevApp) {
    const created = createDevApp();
    store.__assayDevApp = created;
    created.catch(() => {
      if (store.__assayDevApp === created) store.__assayDevApp = undefined;
    });
  }
  return store.__assayDevApp;
}

/** Closes the dev app (and its database) if one was started; the next getDevApp() starts afresh. */
export async function closeDevApp(): Promise<void> {
  const current = store.__assayDevApp;
  store.__assayDevApp = undefined;
  if (current) await (await current.catch(() => undefined))?.close();
}
