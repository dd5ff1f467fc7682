/**
 * What the run and the undo of an import write alike, set-based: an update's diff against its
 * record (diffUpdate), the SQL of a canonical value held in jsonb (jsonValueExpr), and many records
 * updated by one statement from a jsonb payload (writeUpdates).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CurrentUser, RecordItem, RecordVersion } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { ident } from '../subjects/ddl';
import { storageOf } from '../subjects/field-types';
import type { FieldDef, SubjectDef } from '../subjects/subject-def';
import { computeFormulas, systemValues } from '../subjects/compute';
import { tableOf } from '../records/records.service';
import { diffRecordValues } from '../records/records.service';
import { kindOf, sameValue, sqlTypeOfKind, type FieldValue } from '../subjects/values';

/** The many-relation fields (links in record_links, no column). */
export const manyRelations = (subject: SubjectDef): FieldDef[] => subject.fields.filter((f) => f.type === 'relation' && !f.column);
/** The fields with a column of their own (`f_…`). */
export const ownColumns = (subject: SubjectDef): FieldDef[] => subject.fields.filter((f) => f.column?.startsWith('f_'));

/** The SQL of field `f`'s value from the jsonb expression `v` (a canonical value), cast to its column type. */
export function jsonValueExpr(f: FieldDef, v: SQL): SQL {
  const kind = kindOf(f);
  if (kind === 'textArray' || kind === 'uuidArray') {
    const t = kind === 'textArray' ? 'text[]' : 'uuid[]';
    return sql`case when jsonb_typeof(${v}) = 'array' then array(select jsonb_array_elements_text(${v}))::${sql.raw(t)} else null end`;
  }
  // the JSON value as text, cast to the column's type as `sqlValue` casts a parameter
  return sql`(${v} #>> '{}')::${sql.raw(storageOf(f.type, f.options).sqlType ?? sqlTypeOfKind(kind))}`;
}

/** An update of one record, diffed: what to write and what its history version holds. */
export interface UpdateDiff {
  /** field key → canonical value: the changed fields and the formulas that follow. */
  apply: Record<string, FieldValue>;
  /** The history version's field changes (before/after). */
  changes: RecordVersion['changes'];
  /** The record's values after (the history version's snapshot). */
  snapshot: Record<string, FieldValue>;
}

/**
 * `values` (validated) applied to the record `rec` at `at` by `user`, as records.service's
 * applyChange does it: the changed fields, the formulas recomputed, the update stamps. null when
 * nothing changes.
 */
export function diffUpdate(subject: SubjectDef, rec: RecordItem, values: Record<string, FieldValue>, at: Date, user: CurrentUser): UpdateDiff | null {
  const changed: Record<string, FieldValue> = {};
  for (const [k, v] of Object.entries(values)) if (!sameValue(rec.values[k] as FieldValue, v)) changed[k] = v;
  if (Object.keys(changed).length === 0) return null;
  const merged: Record<string, FieldValue> = {
    ...(rec.values as Record<string, FieldValue>),
    ...changed,
    ...systemValues(subject, { createdAt: rec.createdAt, createdBy: rec.createdBy, updatedAt: at.toISOString(), updatedBy: user.id }),
  };
  for (const [k, v] of Object.entries(computeFormulas(subject, merged))) {
    merged[k] = v;
    if (!sameValue(rec.values[k] as FieldValue, v)) changed[k] = v;
  }
  return { apply: changed, changes: diffRecordValues(subject, rec.values, merged), snapshot: merged };
}

/** One record to update by writeUpdates: its id, the version it must still have, and its diff. */
export interface UpdateItem extends UpdateDiff {
  id: string;
  version: number;
}

/**
 * Writes `items` in three statements (plus two per many-relation field), the payload as ONE jsonb
 * parameter: each record still at `version` gets its `apply` values, version + 1, the update stamps
 * (`at`, `user`), its links, and a history version of `action` naming `batchId`.
 * @returns the ids written (a record whose version moved on is left out).
 */
export async function writeUpdates(
  tx: Executor,
  subject: SubjectDef,
  items: UpdateItem[],
  ctx: { at: Date; user: CurrentUser; action: 'update' | 'restore'; batchId: string },
): Promise<string[]> {
  if (items.length === 0) return [];
  const iso = ctx.at.toISOString();
  const json = JSON.stringify(items.map((i) => ({ id: i.id, v: i.version, a: i.apply, c: i.changes, s: i.snapshot })));
  const sets: SQL[] = [sql`version = r.version + 1`, sql`updated_at = ${iso}::timestamptz`, sql`updated_by = ${ctx.user.id}::uuid`];
  for (const f of ownColumns(subject)) {
    const col = sql.raw(ident(f.column!));
    sets.push(sql`${col} = case when x -> 'a' ? ${f.key} then ${jsonValueExpr(f, sql`(x -> 'a' -> ${f.key})`)} else r.${col} end`);
  }
  const ids = rowsOf<{ id: string }>(
    await tx.execute(sql`update ${tableOf(subject, 'r')} set ${sql.join(sets, sql`, `)} from jsonb_array_elements(${json}::jsonb) x
      where r.id = (x ->> 'id')::uuid and r.version = (x ->> 'v')::int and r.deleted_at is null returning r.id`),
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const written = sql`(select x from jsonb_array_elements(${json}::jsonb) x where (x ->> 'id')::uuid = any(${sql.param(ids)}::uuid[]))`;
  for (const f of manyRelations(subject)) {
    await tx.execute(sql`delete from record_links where field_id = ${f.id}::uuid
      and source_id in (select (w.x ->> 'id')::uuid from ${written} w where w.x -> 'a' ? ${f.key})`);
    await tx.execute(sql`insert into record_links (field_id, source_id, target_id, position)
      select ${f.id}::uuid, (w.x ->> 'id')::uuid, e.value::uuid, (e.ord - 1)::int from ${written} w,
      jsonb_array_elements_text(case when jsonb_typeof(w.x -> 'a' -> ${f.key}) = 'array' then w.x -> 'a' -> ${f.key} else '[]'::jsonb end) with ordinality as e(value, ord)
      where w.x -> 'a' ? ${f.key}`);
  }
  await tx.execute(sql`insert into record_versions (subject_id, record_id, version, action, actor_id, actor_label, at, changes, snapshot, batch_id)
    select ${subject.id}::uuid, (w.x ->> 'id')::uuid, (w.x ->> 'v')::int + 1, ${ctx.action}, ${ctx.user.id}::uuid, ${ctx.user.name}, ${iso}::timestamptz,
      w.x -> 'c', w.x -> 's', ${ctx.batchId}::uuid
    from ${written} w`);
  return ids;
}
