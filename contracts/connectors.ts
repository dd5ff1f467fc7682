/**
 * Connectors (`/admin/connector`, docs/connectors.md): the zod schemas and types of the API under
 * /api/v1/connectors (routes: server/src/modules/connectors/README.md). Administrators only.
 * A connector holds where to read (kind + config); credentials are NAMES of global secret
 * variables (`passwordVariable`, `caVariable`, `headerVariable`): the server reads their values,
 * no answer ever carries them. A sync copies one source table into one subject through the imports'
 * machinery (one undoable import batch per run).
 */
import { z } from 'zod';
import {
  CONNECTOR_DESCRIPTION_MAX,
  CONNECTOR_FILE_FORMATS,
  CONNECTOR_IDENTIFIER_MAX,
  CONNECTOR_KINDS,
  CONNECTOR_MAX_COLUMNS,
  CONNECTOR_NAME_MAX,
  CONNECTOR_PREVIEW_ROWS,
  CONNECTOR_REST_PAGINATIONS,
  CONNECTOR_RUN_STATUSES,
  CONNECTOR_RUN_TRIGGERS,
  CONNECTOR_SYNC_MODES,
  CONNECTOR_SYNC_ON_MISSING,
  CONNECTOR_SYNC_STRATEGIES,
  CONNECTOR_TABLE_TYPES,
  CONNECTOR_TLS_MODES,
} from './connectors.constants';
import { FIELD_TYPES } from './subjects.constants';
import { VARIABLE_KEY_PATTERN } from './variables.constants';
import { pageQuerySchema } from './envelope';

export * from './connectors.constants';

/** The key of a global secret variable, or '' for none. */
const variableRef = z
  .string()
  .trim()
  .max(64)
  .refine((v) => v === '' || VARIABLE_KEY_PATTERN.test(v), { message: 'errors.variable.key' })
  .default('');
/** A host name or IP address (no scheme, no port). */
const host = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { message: 'errors.required' })
  .max(253)
  .regex(/^[a-z0-9._:[\]-]+$/, { message: 'errors.connector.hostInvalid' });
const httpUrl = z
  .string()
  .trim()
  .min(1, { message: 'errors.required' })
  .max(2_048)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { message: 'errors.connector.urlInvalid' });
/** A query-string parameter name. */
const param = z.string().trim().min(1, { message: 'errors.required' }).max(64);
/** A dotted path into a JSON answer ('' = the answer itself): `data.items`. */
const jsonPath = z.string().trim().max(200).default('');

/**
 * A PostgreSQL or MySQL/MariaDB source. `port` default 5432 / 3306 (server side when omitted);
 * `user`'s password is the value of the secret variable `passwordVariable` ('' = no password);
 * `tls` (CONNECTOR_TLS_MODES) with, for `verify`, the CA certificate (PEM) in the secret variable
 * `caVariable`. The host must be on the system setting `connectorAllowedHosts` (else 422).
 */
export const connectorDbConfigSchema = z.object({
  host,
  port: z.number().int().min(1).max(65_535).optional(),
  database: z.string().trim().min(1, { message: 'errors.required' }).max(CONNECTOR_IDENTIFIER_MAX),
  user: z.string().trim().min(1, { message: 'errors.required' }).max(CONNECTOR_IDENTIFIER_MAX),
  passwordVariable: variableRef,
  tls: z.enum(CONNECTOR_TLS_MODES).default('disable'),
  caVariable: variableRef,
});
export type ConnectorDbConfig = z.infer<typeof connectorDbConfigSchema>;

/**
 * A REST/JSON source: GET `url`; the rows are the array at `recordsPath` of each answer ('' = the
 * answer is the array), each row an object (its keys are the columns; nested values as JSON text).
 * Auth: header `headerName` set to `headerPrefix` + the secret variable `headerVariable`'s value
 * ('' = no header). Paging: CONNECTOR_REST_PAGINATIONS (`pageSize` rows a page, 1–1,000). A URL not
 * on `connectorAllowedHosts` goes through the outbound private-address guard (docs/outbound.md).
 */
export const connectorRestConfigSchema = z.object({
  url: httpUrl,
  recordsPath: jsonPath,
  headerName: z.string().trim().max(64).default('Authorization'),
  headerPrefix: z.string().max(64).default('Bearer '),
  headerVariable: variableRef,
  pagination: z.enum(CONNECTOR_REST_PAGINATIONS).default('none'),
  pageSize: z.number().int().min(1).max(1_000).default(100),
  pageParam: param.default('page'),
  firstPage: z.number().int().min(0).max(1).default(1),
  sizeParam: param.default('pageSize'),
  offsetParam: param.default('offset'),
  cursorParam: param.default('cursor'),
  nextCursorPath: jsonPath,
});
export type ConnectorRestConfig = z.infer<typeof connectorRestConfigSchema>;

/**
 * A CSV or XLSX file at `url` (the first sheet of a workbook; the first row holds the headers),
 * downloaded through the outbound guard (as REST), with the optional auth header as REST's.
 */
export const connectorFileConfigSchema = z.object({
  url: httpUrl,
  format: z.enum(CONNECTOR_FILE_FORMATS),
  headerName: z.string().trim().max(64).default('Authorization'),
  headerPrefix: z.string().max(64).default('Bearer '),
  headerVariable: variableRef,
});
export type ConnectorFileConfig = z.infer<typeof connectorFileConfigSchema>;

/** The config schema of each kind. */
export const CONNECTOR_CONFIG_SCHEMAS = {
  postgres: connectorDbConfigSchema,
  mysql: connectorDbConfigSchema,
  rest: connectorRestConfigSchema,
  file: connectorFileConfigSchema,
} as const;

const nameSchema = z.string().trim().min(1, { message: 'errors.required' }).max(CONNECTOR_NAME_MAX);
const descriptionSchema = z.string().trim().max(CONNECTOR_DESCRIPTION_MAX).default('');

/** A connector's kind with its config, checked by kind (`kind` decides which config schema applies). */
export const connectorSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('postgres'), config: connectorDbConfigSchema }),
  z.object({ kind: z.literal('mysql'), config: connectorDbConfigSchema }),
  z.object({ kind: z.literal('rest'), config: connectorRestConfigSchema }),
  z.object({ kind: z.literal('file'), config: connectorFileConfigSchema }),
]);
export type ConnectorSpec = z.infer<typeof connectorSpecSchema>;
export type ConnectorConfig = ConnectorSpec['config'];

/** POST /connectors: a name (unique among live connectors, ignoring case), a description, the kind and its config. */
export const connectorCreateSchema = z.intersection(z.object({ name: nameSchema, description: descriptionSchema }), connectorSpecSchema);
export type ConnectorCreate = z.input<typeof connectorCreateSchema>;

/**
 * PATCH /connectors/:id: what is sent changes. `config` is the whole config (checked against the
 * connector's kind, which cannot change: 400 naming `kind`).
 */
export const connectorUpdateSchema = z.object({
  /** Only the connector's own kind is accepted (400 naming `kind` otherwise). */
  kind: z.enum(CONNECTOR_KINDS).optional(),
  name: nameSchema.optional(),
  description: z.string().trim().max(CONNECTOR_DESCRIPTION_MAX).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});
export type ConnectorUpdate = z.input<typeof connectorUpdateSchema>;

/** A connector as the API answers it (the config holds variable names, never their values). */
export const connectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(CONNECTOR_KINDS),
  config: z.record(z.string(), z.unknown()),
  /** Syncs of this connector. */
  syncs: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Connector = z.infer<typeof connectorSchema>;

/** GET /connectors?current&pageSize&q&kind. */
export const connectorListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  kind: z.enum(CONNECTOR_KINDS).optional(),
});
export type ConnectorListQuery = z.infer<typeof connectorListQuerySchema>;

/** POST /connectors/test: an unsaved connector's kind and config (as created). */
export const connectorTestInputSchema = connectorSpecSchema;
export type ConnectorTestInput = z.input<typeof connectorTestInputSchema>;

/**
 * The answer of a connection test: `ok`, how long it took (ms), what answered (the database's
 * version, the HTTP status and first row count) or, when not ok, why (`messageKey` and the
 * message in the request's language, with the source's own error text in `detail`).
 * A host not on the allow-list is not a test result: 422 CONNECTOR_HOST_NOT_ALLOWED.
 */
export const connectorTestResultSchema = z.object({
  ok: z.boolean(),
  durationMs: z.number().int(),
  serverVersion: z.string().nullable(),
  messageKey: z.string().nullable(),
  message: z.string().nullable(),
  detail: z.string().nullable(),
});
export type ConnectorTestResult = z.infer<typeof connectorTestResultSchema>;

/** A source table (for REST and file connectors, one table: schema '' and name `rows`). */
export const sourceTableSchema = z.object({ schema: z.string(), name: z.string(), type: z.enum(CONNECTOR_TABLE_TYPES) });
export type SourceTable = z.infer<typeof sourceTableSchema>;

/** A source column: its name, the source's type name (`integer`, `varchar(20)`; REST/file: the JSON type seen or `text`), nullability. */
export const sourceColumnSchema = z.object({ name: z.string(), sourceType: z.string(), nullable: z.boolean() });
export type SourceColumn = z.infer<typeof sourceColumnSchema>;

const identifier = z.string().max(CONNECTOR_IDENTIFIER_MAX);
/** ?schema: a schema of the source ('' for REST and file, and for MySQL whose database is the schema). */
export const sourceSchemaQuerySchema = z.object({ schema: identifier.default('') });
/** ?schema&table: one source table. */
export const sourceTableQuerySchema = z.object({ schema: identifier.default(''), table: z.string().min(1).max(CONNECTOR_IDENTIFIER_MAX) });
export type SourceTableQuery = z.infer<typeof sourceTableQuerySchema>;
/** GET …/preview?schema&table&limit: at most CONNECTOR_PREVIEW_ROWS rows. */
export const sourcePreviewQuerySchema = sourceTableQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(CONNECTOR_PREVIEW_ROWS).default(CONNECTOR_PREVIEW_ROWS),
});

/** GET …/preview: the columns and the first rows as text (null = SQL NULL / missing), in column order. */
export const sourcePreviewSchema = z.object({
  columns: z.array(sourceColumnSchema),
  rows: z.array(z.array(z.string().nullable())),
  /** True when the source holds more rows than shown. */
  truncated: z.boolean(),
});
export type SourcePreview = z.infer<typeof sourcePreviewSchema>;

/**
 * One column of a subject plan: the source column and type, the proposed field key, name and type
 * (null when the column cannot be mapped, with `reason`, a message key: a binary column, a key
 * that cannot be made), and whether it is included by default.
 */
export const subjectPlanColumnSchema = z.object({
  column: z.string(),
  sourceType: z.string(),
  key: z.string().nullable(),
  name: z.string(),
  type: z.enum(FIELD_TYPES).nullable(),
  required: z.boolean(),
  include: z.boolean(),
  reason: z.string().nullable(),
  /** `reason` in the request's language. */
  reasonText: z.string().nullable(),
});
export type SubjectPlanColumn = z.infer<typeof subjectPlanColumnSchema>;

/** GET /connectors/:id/subject-plan?schema&table: the proposed subject (key, name) and its fields, and the source's primary key columns (the sync's key fields). */
export const subjectPlanSchema = z.object({
  schema: z.string(),
  table: z.string(),
  key: z.string(),
  name: z.string(),
  primaryKey: z.array(z.string()),
  columns: z.array(subjectPlanColumnSchema),
});
export type SubjectPlan = z.infer<typeof subjectPlanSchema>;

/**
 * POST /connectors/:id/subject: makes a subject in application `application` (slug) from the
 * (edited) plan: each included column becomes a field (`key`, `name`, `type`). Audited
 * `subject.create` (the subjects module's entry). @returns the subject and the mapping column →
 * field key to start a sync with.
 */
export const subjectFromTableSchema = z.object({
  application: z.string().trim().min(1).max(64),
  schema: identifier.default(''),
  table: z.string().min(1).max(CONNECTOR_IDENTIFIER_MAX),
  key: z.string().trim().min(1, { message: 'errors.required' }).max(40),
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  columns: z
    .array(
      z.object({
        column: z.string().min(1).max(CONNECTOR_IDENTIFIER_MAX),
        key: z.string().trim().max(40),
        name: z.string().trim().max(100),
        type: z.enum(FIELD_TYPES),
        include: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(CONNECTOR_MAX_COLUMNS),
});
export type SubjectFromTable = z.input<typeof subjectFromTableSchema>;

export const subjectFromTableResultSchema = z.object({
  application: z.string(),
  subject: z.object({ id: z.string(), key: z.string(), name: z.string() }),
  mapping: z.record(z.string(), z.string().nullable()),
});
export type SubjectFromTableResult = z.infer<typeof subjectFromTableResultSchema>;

/** GET /connectors/:id/mapping-plan?schema&table&application&subject: the source columns matched to an existing subject's fields. */
export const mappingPlanQuerySchema = sourceTableQuerySchema.extend({
  application: z.string().min(1).max(64),
  subject: z.string().min(1).max(64),
});
export type MappingPlanQuery = z.infer<typeof mappingPlanQuerySchema>;

/** One source column with the field it maps to (null = left out) and, when none fits, why (message key). */
export const mappingPlanColumnSchema = z.object({
  column: z.string(),
  sourceType: z.string(),
  field: z.string().nullable(),
  fieldType: z.enum(FIELD_TYPES).nullable(),
  reason: z.string().nullable(),
});
export const mappingPlanSchema = z.object({
  columns: z.array(mappingPlanColumnSchema),
  /** The subject's writable fields (key, name, type) to choose from. */
  fields: z.array(z.object({ key: z.string(), name: z.string(), type: z.enum(FIELD_TYPES) })),
  mapping: z.record(z.string(), z.string().nullable()),
});
export type MappingPlan = z.infer<typeof mappingPlanSchema>;

/** A cron expression (five fields, pg-boss / cron-parser) or null for no schedule. */
const cronSchema = z.string().trim().max(100).nullable().default(null);

const syncShape = {
  name: nameSchema,
  schema: identifier.default(''),
  table: z.string().min(1, { message: 'errors.required' }).max(CONNECTOR_IDENTIFIER_MAX),
  /** Application slug and subject key of the target. */
  application: z.string().trim().min(1, { message: 'errors.required' }).max(64),
  subject: z.string().trim().min(1, { message: 'errors.required' }).max(64),
  /** Source column → field key (null = left out), as the imports' mapping. */
  mapping: z.record(z.string().max(CONNECTOR_IDENTIFIER_MAX), z.string().max(64).nullable()),
  mode: z.enum(CONNECTOR_SYNC_MODES).default('upsert'),
  /** Field keys identifying a record (mode update/upsert, and on-missing recycle): 1–5. */
  keyFields: z.array(z.string().max(64)).max(5).default([]),
  strategy: z.enum(CONNECTOR_SYNC_STRATEGIES).default('full'),
  /** The source column ordering the rows of an incremental sync (required then). */
  cursorColumn: z.string().max(CONNECTOR_IDENTIFIER_MAX).nullable().default(null),
  onMissing: z.enum(CONNECTOR_SYNC_ON_MISSING).default('leave'),
  cron: cronSchema,
  /** IANA time zone of the cron (default UTC). */
  timezone: z.string().trim().max(64).default('UTC'),
  enabled: z.boolean().default(true),
};

/**
 * POST /connectors/:id/syncs. Rules (400 naming the field): `keyFields` needed for update/upsert
 * and for on-missing recycle; `cursorColumn` needed for incremental; on-missing recycle only with
 * the full strategy; `cron` a valid expression; the mapping's fields writable fields of the subject.
 */
export const connectorSyncCreateSchema = z.object(syncShape);
export type ConnectorSyncCreate = z.input<typeof connectorSyncCreateSchema>;

/** PATCH /connectors/syncs/:syncId: what is sent changes; `resetCursor: true` forgets the stored cursor (the next incremental run reads everything). */
export const connectorSyncUpdateSchema = z
  .object({
    name: syncShape.name,
    schema: identifier,
    table: syncShape.table,
    application: syncShape.application,
    subject: syncShape.subject,
    mapping: syncShape.mapping,
    mode: z.enum(CONNECTOR_SYNC_MODES),
    keyFields: z.array(z.string().max(64)).max(5),
    strategy: z.enum(CONNECTOR_SYNC_STRATEGIES),
    cursorColumn: z.string().max(CONNECTOR_IDENTIFIER_MAX).nullable(),
    onMissing: z.enum(CONNECTOR_SYNC_ON_MISSING),
    cron: z.string().trim().max(100).nullable(),
    timezone: z.string().trim().max(64),
    enabled: z.boolean(),
    resetCursor: z.boolean(),
  })
  .partial();
export type ConnectorSyncUpdate = z.input<typeof connectorSyncUpdateSchema>;

/** A run's figures (rows). `failed`: rows refused by the check (all-or-nothing: then nothing was written). */
export const connectorRunCountsSchema = z.object({
  read: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  recycled: z.number().int(),
  failed: z.number().int(),
});
export type ConnectorRunCounts = z.infer<typeof connectorRunCountsSchema>;

/** One row's problem (the first CONNECTOR_RUN_ERRORS_KEPT of a run): the row number in the run's batch, the source column, field, value and message. */
export const connectorRunErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  field: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type ConnectorRunError = z.infer<typeof connectorRunErrorSchema>;

/**
 * One run of a sync. `batchId`: its import batch (history, undo: /api/v1/imports/:id); `taskId`:
 * its task (/admin/task/:task); `cursorBefore`/`cursorAfter` the stored cursor before and after (a
 * failed run keeps the one before); `error` why it failed (in the request's language).
 */
export const connectorRunSchema = connectorRunCountsSchema.extend({
  id: z.string(),
  syncId: z.string(),
  status: z.enum(CONNECTOR_RUN_STATUSES),
  trigger: z.enum(CONNECTOR_RUN_TRIGGERS),
  taskId: z.string().nullable(),
  batchId: z.string().nullable(),
  cursorBefore: z.string().nullable(),
  cursorAfter: z.string().nullable(),
  errorKey: z.string().nullable(),
  error: z.string().nullable(),
  startedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ConnectorRun = z.infer<typeof connectorRunSchema>;

/** GET /connectors/runs/:runId: a run with its kept row errors. */
export const connectorRunDetailSchema = connectorRunSchema.extend({ errors: z.array(connectorRunErrorSchema) });
export type ConnectorRunDetail = z.infer<typeof connectorRunDetailSchema>;

/** A sync as the API answers it, with its stored cursor, its latest run and the next times of its schedule. */
export const connectorSyncSchema = z.object({
  id: z.string(),
  connectorId: z.string(),
  connectorName: z.string(),
  connectorKind: z.enum(CONNECTOR_KINDS),
  name: z.string(),
  schema: z.string(),
  table: z.string(),
  application: z.string(),
  subject: z.string(),
  subjectName: z.string(),
  mapping: z.record(z.string(), z.string().nullable()),
  mode: z.enum(CONNECTOR_SYNC_MODES),
  keyFields: z.array(z.string()),
  strategy: z.enum(CONNECTOR_SYNC_STRATEGIES),
  cursorColumn: z.string().nullable(),
  onMissing: z.enum(CONNECTOR_SYNC_ON_MISSING),
  cron: z.string().nullable(),
  timezone: z.string(),
  enabled: z.boolean(),
  /** The cursor value stored by the last successful incremental run (text), null before one. */
  cursorValue: z.string().nullable(),
  lastRun: connectorRunSchema.nullable(),
  /** The next fire times of the schedule (ISO 8601), empty without one or when disabled. */
  nextRuns: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConnectorSync = z.infer<typeof connectorSyncSchema>;

/** GET /connectors/syncs?current&pageSize&connector: syncs of one connector or all. */
export const connectorSyncListQuerySchema = pageQuerySchema.extend({ connector: z.string().uuid().optional() });
export type ConnectorSyncListQuery = z.infer<typeof connectorSyncListQuerySchema>;

/**
 * POST /connectors/syncs/:syncId/run: runs the sync now as a task (`connectors.sync`). `wait`
 * (default true): answer when the run is finished; false: answer at once with the run queued.
 */
export const connectorRunStartSchema = z.object({ wait: z.boolean().default(true) });
export type ConnectorRunStart = z.input<typeof connectorRunStartSchema>;

/** GET /connectors/syncs/:syncId/runs?current&pageSize: newest first. */
export const connectorRunListQuerySchema = pageQuerySchema;

export const connectorIdParamsSchema = z.object({ id: z.string().uuid() });
export const connectorSyncIdParamsSchema = z.object({ syncId: z.string().uuid() });
export const connectorRunIdParamsSchema = z.object({ runId: z.string().uuid() });
