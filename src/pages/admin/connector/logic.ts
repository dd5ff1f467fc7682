/**
 * The connectors page's pure rules (docs/connectors-web.md): a kind's default config, the form's
 * values turned into the config the API takes (only the kind's own keys: antd keeps the values of
 * fields another kind showed), where a connector points (its host label), the latest run of each
 * connector from its syncs, and a sync form's rules before it is sent. No React, no antd: tested by
 * logic.test.ts.
 */
import type { ConnectorKind, ConnectorRun, ConnectorSync } from '../../../../contracts';

/** The config keys of each kind, in the order the form shows them (contracts/connectors.ts). */
export const CONFIG_KEYS: Record<ConnectorKind, readonly string[]> = {
  postgres: ['host', 'port', 'database', 'user', 'passwordVariable', 'tls', 'caVariable'],
  mysql: ['host', 'port', 'database', 'user', 'passwordVariable', 'tls', 'caVariable'],
  rest: [
    'url',
    'recordsPath',
    'headerName',
    'headerPrefix',
    'headerVariable',
    'pagination',
    'pageSize',
    'pageParam',
    'firstPage',
    'sizeParam',
    'offsetParam',
    'cursorParam',
    'nextCursorPath',
  ],
  file: ['url', 'format', 'headerName', 'headerPrefix', 'headerVariable'],
};

/** The default port of a database kind. */
export const DEFAULT_PORTS: Partial<Record<ConnectorKind, number>> = { postgres: 5432, mysql: 3306 };

/** A new connector's config of `kind`: the contracts' defaults (variables '' = none). */
export function defaultConfig(kind: ConnectorKind): Record<string, unknown> {
  switch (kind) {
    case 'postgres':
    case 'mysql':
      return { host: '', port: DEFAULT_PORTS[kind], database: '', user: '', passwordVariable: '', tls: 'disable', caVariable: '' };
    case 'rest':
      return {
        url: '',
        recordsPath: '',
        headerName: 'Authorization',
        headerPrefix: 'Bearer ',
        headerVariable: '',
        pagination: 'none',
        pageSize: 100,
        pageParam: 'page',
        firstPage: 1,
        sizeParam: 'pageSize',
        offsetParam: 'offset',
        cursorParam: 'cursor',
        nextCursorPath: '',
      };
    case 'file':
      return { url: '', format: 'csv', headerName: 'Authorization', headerPrefix: 'Bearer ', headerVariable: '' };
  }
}

/**
 * The config to send for `kind` from the form's `values`: the kind's keys only, a cleared select
 * (undefined/null) sent as '' for variables, an empty port left out (the server's default), other
 * empty values left to the server's defaults.
 */
export function configOf(kind: ConnectorKind, values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS[kind]) {
    const v = values?.[key];
    if (key.endsWith('Variable')) out[key] = typeof v === 'string' ? v : '';
    else if (v === undefined || v === null || (key === 'port' && v === '')) continue;
    else out[key] = v;
  }
  return out;
}

/** Where a connector points, as the list shows it: `host:port/database` for a database, the URL's host for REST and files. */
export function hostLabel(kind: ConnectorKind, config: Record<string, unknown>): string {
  if (kind === 'postgres' || kind === 'mysql') {
    const host = String(config.host ?? '');
    const port = config.port ?? DEFAULT_PORTS[kind];
    const db = config.database ? `/${String(config.database)}` : '';
    return `${host}:${String(port)}${db}`;
  }
  const url = String(config.url ?? '');
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The host (no port) a connector reaches, to compare with the allow-list; null for none. */
export function hostOf(kind: ConnectorKind, config: Record<string, unknown>): string | null {
  if (kind === 'postgres' || kind === 'mysql') return config.host ? String(config.host).toLowerCase() : null;
  try {
    return new URL(String(config.url ?? '')).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}

/**
 * Whether `host` is on the allow-list as the list is written (a host name, `.domain` for the names
 * under it, an address). CIDR blocks are not evaluated here (the server does): such a list answers
 * `null` (unknown) rather than a wrong "no".
 */
export function onAllowList(host: string | null, list: readonly string[]): boolean | null {
  if (!host) return null;
  const h = host.toLowerCase();
  for (const raw of list) {
    const e = raw.toLowerCase();
    if (e === h) return true;
    if (e.startsWith('.') && (h.endsWith(e) || h === e.slice(1))) return true;
  }
  return list.some((e) => e.includes('/')) ? null : false;
}

/** The latest run of each connector among `syncs` (by the run's start), keyed by connector id. */
export function latestRunByConnector(syncs: readonly ConnectorSync[]): Map<string, ConnectorRun> {
  const out = new Map<string, ConnectorRun>();
  for (const s of syncs) {
    if (!s.lastRun) continue;
    const prev = out.get(s.connectorId);
    if (!prev || prev.createdAt < s.lastRun.createdAt) out.set(s.connectorId, s.lastRun);
  }
  return out;
}

/** How many of `syncs` each connector has (the connector's own count, `syncs`, read 0 in this server version). */
export function syncsByConnector(syncs: readonly Pick<ConnectorSync, 'connectorId'>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of syncs) out.set(s.connectorId, (out.get(s.connectorId) ?? 0) + 1);
  return out;
}

/** Whether a run is still going (the page keeps following it). */
export const runActive = (run: Pick<ConnectorRun, 'status'> | null | undefined): boolean => run?.status === 'queued' || run?.status === 'running';

/** What a sync's settings are missing, as field → message id (the server says the same with 400s; said here before sending). */
export function syncProblems(s: {
  mode: string;
  keyFields: readonly string[];
  strategy: string;
  cursorColumn: string | null | undefined;
  onMissing: string;
  mapping: Record<string, string | null>;
}): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Object.values(s.mapping).some(Boolean)) out.mapping = 'connectors.sync.problem.mappingEmpty';
  if ((s.mode !== 'insert' || s.onMissing === 'recycle') && s.keyFields.length === 0) out.keyFields = 'connectors.sync.problem.keyFields';
  const mapped = new Set(Object.values(s.mapping).filter(Boolean));
  if (s.keyFields.some((k) => !mapped.has(k))) out.keyFields = 'connectors.sync.problem.keyUnmapped';
  if (s.strategy === 'incremental' && !s.cursorColumn) out.cursorColumn = 'connectors.sync.problem.cursor';
  if (s.onMissing === 'recycle' && s.strategy !== 'full') out.onMissing = 'connectors.sync.problem.recycleFull';
  return out;
}
