/**
 * The PostgreSQL reader (driver `pg`), docs/connectors.md "PostgreSQL and MySQL". One client per
 * reader; every value comes back as the server's text (no type parsing: what the imports coerce,
 * and a cursor value that round-trips exactly). Each statement runs under `statement_timeout` =
 * CONNECTOR_CALL_TIMEOUT_MS; a sync's read is a READ ONLY, REPEATABLE READ transaction holding a
 * NO SCROLL cursor fetched CONNECTOR_CHUNK_ROWS at a time (each FETCH a short statement).
 */
import pg from 'pg';
import { CONNECTOR_CALL_TIMEOUT_MS, CONNECTOR_CHUNK_ROWS, type ConnectorDbConfig, type SourceColumn, type SourceTable } from '../../../../contracts';
import { detailOf, quoteIdent, SourceError, withTimeout, type ReadRequest, type SourceReader, type SourceRow } from './source';

/** What the reader connects with: the config, the checked address, the secrets' values. */
export interface DbTarget {
  config: ConnectorDbConfig;
  /** The host or address to connect to (source.ts allowedDbHost). */
  address: string;
  password: string;
  /** The CA certificate (PEM) for tls `verify`. */
  ca: string;
}

/** Every value as the server's text. */
const RAW_TYPES = { getTypeParser: () => (v: string) => v } as unknown as pg.CustomTypesConfig;

/** The driver's error as a SourceError (sign-in refused, unreachable, timeout, table missing, other). */
export function pgError(e: unknown): SourceError {
  if (e instanceof SourceError) return e;
  const code = (e as { code?: string }).code ?? '';
  const detail = detailOf(e);
  if (code === '28P01' || code === '28000') return new SourceError('errors.connector.authFailed', {}, detail);
  if (code === '57014') return new SourceError('errors.connector.timeout', { seconds: CONNECTOR_CALL_TIMEOUT_MS / 1000 }, detail);
  if (code === '42P01' || code === '3F000') return new SourceError('errors.connector.tableNotFound', { table: '' }, detail);
  if (code === '42703') return new SourceError('errors.connector.columnNotFound', { column: '' }, detail);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', '3D000'].includes(code) || /timeout|terminated|connect/i.test(detail))
    return new SourceError('errors.connector.unreachable', { detail }, detail);
  return new SourceError('errors.connector.sourceFailed', { detail }, detail);
}

const rel = (schema: string, table: string) => `${quoteIdent(schema || 'public', '"')}.${quoteIdent(table, '"')}`;

/** Opens a PostgreSQL reader (connects on first use). */
export function postgresReader(target: DbTarget): SourceReader {
  const { config } = target;
  const tls = config.tls;
  const client = new pg.Client({
    host: target.address,
    port: config.port ?? 5432,
    database: config.database,
    user: config.user,
    password: target.password,
    ssl: tls === 'disable' ? false : tls === 'require' ? { rejectUnauthorized: false } : { rejectUnauthorized: true, ca: target.ca, servername: config.host },
    connectionTimeoutMillis: CONNECTOR_CALL_TIMEOUT_MS,
    statement_timeout: CONNECTOR_CALL_TIMEOUT_MS,
    query_timeout: CONNECTOR_CALL_TIMEOUT_MS + 1_000,
    application_name: 'assay-connector',
    types: RAW_TYPES,
  });
  client.on('error', () => undefined);
  let connected: Promise<unknown> | undefined;
  const connect = () => (connected ??= withTimeout(client.connect(), () => void client.end().catch(() => undefined)));
  async function q<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    try {
      await connect();
      return (await client.query<R>(sql, params)).rows;
    } catch (e) {
      throw pgError(e);
    }
  }
  async function columns(schema: string, table: string): Promise<SourceColumn[]> {
    const rows = await q<{ name: string; type: string; nullable: boolean }>(
      `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable
         from pg_attribute a where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [rel(schema, table)],
    );
    if (rows.length === 0) throw new SourceError('errors.connector.tableNotFound', { table });
    return rows.map((r) => ({ name: r.name, sourceType: r.type, nullable: String(r.nullable) === 't' || String(r.nullable) === 'true' }));
  }
  return {
    async test() {
      const [row] = await q<{ v: string }>('select version() as v');
      return row?.v ?? null;
    },
    async schemas() {
      const rows = await q<{ s: string }>(
        `select nspname as s from pg_namespace where nspname not in ('pg_catalog', 'information_schema')
           and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%' order by 1`,
      );
      return rows.map((r) => r.s);
    },
    async tables(schema: string): Promise<SourceTable[]> {
      const rows = await q<{ name: string; kind: string }>(
        `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f') order by 1`,
        [schema || 'public'],
      );
      return rows.map((r) => ({ schema: schema || 'public', name: r.name, type: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table' }));
    },
    columns,
    async primaryKey(schema: string, table: string) {
      const rows = await q<{ name: string }>(
        `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = to_regclass($1) and i.indisprimary order by array_position(i.indkey, a.attnum)`,
        [rel(schema, table)],
      );
      return rows.map((r) => r.name);
    },
    async preview(schema: string, table: string, limit: number) {
      const cols = await columns(schema, table);
      const list = cols.map((c) => quoteIdent(c.name, '"')).join(', ');
      const rows = await q<Record<string, string | null>>(`select ${list} from ${rel(schema, table)} limit ${limit + 1}`);
      return { columns: cols, rows: rows.slice(0, limit).map((r) => cols.map((c) => r[c.name] ?? null)), truncated: rows.length > limit };
    },
    async *read(req: ReadRequest): AsyncGenerator<SourceRow[]> {
      const list = req.columns.map((c) => quoteIdent(c, '"')).join(', ');
      let sql = `select ${list} from ${rel(req.schema, req.table)}`;
      if (req.cursor) {
        const col = quoteIdent(req.cursor.column, '"');
        if (req.cursor.after !== null) sql += ` where ${col} ${req.cursor.inclusive ? '>=' : '>'} ${client.escapeLiteral(req.cursor.after)}`;
        sql += ` order by ${col}`;
      }
      await q('begin isolation level repeatable read read only');
      let open = true;
      try {
        await q(`declare assay_sync no scroll cursor for ${sql}`);
        for (;;) {
          const rows = await q<Record<string, string | null>>(`fetch ${CONNECTOR_CHUNK_ROWS} from assay_sync`);
          if (rows.length === 0) break;
          yield rows.map((r) => req.columns.map((c) => r[c] ?? null));
          if (rows.length < CONNECTOR_CHUNK_ROWS) break;
        }
        await q('commit');
        open = false;
      } finally {
        if (open) await client.query('rollback').catch(() => undefined);
      }
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
