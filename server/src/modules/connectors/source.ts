/**
 * What every connector kind's reader offers (docs/connectors.md "Kinds"), the allow-list of the
 * system setting `connectorAllowedHosts`, the secrets a config names, and the errors a source
 * raises. The readers: source-postgres.ts, source-mysql.ts, source-rest.ts, source-file.ts;
 * `openSource` picks one.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import {
  CONNECTOR_CALL_TIMEOUT_MS,
  CONNECTOR_CONFIG_SCHEMAS,
  type ConnectorKind,
  type SourceColumn,
  type SourceTable,
} from '../../../../contracts';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { MessageKey } from '../../../../contracts';
import { compileAllowList, type OutboundAllowList } from '../../lib/outbound-http';
import { getSettings } from '../settings/settings.service';
import { readVariable } from '../variables/variables.service';

/** A row read from a source: one text value (null = SQL NULL / missing) per requested column, in order. */
export type SourceRow = (string | null)[];

/** What a sync reads: the columns (the mapped ones, and the cursor column), optionally past a cursor. */
export interface ReadRequest {
  schema: string;
  table: string;
  columns: string[];
  /** Incremental: the cursor column and the stored value (null = from the start). */
  cursor?: { column: string; after: string | null; inclusive: boolean };
}

/** A source reader. Every call has a time limit (CONNECTOR_CALL_TIMEOUT_MS); `close` always. */
export interface SourceReader {
  /** Connects and asks the source who it is. @returns the server's version (databases) or a description. */
  test(): Promise<string | null>;
  schemas(): Promise<string[]>;
  tables(schema: string): Promise<SourceTable[]>;
  /** The table's columns in order. @throws SourceError tableNotFound. */
  columns(schema: string, table: string): Promise<SourceColumn[]>;
  /** The table's primary key columns (empty when none, or REST/file). */
  primaryKey(schema: string, table: string): Promise<string[]>;
  /** The first `limit` rows (all columns) and whether there are more. */
  preview(schema: string, table: string, limit: number): Promise<{ columns: SourceColumn[]; rows: SourceRow[]; truncated: boolean }>;
  /**
   * The rows, CONNECTOR_CHUNK_ROWS at a time (a database cursor's FETCH, a streamed chunk, a page):
   * incremental reads come in cursor order (databases) or filtered past the cursor (REST, file).
   */
  read(req: ReadRequest): AsyncGenerator<SourceRow[]>;
  close(): Promise<void>;
}

/** A source's failure, as the API reports it (502 CONNECTOR_SOURCE_FAILED, or a test's `ok: false`). */
export class SourceError extends Error {
  constructor(
    readonly messageKey:
      | 'errors.connector.sourceFailed'
      | 'errors.connector.authFailed'
      | 'errors.connector.unreachable'
      | 'errors.connector.timeout'
      | 'errors.connector.httpStatus'
      | 'errors.connector.badJson'
      | 'errors.connector.tableNotFound'
      | 'errors.connector.columnNotFound',
    readonly params: Record<string, string | number> = {},
    /** The source's own words (driver message), at most 300 characters. */
    readonly detail: string | null = null,
  ) {
    super(detail ?? messageKey);
    this.name = 'SourceError';
  }
}

/** A source error as an HTTP answer: 502 CONNECTOR_SOURCE_FAILED with its message. */
export function sourceHttpError(e: SourceError): HttpError {
  return new HttpError(502, 'CONNECTOR_SOURCE_FAILED', e.messageKey, undefined, { params: { ...e.params, detail: e.detail ?? '' } });
}

/** The timeout error of one call. */
export const timeoutError = () => new SourceError('errors.connector.timeout', { seconds: CONNECTOR_CALL_TIMEOUT_MS / 1000 });

/** Runs `p` with the per-call time limit; `onTimeout` ends what it was waiting for (closes the connection). */
export async function withTimeout<T>(p: Promise<T>, onTimeout?: () => void, ms = CONNECTOR_CALL_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(timeoutError());
    }, ms);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first 300 characters of an error's message. */
export const detailOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

/** 422: the database host is not on the allow-list (details name `config.host`). */
export const hostNotAllowed = (host: string, field = 'config.host') =>
  new HttpError(422, 'CONNECTOR_HOST_NOT_ALLOWED', 'errors.connector.hostNotAllowed', [{ field, messageKey: 'errors.connector.hostNotAllowed', params: { host } }], {
    params: { host },
  });

/** The compiled allow-list of the system setting `connectorAllowedHosts`. */
export async function connectorAllowList(db: Executor): Promise<OutboundAllowList> {
  return compileAllowList((await getSettings(db)).connectorAllowedHosts);
}

function inRanges(list: OutboundAllowList, address: string): boolean {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    a = ipaddr.process(address.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  return list.ranges.some(([net, bits]) => net.kind() === a.kind() && a.match([net, bits]));
}

/**
 * Where a database connector may connect: its host when the name is on the allow-list (by name or
 * `.domain`), else the address it resolves to when every address is in the list's addresses/CIDR
 * blocks (the connection then goes to that checked address, so a later DNS answer cannot move it).
 * @returns the host or address to connect to.
 * @throws HttpError 422 CONNECTOR_HOST_NOT_ALLOWED.
 */
export async function allowedDbHost(list: OutboundAllowList, host: string): Promise<string> {
  const h = host.trim().toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
  if (list.hosts.has(h) || list.suffixes.some((s) => h === s.slice(1) || h.endsWith(s))) return h;
  if (ipaddr.isValid(h)) {
    if (inRanges(list, h)) return h;
    throw hostNotAllowed(host);
  }
  if (list.ranges.length === 0) throw hostNotAllowed(host);
  let addresses: { address: string }[];
  try {
    addresses = await withTimeout(dnsLookup(h, { all: true }));
  } catch {
    throw hostNotAllowed(host);
  }
  if (addresses.length === 0 || !addresses.every((a) => inRanges(list, a.address))) throw hostNotAllowed(host);
  return addresses[0].address;
}

/** 400 naming `field`: the variable is missing or not a secret. */
const variableError = (field: string, messageKey: 'errors.connector.variableMissing' | 'errors.connector.variableNotSecret', key: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey, params: { key } }]);

/**
 * The value of the global secret variable `key` (server side only), '' when `key` is ''.
 * @throws HttpError 400 naming `field` when there is no such global variable or it is not a secret.
 */
export async function secretValue(db: Executor, key: string, field: string): Promise<string> {
  if (!key) return '';
  const v = await readVariable(db, key, null);
  if (!v || v.scope !== 'global') throw variableError(field, 'errors.connector.variableMissing', key);
  if (v.type !== 'secret') throw variableError(field, 'errors.connector.variableNotSecret', key);
  return v.value;
}

/** The config of `kind` checked (defaults filled). @throws HttpError 400 naming `config.<path>`. */
export function parseConfig(kind: ConnectorKind, config: unknown): Record<string, unknown> {
  const parsed = CONNECTOR_CONFIG_SCHEMAS[kind].safeParse(config);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'VALIDATION_FAILED',
      'errors.validation',
      parsed.error.issues.map((i) => ({ field: ['config', ...i.path.map(String)].join('.'), messageKey: (i.message.startsWith('errors.') ? i.message : 'errors.connector.configInvalid') as MessageKey })),
    );
  }
  return parsed.data as Record<string, unknown>;
}

/** Quotes an SQL identifier with `q` (`"` PostgreSQL, `` ` `` MySQL), doubling the quote inside. */
export const quoteIdent = (name: string, q: '"' | '`') => q + name.split(q).join(q + q) + q;
