/**
 * The MySQL / MariaDB reader (driver `mysql2`), docs/connectors.md "PostgreSQL and MySQL". One
 * connection per reader; every value comes back as text (`typeCast`: the server's own text, as
 * PostgreSQL's reader). Browsing and previews are single statements with the per-call time limit
 * (the driver's `timeout`); a sync's read streams the result set (the driver pauses the socket while
 * a chunk is staged: memory holds one chunk) and each chunk must arrive within the time limit.
 * The connector's database is its one schema.
 */
import mysql from 'mysql2';
import { CONNECTOR_CALL_TIMEOUT_MS, CONNECTOR_CHUNK_ROWS, type SourceColumn, type SourceTable } from '../../../../contracts';
import type { DbTarget } from './source-postgres';
import { detailOf, quoteIdent, SourceError, timeoutError, withTimeout, type ReadRequest, type SourceReader, type SourceRow } from './source';

/** The driver's error as a SourceError. */
export function mysqlError(e: unknown): SourceError {
  if (e instanceof SourceError) return e;
  const err = e as { code?: string; errno?: number };
  const detail = detailOf(e);
  if (err.errno === 1045 || err.code === 'ER_ACCESS_DENIED_ERROR' || err.errno === 1044) return new SourceError('errors.connector.authFailed', {}, detail);
  if (err.code === 'PROTOCOL_SEQUENCE_TIMEOUT' || err.errno === 3024 || err.errno === 1969) return timeoutError();
  if (err.errno === 1146) return new SourceError('errors.connector.tableNotFound', { table: '' }, detail);
  if (err.errno === 1054) return new SourceError('errors.connector.columnNotFound', { column: '' }, detail);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'PROTOCOL_CONNECTION_LOST'].includes(err.code ?? '') || err.errno === 1049)
    return new SourceError('errors.connector.unreachable', { detail }, detail);
  return new SourceError('errors.connector.sourceFailed', { detail }, detail);
}

/** Opens a MySQL/MariaDB reader (connects on first use). */
export function mysqlReader(target: DbTarget): SourceReader {
  const { config } = target;
  const tls = config.tls;
  let conn: mysql.Connection | undefined;
  const open = (): mysql.Connection => {
    if (!conn) {
      conn = mysql.createConnection({
        host: target.address,
        port: config.port ?? 3306,
        database: config.database,
        user: config.user,
        password: target.password,
        connectTimeout: CONNECTOR_CALL_TIMEOUT_MS,
        ssl: tls === 'disable' ? undefined : tls === 'require' ? { rejectUnauthorized: false } : { rejectUnauthorized: true, ca: target.ca },
        // every value as the server's text (null stays null)
        typeCast: (field, next) => (field.type === 'GEOMETRY' ? next() : field.string()),
        supportBigNumbers: true,
        bigNumberStrings: true,
        dateStrings: true,
      });
      conn.on('error', () => undefined);
    }
    return conn;
  };
  let connected: Promise<void> | undefined;
  /** The connection, signed in (a refused sign-in rejects here: queries queued behind it would wait). */
  const ready = (): Promise<mysql.Connection> => {
    const c = open();
    connected ??= withTimeout(
      new Promise<void>((resolve, reject) => c.connect((err) => (err ? reject(mysqlError(err)) : resolve()))),
      () => c.destroy(),
    );
    return connected.then(() => c);
  };
  async function q<R>(sql: string, values: unknown[] = []): Promise<R[]> {
    const c = await ready();
    return withTimeout(
      new Promise<R[]>((resolve, reject) => {
        c.query({ sql, values, timeout: CONNECTOR_CALL_TIMEOUT_MS }, (err, rows) => (err ? reject(mysqlError(err)) : resolve(rows as R[])));
      }),
      () => c.destroy(),
      CONNECTOR_CALL_TIMEOUT_MS + 1_000,
    );
  }
  const schemaOf = (schema: string) => schema || config.database;
  const rel = (schema: string, table: string) => `${quoteIdent(schemaOf(schema), '`')}.${quoteIdent(table, '`')}`;
  async function columns(schema: string, table: string): Promise<SourceColumn[]> {
    const rows = await q<{ name: string; type: string; nullable: string }>(
      `select column_name as name, column_type as type, is_nullable as nullable from information_schema.columns
        where table_schema = ? and table_name = ? order by ordinal_position`,
      [schemaOf(schema), table],
    );
    if (rows.length === 0) throw new SourceError('errors.connector.tableNotFound', { table });
    return rows.map((r) => ({ name: r.name, sourceType: r.type, nullable: r.nullable === 'YES' }));
  }
  return {
    async test() {
      const [row] = await q<{ v: string }>('select version() as v');
      return row?.v ?? null;
    },
    async schemas() {
      return [config.database];
    },
    async tables(schema: string): Promise<SourceTable[]> {
      const rows = await q<{ name: string; type: string }>(
        'select table_name as name, table_type as type from information_schema.tables where table_schema = ? order by 1',
        [schemaOf(schema)],
      );
      return rows.map((r) => ({ schema: schemaOf(schema), name: r.name, type: r.type === 'VIEW' ? 'view' : 'table' }));
    },
    columns,
    async primaryKey(schema: string, table: string) {
      const rows = await q<{ name: string }>(
        `select column_name as name from information_schema.key_column_usage
          where table_schema = ? and table_name = ? and constraint_name = 'PRIMARY' order by ordinal_position`,
        [schemaOf(schema), table],
      );
      return rows.map((r) => r.name);
    },
    async preview(schema: string, table: string, limit: number) {
      const cols = await columns(schema, table);
      const list = cols.map((c) => quoteIdent(c.name, '`')).join(', ');
      const rows = await q<Record<string, string | null>>(`select ${list} from ${rel(schema, table)} limit ${limit + 1}`);
      return { columns: cols, rows: rows.slice(0, limit).map((r) => cols.map((c) => r[c.name] ?? null)), truncated: rows.length > limit };
    },
    async *read(req: ReadRequest): AsyncGenerator<SourceRow[]> {
      const list = req.columns.map((c) => quoteIdent(c, '`')).join(', ');
      let sql = `select ${list} from ${rel(req.schema, req.table)}`;
      const values: unknown[] = [];
      if (req.cursor) {
        const col = quoteIdent(req.cursor.column, '`');
        if (req.cursor.after !== null) {
          sql += ` where ${col} ${req.cursor.inclusive ? '>=' : '>'} ?`;
          values.push(req.cursor.after);
        }
        sql += ` order by ${col}`;
      }
      const c = await ready();
      const stream = c.query({ sql, values, rowsAsArray: true }).stream({ highWaterMark: CONNECTOR_CHUNK_ROWS });
      const it = stream[Symbol.asyncIterator]() as AsyncIterator<unknown[]>;
      try {
        for (;;) {
          const chunk: SourceRow[] = [];
          let done = false;
          // one chunk within the time limit: the source's "call"
          await withTimeout(
            (async () => {
              while (chunk.length < CONNECTOR_CHUNK_ROWS) {
                const next = await it.next();
                if (next.done) {
                  done = true;
                  return;
                }
                chunk.push((next.value as (string | null)[]).map((v) => (v === null || v === undefined ? null : String(v))));
              }
            })().catch((e) => {
              throw mysqlError(e);
            }),
            () => c.destroy(),
          );
          if (chunk.length) yield chunk;
          if (done) break;
        }
      } finally {
        stream.destroy();
      }
    },
    async close() {
      const c = conn;
      conn = undefined;
      // end() waits for the server's goodbye: at most a moment, then the socket is dropped
      if (c) await withTimeout(new Promise<void>((resolve) => c.end(() => resolve())), () => c.destroy(), 2_000).catch(() => c.destroy());
    },
  };
}
