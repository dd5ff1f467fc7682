/**
 * The PGlite instance a file of `ownDatabasePerTest` tests reuses from test to test (test helpers,
 * not a test file). Starting PGlite from the migrated snapshot costs ~1.2 s (the 42 MB tarball is
 * unpacked and postgres starts); emptying a used instance back to the migrated state costs ~30 ms.
 * docs/testing.md "Isolation" tells which files use it and why.
 *
 * Back to the migrated state means: tables made at run time (a subject's record table) dropped,
 * every migrated table emptied with triggers off (the audit log's append-only triggers and the
 * foreign keys), the rows the migrations wrote put back (the audit head), sequences restarted,
 * session settings, listeners and advisory locks reset. Then the catalogue's fingerprint
 * (relations, triggers and whether they are enabled, functions, types, schemas) must equal the
 * migrated one; if it does not (a test changed the schema some other way) or the reset fails, the
 * instance is closed and a new one started, so a test never sees another's leftovers.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, pgliteHandle, rowsOf, type DatabaseHandle } from '../db/client';
import { sql } from 'drizzle-orm';

/** What the migrated database holds that a reset restores. */
interface Baseline {
  /** The migrated tables of `public`. */
  tables: string[];
  /** The rows migrations wrote, per table, as JSON (json_populate_recordset input). */
  seed: { table: string; rows: string }[];
  fingerprint: string;
}

const FINGERPRINT_SQL = `select md5(coalesce(string_agg(x, ',' order by x), '')) as f from (
  select 'c:' || relname || ':' || relkind::text as x from pg_class where relnamespace = 'public'::regnamespace
  union all select 't:' || c.relname || '.' || t.tgname || ':' || t.tgenabled::text from pg_trigger t
    join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace
  union all select 'p:' || proname from pg_proc where pronamespace = 'public'::regnamespace
  union all select 'y:' || typname from pg_type where typnamespace = 'public'::regnamespace
  union all select 'n:' || nspname from pg_namespace
) s`;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function fingerprintOf(client: PGlite): Promise<string> {
  return (await client.query<{ f: string }>(FINGERPRINT_SQL)).rows[0].f;
}

async function baselineOf(client: PGlite): Promise<Baseline> {
  const tables = (
    await client.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)
  ).rows.map((r) => r.t);
  const seed: Baseline['seed'] = [];
  for (const table of tables) {
    const rows = (await client.query<{ j: string | null }>(`select json_agg(t)::text as j from ${ident(table)} t`)).rows[0].j;
    if (rows) seed.push({ table, rows });
  }
  return { tables, seed, fingerprint: await fingerprintOf(client) };
}

/** The statements that take a used instance back to `baseline` (one round trip). */
function resetSql(baseline: Baseline): string {
  const kept = `array[${baseline.tables.map(literal).join(',')}]::name[]`;
  return [
    'set session_replication_role = replica',
    `do $$ declare r record; begin
      for r in select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')
        and relname <> all (${kept}) loop
        execute format('drop table if exists public.%I cascade', r.relname);
      end loop;
      for r in select sequencename from pg_sequences where schemaname = 'public' loop
        execute format('alter sequence public.%I restart', r.sequencename);
      end loop;
    end $$`,
    ...baseline.tables.map((t) => `delete from ${ident(t)}`),
    ...baseline.seed.map(
      ({ table, rows }) => `insert into ${ident(table)} select * from json_populate_recordset(null::${ident(table)}, ${literal(rows)})`,
    ),
    'reset all',
    'unlisten *',
    'select pg_advisory_unlock_all()',
  ].join(';\n');
}

let baseline: Baseline | undefined;
let reusable: { client: PGlite; busy: boolean; used: boolean } | undefined;

async function start(snapshot: Blob): Promise<PGlite> {
  const client = await PGlite.create({ loadDataDir: snapshot, extensions: PGLITE_EXTENSIONS });
  baseline ??= await baselineOf(client);
  return client;
}

/** Empties a used instance; false when it could not be brought back to the migrated state. */
async function reset(client: PGlite): Promise<boolean> {
  if (!baseline || client.closed) return false;
  try {
    await client.exec(resetSql(baseline));
    return (await fingerprintOf(client)) === baseline.fingerprint;
  } catch {
    return false;
  }
}

/**
 * A migrated in-memory PGlite database for one test: the file's reusable instance emptied back to
 * the migrated state, or (while that one is still in use by another open app, or after it could
 * not be reset) a new instance of its own.
 * @param snapshot the migrated `dumpDataDir()` tarball.
 * @returns the handle (a new Drizzle database each time) and `dispose`, which hands the reusable
 *   instance back (or closes an instance of its own).
 */
export async function openOwnPglite(snapshot: Blob): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  if (reusable && !reusable.busy) {
    const ok = !reusable.used || (await reset(reusable.client));
    if (!ok) {
      await reusable.client.close().catch(() => undefined);
      reusable = undefined;
    }
  }
  if (!reusable) reusable = { client: await start(snapshot), busy: false, used: false };
  if (reusable.busy) {
    const client = await start(snapshot);
    const handle = pgliteHandle(client, 'PGlite in memory');
    return { handle, dispose: () => handle.close() };
  }
  const mine = reusable;
  mine.busy = true;
  mine.used = true;
  return {
    handle: pgliteHandle(mine.client, 'PGlite in memory'),
    dispose: async () => {
      mine.busy = false;
    },
  };
}

/** Closes the reusable instance (the test file's end). */
export async function closeOwnPglite(): Promise<void> {
  const client = reusable?.client;
  reusable = undefined;
  if (client && !client.closed) await client.close();
}

/** For the reuse's own test: whether `db` is back at the migrated state (same fingerprint, no rows beyond the seed). */
export async function isAtBaseline(handle: DatabaseHandle): Promise<boolean> {
  if (handle.raw.engine !== 'pglite' || !baseline) return false;
  const counts = await Promise.all(
    baseline.tables.map(async (t) => Number(rowsOf<{ n: string }>(await handle.db.execute(sql.raw(`select count(*) as n from ${ident(t)}`)))[0].n)),
  );
  const seeded = new Map(baseline.seed.map((s) => [s.table, (JSON.parse(s.rows) as unknown[]).length]));
  return (
    (await fingerprintOf(handle.raw.client)) === baseline.fingerprint &&
    baseline.tables.every((t, i) => counts[i] === (seeded.get(t) ?? 0))
  );
}
