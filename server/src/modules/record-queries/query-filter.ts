/**
 * Filters and sorts of a record query, which may also name `relationKey.targetKey` (one level
 * through a relation, like the query's columns). Names of the subject itself go to the records
 * module's compiler unchanged (records/filter.ts, records/sort.ts); a relation path compiles the
 * same condition over the target subject inside
 * - a one-relation: EXISTS (the related record, live, matches);
 * - a many-relation: EXISTS over record_links (some linked live record matches).
 * So `client.name contains "Acme"` keeps the engagements whose client's name contains Acme, and
 * `team.level gte 3` those with someone of level 3 or more in the team. A record without a
 * related record matches no relation condition (negative operators included: `client.name ne X`
 * means "has a client, whose name is not X").
 * Sorting by a relation path: one-relations only (the related record's value, as the records
 * module sorts that target field); a many-relation holds several values and cannot sort.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FILTER_CONDITIONS_MAX,
  FILTER_DEPTH_MAX,
  type FilterCondition,
  type FilterGroup,
  type RecordSort,
} from '../../../../contracts';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { compileFilter } from '../records/filter';
import { compileSort, type SortKey } from '../records/sort';
import { ident } from '../subjects/ddl';
import { loadSubjectDef, type FieldDef, type SubjectDef } from '../subjects/subject-def';
import { liveRows } from '../subjects/live-rows';

const isGroup = (item: FilterCondition | FilterGroup): item is FilterGroup => 'items' in item;

/** 400 naming `field`. */
const invalid = (field: string, messageKey: 'errors.record.filterField' | 'errors.record.filterTooComplex' | 'errors.record.sort', params: Record<string, string | number>) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey, params }]);

/** The depth (a flat group = 1) and number of conditions of a group. */
function measure(group: FilterGroup, depth = 1): { depth: number; conditions: number } {
  let deepest = depth;
  let conditions = 0;
  for (const item of group.items) {
    if (isGroup(item)) {
      const m = measure(item, depth + 1);
      deepest = Math.max(deepest, m.depth);
      conditions += m.conditions;
    } else conditions += 1;
  }
  return { depth: deepest, conditions };
}

/** A relation path `relationKey.targetKey` of `subject`, or undefined when it is not one. */
async function relationPath(
  db: Executor,
  subject: SubjectDef,
  name: string,
  cache?: ReadCache,
): Promise<{ relation: FieldDef; target: SubjectDef; targetKey: string } | undefined> {
  const dot = name.indexOf('.');
  if (dot < 0) return undefined;
  const relation = subject.fields.find((f) => f.key === name.slice(0, dot));
  const targetId = relation?.type === 'relation' ? relation.options.targetSubjectId : undefined;
  if (!relation || !targetId) return undefined;
  const target = targetId === subject.id ? subject : await loadSubjectDef(db, { id: targetId }, cache);
  return target ? { relation, target, targetKey: name.slice(dot + 1) } : undefined;
}

/** Runs `compile`, renaming the field of its 400 from `inner` to `outer` (and the message's {field}). */
function renamed<T>(compile: () => T, outer: string, fullName: string): T {
  try {
    return compile();
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 400 || !err.details) throw err;
    throw new HttpError(
      err.status,
      err.errorCode,
      err.messageKey,
      err.details.map((d) => ({ ...d, field: outer, ...(d.params ? { params: { ...d.params, field: fullName } } : {}) })),
      err.extra,
    );
  }
}

let aliasCounter = 0;
/** A fresh table alias for a nested subquery (never one the records compiler uses). */
const nextAlias = (prefix: string) => `${prefix}${(aliasCounter = (aliasCounter + 1) % 1_000_000)}`;

/**
 * A query's filter over `subject` (row alias `r`) → one SQL condition.
 * @throws HttpError 400 naming `filter` (too deep / too many conditions) or `filter.<name>`.
 */
export async function compileQueryFilter(db: Executor, subject: SubjectDef, group: FilterGroup, cache?: ReadCache): Promise<SQL> {
  const m = measure(group);
  if (m.depth > FILTER_DEPTH_MAX || m.conditions > FILTER_CONDITIONS_MAX) {
    throw invalid('filter', 'errors.record.filterTooComplex', { depth: FILTER_DEPTH_MAX, conditions: FILTER_CONDITIONS_MAX });
  }
  const condition = async (cond: FilterCondition): Promise<SQL> => {
    if (!cond.field.includes('.')) return compileFilter(subject, { op: 'and', items: [cond] }, 'r');
    const path = await relationPath(db, subject, cond.field, cache);
    if (!path) throw invalid(`filter.${cond.field}`, 'errors.record.filterField', { field: cond.field });
    const t = nextAlias('qt');
    const inner = renamed(
      () => compileFilter(path.target, { op: 'and', items: [{ ...cond, field: path.targetKey }] }, t),
      `filter.${cond.field}`,
      cond.field,
    );
    const table = sql.raw(`${ident(path.target.tableName)} ${ident(t)}`);
    const live = liveRows(path.target, t);
    if (path.relation.column) {
      return sql`exists (select 1 from ${table} where ${sql.raw(`${ident(t)}.id = r.${ident(path.relation.column)}`)} and ${live} and ${inner})`;
    }
    const l = nextAlias('ql');
    return sql`exists (select 1 from record_links ${sql.raw(ident(l))} join ${table} on ${sql.raw(`${ident(t)}.id = ${ident(l)}.target_id`)} where ${sql.raw(`${ident(l)}.field_id`)} = ${path.relation.id}::uuid and ${sql.raw(`${ident(l)}.source_id = r.id`)} and ${live} and ${inner})`;
  };
  const compile = async (g: FilterGroup): Promise<SQL> => {
    if (g.items.length === 0) return sql`true`;
    const parts: SQL[] = [];
    for (const item of g.items) parts.push(isGroup(item) ? await compile(item) : await condition(item));
    return sql`(${sql.join(parts, sql.raw(g.op === 'and' ? ' and ' : ' or '))})`;
  };
  return compile(group);
}

/**
 * A query's sorts over `subject` (row alias `r`) → sort keys for records' orderBySql; the records
 * module's default (newest first) when there are none.
 * @throws HttpError 400 naming `sort` (unknown name, a list, a many-relation path).
 */
export async function compileQuerySort(db: Executor, subject: SubjectDef, sorts: readonly RecordSort[], cache?: ReadCache): Promise<SortKey[]> {
  if (sorts.length === 0) return compileSort(db, subject, [], 'r', cache);
  const keys: SortKey[] = [];
  for (const s of sorts) {
    if (!s.field.includes('.')) {
      keys.push(...(await compileSort(db, subject, [s], 'r', cache)));
      continue;
    }
    const path = await relationPath(db, subject, s.field, cache);
    if (!path || !path.relation.column) throw invalid('sort', 'errors.record.sort', { field: s.field });
    const t = nextAlias('qs');
    const [inner] = await (async () => {
      try {
        return await compileSort(db, path.target, [{ field: path.targetKey, order: s.order }], t, cache);
      } catch (err) {
        if (err instanceof HttpError && err.status === 400) throw invalid('sort', 'errors.record.sort', { field: s.field });
        throw err;
      }
    })();
    const expr = sql`(select ${inner.expr} from ${sql.raw(`${ident(path.target.tableName)} ${ident(t)}`)} where ${sql.raw(`${ident(t)}.id = r.${ident(path.relation.column)}`)} and ${liveRows(path.target, t)})`;
    keys.push({ key: s.field, order: s.order, expr, cursorExpr: expr, castType: inner.castType });
  }
  return keys;
}
