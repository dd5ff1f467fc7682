/**
 * Connectors (`/admin/connector`, server/src/modules/connectors, docs/connectors.md): the module's
 * plain constants (kinds, options, limits) and its entry `CONNECTORS_MODULE` (audit actions, the
 * recycle-bin type `connector`). No zod: the web imports them at run time; the schemas are in
 * contracts/connectors.ts, the server messages in contracts/connectors.messages.ts.
 */
import type { ModuleEntry } from './constants';

/**
 * What a connector reads from: a PostgreSQL database (`postgres`, the `pg` driver), a MySQL or
 * MariaDB database (`mysql`, mysql2), a REST/JSON API (`rest`, paged) or a CSV/XLSX file at a URL
 * (`file`).
 */
export const CONNECTOR_KINDS = ['postgres', 'mysql', 'rest', 'file'] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];
/** The database kinds (host, port, database, user, TLS; their hosts must be on `connectorAllowedHosts`). */
export const CONNECTOR_DB_KINDS = ['postgres', 'mysql'] as const satisfies readonly ConnectorKind[];

/**
 * TLS of a database connection: `disable` (plain), `require` (encrypted, the server's certificate
 * not checked), `verify` (encrypted, the certificate checked against the CA certificate held in a
 * secret variable, `caVariable`, and the host name).
 */
export const CONNECTOR_TLS_MODES = ['disable', 'require', 'verify'] as const;
export type ConnectorTlsMode = (typeof CONNECTOR_TLS_MODES)[number];

/**
 * How a REST source pages: `none` (one request), `page` (page number `pageParam`, from
 * `firstPage`, and page size `sizeParam`), `offset` (`offsetParam` + `sizeParam`), `cursor` (the
 * next cursor read from `nextCursorPath` of each answer, sent back as `cursorParam`).
 */
export const CONNECTOR_REST_PAGINATIONS = ['none', 'page', 'offset', 'cursor'] as const;
export type ConnectorRestPagination = (typeof CONNECTOR_REST_PAGINATIONS)[number];

/** The formats of a file connector. */
export const CONNECTOR_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type ConnectorFileFormat = (typeof CONNECTOR_FILE_FORMATS)[number];

/** How a sync writes: the imports' modes (insert, update by key fields, upsert by key fields). */
export const CONNECTOR_SYNC_MODES = ['insert', 'update', 'upsert'] as const;
export type ConnectorSyncMode = (typeof CONNECTOR_SYNC_MODES)[number];

/** `full`: every source row each run; `incremental`: the rows whose cursor column is past the stored cursor. */
export const CONNECTOR_SYNC_STRATEGIES = ['full', 'incremental'] as const;
export type ConnectorSyncStrategy = (typeof CONNECTOR_SYNC_STRATEGIES)[number];

/** What a full sync does with records whose key is no longer in the source: `leave` them, or `recycle` them (recycle bin). */
export const CONNECTOR_SYNC_ON_MISSING = ['leave', 'recycle'] as const;
export type ConnectorSyncOnMissing = (typeof CONNECTOR_SYNC_ON_MISSING)[number];

/** A run's life: queued (its task waits), running, done, failed (nothing of it stays). */
export const CONNECTOR_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ConnectorRunStatus = (typeof CONNECTOR_RUN_STATUSES)[number];

/** Who started a run: an administrator (`manual`, "Run now") or the sync's cron (`schedule`). */
export const CONNECTOR_RUN_TRIGGERS = ['manual', 'schedule'] as const;
export type ConnectorRunTrigger = (typeof CONNECTOR_RUN_TRIGGERS)[number];

/** A source table's kind as browsing lists it. */
export const CONNECTOR_TABLE_TYPES = ['table', 'view'] as const;
export type ConnectorTableType = (typeof CONNECTOR_TABLE_TYPES)[number];

/** Rows a preview shows at most. */
export const CONNECTOR_PREVIEW_ROWS = 50;
/** Rows read from a source per call (one FETCH of a database cursor, one streamed chunk) and staged per INSERT. */
export const CONNECTOR_CHUNK_ROWS = 1_000;
/**
 * Most rows one run reads (the imports' IMPORT_MAX_ROWS, 200,000). A full sync whose source holds
 * more fails (nothing written); an incremental sync stops at the cap on a cursor boundary and the
 * next run goes on from there.
 */
export const CONNECTOR_MAX_ROWS_PER_RUN = 200_000;
/** Time limit of one call to a source (a connect, a query, a FETCH, one HTTP page), ms. */
export const CONNECTOR_CALL_TIMEOUT_MS = 15_000;
/** Largest answer of one REST page, bytes (10 MiB). */
export const CONNECTOR_REST_PAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Most pages one REST read follows (with CONNECTOR_MAX_ROWS_PER_RUN, a guard against an API that never ends). */
export const CONNECTOR_REST_MAX_PAGES = 10_000;
/** Largest file a file connector downloads, bytes (the imports' 100 MiB). */
export const CONNECTOR_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Time limit of a file download, ms (the outbound guard's maximum). */
export const CONNECTOR_FILE_TIMEOUT_MS = 60_000;
/** Per-row errors a run keeps (the first ones). */
export const CONNECTOR_RUN_ERRORS_KEPT = 100;
/** Longest connector or sync name, characters. */
export const CONNECTOR_NAME_MAX = 100;
/** Longest description, characters. */
export const CONNECTOR_DESCRIPTION_MAX = 2_000;
/** Longest source identifier (schema, table, column), characters (PostgreSQL's 63, MySQL's 64). */
export const CONNECTOR_IDENTIFIER_MAX = 64;
/** Most columns a sync maps (the imports' IMPORT_MAX_COLUMNS). */
export const CONNECTOR_MAX_COLUMNS = 200;

/** Audit actions and recycle-bin types of the module: `<resource>.<verb>`. */
export const CONNECTORS_MODULE = {
  auditActions: [
    'connector.create',
    'connector.update',
    'connector.delete',
    'connector_sync.create',
    'connector_sync.update',
    'connector_sync.delete',
    'connector_sync.run',
  ],
  recycleTypes: ['connector'],
} as const satisfies ModuleEntry;
