/**
 * Connectors (docs/connectors.md): create, read, update, delete (to the recycle bin, type
 * `connector`), test a saved or an unsaved config, browse a source (schemas, tables, columns,
 * preview), plan and make a subject from a table, match a table to an existing subject.
 * Administrators only (the routes' guard). Audited: connector.create / update / delete (the
 * configs in the entries hold variable names, never values); a subject made from a table is the
 * subjects module's `subject.create`.
 */
import { and, asc, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CONNECTOR_PREVIEW_ROWS,
  formatMessage,
  type Connector,
  type ConnectorCreate,
  type ConnectorKind,
  type ConnectorListQuery,
  type ConnectorTestResult,
  type ConnectorUpdate,
  type CurrentUser,
  type Locale,
  type MappingPlan,
  type SourceColumn,
  type SourcePreview,
  type SourceTable,
  type SubjectFromTable,
  type SubjectFromTableResult,
  type SubjectPlan,
} from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import type { Database, Executor } from '../../db/client';
import { connectors, connectorSyncs, type ConnectorRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { autoMapping } from '../imports/imports.service';
import { isComputed } from '../subjects/values';
import { requireSubject } from '../subjects/subject-def';
import { createSubject } from '../subjects/subjects.service';
import { fieldTypeFor, planColumns, subjectKeyFor } from './connectors.plan';
import { parseConfig, SourceError, sourceHttpError, type SourceReader } from './source';
import { openSource } from './source-open';

export const connectorNotFound = () => notFound('errors.connector.notFound');
const nameTaken = () => new HttpError(409, 'CONFLICT', 'errors.connector.nameTaken', [{ field: 'name', messageKey: 'errors.connector.nameTaken' }]);

/** A connector row as the API answers it. */
export function toConnector(row: ConnectorRow, syncs = 0): Connector {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    config: row.config,
    syncs,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const syncCount = sql<number>`(select count(*)::int from ${connectorSyncs} s where s.connector_id = "connectors"."id")`;

/** The live connector `id` (or in the bin too with `withDeleted`). @throws 404. */
export async function requireConnector(db: Executor, id: string, withDeleted = false): Promise<ConnectorRow> {
  const [row] = await db
    .select()
    .from(connectors)
    .where(withDeleted ? eq(connectors.id, id) : and(eq(connectors.id, id), isNull(connectors.deletedAt)));
  if (!row) throw connectorNotFound();
  return row;
}

/** GET /connectors: live connectors by name, `q` in the name, optionally of one kind. */
export async function listConnectors(db: Executor, q: ConnectorListQuery): Promise<{ items: Connector[]; total: number }> {
  const conds: SQL[] = [isNull(connectors.deletedAt)];
  if (q.q) conds.push(ilike(connectors.name, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.kind) conds.push(eq(connectors.kind, q.kind));
  const where = and(...conds);
  const rows = await db
    .select({ row: connectors, syncs: syncCount })
    .from(connectors)
    .where(where)
    .orderBy(asc(sql`lower(${connectors.name})`), desc(connectors.createdAt))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(connectors).where(where);
  return { items: rows.map((r) => toConnector(r.row, Number(r.syncs))), total: Number(n) };
}

/** GET /connectors/:id. @throws 404. */
export async function getConnector(db: Executor, id: string): Promise<Connector> {
  const [r] = await db
    .select({ row: connectors, syncs: syncCount })
    .from(connectors)
    .where(and(eq(connectors.id, id), isNull(connectors.deletedAt)));
  if (!r) throw connectorNotFound();
  return toConnector(r.row, Number(r.syncs));
}

/**
 * POST /connectors: checks the config by kind (parseConfig) and saves it. Audited
 * `connector.create` (name, kind, config). Nothing is connected to.
 * @throws 400 naming the field; 409 errors.connector.nameTaken.
 */
export async function createConnector(db: Database, input: ConnectorCreate & { name: string }, user: CurrentUser, audit: AuditWriter): Promise<Connector> {
  const config = parseConfig(input.kind, input.config);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(connectors)
        .values({ name: input.name, description: input.description ?? '', kind: input.kind, config, createdBy: user.id })
        .returning();
      await audit.record(tx, {
        action: 'connector.create',
        targetType: 'connector',
        targetId: row.id,
        after: { name: row.name, description: row.description, kind: row.kind, config },
      });
      return toConnector(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
}

/**
 * PATCH /connectors/:id: name, description, config (the whole config, checked against the
 * connector's kind). Audited `connector.update` with what changed; nothing changed = no entry.
 * @returns the connector and whether it changed. @throws 400; 404; 409 nameTaken.
 */
export async function updateConnector(db: Database, id: string, input: ConnectorUpdate, audit: AuditWriter): Promise<{ data: Connector; changed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const row = await requireConnector(tx, id);
      if (input.kind && input.kind !== row.kind) throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'kind', messageKey: 'errors.connector.kindFixed' }]);
      const next = {
        name: input.name ?? row.name,
        description: input.description ?? row.description,
        config: input.config ? parseConfig(row.kind, input.config) : row.config,
      };
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const k of ['name', 'description', 'config'] as const) {
        if (JSON.stringify(next[k]) !== JSON.stringify(row[k])) {
          before[k] = row[k];
          after[k] = next[k];
        }
      }
      if (Object.keys(after).length === 0) return { data: await getConnector(tx, id), changed: false };
      await tx.update(connectors).set({ ...next, updatedAt: new Date() }).where(eq(connectors.id, id));
      await audit.record(tx, { action: 'connector.update', targetType: 'connector', targetId: id, before, after, details: { name: next.name } });
      return { data: await getConnector(tx, id), changed: true };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
}

/**
 * DELETE /connectors/:id: to the recycle bin (type `connector`); its syncs stay but do not run
 * (runs refuse: errors.connectorSync.connectorDeleted; schedules skip it) until it is restored.
 * Audited `connector.delete`. @throws 404.
 */
export async function deleteConnector(db: Database, id: string, user: CurrentUser, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireConnector(tx, id);
    await tx.update(connectors).set({ deletedAt: new Date(), deletedBy: user.id }).where(eq(connectors.id, id));
    await moveToRecycleBin(tx, { type: 'connector', id, label: row.name, actorId: user.id, actorLabel: user.email, details: { kind: row.kind } });
    await audit.record(tx, { action: 'connector.delete', targetType: 'connector', targetId: id, before: { name: row.name, kind: row.kind, config: row.config } });
  });
}

/** Runs `work` on the connector's source; a SourceError becomes 502 CONNECTOR_SOURCE_FAILED. */
async function onSource<T>(db: Executor, kind: ConnectorKind, config: unknown, work: (r: SourceReader) => Promise<T>): Promise<T> {
  const reader = await openSource(db, kind, config);
  try {
    return await work(reader);
  } catch (e) {
    if (e instanceof SourceError) throw sourceHttpError(e);
    throw e;
  } finally {
    await reader.close();
  }
}

/**
 * POST /connectors/test and /connectors/:id/test: connects and asks the source who it is.
 * @returns ok with the server's version, or not ok with why (sign-in refused, unreachable,
 *   timeout, HTTP status…) in `locale`. @throws 400 (config, variables); 422 CONNECTOR_HOST_NOT_ALLOWED.
 */
export async function testConnection(db: Executor, kind: ConnectorKind, config: unknown, locale: Locale): Promise<ConnectorTestResult> {
  const started = Date.now();
  const reader = await openSource(db, kind, config);
  try {
    const serverVersion = await reader.test();
    return { ok: true, durationMs: Date.now() - started, serverVersion, messageKey: null, message: null, detail: null };
  } catch (e) {
    if (!(e instanceof SourceError)) throw e;
    return {
      ok: false,
      durationMs: Date.now() - started,
      serverVersion: null,
      messageKey: e.messageKey,
      message: formatMessage(e.messageKey, locale, { detail: e.detail ?? '', ...e.params }),
      detail: e.detail,
    };
  } finally {
    await reader.close();
  }
}

/** POST /connectors/:id/test. */
export async function testConnector(db: Executor, id: string, locale: Locale): Promise<ConnectorTestResult> {
  const row = await requireConnector(db, id);
  return testConnection(db, row.kind, row.config, locale);
}

/** GET /connectors/:id/schemas. @throws 404; 422; 502. */
export async function browseSchemas(db: Executor, id: string): Promise<string[]> {
  const row = await requireConnector(db, id);
  return onSource(db, row.kind, row.config, (r) => r.schemas());
}

/** GET /connectors/:id/tables?schema. @throws 404; 422; 502. */
export async function browseTables(db: Executor, id: string, schema: string): Promise<SourceTable[]> {
  const row = await requireConnector(db, id);
  return onSource(db, row.kind, row.config, (r) => r.tables(schema));
}

/** GET /connectors/:id/columns?schema&table. @throws 404; 422; 502 (errors.connector.tableNotFound…). */
export async function browseColumns(db: Executor, id: string, schema: string, table: string): Promise<SourceColumn[]> {
  const row = await requireConnector(db, id);
  return onSource(db, row.kind, row.config, (r) => r.columns(schema, table));
}

/** GET /connectors/:id/preview?schema&table&limit: the first rows (≤ CONNECTOR_PREVIEW_ROWS) as text. @throws 404; 422; 502. */
export async function previewTable(db: Executor, id: string, schema: string, table: string, limit = CONNECTOR_PREVIEW_ROWS): Promise<SourcePreview> {
  const row = await requireConnector(db, id);
  return onSource(db, row.kind, row.config, (r) => r.preview(schema, table, Math.min(limit, CONNECTOR_PREVIEW_ROWS)));
}

/**
 * GET /connectors/:id/subject-plan?schema&table: the proposed subject (key and name from the
 * table) and one proposed field per column (connectors.plan.ts), with the reason in `locale` when a
 * column cannot be mapped, and the table's primary key columns. Nothing is written. @throws 404; 422; 502.
 */
export async function subjectPlan(db: Executor, id: string, schema: string, table: string, locale: Locale): Promise<SubjectPlan> {
  const row = await requireConnector(db, id);
  const { columns, primaryKey } = await onSource(db, row.kind, row.config, async (r) => ({
    columns: await r.columns(schema, table),
    primaryKey: await r.primaryKey(schema, table),
  }));
  return {
    schema,
    table,
    key: subjectKeyFor(table),
    name: table.slice(0, 100),
    primaryKey,
    columns: planColumns(columns).map((c) => ({ ...c, reasonText: c.reason ? formatMessage(c.reason, locale) : null })),
  };
}

/**
 * POST /connectors/:id/subject: makes the subject of the (edited) plan in application
 * `input.application` (createSubject: one transaction, audited `subject.create`); the included
 * columns become its fields in order. The columns are checked against the source first (each must
 * exist). @returns the subject and the mapping column → field key.
 * @throws 400 naming `columns` (none included) or `columns.N.column` (not in the table), the
 *   subjects' own 400s (`fields.N.key`…); 409 KEY_TAKEN; 404; 422; 502.
 */
export async function createSubjectFromTable(
  db: Database,
  id: string,
  input: SubjectFromTable & { schema: string },
  user: CurrentUser,
  audit: AuditWriter,
): Promise<SubjectFromTableResult> {
  const row = await requireConnector(db, id);
  const included = input.columns.map((c, i) => ({ ...c, i })).filter((c) => c.include !== false);
  if (included.length === 0) throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'columns', messageKey: 'errors.connector.plan.noColumns' }]);
  const source = await onSource(db, row.kind, row.config, (r) => r.columns(input.schema, input.table));
  const names = new Set(source.map((c) => c.name));
  for (const c of included)
    if (!names.has(c.column))
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: `columns.${c.i}.column`, messageKey: 'errors.connector.columnNotFound', params: { column: c.column } }]);
  const detail = await createSubject(
    db,
    user,
    input.application,
    { key: input.key, name: input.name, fields: included.map((c) => ({ key: c.key, name: c.name || c.column, type: c.type, required: false, unique: false, options: {}, validation: {} })) },
    audit,
  );
  const mapping: Record<string, string | null> = Object.fromEntries(source.map((c) => [c.name, null]));
  for (const c of included) mapping[c.column] = c.key;
  return { application: input.application, subject: { id: detail.id, key: detail.key, name: detail.name }, mapping };
}

/**
 * GET /connectors/:id/mapping-plan?schema&table&application&subject: each source column matched
 * to a writable field of the subject by key or name (as the imports' auto mapping), with why not
 * when none matches. @throws 404; 403; 422; 502.
 */
export async function mappingPlan(
  db: Database,
  id: string,
  q: { schema: string; table: string; application: string; subject: string },
  user: CurrentUser,
): Promise<MappingPlan> {
  const row = await requireConnector(db, id);
  const { subject } = await requireSubject(db, user, q.application, q.subject, 'write');
  const columns = await onSource(db, row.kind, row.config, (r) => r.columns(q.schema, q.table));
  const mapping = autoMapping(
    subject,
    columns.map((c) => c.name),
  );
  const fields = subject.fields.filter((f) => !isComputed(f.type)).map((f) => ({ key: f.key, name: f.name, type: f.type }));
  return {
    columns: columns.map((c) => {
      const field = mapping[c.name] ?? null;
      const binary = fieldTypeFor(c.sourceType).reason;
      return {
        column: c.name,
        sourceType: c.sourceType,
        field,
        fieldType: field ? (fields.find((f) => f.key === field)?.type ?? null) : null,
        reason: field ? null : (binary ?? 'errors.connector.plan.noField'),
      };
    }),
    fields,
    mapping,
  };
}

