// The app in the benchmark's own process (Fastify inject; run with `node --import tsx`), for the
// benchmarks that measure the server's code rather than the network: bench/rules-run.mjs,
// bench/rules-write.mjs. bench/lib.mjs holds what every benchmark shares (it imports no server code,
// so plain `node` runs the scripts that use only it).
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { CSRF, PASSWORD, expectOk, throwAwayDatabase } from './lib.mjs';

/**
 * Opens `engine` ('pglite': in memory; 'postgres': a throw-away database `<prefix>_<random>` on
 * BENCH_DATABASE_URL's server), migrates it, builds the app (read cache on), creates the first
 * administrator and the application `bench`, and signs in.
 * @returns `handle` (the database), `app`, `call(method, url, body?, cookie?)` (inject with the
 *   CSRF header), `cookie` (the administrator's session) and `close()` (closes the app and the
 *   database, drops the throw-away database).
 * @throws Error naming the step whose request was refused.
 */
export async function openBenchApp(engine, prefix) {
  let handle;
  let drop = async () => undefined;
  if (engine === 'postgres') {
    const created = await throwAwayDatabase(prefix);
    handle = await openDatabase({ databaseUrl: created.url, poolMax: 10 });
    drop = () => created.drop();
  } else {
    handle = await openDatabase({ memory: true });
  }
  let app;
  const close = async () => {
    await app?.close();
    await handle.close();
    await drop();
  };
  try {
    await migrateDatabase(handle);
    app = await buildApp({ db: handle.db, engine: handle.engine, cacheSource: handle });
    await app.ready();
    const call = (method, url, body, cookie) => app.inject({ method, url, headers: { ...CSRF, ...(cookie ? { cookie } : {}) }, payload: body });
    await expectOk(await call('POST', '/api/v1/setup/init', { name: 'Bench', email: 'bench@example.com', password: PASSWORD }), 'setup');
    const login = await call('POST', '/api/v1/auth/login', { email: 'bench@example.com', password: PASSWORD });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    await expectOk(await call('POST', '/api/v1/applications', { slug: 'bench', name: 'Bench' }, cookie), 'application');
    return { handle, app, call, cookie, close };
  } catch (e) {
    await close();
    throw e;
  }
}
