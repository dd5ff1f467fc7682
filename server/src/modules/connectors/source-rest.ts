/**
 * The REST/JSON and file readers, docs/connectors.md "REST and files". Every request goes through
 * the outbound guard (lib/outbound-http.ts outboundRequest) with the connectors' allow-list: a URL
 * whose host is on `connectorAllowedHosts` may reach a private address, any other is refused there
 * (422 CONNECTOR_HOST_NOT_ALLOWED). One table (schema '', name `rows`): the array of objects at
 * `recordsPath` of each page (REST), or the first sheet / the CSV's rows (file); the columns are
 * the keys (REST, in order of first appearance in the first page) or the header (file).
 * Incremental reads keep the rows whose cursor value is past the stored one (compared as numbers
 * when both are numbers, else as text: ISO dates order as text).
 */
import { Readable } from 'node:stream';
import {
  CONNECTOR_CALL_TIMEOUT_MS,
  CONNECTOR_CHUNK_ROWS,
  CONNECTOR_FILE_MAX_BYTES,
  CONNECTOR_FILE_TIMEOUT_MS,
  CONNECTOR_REST_MAX_PAGES,
  CONNECTOR_REST_PAGE_MAX_BYTES,
  type ConnectorFileConfig,
  type ConnectorRestConfig,
  type SourceColumn,
} from '../../../../contracts';
import { HttpError } from '../../lib/http-error';
import { OutboundFailedError, OutboundRefusedError, outboundRequest, type OutboundAllowList } from '../../lib/outbound-http';
import { readRows } from '../imports/imports.parse';
import { detailOf, SourceError, timeoutError, type ReadRequest, type SourceReader, type SourceRow } from './source';

/** The one table of a REST or file connector. */
export const SINGLE_TABLE = 'rows';

/** An outbound failure as the connectors report it. */
function outboundError(e: unknown, url: string): Error {
  if (e instanceof SourceError || e instanceof HttpError) return e;
  if (e instanceof OutboundRefusedError) {
    let host = url;
    try {
      host = new URL(url).hostname;
    } catch {
      // the URL itself: the schema checked it
    }
    return new HttpError(422, 'CONNECTOR_HOST_NOT_ALLOWED', 'errors.connector.addressRefused', [{ field: 'config.url', messageKey: 'errors.connector.addressRefused', params: { host } }], {
      params: { host },
    });
  }
  if (e instanceof OutboundFailedError && e.reason === 'timeout') return timeoutError();
  return new SourceError('errors.connector.unreachable', { detail: detailOf(e) }, detailOf(e));
}

/** One GET through the guard. @throws HttpError 422 (refused); SourceError (timeout, network, HTTP status ≥ 400). */
async function get(url: string, headers: Record<string, string>, allowList: OutboundAllowList, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  let res;
  try {
    res = await outboundRequest({ url, headers, allowList, maxBytes, timeoutMs });
  } catch (e) {
    throw outboundError(e, url);
  }
  if (res.status >= 400) throw new SourceError('errors.connector.httpStatus', { status: res.status }, `HTTP ${res.status}`);
  return res.body;
}

/** The value at dotted `path` of `data` ('' = data). */
function at(data: unknown, path: string): unknown {
  if (!path) return data;
  let v: unknown = data;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** A JSON value as a cell: text as is, numbers and booleans as text, objects and arrays as JSON, null/missing as null. */
const cell = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The JSON type name a column shows (REST). */
const jsonType = (v: unknown): string => (v === null || v === undefined ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Whether `value` is past `after` (numbers as numbers when both are, else text). */
export function pastCursor(value: string | null, after: string | null, inclusive: boolean): boolean {
  if (value === null) return false;
  if (after === null) return true;
  const a = Number(value);
  const b = Number(after);
  const cmp = value.trim() !== '' && after.trim() !== '' && Number.isFinite(a) && Number.isFinite(b) ? a - b : value < after ? -1 : value > after ? 1 : 0;
  return inclusive ? cmp >= 0 : cmp > 0;
}

/** The auth header of a config ({} without a variable). */
export const authHeader = (config: { headerName: string; headerPrefix: string }, secret: string): Record<string, string> =>
  secret && config.headerName ? { [config.headerName]: `${config.headerPrefix}${secret}` } : {};

/** Rows (objects) as cells of `columns`, with the incremental filter. */
function project(records: Record<string, unknown>[], req: ReadRequest): SourceRow[] {
  const rows = records.map((r) => req.columns.map((c) => cell(r[c])));
  if (!req.cursor) return rows;
  const i = req.columns.indexOf(req.cursor.column);
  return rows.filter((r) => pastCursor(r[i], req.cursor!.after, req.cursor!.inclusive));
}

function tableCheck(table: string): void {
  if (table !== SINGLE_TABLE) throw new SourceError('errors.connector.tableNotFound', { table });
}

/** The REST reader. */
export function restReader(config: ConnectorRestConfig, secret: string, allowList: OutboundAllowList): SourceReader {
  const headers = { accept: 'application/json', ...authHeader(config, secret) };
  /** The page `i` (from 0) with the cursor of the previous answer. */
  const pageUrl = (i: number, cursor: string | null) => {
    const u = new URL(config.url);
    if (config.pagination === 'page') {
      u.searchParams.set(config.pageParam, String(config.firstPage + i));
      u.searchParams.set(config.sizeParam, String(config.pageSize));
    } else if (config.pagination === 'offset') {
      u.searchParams.set(config.offsetParam, String(i * config.pageSize));
      u.searchParams.set(config.sizeParam, String(config.pageSize));
    } else if (config.pagination === 'cursor') {
      u.searchParams.set(config.sizeParam, String(config.pageSize));
      if (cursor) u.searchParams.set(config.cursorParam, cursor);
    }
    return u.toString();
  };
  /** Every page's records; `next` the cursor for the next page. */
  async function* pages(): AsyncGenerator<Record<string, unknown>[]> {
    let cursor: string | null = null;
    for (let i = 0; i < CONNECTOR_REST_MAX_PAGES; i += 1) {
      const url = pageUrl(i, cursor);
      const body = await get(url, headers, allowList, CONNECTOR_REST_PAGE_MAX_BYTES, CONNECTOR_CALL_TIMEOUT_MS);
      let data: unknown;
      try {
        data = JSON.parse(body.toString('utf8'));
      } catch (e) {
        throw new SourceError('errors.connector.badJson', { detail: detailOf(e) }, detailOf(e));
      }
      const records = at(data, config.recordsPath);
      if (!Array.isArray(records)) throw new SourceError('errors.connector.badJson', { detail: `no array at "${config.recordsPath}"` }, `no array at "${config.recordsPath}"`);
      const objects = records.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r));
      if (objects.length) yield objects;
      if (config.pagination === 'none' || records.length === 0) return;
      if (config.pagination === 'cursor') {
        const next = cell(at(data, config.nextCursorPath));
        if (!next) return;
        cursor = next;
      } else if (records.length < config.pageSize) return;
    }
  }
  async function firstPage(): Promise<Record<string, unknown>[]> {
    for await (const p of pages()) return p;
    return [];
  }
  const columnsOf = (records: Record<string, unknown>[]): SourceColumn[] => {
    const seen = new Map<string, SourceColumn>();
    for (const r of records)
      for (const [k, v] of Object.entries(r)) {
        const c = seen.get(k);
        if (!c) seen.set(k, { name: k, sourceType: jsonType(v), nullable: v === null });
        else if (c.sourceType === 'null' && v !== null) c.sourceType = jsonType(v);
        else if (v === null) c.nullable = true;
      }
    return [...seen.values()];
  };
  return {
    async test() {
      const rows = await firstPage();
      return `${rows.length} rows in the first page`;
    },
    async schemas() {
      return [''];
    },
    async tables() {
      return [{ schema: '', name: SINGLE_TABLE, type: 'table' }];
    },
    async columns(_schema, table) {
      tableCheck(table);
      return columnsOf(await firstPage());
    },
    async primaryKey() {
      return [];
    },
    async preview(_schema, table, limit) {
      tableCheck(table);
      const records = await firstPage();
      const cols = columnsOf(records);
      return { columns: cols, rows: records.slice(0, limit).map((r) => cols.map((c) => cell(r[c.name]))), truncated: records.length > limit || config.pagination !== 'none' };
    },
    async *read(req) {
      tableCheck(req.table);
      let pending: SourceRow[] = [];
      for await (const records of pages()) {
        pending.push(...project(records, req));
        while (pending.length >= CONNECTOR_CHUNK_ROWS) {
          yield pending.slice(0, CONNECTOR_CHUNK_ROWS);
          pending = pending.slice(CONNECTOR_CHUNK_ROWS);
        }
      }
      if (pending.length) yield pending;
    },
    async close() {
      // nothing held between requests
    },
  };
}

/** The file reader: the file is downloaded (≤ CONNECTOR_FILE_MAX_BYTES, CONNECTOR_FILE_TIMEOUT_MS) at each call, then read by the imports' streaming parsers. */
export function fileReader(config: ConnectorFileConfig, secret: string, allowList: OutboundAllowList): SourceReader {
  const headers = authHeader(config, secret);
  /** The header and an iterator of the rows of a fresh download. */
  async function open(): Promise<{ header: string[]; rows: AsyncIterator<string[]> }> {
    const body = await get(config.url, headers, allowList, CONNECTOR_FILE_MAX_BYTES, CONNECTOR_FILE_TIMEOUT_MS);
    const read = readRows(Readable.from([body]), config.format, 'auto');
    const rows = read.rows[Symbol.asyncIterator]();
    // the header is known once the first row is read
    const first = await rows.next().catch((e) => {
      throw e instanceof HttpError ? new SourceError('errors.connector.sourceFailed', { detail: e.messageKey }, e.messageKey) : e;
    });
    const header = read.header.map((h, i) => h.trim() || `#${i + 1}`);
    async function* all(): AsyncGenerator<string[]> {
      if (!first.done) yield first.value;
      for (;;) {
        const n = await rows.next();
        if (n.done) return;
        yield n.value;
      }
    }
    return { header, rows: all() };
  }
  const columnsOf = (header: string[]): SourceColumn[] => header.map((name) => ({ name, sourceType: 'text', nullable: true }));
  return {
    async test() {
      const { header } = await open();
      return `${header.length} columns`;
    },
    async schemas() {
      return [''];
    },
    async tables() {
      return [{ schema: '', name: SINGLE_TABLE, type: 'table' }];
    },
    async columns(_schema, table) {
      tableCheck(table);
      return columnsOf((await open()).header);
    },
    async primaryKey() {
      return [];
    },
    async preview(_schema, table, limit) {
      tableCheck(table);
      const { header, rows } = await open();
      const out: SourceRow[] = [];
      let truncated = false;
      for (;;) {
        const n = await rows.next();
        if (n.done) break;
        if (out.length === limit) {
          truncated = true;
          break;
        }
        out.push(header.map((_, i) => n.value[i] ?? ''));
      }
      return { columns: columnsOf(header), rows: out, truncated };
    },
    async *read(req) {
      tableCheck(req.table);
      const { header, rows } = await open();
      const idx = req.columns.map((c) => header.indexOf(c));
      const missing = req.columns.find((_, i) => idx[i] < 0);
      if (missing) throw new SourceError('errors.connector.columnNotFound', { column: missing });
      const ci = req.cursor ? req.columns.indexOf(req.cursor.column) : -1;
      let chunk: SourceRow[] = [];
      for (;;) {
        const n = await rows.next();
        if (n.done) break;
        const row = idx.map((i) => n.value[i] ?? '');
        if (req.cursor && !pastCursor(row[ci], req.cursor.after, req.cursor.inclusive)) continue;
        chunk.push(row);
        if (chunk.length === CONNECTOR_CHUNK_ROWS) {
          yield chunk;
          chunk = [];
        }
      }
      if (chunk.length) yield chunk;
    },
    async close() {
      // nothing held between downloads
    },
  };
}
