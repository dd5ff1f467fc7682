/**
 * The data side of schema changes, in the caller's transaction: which live records break a field's
 * `required` / `unique` / `validation` (the conflict a refused change lists), recomputing formulas
 * for every record, numbering records for an auto-number field, and rewriting renamed select
 * options. Values are read in the API's JSON shapes (value-sql.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  TYPE_CHANGE_SAMPLE,
  type FieldOptions,
  type MessageKey,
  type TypeChangeConflict,
  type TypeChangeReason,
} from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { compileUserPattern } from '../../lib/user-pattern';
import { ident, sequenceNameOf } from './ddl';
import { evaluateFormulaField } from './compute';
import type { FieldValue } from './values';
import { formulaPacer, formulaReads } from './formula';
import type { FieldDef, SubjectDef } from './subject-def';
import { columnRef, columnTypeOf, emptySql, valueSql } from './value-sql';

/** Records that break a rule: how many, and the first TYPE_CHANGE_SAMPLE. */
export interface Breakers {
  count: number;
  records: { id: string; value: unknown; deleted?: boolean }[];
}

const MESSAGE_OF: Record<TypeChangeReason, MessageKey> = {
  type: 'errors.field.typeChangeRefused',
  required: 'errors.field.requiredBreaks',
  unique: 'errors.field.uniqueBreaks',
  validation: 'errors.field.validationBreaks',
  choices: 'errors.field.choiceInUse',
  multiple: 'errors.field.multipleBreaks',
};
const INPUT_OF: Record<TypeChangeReason, string> = {
  type: 'type',
  required: 'required',
  unique: 'unique',
  validation: 'validation',
  choices: 'options.choices',
  multiple: 'options.multiple',
};

/** 409 TYPE_CHANGE_REFUSED for `field` with `conflict` TypeChangeConflict (message and input named by `reason`). */
export function refused(field: string, reason: TypeChangeReason, breakers: Breakers): HttpError {
  const conflict: TypeChangeConflict = { field, reason, count: breakers.count, records: breakers.records };
  return new HttpError(
    409,
    'TYPE_CHANGE_REFUSED',
    MESSAGE_OF[reason],
    [{ field: INPUT_OF[reason], messageKey: MESSAGE_OF[reason] }],
    {
      params: { count: breakers.count },
      conflict: { ...conflict },
    },
  );
}

/** Live records matching `cond` (row alias `r`): count and a sample ordered by `order`. */
async function liveBreakers(
  tx: Executor,
  tableName: string,
  field: FieldDef,
  cond: SQL,
  order: SQL = sql.raw('r.created_at, r.id'),
): Promise<Breakers> {
  const table = sql.raw(`${ident(tableName)} r`);
  const where = sql`r.deleted_at is null and (${cond})`;
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${table} where ${where}`));
  if (Number(n) === 0) return { count: 0, records: [] };
  const records = rowsOf<{ id: string; value: unknown }>(
    await tx.execute(
      sql`select r.id::text as id, ${valueSql(field)} as value from ${table} where ${where} order by ${order} limit ${TYPE_CHANGE_SAMPLE}`,
    ),
  );
  return { count: Number(n), records };
}

/** Live records where a required field is empty. */
export function requiredBreakers(tx: Executor, tableName: string, field: FieldDef): Promise<Breakers> {
  return liveBreakers(tx, tableName, field, emptySql(field));
}

/** Live records sharing a unique field's value with another live record (grouped by value). */
export function uniqueBreakers(tx: Executor, tableName: string, field: FieldDef): Promise<Breakers> {
  const c = columnRef(field);
  const c2 = columnRef(field, 'd');
  const dup = sql.raw(
    `${c} is not null and ${c} in (select ${c2} from ${ident(tableName)} d where d.deleted_at is null and ${c2} is not null group by ${c2} having count(*) > 1)`,
  );
  return liveBreakers(tx, tableName, field, dup, sql.raw(`${c}, r.created_at, r.id`));
}

/** The SQL part of a field's validation (min/max, lengths) over row `r`; null when it has none. */
function validationSql(field: FieldDef): SQL | null {
  const v = field.validation;
  const sqlType = columnTypeOf(field);
  if (!sqlType || !field.column) return null;
  const c = sql.raw(columnRef(field));
  const parts: SQL[] = [];
  const cast = sql.raw(sqlType === 'date' || sqlType === 'timestamptz' ? sqlType : 'numeric');
  if (sqlType === 'numeric' || sqlType === 'date' || sqlType === 'timestamptz') {
    if (v.min !== undefined) parts.push(sql`${c} < ${String(v.min)}::${cast}`);
    if (v.max !== undefined) parts.push(sql`${c} > ${String(v.max)}::${cast}`);
  }
  if (sqlType === 'text') {
    if (v.minLength !== undefined) parts.push(sql`(${c} <> '' and char_length(${c}) < ${v.minLength})`);
    if (v.maxLength !== undefined) parts.push(sql`char_length(${c}) > ${v.maxLength}`);
  }
  return parts.length === 0 ? null : sql.join(parts, sql` or `);
}

const BATCH = 1000;

/**
 * Live records breaking a field's validation. min/max and lengths are checked in SQL; a `pattern`
 * (whole value) by scanning the non-empty values in batches of 1,000, in id order, with the
 * linear-time engine (lib/user-pattern.ts; a value longer than the pattern's `maxInput` breaks
 * it, as on the write path). A stored pattern the engine cannot run (kept unchanged from before
 * RE2) is not scanned: the write path does not check it either.
 */
export async function validationBreakers(tx: Executor, tableName: string, field: FieldDef): Promise<Breakers> {
  const inSql = validationSql(field);
  const pattern = field.validation.pattern;
  const compiled = pattern && columnTypeOf(field) === 'text' && field.column ? compileUserPattern(pattern) : undefined;
  if (!compiled?.ok) return inSql ? liveBreakers(tx, tableName, field, inSql) : { count: 0, records: [] };
  const re = compiled.pattern;
  const c = columnRef(field);
  const out: Breakers = { count: 0, records: [] };
  let last = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = rowsOf<{ id: string; value: string; bad: boolean }>(
      await tx.execute(
        sql`select r.id::text as id, ${sql.raw(c)} as value, coalesce(${inSql ?? sql`false`}, false) as bad from ${sql.raw(`${ident(tableName)} r`)}
          where r.deleted_at is null and ${sql.raw(c)} is not null and ${sql.raw(c)} <> '' and r.id > ${last}::uuid order by r.id limit ${BATCH}`,
      ),
    );
    for (const r of rows) {
      if (r.bad || r.value.length > re.maxInput || !re.test(r.value)) {
        out.count += 1;
        if (out.records.length < TYPE_CHANGE_SAMPLE) out.records.push({ id: r.id, value: r.value });
      }
    }
    if (rows.length < BATCH) return out;
    last = rows[rows.length - 1].id;
  }
}

/** A column definition for jsonb_to_recordset. */
const recordsetColumn = (f: FieldDef) => `${ident(f.column!)} ${columnTypeOf(f)}`;

/**
 * Recomputes `formulas` (in computing order: formula.formulasReading) for EVERY record of the
 * subject, recycled ones included, in batches of 1,000 (keyset by id): the values they read are
 * loaded in the API's shapes, evaluated as the write path does (subjects/compute.ts
 * evaluateFormulaField: canonical decimals, texts cut to the text limit), and written back with
 * one UPDATE per batch. A recompute is not a record change: no version, `updated_at` kept. Each
 * evaluation is bounded (formula-eval.ts FORMULA_LIMITS); the loop yields to other requests every
 * 20 ms of computing (formula.formulaPacer).
 */
export async function recomputeFormulas(tx: Executor, def: SubjectDef, formulas: readonly FieldDef[]): Promise<void> {
  const targets = formulas.filter((f) => f.column);
  if (targets.length === 0) return;
  const targetKeys = new Set(targets.map((f) => f.key));
  const reads = new Set(targets.flatMap((f) => formulaReads(f.options.expression ?? '')));
  const inputs = def.fields.filter((f) => reads.has(f.key) && !targetKeys.has(f.key));
  const table = ident(def.tableName);
  const selected =
    inputs.length > 0
      ? sql.join(
          inputs.map((f, i) => sql`, ${valueSql(f)} as ${sql.raw(`v${i}`)}`),
          sql``,
        )
      : sql``;
  const sets = sql.raw(targets.map((f) => `${ident(f.column!)} = x.${ident(f.column!)}`).join(', '));
  const columns = sql.raw(['id uuid', ...targets.map(recordsetColumn)].join(', '));
  const pace = formulaPacer();
  let last = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = rowsOf<Record<string, unknown> & { id: string }>(
      await tx.execute(
        sql`select r.id::text as id${selected} from ${sql.raw(`${table} r`)} where r.id > ${last}::uuid order by r.id limit ${BATCH}`,
      ),
    );
    if (rows.length === 0) return;
    const batch: Record<string, unknown>[] = [];
    for (const row of rows) {
      const values: Record<string, unknown> = {};
      inputs.forEach((f, i) => {
        values[f.key] = row[`v${i}`];
      });
      const out: Record<string, unknown> = { id: row.id };
      for (const f of targets) {
        const value = evaluateFormulaField(f, values as Record<string, FieldValue>);
        values[f.key] = value;
        out[f.column!] = value;
      }
      batch.push(out);
      await pace();
    }
    await tx.execute(
      sql`update ${sql.raw(`${table} r`)} set ${sets} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(${columns}) where r.id = x.id`,
    );
    if (rows.length < BATCH) return;
    last = rows[rows.length - 1].id;
  }
}

/**
 * An auto number as SQL: `prefix` then the number `n` (SQL of a bigint) padded with zeros to
 * `padding` digits (longer numbers are never cut): prefix 'WP-', padding 3 → WP-001, WP-1234.
 * The write path of records uses it with `nextval` of the field's sequence (ddl.sequenceNameOf).
 */
export function autoNumberSql(options: FieldOptions, n: SQL): SQL {
  const padding = options.padding ?? 0;
  return sql`(${options.prefix ?? ''}::text || case when length((${n})::text) >= ${padding} then (${n})::text else lpad((${n})::text, ${padding}, '0') end)`;
}

/**
 * Numbers the records of an auto-number field that have no number yet (all of them for a new
 * field), recycled ones included, in creation order, continuing the field's sequence.
 */
export async function numberRecords(tx: Executor, tableName: string, field: FieldDef): Promise<void> {
  const t = ident(tableName);
  const c = ident(field.column!);
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql.raw(`select count(*)::int as n from ${t} where ${c} is null`)));
  if (Number(n) === 0) return;
  const seq = ident(sequenceNameOf(field.id));
  const [{ base }] = rowsOf<{ base: string }>(await tx.execute(sql.raw(`select nextval('${seq}')::text as base`)));
  await tx.execute(
    sql`update ${sql.raw(t)} set ${sql.raw(c)} = ${autoNumberSql(field.options, sql`${base}::bigint + s.k - 1`)}
      from (select id, row_number() over (order by created_at, id) as k from ${sql.raw(t)} where ${sql.raw(c)} is null) s
      where ${sql.raw(`${t}.id`)} = s.id`,
  );
  await tx.execute(sql`select setval(${sql.raw(`'${seq}'`)}, ${base}::bigint + ${Number(n)} - 1)`);
}

/** Rewrites every auto number of a field with its (new) prefix and padding, keeping the numbers. */
export async function reformatAutoNumbers(tx: Executor, tableName: string, field: FieldDef): Promise<void> {
  const t = ident(tableName);
  const c = ident(field.column!);
  await tx.execute(
    sql`update ${sql.raw(t)} set ${sql.raw(c)} = ${autoNumberSql(field.options, sql.raw(`substring(${c} from '(\\d+)$')::bigint`))}
      where ${sql.raw(c)} ~ '\\d+$'`,
  );
}

/**
 * Renames select options in every record (recycled ones too): `renames` old label → new label,
 * applied at once (so swapping two labels works). Single: the value; multi: each element, in place.
 */
export async function renameChoices(
  tx: Executor,
  tableName: string,
  field: FieldDef,
  renames: ReadonlyMap<string, string>,
): Promise<void> {
  if (renames.size === 0) return;
  const olds = JSON.stringify([...renames.keys()]);
  const news = JSON.stringify([...renames.values()]);
  const map = sql`(select o.v as old, n.v as new from jsonb_array_elements_text(${olds}::jsonb) with ordinality o(v, i) join jsonb_array_elements_text(${news}::jsonb) with ordinality n(v, i) using (i))`;
  const t = sql.raw(`${ident(tableName)} r`);
  const c = sql.raw(ident(field.column!));
  const rc = sql.raw(columnRef(field));
  if (field.type === 'singleSelect') {
    await tx.execute(sql`update ${t} set ${c} = m.new from ${map} m where ${rc} = m.old`);
  } else {
    await tx.execute(
      sql`update ${t} set ${c} = array(select coalesce(m.new, e.v) from unnest(${rc}) with ordinality e(v, i) left join ${map} m on m.old = e.v order by e.i)
        where ${rc} && array(select jsonb_array_elements_text(${olds}::jsonb))`,
    );
  }
}

/** Records (recycled ones too) holding any of `labels` in a select field. */
export async function choiceHolders(
  tx: Executor,
  tableName: string,
  field: FieldDef,
  labels: readonly string[],
): Promise<Breakers> {
  if (labels.length === 0) return { count: 0, records: [] };
  const list = sql`array(select jsonb_array_elements_text(${JSON.stringify(labels)}::jsonb))`;
  const rc = sql.raw(columnRef(field));
  const cond = field.type === 'singleSelect' ? sql`${rc} = any(${list})` : sql`${rc} && ${list}`;
  const table = sql.raw(`${ident(tableName)} r`);
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${table} where ${cond}`));
  if (Number(n) === 0) return { count: 0, records: [] };
  const rows = rowsOf<{ id: string; value: unknown; deleted: boolean }>(
    await tx.execute(
      sql`select r.id::text as id, ${valueSql(field)} as value, (r.deleted_at is not null) as deleted from ${table} where ${cond}
        order by (r.deleted_at is not null), r.created_at, r.id limit ${TYPE_CHANGE_SAMPLE}`,
    ),
  );
  return {
    count: Number(n),
    records: rows.map((r) => (r.deleted ? { id: r.id, value: r.value, deleted: true } : { id: r.id, value: r.value })),
  };
}

/** True when any record (recycled ones too) holds a value in the field. */
export async function anyValue(tx: Executor, tableName: string, field: FieldDef): Promise<boolean> {
  const [row] = rowsOf<{ x: number }>(
    await tx.execute(sql`select 1 as x from ${sql.raw(`${ident(tableName)} r`)} where not (${emptySql(field)}) limit 1`),
  );
  return row !== undefined;
}
