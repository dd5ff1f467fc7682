/**
 * The subjects a query reads and how its references resolve (docs/queries.md "Joins" and
 * "References"): the base subject under the SQL alias `r` (so the record query's filter compiler
 * applies unchanged), each join under `j_<as>`. Every subject must be a live subject of the
 * query's application: a definition naming another application's subject is refused (400
 * `errors.query.otherApplication`), whatever the caller may open elsewhere.
 */
import { sql, type SQL } from 'drizzle-orm';
import { QUERY_BASE_ALIAS, type AnalyticsQuery, type QueryResultColumn } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { HttpError, type FieldErrorKey } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { ident } from '../subjects/ddl';
import { liveRowsText } from '../subjects/live-rows';
import { loadSubjectDef, type FieldDef, type SubjectDef } from '../subjects/subject-def';
import { kindOf } from '../subjects/values';

/** A 400 naming `field` of the definition. */
export function invalid(field: string, messageKey: FieldErrorKey['messageKey'], params?: Record<string, string | number>): HttpError {
  return new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey, ...(params ? { params } : {}) }]);
}

/** One subject of the query: its definition and SQL alias. */
export interface ScopeEntry {
  as: string;
  sqlAlias: string;
  subject: SubjectDef;
}

/** The query's subjects and the SQL of its FROM clause (base and left joins). */
export interface Scope {
  base: ScopeEntry;
  entries: Map<string, ScopeEntry>;
  from: SQL;
}

/** What a reference resolves to: its SQL (a value, not yet bucketed), the result type, and the field behind it. */
export interface Resolved {
  sql: SQL;
  type: QueryResultColumn['type'];
  field: FieldDef | null;
  /** For ids: what they name (labels). */
  refers: { kind: 'user' } | { kind: 'record'; subjectId: string } | null;
  /** Numeric (sum, avg, median, percentile apply). */
  numeric: boolean;
  /** The header: the field's name, `Subject.Field` for a joined one. */
  label: string;
}

const SYSTEM: Record<string, { column: string; type: Resolved['type']; label: { 'zh-CN': string; 'en-US': string } }> = {
  id: { column: 'id', type: 'id', label: { 'zh-CN': 'ID', 'en-US': 'ID' } },
  createdAt: { column: 'created_at', type: 'datetime', label: { 'zh-CN': '创建时间', 'en-US': 'Created at' } },
  updatedAt: { column: 'updated_at', type: 'datetime', label: { 'zh-CN': '更新时间', 'en-US': 'Updated at' } },
  createdBy: { column: 'created_by', type: 'id', label: { 'zh-CN': '创建人', 'en-US': 'Created by' } },
  updatedBy: { column: 'updated_by', type: 'id', label: { 'zh-CN': '更新人', 'en-US': 'Updated by' } },
};

const tableOf = (e: ScopeEntry) => sql.raw(`${ident(e.subject.tableName)} ${ident(e.sqlAlias)}`);
const col = (e: ScopeEntry, column: string) => sql.raw(`${ident(e.sqlAlias)}.${ident(column)}`);

/** Loads a subject of the application, or throws 400 naming `field`. */
async function subjectIn(db: Executor, applicationId: string, id: string, field: string, cache?: ReadCache): Promise<SubjectDef> {
  const subject = await loadSubjectDef(db, { id }, cache);
  if (!subject) throw invalid(field, 'errors.subjectNotFound');
  if (subject.applicationId !== applicationId) throw invalid(field, 'errors.query.otherApplication');
  return subject;
}

/**
 * Loads the base subject and the joins of `def` in order and builds the FROM clause.
 * @throws HttpError 400 naming `definition.subjectId` or `definition.joins.<i>[.field|.from|.subjectId|.as]`.
 */
export async function buildScope(db: Executor, applicationId: string, def: AnalyticsQuery, cache?: ReadCache): Promise<Scope> {
  const baseSubject = await subjectIn(db, applicationId, def.subjectId, 'definition.subjectId', cache);
  const base: ScopeEntry = { as: QUERY_BASE_ALIAS, sqlAlias: 'r', subject: baseSubject };
  const entries = new Map<string, ScopeEntry>([[QUERY_BASE_ALIAS, base]]);
  const parts: SQL[] = [tableOf(base)];
  for (const [i, join] of def.joins.entries()) {
    const at = `definition.joins.${i}`;
    if (entries.has(join.as) || baseSubject.fields.some((f) => f.key === join.as)) throw invalid(`${at}.as`, 'errors.query.aliasTaken', { name: join.as });
    const from = entries.get(join.from ?? QUERY_BASE_ALIAS);
    if (!from) throw invalid(`${at}.from`, 'errors.query.join', { problem: `no subject named ${join.from}` });
    const entry = (subject: SubjectDef): ScopeEntry => ({ as: join.as, sqlAlias: `j_${join.as}`, subject });
    if (join.kind === 'many_to_one') {
      const relation = from.subject.fields.find((f) => f.key === join.field);
      const targetId = relation?.type === 'relation' ? relation.options.targetSubjectId : undefined;
      if (!relation || !targetId) throw invalid(`${at}.field`, 'errors.query.join', { problem: `${join.field} is not a relation field of ${from.subject.key}` });
      const e = entry(await subjectIn(db, applicationId, targetId, `${at}.field`, cache));
      const live = liveRowsText(e.subject, e.sqlAlias);
      if (relation.column) {
        parts.push(sql`left join ${tableOf(e)} on ${col(e, 'id')} = ${col(from, relation.column)} and ${sql.raw(live)}`);
      } else {
        const l = ident(`l_${join.as}`);
        parts.push(
          sql`left join (record_links ${sql.raw(l)} join ${tableOf(e)} on ${col(e, 'id')} = ${sql.raw(`${l}.target_id`)} and ${sql.raw(live)}) on ${sql.raw(`${l}.field_id`)} = ${relation.id}::uuid and ${sql.raw(`${l}.source_id`)} = ${col(from, 'id')}`,
        );
      }
      entries.set(join.as, e);
    } else {
      if (!join.subjectId) throw invalid(`${at}.subjectId`, 'errors.required');
      const e = entry(await subjectIn(db, applicationId, join.subjectId, `${at}.subjectId`, cache));
      const relation = e.subject.fields.find((f) => f.key === join.field);
      if (!relation || relation.type !== 'relation' || relation.options.targetSubjectId !== from.subject.id) {
        throw invalid(`${at}.field`, 'errors.query.join', { problem: `${join.field} of ${e.subject.key} does not point at ${from.subject.key}` });
      }
      const live = liveRowsText(e.subject, e.sqlAlias);
      if (relation.column) {
        parts.push(sql`left join ${tableOf(e)} on ${col(e, relation.column)} = ${col(from, 'id')} and ${sql.raw(live)}`);
      } else {
        const l = ident(`l_${join.as}`);
        parts.push(
          sql`left join (record_links ${sql.raw(l)} join ${tableOf(e)} on ${col(e, 'id')} = ${sql.raw(`${l}.source_id`)} and ${sql.raw(live)}) on ${sql.raw(`${l}.field_id`)} = ${relation.id}::uuid and ${sql.raw(`${l}.target_id`)} = ${col(from, 'id')}`,
        );
      }
      entries.set(join.as, e);
    }
  }
  return { base, entries, from: sql.join(parts, sql` `) };
}

/** The result type and SQL of field `field` read through `e`. */
export function resolveField(e: ScopeEntry, field: FieldDef, locale: 'zh-CN' | 'en-US'): Resolved | undefined {
  if (!field.column) return undefined;
  const c = col(e, field.column);
  const label = e.as === QUERY_BASE_ALIAS ? field.name : `${e.subject.name}.${field.name}`;
  void locale;
  const kind = kindOf(field);
  switch (kind) {
    case 'number':
      return { sql: c, type: 'number', field, refers: null, numeric: true, label };
    case 'date':
      return { sql: c, type: 'date', field, refers: null, numeric: false, label };
    case 'datetime':
      return { sql: c, type: 'datetime', field, refers: null, numeric: false, label };
    case 'boolean':
      return { sql: c, type: 'boolean', field, refers: null, numeric: false, label };
    case 'uuid': {
      const refers =
        field.type === 'relation' && field.options.targetSubjectId ? ({ kind: 'record', subjectId: field.options.targetSubjectId } as const) : ({ kind: 'user' } as const);
      return { sql: sql`${c}::text`, type: 'id', field, refers, numeric: false, label };
    }
    case 'textArray':
    case 'uuidArray':
      return { sql: sql`array_to_string(${c}, ', ')`, type: 'text', field, refers: null, numeric: false, label };
    case 'links':
      return undefined;
    default:
      return { sql: c, type: 'text', field, refers: null, numeric: false, label };
  }
}

/**
 * Resolves `ref` (`key`, `alias.key`, `base.key`, or a system column) in `scope`, or undefined when
 * it names nothing there. Calculated columns are resolved by the caller first.
 */
export function resolveRef(scope: Scope, ref: string, locale: 'zh-CN' | 'en-US'): Resolved | undefined {
  const dot = ref.indexOf('.');
  const e = dot < 0 ? scope.base : scope.entries.get(ref.slice(0, dot));
  if (!e) return undefined;
  const key = dot < 0 ? ref : ref.slice(dot + 1);
  const system = SYSTEM[key];
  if (system) {
    const c = col(e, system.column);
    const prefix = e.as === QUERY_BASE_ALIAS ? '' : `${e.subject.name}.`;
    const refers = system.type === 'id' && key !== 'id' ? ({ kind: 'user' } as const) : key === 'id' ? ({ kind: 'record', subjectId: e.subject.id } as const) : null;
    return { sql: system.type === 'id' ? sql`${c}::text` : c, type: system.type, field: null, refers, numeric: false, label: prefix + system.label[locale] };
  }
  const field = e.subject.fields.find((f) => f.key === key);
  return field ? resolveField(e, field, locale) : undefined;
}
