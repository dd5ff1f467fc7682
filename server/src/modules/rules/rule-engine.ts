/**
 * The rules engine's core (docs/rules.md "One definition, two evaluators"): a rule definition
 * (contracts/rules.ts) compiled once against its subject into
 * - `failsFor(values, recordId)`: the verdict for one record's values (the records API's JSON
 *   values), in JavaScript where it can be (comparison, range, pattern, expression) and with one
 *   short statement where it needs the database (required-if's condition, uniqueness, exists-in);
 * - `failsSql`: an SQL condition over the subject's table (row alias `r`) true for the failing
 *   rows, for a run over the whole subject; null for a pattern outside the subset PostgreSQL's `~`
 *   reads as RE2 does (pattern-sql.ts) and for an expression outside the SQL subset of formulas
 *   (docs/formula-sql.md): the run then uses `failsFor` on the chunk's rows.
 * Empty values pass every kind but required-if (docs/rules.md "Empty passes").
 * Record writes run them through rules/subject-rules.ts (enforceRecordRules).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RuleComparisonOp, RuleDefinition } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import { compileUserPattern, describePatternProblem, USER_PATTERN_INPUT_MAX } from '../../lib/user-pattern';
import { BigDecimal } from '../../lib/decimal';
import { compileFilter } from '../records/filter';
import { tableOf } from '../records/records.service';
import { columnOf } from '../subjects/ddl';
import { liveRowsOfTable } from '../subjects/live-rows';
import { evaluateFormula, FormulaError } from '../subjects/formula';
import { formulaColumnsOf, formulaToSql } from '../subjects/formula-sql';
import type { FieldDef, SubjectDef } from '../subjects/subject-def';
import { patternToPostgresRegex } from './pattern-sql';
import { kindOf, parseDate, parseDecimal, sqlValue, type FieldValue, type ValueKind } from '../subjects/values';

/** A definition that does not fit its subject: `path` names the part (`field`, `value`, `expression`…). */
export class RuleDefinitionError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'RuleDefinitionError';
  }
}

/** A rule compiled against its subject. */
export interface CompiledRule {
  /** True when the record with `values` (field key → the records API's JSON value) fails the rule. */
  failsFor(db: Executor, values: Record<string, unknown>, recordId: string | null): Promise<boolean>;
  /**
   * For the kinds that need the database (required-if, uniqueness, exists-in): the SQL truth value
   * "the record with `values` fails", so that a write asks all of them in one statement
   * (subject-rules.ts recordFailures); null when the values pass without asking (an empty value).
   * Absent for the kinds decided in JavaScript.
   */
  lookup?: (values: Record<string, unknown>, recordId: string | null) => SQL | null;
  /** The failing rows of the subject's table `r` as an SQL condition; null when only failsFor can tell. */
  failsSql: SQL | null;
}

/** Other subjects of the application by key (for exists-in). */
export type SubjectLookup = (key: string) => SubjectDef | undefined;

/** The kinds comparison and range take, and how a constant of each is read. */
const COMPARABLE: Partial<Record<ValueKind, (raw: unknown) => string | boolean>> = {
  number: (raw) => parseDecimal(raw),
  date: (raw) => parseDate(raw),
  text: (raw) => {
    if (typeof raw !== 'string') throw new Error('a text');
    return raw;
  },
  boolean: (raw) => {
    if (typeof raw !== 'boolean') throw new Error('true or false');
    return raw;
  },
};

const SQL_OPS: Record<RuleComparisonOp, string> = { eq: '=', ne: '<>', lt: '<', le: '<=', gt: '>', ge: '>=' };

/** The field `key` of `subject` with a column, or a RuleDefinitionError naming `path`. */
function fieldOf(subject: SubjectDef, key: string, path: string): FieldDef & { column: string } {
  const field = subject.fields.find((f) => f.key === key);
  if (!field) throw new RuleDefinitionError(path, `no field ${key} in ${subject.key}`);
  if (!field.column) throw new RuleDefinitionError(path, `${key} is a many-relation: it has no single value`);
  return field as FieldDef & { column: string };
}

/** The field's column under the row alias `alias`. */
const col = (alias: string, field: { column: string }): SQL => columnOf(alias, field.column);

/** -1, 0 or 1: `a` against `b`, both of `kind` (numbers as decimals, texts and dates by code unit). */
function order(kind: ValueKind, a: unknown, b: unknown): number {
  if (kind === 'number') return new BigDecimal(String(a)).comparedTo(new BigDecimal(String(b)));
  if (kind === 'boolean') return a === b ? 0 : a ? 1 : -1;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function holds(op: RuleComparisonOp, c: number): boolean {
  switch (op) {
    case 'eq':
      return c === 0;
    case 'ne':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'le':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'ge':
      return c >= 0;
  }
}

/** `value` read as a constant of `kind`, or a RuleDefinitionError naming `path`. */
function constantOf(kind: ValueKind, value: unknown, path: string): string | boolean {
  const read = COMPARABLE[kind];
  if (!read) throw new RuleDefinitionError(path, `a ${kind} field cannot be compared`);
  try {
    return read(value);
  } catch {
    throw new RuleDefinitionError(path, `not a ${kind} value`);
  }
}

/** The SQL comparison of two values of `kind` (texts byte by byte: collation "C", as JavaScript compares them). */
function sqlCompare(kind: ValueKind, op: RuleComparisonOp, a: SQL, b: SQL): SQL {
  const o = sql.raw(SQL_OPS[op]);
  return kind === 'text' ? sql`(${a} collate "C" ${o} ${b} collate "C")` : sql`(${a} ${o} ${b})`;
}

const isEmpty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/** failsFor of a rule decided by `lookup`: its SQL truth value asked alone (false when null). */
function askAlone(lookup: (values: Record<string, unknown>, recordId: string | null) => SQL | null): CompiledRule['failsFor'] {
  return async (db, values, recordId) => {
    const expr = lookup(values, recordId);
    if (!expr) return false;
    const [hit] = rowsOf<{ fails: boolean }>(await db.execute(sql`select ${expr} as fails`));
    return hit?.fails === true;
  };
}

/**
 * Compiles `rule` against `subject` (and, for exists-in, the subject `subjects` finds).
 * @throws RuleDefinitionError naming the part that does not fit: an unknown field, a field of a kind
 *   the rule cannot test, a constant that is not of the field's type, a pattern that cannot run,
 *   a condition or formula that does not compile (their own messages).
 */
export function compileRule(rule: RuleDefinition, subject: SubjectDef, subjects: SubjectLookup = () => undefined): CompiledRule {
  const alias = 'r';
  switch (rule.kind) {
    case 'comparison': {
      const field = fieldOf(subject, rule.field, 'field');
      const kind = kindOf(field);
      if (!COMPARABLE[kind]) throw new RuleDefinitionError('field', `a ${field.type} field cannot be compared`);
      if (kind === 'boolean' && rule.op !== 'eq' && rule.op !== 'ne')
        throw new RuleDefinitionError('op', 'truth values are only equal or not');
      if ((rule.value === undefined) === (rule.otherField === undefined))
        throw new RuleDefinitionError('value', 'a value or another field, one of the two');
      let other: { js: (values: Record<string, unknown>) => unknown; sql: SQL };
      if (rule.otherField !== undefined) {
        const o = fieldOf(subject, rule.otherField, 'otherField');
        if (kindOf(o) !== kind) throw new RuleDefinitionError('otherField', `${o.key} is not of the same kind as ${field.key}`);
        other = { js: (v) => v[o.key], sql: col(alias, o) };
      } else {
        const c = constantOf(kind, rule.value, 'value');
        other = { js: () => c, sql: sqlValue(field, c) };
      }
      const mine = col(alias, field);
      return {
        failsFor: async (_db, values) => {
          const [a, b] = [values[field.key], other.js(values)];
          if (isEmpty(a) || isEmpty(b)) return false;
          return !holds(rule.op, order(kind, a, b));
        },
        failsSql: sql`(${mine} is not null and ${other.sql} is not null and not ${sqlCompare(kind, rule.op, mine, other.sql)})`,
      };
    }
    case 'range': {
      const field = fieldOf(subject, rule.field, 'field');
      const kind = kindOf(field);
      if (kind !== 'number' && kind !== 'date' && kind !== 'text')
        throw new RuleDefinitionError('field', `a ${field.type} field has no range`);
      if (rule.min === undefined && rule.max === undefined) throw new RuleDefinitionError('min', 'a minimum, a maximum or both');
      const min = rule.min === undefined ? undefined : constantOf(kind, rule.min, 'min');
      const max = rule.max === undefined ? undefined : constantOf(kind, rule.max, 'max');
      const mine = col(alias, field);
      const outside: SQL[] = [];
      if (min !== undefined) outside.push(sqlCompare(kind, 'lt', mine, sqlValue(field, min)));
      if (max !== undefined) outside.push(sqlCompare(kind, 'gt', mine, sqlValue(field, max)));
      return {
        failsFor: async (_db, values) => {
          const v = values[field.key];
          if (isEmpty(v)) return false;
          return (min !== undefined && order(kind, v, min) < 0) || (max !== undefined && order(kind, v, max) > 0);
        },
        failsSql: sql`(${mine} is not null and (${sql.join(outside, sql` or `)}))`,
      };
    }
    case 'pattern': {
      const field = fieldOf(subject, rule.field, 'field');
      if (kindOf(field) !== 'text') throw new RuleDefinitionError('field', `a ${field.type} field has no text to match`);
      const compiled = compileUserPattern(rule.pattern);
      if (!compiled.ok) throw new RuleDefinitionError('pattern', describePatternProblem(compiled.problem));
      const pattern = compiled.pattern;
      // in SQL when the pattern is in the subset both engines read alike (pattern-sql.ts) and its
      // program is small enough to check a value of any length (else re2js refuses long values, by
      // their length in UTF-16 code units, which SQL does not count)
      const regex = pattern.maxInput >= USER_PATTERN_INPUT_MAX ? patternToPostgresRegex(rule.pattern) : null;
      const mine = col(alias, field);
      return {
        failsFor: async (_db, values) => {
          const v = values[field.key];
          return typeof v === 'string' && !pattern.test(v);
        },
        failsSql: regex === null ? null : sql`(${mine} is not null and not (${mine} collate "C" ~ ${regex}::text))`,
      };
    }
    case 'requiredIf': {
      const field = fieldOf(subject, rule.field, 'field');
      let condition: SQL;
      try {
        condition = compileFilter(subject, rule.condition, alias);
      } catch (e) {
        throw new RuleDefinitionError('condition', e instanceof Error ? e.message : String(e));
      }
      const mine = col(alias, field);
      const empty =
        kindOf(field) === 'textArray' || kindOf(field) === 'uuidArray'
          ? sql`coalesce(cardinality(${mine}), 0) = 0`
          : sql`${mine} is null`;
      // the values made a row of the subject's table, as records/filter-row.ts rowMatches does
      const lookup = (values: Record<string, unknown>, recordId: string | null): SQL | null => {
        if (!isEmpty(values[field.key])) return null;
        const row: Record<string, unknown> = { id: recordId ?? '00000000-0000-0000-0000-000000000000' };
        for (const f of subject.fields) if (f.column) row[f.column] = values[f.key] ?? null;
        return sql`exists (select 1 from jsonb_populate_record(null::${tableOf(subject)}, ${JSON.stringify(row)}::jsonb) ${sql.raw(alias)} where ${condition})`;
      };
      return { failsFor: askAlone(lookup), lookup, failsSql: sql`(${empty} and ${condition})` };
    }
    case 'unique': {
      const fields = rule.fields.map((key, i) => fieldOf(subject, key, `fields.${i}`));
      for (const [i, f] of fields.entries()) {
        const kind = kindOf(f);
        if (kind === 'textArray' || kind === 'uuidArray' || kind === 'links')
          throw new RuleDefinitionError(`fields.${i}`, `a ${f.type} field has no single value`);
      }
      // other records: not deleted; rows of an import still running count, as for the unique
      // constraint of a field (subjects/live-rows.ts)
      const same = (other: string) =>
        sql.join(
          fields.map((f) => sql`${col(other, f)} = ${col(alias, f)}`),
          sql` and `,
        );
      const lookup = (values: Record<string, unknown>, recordId: string | null): SQL | null => {
        if (fields.some((f) => isEmpty(values[f.key]))) return null;
        const matches = sql.join(
          fields.map((f) => sql`${col('o', f)} = ${sqlValue(f, values[f.key] as FieldValue)}`),
          sql` and `,
        );
        return sql`exists (select 1 from ${tableOf(subject, 'o')} where o.deleted_at is null and o.id is distinct from ${recordId}::uuid and ${matches})`;
      };
      return {
        failsFor: askAlone(lookup),
        lookup,
        failsSql: sql`(${sql.join(
          fields.map((f) => sql`${col(alias, f)} is not null`),
          sql` and `,
        )} and exists (select 1 from ${tableOf(subject, 'o')} where o.deleted_at is null and o.id <> ${sql.raw(alias)}.id and ${same('o')}))`,
      };
    }
    case 'existsIn': {
      const field = fieldOf(subject, rule.field, 'field');
      const target = subjects(rule.subject);
      if (!target) throw new RuleDefinitionError('subject', `no subject ${rule.subject} in the application`);
      const targetField = fieldOf(target, rule.targetField, 'targetField');
      const kind = kindOf(field);
      if (kindOf(targetField) !== kind || !COMPARABLE[kind])
        throw new RuleDefinitionError('targetField', `${targetField.key} does not hold values of ${field.key}'s kind`);
      // the other subject's live records (not deleted, not staged by an import still running),
      // the running imports looked up by the statement itself: a compiled rule is reused for a while
      // (subject-rules.ts), longer than the target's list of running imports stays true
      const found = (value: SQL) =>
        sql`exists (select 1 from ${tableOf(target, 't')} where ${liveRowsOfTable('t')} and ${col('t', targetField)} = ${value})`;
      const mine = col(alias, field);
      const lookup = (values: Record<string, unknown>): SQL | null => {
        const v = values[field.key];
        return isEmpty(v) ? null : sql`not ${found(sqlValue(field, v as FieldValue))}`;
      };
      return {
        failsFor: askAlone(lookup),
        lookup,
        failsSql: sql`(${mine} is not null and not ${found(mine)})`,
      };
    }
    case 'expression': {
      let failsSql: SQL | null = null;
      try {
        const compiled = formulaToSql(rule.expression, formulaColumnsOf(subject, alias));
        // a truth value: false fails; an empty value or an error passes (docs/rules.md)
        if (compiled.kind === 'boolean') failsSql = sql`((${compiled.sql}) is false)`;
      } catch (e) {
        if (!(e instanceof FormulaError)) throw e;
        // outside the SQL subset: the formula engine decides, record by record; a formula it refuses too is an error
        if (!e.message.startsWith('not in the SQL subset')) throw new RuleDefinitionError('expression', e.message);
      }
      return {
        failsFor: async (_db, values) => evaluateFormula(rule.expression, 'boolean', values) === false,
        failsSql,
      };
    }
  }
}
