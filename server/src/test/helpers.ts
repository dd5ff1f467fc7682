/**
 * Test helpers (not a test file): build the app in-process on a real, migrated database
 * (docs/testing.md "Isolation"). The tests of a file share one database; each test makes its own
 * administrator, application and data (files of global state declare ownDatabasePerTest).
 *
 * - Default: in-memory PGlite from the migrated snapshot (initdb + migrations run once, the
 *   `dumpDataDir()` tarball cached in the temporary folder for the other test processes, keyed by
 *   the migrations), loaded once per file.
 * - TEST_DATABASE_URL=postgres://…: a database `assay_test_<random>` on that server, copied from
 *   the migrated template `assay_tpl_<hash>`, dropped when the file ends.
 * Tests that need the engine's files or a real server process use createPgliteDataDir /
 * createEngineDatabase. A leak guard fails a file that leaves anything behind for the next.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { CSRF_HEADER, type CurrentUser, type User } from '../../../contracts';
import { buildApp } from '../app';
import { openDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from '../db/client';
import { defaultMigrationsFolder, migrateDatabase } from '../db/migrate';
import { testDatabaseUrl } from '../env';
import type { AnchorFile } from '../modules/audit/audit.anchors';
import type { SigningKey } from '../modules/audit/audit.signing';
import { currentTestFile, inBatch } from './file-scope';
import { closeOwnPglite, openOwnPglite } from './pglite-reuse';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Closes the app and the database (and drops the PostgreSQL test database). */
  close(): Promise<void>;
}

let snapshot: Promise<Blob> | undefined;

/**
 * A hash of the committed migrations and the PGlite version: names the cached PGlite snapshot and
 * the PostgreSQL template database, so a new migration makes new ones.
 */
function migrationsHash(): string {
  const folder = defaultMigrationsFolder();
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else hash.update(name).update(fs.readFileSync(full));
    }
  };
  walk(folder);
  const pkgFile = path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(fs.existsSync(pkgFile) ? fs.readFileSync(pkgFile) : 'unknown');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where the migrated snapshot is cached between test processes (each test file runs in its own
 * process; initdb costs ~3 s): the temporary folder, named by migrationsHash().
 */
function snapshotCachePath(): string {
  return path.join(os.tmpdir(), `assay-pglite-snapshot-${migrationsHash()}.tar`);
}

async function pgliteSnapshot(): Promise<Blob> {
  const cache = snapshotCachePath();
  if (fs.existsSync(cache)) return new Blob([fs.readFileSync(cache)]);
  const handle = await openDatabase({ memory: true });
  try {
    await migrateDatabase(handle);
    if (handle.raw.engine !== 'pglite') throw new Error('expected PGlite');
    const dump = await handle.raw.client.dumpDataDir('none');
    const tmp = `${cache}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
    fs.renameSync(tmp, cache);
    return dump;
  } finally {
    await handle.close();
  }
}

/** Runs `fn` with a connection to `serverUrl`'s database (closed after). */
async function withServer<T>(serverUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let template: Promise<string> | undefined;
/** How long a template of other migrations is kept once a new one is made (ms): a day. */
const TEMPLATE_KEEP_MS = 24 * 60 * 60_000;

/**
 * The migrated template database `assay_tpl_<migrationsHash>` on `serverUrl`'s server, made once
 * (by whichever test process comes first: built under a private name, then renamed) and copied by
 * `CREATE DATABASE … TEMPLATE` for each test file (~0.2 s instead of ~0.7 s to migrate). It takes
 * no connection once made (ALLOW_CONNECTIONS false), so no test can change what the others copy.
 * Templates of other migrations are dropped when a new one is made, once a day old (the time it was
 * made is its comment): another checkout's suite may be using one at the same time (a branch with
 * another migration, a helper's worktree), and dropping it would fail that suite.
 * @returns the template's name.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `assay_tpl_${migrationsHash()}`;
    const exists = await withServer(
      serverUrl,
      async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
    );
    if (exists) return name;
    const building = `${name}_${process.pid}`;
    await withServer(serverUrl, (c) => c.query(`create database ${building}`));
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const migrated = await openDatabase({ databaseUrl: url.toString(), poolMax: 1 });
    try {
      await migrateDatabase(migrated);
    } finally {
      await migrated.close();
    }
    await withServer(serverUrl, async (c) => {
      try {
        await c.query(`alter database ${building} rename to ${name}`);
        // nobody connects to the template again, so no test can write into what the others copy
        await c.query(`alter database ${name} with is_template true allow_connections false`);
        await c.query(`comment on database ${name} is '${Date.now()}'`);
      } catch {
        await c.query(`drop database if exists ${building} with (force)`); // another process won the race
      }
      const old = await c.query<{ datname: string }>(
        `select datname from pg_database
          where datname like 'assay\\_tpl\\_%' and datname <> $1 and datname !~ '_[0-9]+$'
            and coalesce(nullif(shobj_description(oid, 'pg_database'), '')::bigint, 0) < $2`,
        [name, Date.now() - TEMPLATE_KEEP_MS],
      );
      for (const row of old.rows) {
        await c.query(`alter database ${row.datname} is_template false`).catch(() => undefined);
        await c.query(`drop database if exists ${row.datname} with (force)`).catch(() => undefined);
      }
    });
    return name;
  })();
  return template;
}

/**
 * A fresh, migrated PostgreSQL database `assay_test_<random>` on TEST_DATABASE_URL's server, a
 * copy of the migrated template (postgresTemplate).
 * @returns its URL and `drop()`, which removes it (closing any connection left).
 */
export async function createPostgresTestDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `assay_test_${randomBytes(6).toString('hex')}`;
  madeDatabases.add(name);
  const tpl = await postgresTemplate(serverUrl);
  await withServer(serverUrl, (c) => c.query(`create database ${name} template ${tpl}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * A migrated PGlite data folder (`<dir>/db`) in a new temporary directory, unpacked from the
 * migrated snapshot (no initdb: ~1 s). For tests of the shell commands and the real server.
 * @returns the directory; the caller removes it.
 */
export async function createPgliteDataDir(prefix = 'assay-data-'): Promise<string> {
  snapshot ??= pgliteSnapshot();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeFolders.add(dir);
  const client = await PGlite.create({
    dataDir: path.join(dir, 'db'),
    loadDataDir: await snapshot,
    extensions: PGLITE_EXTENSIONS,
  });
  await client.close();
  return dir;
}

/**
 * A fresh, migrated database on the engine under test, for tests that run the real server or a
 * shell command in a child process: a throw-away `assay_test_*` database on TEST_DATABASE_URL, else
 * a PGlite data folder (createPgliteDataDir). Removed when the test ends.
 * @returns `env`, the variables a child process needs (`DATA_DIR`, and `DATABASE_URL` on PostgreSQL), and `open`,
 *   which opens it in this process (`poolMax` connections on PostgreSQL, default 2).
 */
export async function createEngineDatabase(
  t: { after(fn: () => unknown): void },
  poolMax = 2,
): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    const created = await createPostgresTestDatabase(serverUrl);
    t.after(created.drop);
    // a data folder of its own too: the server keeps files there (audit anchors, attachments)
    // even on PostgreSQL, and ./data would carry them into the next test
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-pgdata-'));
    madeFolders.add(dataDir);
    t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return {
      env: { DATABASE_URL: created.url, DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: created.url, poolMax }),
    };
  }
  const dataDir = await createPgliteDataDir();
  t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

/**
 * A migrated database: on PGlite a new instance from the snapshot (the file's shared database), or
 * for a test of its own (`own`), and under the batch runner for a file's shared database too, the
 * process's reusable instance emptied back to the migrated state (test/pglite-reuse.ts: ~30 ms
 * instead of ~1.2 s); on PostgreSQL a new copy of the template.
 */
async function openTestDatabase(own = false): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    snapshot ??= pgliteSnapshot();
    // TEST_PGLITE_REUSE=0: a new instance per test, as on PostgreSQL (to rule the reuse out).
    // Under the batch runner a file's shared database is the reusable instance too, emptied back
    // to the migrated state for the next file.
    if ((own || inBatch()) && process.env.TEST_PGLITE_REUSE !== '0') return openOwnPglite(await snapshot);
    const handle = await openDatabase({ memory: true, snapshot: await snapshot });
    return { handle, dispose: () => handle.close() };
  }
  const created = await createPostgresTestDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: created.url, poolMax: 4, allowExitOnIdle: true });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

/** What the helpers hold for one test file: its shared database, why its tests want their own, its leak-guard baseline. */
interface FileState {
  ownDatabaseReason?: string;
  db?: Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }>;
  footprintBefore?: Promise<Footprint | null>;
}
/** Per test file (test/file-scope.ts: the batch runner runs several in one process). */
const fileStates = new Map<string, FileState>();

/** The state of the test file the caller belongs to (made on first use). */
function fileState(): FileState {
  const key = currentTestFile();
  let state = fileStates.get(key);
  if (!state) fileStates.set(key, (state = {}));
  return state;
}

/**
 * Declares, at the top of a test file, that each of its tests needs a database of its own, and
 * why (e.g. "first-run setup needs an empty database", "the audit chain is global"). Without it
 * the tests of a file share one database (fileDatabase) and isolate themselves by their own
 * application, users and subjects: see docs/testing.md.
 */
export function ownDatabasePerTest(reason: string): void {
  if (!reason.trim()) throw new Error('ownDatabasePerTest: say why the tests need their own database');
  fileState().ownDatabaseReason = reason;
}

/**
 * The database the tests of this file share: opened on first use, closed (and on PostgreSQL
 * dropped) when the file's tests are over (finishTestFile).
 */
function fileDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const state = fileState();
  state.db ??= openTestDatabase();
  return state.db;
}

/**
 * What a test file leaves outside itself, by kind (`database`, `role`, `setting`, `folder`): the
 * leak guard below compares it before and after the file.
 */
type Footprint = Record<'database' | 'role' | 'setting' | 'folder', string[]>;

/** The PGlite data folders createPgliteDataDir made in this process (each must be removed by its test). */
const madeFolders = new Set<string>();
/** The PostgreSQL test databases this process made (each must be dropped by the time the file ends). */
const madeDatabases = new Set<string>();

/**
 * This process's footprint on what the test files share: on PostgreSQL the server's databases
 * (other processes' `assay_test_*` and the templates aside; this process's own while they exist),
 * roles and per-database/role settings; on both engines the data folders made here and still
 * present. The PostgreSQL suite runs one file at a time, so the server's lists change only by
 * this file (or by another developer's run, which makes only `assay_test_*` databases).
 */
async function footprint(): Promise<Footprint> {
  // the default data folder (./data, what a server started without DATA_DIR writes to) must not
  // gain files from a test either
  const defaultData = path.resolve('data');
  const inDefault = fs.existsSync(defaultData) ? fs.readdirSync(defaultData).map((f) => path.join(defaultData, f)) : [];
  const folder = [...[...madeFolders].filter((d) => fs.existsSync(d)), ...inDefault].sort();
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) return { database: [], role: [], setting: [], folder };
  return withServer(serverUrl, async (c) => ({
    database: (await c.query<{ n: string }>('select datname as n from pg_database order by 1')).rows
      .map((r) => r.n)
      .filter((n) => madeDatabases.has(n) || !/^assay_(test|tpl)_/.test(n)),
    role: (await c.query<{ n: string }>('select rolname as n from pg_roles order by 1')).rows.map((r) => r.n),
    setting: (
      await c.query<{ n: string }>(
        `select setdatabase || '/' || setrole || '/' || array_to_string(setconfig, ',') as n from pg_db_role_setting order by 1`,
      )
    ).rows.map((r) => r.n),
    folder,
  }));
}

/** What `after` holds that `before` did not, as `kind name` lines. */
function leaks(before: Footprint, afterward: Footprint): string[] {
  return (Object.keys(afterward) as (keyof Footprint)[]).flatMap((kind) =>
    afterward[kind].filter((x) => !before[kind].includes(x)).map((x) => `${kind} ${x}`),
  );
}

/**
 * Notes what the current test file starts from (its leak-guard baseline). The batch runner calls
 * it in each file's `before` hook; a process of one file takes its baseline when the helpers load.
 */
export function beginTestFile(): void {
  fileState().footprintBefore = footprint().catch(() => null);
}

/**
 * Ends the current test file: its shared database closed (and on PostgreSQL dropped), the reused
 * PGlite instance closed (handed to the next file under the batch runner); then the leak guard fails the file if it left anything the next file
 * could see (a database, a role, a setting on the PostgreSQL server; a data folder): see
 * docs/testing.md "Isolation". The batch runner calls it in each file's `after` hook.
 * @throws the list of what leaked.
 */
export async function finishTestFile(): Promise<void> {
  const key = currentTestFile();
  const state = fileStates.get(key) ?? {};
  fileStates.delete(key);
  if (state.db) await (await state.db).dispose();
  // the batch runner's next file reuses the instance (reset first); it closes it at the end
  if (!inBatch()) await closeOwnPglite();
  const before = await state.footprintBefore;
  if (!before) return;
  const left = leaks(before, await footprint());
  if (left.length) throw new Error(`this test file leaked state other files would see: ${left.join('; ')}`);
}

// A process of one test file: the baseline now, and the root `after` hook ends the file once all
// its tests have run.
if (!inBatch()) {
  beginTestFile();
  after(finishTestFile);
}

/**
 * A fresh app on the file's shared database (or a fresh one: ownDatabasePerTest, `ownDatabase`); `distDir` to test the web app serving, `trustProxy` for
 * X-Forwarded-*, `beforeReady` to add test-only routes.
 */
export async function createTestApp(
  opts: {
    distDir?: string;
    trustProxy?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
    signingKey?: SigningKey | null;
    /** The audit anchor file verification compares (default none). */
    auditAnchors?: AnchorFile | null;
    allowedOrigins?: string[];
    allowedHosts?: string[];
    bindHost?: string;
    apiRateLimit?: number;
    /** Fastify's logger option (default false): e.g. `{ level: 'warn', stream }` to read what the app logs. */
    logger?: Parameters<typeof buildApp>[0]['logger'];
    /** This test needs a database of its own (not the file's shared one): say why. */
    ownDatabase?: string;
  } = {},
): Promise<TestApp> {
  const own = Boolean(fileState().ownDatabaseReason) || Boolean(opts.ownDatabase);
  const { handle, dispose } = own ? await openTestDatabase(true) : { ...(await fileDatabase()), dispose: async () => undefined };
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db: handle.db,
      engine: handle.engine,
      distDir: opts.distDir,
      trustProxy: opts.trustProxy,
      signingKey: opts.signingKey,
      auditAnchors: opts.auditAnchors,
      allowedOrigins: opts.allowedOrigins,
      allowedHosts: opts.allowedHosts,
      bindHost: opts.bindHost,
      apiRateLimit: opts.apiRateLimit,
      cacheSource: handle,
      logger: opts.logger,
    });
    opts.beforeReady?.(app);
    await app.ready();
  } catch (err) {
    await dispose();
    throw err;
  }
  let closed = false;
  return {
    app,
    handle,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await dispose();
    },
  };
}

export const CSRF = { [CSRF_HEADER]: '1' } as const;
export const DEFAULT_PASSWORD = 'Correct-horse-42';

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /** Leave out the CSRF header on a mutation (to test the 403). */
  noCsrf?: boolean;
}

/** Calls the app; mutations carry `x-assay-request: 1` unless `noCsrf`. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD',
  url: string,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (method !== 'GET' && method !== 'HEAD' && !opts.noCsrf) Object.assign(headers, CSRF);
  if (opts.cookie) headers.cookie = opts.cookie;
  return app.inject({
    method,
    url,
    headers,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

/** The JSON body of a response, typed for assertions. */
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

let counter = 0;
/** Closes what the test files of this process shared (the reusable PGlite instance): the batch runner's end. */
export async function finishTestProcess(): Promise<void> {
  await closeOwnPglite();
}

/** A unique e-mail address for this test process (lower-case). */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** The first administrator of each database (keyed by the app's Drizzle instance), for initAdmin on a shared database. */
const firstAdmins = new WeakMap<object, { email: string; password: string }>();

/**
 * An administrator for this test: on an empty database the first one, through POST /setup/init
 * (default e-mail admin@example.com); on the file's shared database, once set up, a new
 * administrator created by the first one through POST /users (default e-mail unique), so each
 * test has its own.
 * @throws when setup or the creation fails.
 */
export async function initAdmin(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<{ user: User; email: string; password: string }> {
  const password = input.password ?? DEFAULT_PASSWORD;
  const first = firstAdmins.get(app.db);
  if (first) {
    const cookie = await login(app, first.email, first.password);
    return createUser(app, cookie, {
      name: input.name ?? 'Admin',
      email: input.email ?? uniqueEmail('admin'),
      password,
      isAdmin: true,
    });
  }
  const email = input.email ?? 'admin@example.com';
  const res = await call(app, 'POST', '/api/v1/setup/init', {
    body: { name: input.name ?? 'Admin', email, password },
  });
  if (res.statusCode !== 201) throw new Error(`init failed: ${res.statusCode} ${res.body}`);
  firstAdmins.set(app.db, { email, password });
  return { user: json<{ data: User }>(res).data, email, password };
}

/** The `assay_session=…` cookie header set by a response (sign-in, password change), or undefined. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'assay_session');
  return cookie ? `assay_session=${cookie.value}` : undefined;
}

/** Signs in and returns the `cookie` request header (`assay_session=…`). */
export async function login(app: FastifyInstance, email: string, password: string = DEFAULT_PASSWORD): Promise<string> {
  const res = await call(app, 'POST', '/api/v1/auth/login', { body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'assay_session');
  if (!cookie) throw new Error('no session cookie');
  return `assay_session=${cookie.value}`;
}

/** Creates a user through POST /users as `adminCookie`. */
export async function createUser(
  app: FastifyInstance,
  adminCookie: string,
  input: { name?: string; email?: string; password?: string; isAdmin?: boolean } = {},
): Promise<{ user: User; email: string; password: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? DEFAULT_PASSWORD;
  const res = await call(app, 'POST', '/api/v1/users', {
    cookie: adminCookie,
    body: { name: input.name ?? 'Test User', email, password, isAdmin: input.isAdmin ?? false },
  });
  if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
  return { user: json<{ data: User }>(res).data, email, password };
}

/** Initialises the app and signs the administrator in: the usual first step of a test. */
export async function adminSession(app: FastifyInstance): Promise<{ cookie: string; user: User }> {
  const admin = await initAdmin(app);
  return { cookie: await login(app, admin.email, admin.password), user: admin.user };
}

/** Creates a non-admin user and signs them in. */
export async function userSession(
  app: FastifyInstance,
  adminCookie: string,
  input: { name?: string; isAdmin?: boolean } = {},
): Promise<{ cookie: string; user: User; email: string }> {
  const created = await createUser(app, adminCookie, input);
  return { cookie: await login(app, created.email, created.password), user: created.user, email: created.email };
}

/** GET /auth/me's data. */
export async function me(app: FastifyInstance, cookie?: string): Promise<CurrentUser | null> {
  const res = await call(app, 'GET', '/api/v1/auth/me', { cookie });
  return json<{ data: CurrentUser | null }>(res).data;
}

/**
 * Runs `change` (a write made directly in SQL, standing for another process or psql) and waits
 * (≤ 2,000 ms) for the database's cache notification (migration 0004) to reach `app`'s read
 * cache, as it would reach every API process a few ms after the commit.
 * @throws when no notification arrives in time.
 */
export async function changeInSql(app: FastifyInstance, change: () => Promise<unknown>): Promise<void> {
  const before = app.readCache.stats.bumps;
  await change();
  const deadline = Date.now() + 2000;
  while (app.readCache.stats.bumps === before) {
    if (Date.now() > deadline) throw new Error('no cache notification within 2 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}
