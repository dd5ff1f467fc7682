/**
 * Field values of records (required, unique, default, min/max, length, regex, enforced by
 * the server on every write path, with the field named in the error). Three layers:
 *  - `normalizeValue(field, raw)`: one JSON value (contracts/records.ts, per type) → its canonical
 *    form, which is both the JSON the API answers and what the column stores (decimal strings,
 *    'YYYY-MM-DD', ISO datetimes in UTC, arrays de-duplicated; '' and [] become null);
 *  - `readValue(field, dbValue)`: what a column gives back (selected by `selectExprOf`) → JSON;
 *  - `validateValues(ctx, subject, values, mode)`: a whole write's values, with the checks that
 *    need the database (live users, related records, attachments, unique values) — THE function
 *    every write path calls (create, update, bulk update, version restore; import later).
 * Errors: 400 VALIDATION_FAILED, one detail per bad field named `values.<key>`; 409 VALUE_TAKEN for
 * a unique value in use (the partial unique index `u_<hex>` is the final guard: `uniqueViolation`).
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import isEqual from 'lodash/isEqual';
import { z } from 'zod';
import type { FieldType, MessageKey } from '../../../../contracts';
import {
  ATTACHMENTS_PER_VALUE_MAX,
  COMPUTED_FIELD_TYPES,
  LINKS_PER_VALUE_MAX,
  LONG_TEXT_VALUE_MAX,
  PHONE_PATTERN,
  TEXT_VALUE_MAX,
  URL_VALUE_MAX,
} from '../../../../contracts/constants';
import { rowsOf, type Executor } from '../../db/client';
import { attachments, users } from '../../db/schema';
import { bignumber } from '../../lib/decimal';
import { HttpError, type FieldErrorKey } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { constraintOf, isUniqueViolation } from '../../lib/pg-errors';
import { sanitizeNoticeBody } from '../notices/notices.sanitize';
import { compileUserPattern, type UserPattern } from '../../lib/user-pattern';
import { ident } from './ddl';
import { storageOf } from './field-types';
import { loadSubjectDef, type FieldDef, type SubjectDef } from './subject-def';
import { liveRows } from './live-rows';
import { uuidOrNull } from '../../lib/uuid';

/** A field's canonical value: what the API answers and what its column stores (null = empty). */
export type FieldValue = string | boolean | string[] | null;

/** Why one value is refused: a message key of contracts/messages.ts and its `{name}` values. */
export class ValueError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly params?: Record<string, string | number>,
  ) {
    super(messageKey);
    this.name = 'ValueError';
  }
}

/**
 * How a field's value behaves in SQL (filters, sorts, casts): scalar kinds and the three list kinds
 * (`textArray` multi select, `uuidArray` attachments, `links` a many-relation in record_links).
 */
export type ValueKind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'uuid' | 'textArray' | 'uuidArray' | 'links';

/** The value kind of a field of `type` (formula by its `resultType`, relation by `multiple`). */
export function kindOf(field: Pick<FieldDef, 'type' | 'options'>): ValueKind {
  switch (field.type) {
    case 'number':
    case 'money':
    case 'percent':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
    case 'createdAt':
    case 'updatedAt':
      return 'datetime';
    case 'boolean':
      return 'boolean';
    case 'user':
    case 'createdBy':
    case 'updatedBy':
      return 'uuid';
    case 'relation':
      return field.options.multiple ? 'links' : 'uuid';
    case 'multiSelect':
      return 'textArray';
    case 'attachment':
      return 'uuidArray';
    case 'formula': {
      const t = field.options.resultType ?? 'number';
      return t === 'number' ? 'number' : t === 'boolean' ? 'boolean' : t === 'date' ? 'date' : 'text';
    }
    default:
      return 'text';
  }
}

/** The PostgreSQL type of a value kind (the cast of a parameter compared with or written to it). */
export function sqlTypeOfKind(kind: ValueKind): string {
  switch (kind) {
    case 'number':
      return 'numeric';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    case 'uuid':
      return 'uuid';
    case 'textArray':
      return 'text[]';
    case 'uuidArray':
    case 'links':
      return 'uuid[]';
    default:
      return 'text';
  }
}

/** True for the types the server computes (formula, auto number, created/updated by/at). */
export const isComputed = (type: FieldType) => COMPUTED_FIELD_TYPES.includes(type);

// ---------------------------------------------------------------- type-level parsing

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
/** A phone number as people write it (contracts/account.ts's profile rule): digits, spaces, `+ - ( ) .`, 3–32 characters. */
const PHONE = PHONE_PATTERN;
const EMAIL = z.email();
/** Most significant digits a number value may have (PostgreSQL numeric takes far more; this keeps values sane). */
const NUMBER_DIGITS_MAX = 60;

/** A decimal string in PostgreSQL's own text form: no '+', no leading zeros, '-0' → '0', fraction digits kept. */
export function parseDecimal(raw: unknown): string {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) throw new ValueError('errors.record.number');
    text = bignumber(raw).toFixed();
  } else if (typeof raw === 'string') {
    text = raw.trim();
  } else {
    throw new ValueError('errors.record.number');
  }
  const m = DECIMAL.exec(text);
  if (!m || (!m[2] && !m[3])) throw new ValueError('errors.record.number');
  const intPart = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = m[3] ?? '';
  if (intPart.replace(/^0$/, '').length + frac.length > NUMBER_DIGITS_MAX) throw new ValueError('errors.record.number');
  const zero = /^0$/.test(intPart) && /^0*$/.test(frac);
  const sign = m[1] === '-' && !zero ? '-' : '';
  return `${sign}${intPart}${frac ? `.${frac}` : ''}`;
}

/** A calendar date 'YYYY-MM-DD' that exists (years 0001–9999). */
export function parseDate(raw: unknown): string {
  if (typeof raw !== 'string') throw new ValueError('errors.record.date');
  const m = DATE.exec(raw.trim());
  if (!m) throw new ValueError('errors.record.date');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(2000, mo - 1, d));
  probe.setUTCFullYear(y);
  if (y < 1 || probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
    throw new ValueError('errors.record.date');
  }
  return m[0];
}

/**
 * An ISO 8601 date and time WITH a zone designator ('Z' or ±hh:mm) → UTC with milliseconds
 * ('2026-11-22T08:30:00.000Z'). With `dateOnly`, a bare 'YYYY-MM-DD' is midnight UTC (filters).
 */
export function parseDateTime(raw: unknown, dateOnly = false): string {
  if (typeof raw !== 'string') throw new ValueError('errors.record.datetime');
  const text = raw.trim();
  if (dateOnly && DATE.test(text)) return `${parseDate(text)}T00:00:00.000Z`;
  const m = DATETIME.exec(text);
  if (!m) throw new ValueError('errors.record.datetime');
  try {
    parseDate(m[1]);
  } catch {
    throw new ValueError('errors.record.datetime');
  }
  // V8 parses '+08:00' but not '+0800', and only upper-case 'T'/'Z'
  const ms = Date.parse(text.toUpperCase().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (!Number.isFinite(ms)) throw new ValueError('errors.record.datetime');
  const iso = new Date(ms).toISOString();
  if (!/^\d{4}-/.test(iso) || iso.startsWith('0000')) throw new ValueError('errors.record.datetime');
  return iso;
}

/** A uuid (lower-cased). */
export function parseUuid(raw: unknown): string {
  const id = uuidOrNull(raw);
  if (id === null) throw new ValueError('errors.record.id');
  return id;
}

/** A list of `parse`d items, duplicates dropped (first kept), at most `max`; [] → null. */
function parseList(raw: unknown, max: number, parse: (v: unknown) => string): string[] | null {
  if (!Array.isArray(raw)) throw new ValueError('errors.record.list');
  const out: string[] = [];
  for (const item of raw) {
    const v = parse(item);
    if (!out.includes(v)) out.push(v);
  }
  if (out.length > max) throw new ValueError('errors.record.listTooLong', { n: max });
  return out.length === 0 ? null : out;
}

const length = (s: string) => [...s].length;

function text(raw: unknown, opts: { trim: boolean; max: number }): string | null {
  if (typeof raw !== 'string') throw new ValueError('errors.record.text');
  const v = opts.trim ? raw.trim() : raw;
  if (v.trim() === '') return null;
  if (length(v) > opts.max) throw new ValueError('errors.record.maxLength', { n: opts.max });
  return v;
}

/** The plain text of sanitised HTML (for emptiness and length checks). */
const textOfHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();

function choiceLabels(field: FieldDef): string[] {
  return (field.options.choices ?? []).map((c) => c.label);
}

/**
 * The canonical form of one written value of `field` (types and the field's own options: choices;
 * not yet min/max/length/pattern, see `checkConstraints`). null/undefined, '' and [] are empty (null).
 * @throws ValueError naming what is wrong.
 */
export function parseValue(field: FieldDef, raw: unknown): FieldValue {
  if (raw === null || raw === undefined) return null;
  switch (field.type) {
    case 'text':
      return text(raw, { trim: true, max: TEXT_VALUE_MAX });
    case 'longText':
      return text(raw, { trim: false, max: LONG_TEXT_VALUE_MAX });
    case 'richText': {
      if (typeof raw !== 'string') throw new ValueError('errors.record.text');
      const clean = sanitizeNoticeBody(raw);
      if (textOfHtml(clean) === '') return null;
      if (length(clean) > LONG_TEXT_VALUE_MAX) throw new ValueError('errors.record.maxLength', { n: LONG_TEXT_VALUE_MAX });
      return clean;
    }
    case 'email': {
      const v = text(raw, { trim: true, max: 254 });
      if (v !== null && !EMAIL.safeParse(v).success) throw new ValueError('errors.record.email');
      return v;
    }
    case 'url': {
      const v = text(raw, { trim: true, max: URL_VALUE_MAX });
      if (v === null) return null;
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        throw new ValueError('errors.record.url');
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw new ValueError('errors.record.url');
      return v;
    }
    case 'phone': {
      const v = text(raw, { trim: true, max: 32 });
      if (v !== null && !PHONE.test(v)) throw new ValueError('errors.record.phone');
      return v;
    }
    case 'number':
    case 'money':
    case 'percent':
      if (typeof raw === 'string' && raw.trim() === '') return null;
      return parseDecimal(raw);
    case 'date':
      if (typeof raw === 'string' && raw.trim() === '') return null;
      return parseDate(raw);
    case 'datetime':
      if (typeof raw === 'string' && raw.trim() === '') return null;
      return parseDateTime(raw);
    case 'boolean':
      if (typeof raw !== 'boolean') throw new ValueError('errors.record.boolean');
      return raw;
    case 'singleSelect': {
      const v = text(raw, { trim: false, max: TEXT_VALUE_MAX });
      if (v !== null && !choiceLabels(field).includes(v)) throw new ValueError('errors.record.choice', { value: v });
      return v;
    }
    case 'multiSelect': {
      const labels = choiceLabels(field);
      return parseList(raw, Math.max(labels.length, 1), (item) => {
        if (typeof item !== 'string') throw new ValueError('errors.record.text');
        if (!labels.includes(item)) throw new ValueError('errors.record.choice', { value: item.slice(0, 100) });
        return item;
      });
    }
    case 'user':
      if (raw === '') return null;
      return parseUuid(raw);
    case 'relation':
      if (field.options.multiple) return parseList(raw, LINKS_PER_VALUE_MAX, parseUuid);
      if (raw === '') return null;
      return parseUuid(raw);
    case 'attachment':
      return parseList(raw, ATTACHMENTS_PER_VALUE_MAX, parseUuid);
    case 'formula':
    case 'autoNumber':
    case 'createdAt':
    case 'createdBy':
    case 'updatedAt':
    case 'updatedBy':
      throw new ValueError('errors.record.computed');
  }
}

/**
 * `field.validation.pattern` compiled by the linear-time engine (lib/user-pattern.ts, cached);
 * undefined when absent or when the engine cannot run it: a pattern stored before RE2 was the
 * engine (lookaround, backreferences) is not checked — never handed to the backtracking `RegExp` —
 * and its field carries `patternIssue` until the owner rewrites it.
 */
function patternOf(source: string | undefined): UserPattern | undefined {
  if (!source) return undefined;
  const compiled = compileUserPattern(source);
  return compiled.ok ? compiled.pattern : undefined;
}

const compareDecimal = (a: string, b: string) => bignumber(a).comparedTo(bignumber(b));

/**
 * The field's own constraints (`field.validation`) on a canonical non-null value: min/max for
 * numbers (exact decimals) and dates/datetimes, minLength/maxLength (characters; of the text for
 * rich text) and pattern (whole value, run by RE2 in linear time on at most the pattern's
 * `maxInput` characters, else errors.record.patternInputTooLong) for the text types. A bound that
 * does not parse is ignored, and so is a stored pattern RE2 cannot run (patternOf).
 * @throws ValueError.
 */
export function checkConstraints(field: FieldDef, value: FieldValue): void {
  if (value === null) return;
  const v = field.validation;
  const kind = kindOf(field);
  if (kind === 'number' && typeof value === 'string') {
    for (const [bound, key, sign] of [
      [v.min, 'errors.record.min', -1],
      [v.max, 'errors.record.max', 1],
    ] as const) {
      if (bound === undefined) continue;
      let b: string;
      try {
        b = parseDecimal(bound);
      } catch {
        continue;
      }
      if (compareDecimal(value, b) === sign) throw new ValueError(key, sign < 0 ? { min: b } : { max: b });
    }
  }
  if ((kind === 'date' || kind === 'datetime') && typeof value === 'string') {
    for (const [bound, key, sign] of [
      [v.min, 'errors.record.min', -1],
      [v.max, 'errors.record.max', 1],
    ] as const) {
      if (bound === undefined || typeof bound !== 'string') continue;
      let b: string;
      try {
        b = kind === 'date' ? parseDate(bound) : parseDateTime(bound, true);
      } catch {
        continue;
      }
      const cmp = kind === 'date' ? (value < b ? -1 : value > b ? 1 : 0) : Math.sign(Date.parse(value) - Date.parse(b));
      if (cmp === sign) throw new ValueError(key, sign < 0 ? { min: bound } : { max: bound });
    }
  }
  if (typeof value === 'string' && ['text', 'longText', 'richText', 'email', 'url', 'phone'].includes(field.type)) {
    const n = length(field.type === 'richText' ? textOfHtml(value) : value);
    if (v.minLength !== undefined && n < v.minLength) throw new ValueError('errors.record.minLength', { n: v.minLength });
    if (v.maxLength !== undefined && n > v.maxLength) throw new ValueError('errors.record.maxLength', { n: v.maxLength });
    const pattern = field.type === 'richText' ? undefined : patternOf(v.pattern);
    if (pattern && value.length > pattern.maxInput) throw new ValueError('errors.record.patternInputTooLong', { n: pattern.maxInput });
    if (pattern && !pattern.test(value)) throw new ValueError('errors.record.pattern');
  }
}

/**
 * One written value of `field` → its canonical, SQL-ready form (module comment), after the type
 * checks and the field's constraints. Checks that need the database are `validateValues`'s.
 * @throws ValueError.
 */
export function normalizeValue(field: FieldDef, raw: unknown): FieldValue {
  const value = parseValue(field, raw);
  checkConstraints(field, value);
  return value;
}

// ---------------------------------------------------------------- reading

/**
 * The select expression of `field`'s value from the row alias `alias`, shaped for `readValue`:
 * numerics and dates as text (exact), datetimes as ISO UTC text with milliseconds. null for a
 * field without a column (many-relation: its ids come from record_links).
 */
export function selectExprOf(field: Pick<FieldDef, 'type' | 'options' | 'column'>, alias = 'r'): SQL | null {
  if (!field.column) return null;
  const col = sql.raw(`${ident(alias)}.${ident(field.column)}`);
  switch (kindOf(field)) {
    case 'number':
    case 'date':
      return sql`${col}::text`;
    case 'datetime':
      return isoOf(col);
    default:
      return col;
  }
}

/** A timestamptz expression as ISO 8601 UTC text with milliseconds ('2026-11-22T08:30:00.000Z'). */
export const isoOf = (expr: SQL) => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A column's value as selected by `selectExprOf` (or a many-relation's ordered ids) → the field's
 * JSON value: strings stay, arrays are copied ([] → null), booleans stay, anything absent → null.
 */
export function readValue(field: Pick<FieldDef, 'type' | 'options'>, dbValue: unknown): FieldValue {
  if (dbValue === null || dbValue === undefined) return null;
  const kind = kindOf(field);
  if (kind === 'textArray' || kind === 'uuidArray' || kind === 'links') {
    const list = Array.isArray(dbValue) ? dbValue.map(String) : [];
    return list.length === 0 ? null : list;
  }
  if (kind === 'boolean') return dbValue === true || dbValue === 't' || dbValue === 'true';
  return String(dbValue);
}

/** A canonical value as an SQL parameter cast to the field's column type (arrays as one array parameter). */
export function sqlValue(field: Pick<FieldDef, 'type' | 'options'>, value: FieldValue): SQL {
  const type = storageOf(field.type, field.options).sqlType ?? sqlTypeOfKind(kindOf(field));
  return sql`${sql.param(value)}::${sql.raw(type)}`;
}

/** True when two values of a field are the same (arrays compared in order). */
export const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined) => isEqual(a ?? null, b ?? null);

// ---------------------------------------------------------------- whole writes

/** Where a write happens: the transaction, the subject's application, the records it changes. */
export interface ValidationContext {
  db: Executor;
  /**
   * True only for a system model's guarded actions (modules/engagements): they may write managed
   * fields (states, sign-offs), which every other write refuses (errors.record.managed).
   */
  allowManaged?: boolean;
  /** The subject's application (attachments must belong to it; relation targets live in it). */
  applicationId: string;
  /** The records being updated (left out of the unique pre-check); empty/absent on create. */
  recordIds?: readonly string[];
  cache?: ReadCache;
  /**
   * Live ids already looked up for many writes at once (prefetchReferences: an import checks
   * 1,000 rows with one query per reference field instead of one per row and field). An id it was
   * asked about is answered from it; any other id is queried as usual.
   */
  references?: ReferencePrefetch;
  /**
   * The records holding unique values, looked up for many writes at once (prefetchUnique: an
   * import checks 1,000 rows with one query per unique field instead of one per row and field).
   */
  unique?: UniquePrefetch;
}

/** Per reference field (id): the ids asked about, and those of them that are live. */
export type ReferencePrefetch = Map<string, { asked: Set<string>; live: Set<string> }>;

/** The user, attachment and relation fields: their values are ids that must be live. */
const isReferenceField = (field: FieldDef) => field.type === 'user' || field.type === 'attachment' || field.type === 'relation';

/**
 * Looks up, in one query per reference field, which of the ids that `rows` (write inputs, before
 * validation) name are live — users not deleted, attachments of the application not deleted,
 * related records live (live-rows.ts) in a subject of the application — for validateValues' ctx.references.
 * Values that are not uuid text are left to validateValues (they fail its type check first); ids
 * are compared as parseUuid writes them (trimmed, lower-case).
 */
export async function prefetchReferences(ctx: ValidationContext, subject: SubjectDef, rows: readonly Record<string, unknown>[]): Promise<ReferencePrefetch> {
  const out: ReferencePrefetch = new Map();
  for (const field of subject.fields) {
    if (!isReferenceField(field)) continue;
    const asked = new Set<string>();
    for (const row of rows) {
      const v = row[field.key];
      for (const item of Array.isArray(v) ? v : [v]) {
        const id = uuidOrNull(item);
        if (id !== null) asked.add(id);
      }
    }
    if (asked.size === 0) continue;
    out.set(field.id, { asked, live: new Set(await liveIdsOf(ctx, field, [...asked])) });
  }
  return out;
}

/** Which of `ids` a reference field may hold: live users, attachments or target records (checkReferences' rule). */
async function liveIdsOf(ctx: ValidationContext, field: FieldDef, ids: string[]): Promise<string[]> {
  if (field.type === 'user') {
    const rows = await ctx.db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), isNull(users.deletedAt)));
    return rows.map((r) => r.id);
  }
  if (field.type === 'attachment') {
    const rows = await ctx.db
      .select({ id: attachments.id })
      .from(attachments)
      .where(and(inArray(attachments.id, ids), eq(attachments.applicationId, ctx.applicationId), isNull(attachments.deletedAt)));
    return rows.map((r) => r.id);
  }
  const targetId = field.options.targetSubjectId;
  const target = targetId ? await loadSubjectDef(ctx.db, { id: targetId }, ctx.cache) : undefined;
  if (!target || target.applicationId !== ctx.applicationId) return [];
  const rows = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`select id from ${sql.raw(ident(target.tableName))} where id = any(${sql.param(ids)}::uuid[]) and ${liveRows(target)}`),
  );
  return rows.map((r) => r.id);
}

/** A write's values after validation: field key → canonical value, writable fields only. */
export type NormalizedValues = Record<string, FieldValue>;

const fieldName = (key: string) => `values.${key}`;
const validationFailed = (details: FieldErrorKey[]) => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', details);

/** 409 VALUE_TAKEN naming `values.<key>`. */
export const valueTaken = (key: string) =>
  new HttpError(409, 'VALUE_TAKEN', 'errors.record.valueTaken', [{ field: fieldName(key), messageKey: 'errors.record.valueTaken' }]);

const hexOf = (uuid: string) => uuid.replace(/-/g, '').toLowerCase();

/**
 * Validates the values of one write of `subject` (module comment): unknown keys, computed fields,
 * types, `required` (create: missing with no default, or empty; update: set to empty), the field's
 * constraints, select choices, then — in the database — users (live), related records (live, of the
 * relation's target subject in the same application), attachments (live, of this application) and
 * unique values (not held by another live record). On create, fields left out take their default
 * (itself checked like a written value).
 * @param mode 'create' or 'update' (only the keys given are checked and returned).
 * @returns field key → canonical value of every field written (create: also the defaults).
 * @throws HttpError 400 VALIDATION_FAILED with one detail per bad field (`values.<key>`); 409
 *   VALUE_TAKEN naming the first unique field whose value is in use (also when a bulk update would
 *   give several records the same unique value).
 */
export async function validateValues(
  ctx: ValidationContext,
  subject: SubjectDef,
  values: Record<string, unknown>,
  mode: 'create' | 'update',
): Promise<NormalizedValues> {
  const byKey = new Map(subject.fields.map((f) => [f.key, f]));
  const issues: FieldErrorKey[] = [];
  const out: NormalizedValues = {};
  const issue = (key: string, e: unknown) => {
    if (!(e instanceof ValueError)) throw e;
    issues.push({ field: fieldName(key), messageKey: e.messageKey, ...(e.params ? { params: e.params } : {}) });
  };

  for (const [key, raw] of Object.entries(values)) {
    const field = byKey.get(key);
    if (!field) {
      issues.push({ field: fieldName(key), messageKey: 'errors.record.unknownField' });
      continue;
    }
    if (isComputed(field.type)) {
      issues.push({ field: fieldName(key), messageKey: 'errors.record.computed' });
      continue;
    }
    if (field.managed && !ctx.allowManaged) {
      issues.push({ field: fieldName(key), messageKey: 'errors.record.managed' });
      continue;
    }
    try {
      out[key] = normalizeValue(field, raw);
    } catch (e) {
      issue(key, e);
    }
  }
  if (mode === 'create') {
    for (const field of subject.fields) {
      if (isComputed(field.type) || field.key in values) continue;
      if (field.defaultValue === undefined || field.defaultValue === null) continue;
      try {
        out[field.key] = normalizeValue(field, field.defaultValue);
      } catch (e) {
        issue(field.key, e);
      }
    }
  }
  for (const field of subject.fields) {
    if (!field.required || isComputed(field.type)) continue;
    if (issues.some((i) => i.field === fieldName(field.key))) continue;
    const given = field.key in out;
    if ((given && out[field.key] === null) || (!given && mode === 'create')) {
      issues.push({ field: fieldName(field.key), messageKey: 'errors.required' });
    }
  }
  if (issues.length > 0) throw validationFailed(issues);

  await checkReferences(ctx, subject, out, issues);
  if (issues.length > 0) throw validationFailed(issues);
  await checkUniqueFree(ctx.db, subject, out, ctx.recordIds, ctx.unique);
  return out;
}

/** Users, related records and attachments named by `out` must be live (issues appended). */
async function checkReferences(ctx: ValidationContext, subject: SubjectDef, out: NormalizedValues, issues: FieldErrorKey[]): Promise<void> {
  const idsOf = (v: FieldValue): string[] => (v === null ? [] : Array.isArray(v) ? v : [String(v)]);
  for (const field of subject.fields) {
    if (!isReferenceField(field)) continue;
    const ids = idsOf(out[field.key] ?? null);
    if (ids.length === 0) continue;
    const known = ctx.references?.get(field.id);
    const live = known && ids.every((id) => known.asked.has(id)) ? known.live : new Set(await liveIdsOf(ctx, field, ids));
    const messageKey: MessageKey =
      field.type === 'user' ? 'errors.record.userUnknown' : field.type === 'attachment' ? 'errors.record.attachmentUnknown' : 'errors.record.relationUnknown';
    if (ids.some((id) => !live.has(id))) issues.push({ field: fieldName(field.key), messageKey });
  }
}

/**
 * Per unique field (id): the values asked about (keyed by `JSON.stringify` of the canonical value)
 * → the ids of the records, live or staged (not deleted), that hold each. A value not in the map
 * was not asked about.
 */
export type UniquePrefetch = Map<string, Map<string, string[]>>;

/**
 * Looks up, in one query per unique field, which records (not deleted: staged rows of a running
 * import reserve their values too, as the unique index does) hold the values of `rows` (write
 * inputs before validation, each value normalised here as validateValues will), for
 * validateValues' ctx.unique. Values that do not normalise, and list values, are left out (their
 * rows fail validation first, or are looked up one by one as before).
 */
export async function prefetchUnique(db: Executor, subject: SubjectDef, rows: readonly Record<string, unknown>[]): Promise<UniquePrefetch> {
  const out: UniquePrefetch = new Map();
  for (const field of subject.fields) {
    if (!field.unique || !field.column || isComputed(field.type)) continue;
    const values = new Map<string, FieldValue>();
    for (const row of rows) {
      if (!(field.key in row)) continue;
      let value: FieldValue;
      try {
        value = normalizeValue(field, row[field.key]);
      } catch {
        continue;
      }
      if (value === null || Array.isArray(value)) continue;
      values.set(JSON.stringify(value), value);
    }
    if (values.size === 0) continue;
    const asked = [...values.keys()];
    const type = storageOf(field.type, field.options).sqlType ?? sqlTypeOfKind(kindOf(field));
    const held = rowsOf<{ i: string | number; id: string }>(
      await db.execute(
        sql`select v.i, t.id from unnest(${sql.param([...values.values()])}::${sql.raw(type)}[]) with ordinality as v(value, i)
          join ${sql.raw(ident(subject.tableName))} t on t.${sql.raw(ident(field.column))} = v.value and t.deleted_at is null`,
      ),
    );
    const holders = new Map<string, string[]>(asked.map((k) => [k, []]));
    for (const h of held) holders.get(asked[Number(h.i) - 1])!.push(h.id);
    out.set(field.id, holders);
  }
  return out;
}

/**
 * The unique pre-check: no record (live, or staged by a running import) but `self` holds the value
 * of a unique field of `values` (several `self` records cannot all take one value). A value that
 * `prefetch` was asked about is answered from it; any other costs one query.
 * @throws 409 VALUE_TAKEN naming the first field in use.
 */
export async function checkUniqueFree(
  db: Executor,
  subject: SubjectDef,
  values: Record<string, unknown>,
  self: readonly string[] = [],
  prefetch?: UniquePrefetch,
): Promise<void> {
  for (const field of subject.fields) {
    const value = values[field.key] as FieldValue | undefined;
    if (!field.unique || !field.column || value === undefined || value === null) continue;
    if (self.length > 1) throw valueTaken(field.key);
    const holders = prefetch?.get(field.id)?.get(JSON.stringify(value));
    if (holders) {
      if (holders.some((id) => !self.includes(id))) throw valueTaken(field.key);
      continue;
    }
    const taken = rowsOf(
      await db.execute(
        sql`select 1 from ${sql.raw(ident(subject.tableName))} where ${sql.raw(ident(field.column))} = ${sqlValue(field, value)}
        and deleted_at is null and not (id = any(${sql.param([...self])}::uuid[])) limit 1`,
      ),
    );
    if (taken.length > 0) throw valueTaken(field.key);
  }
}

/**
 * The 409 VALUE_TAKEN of a unique-index violation on one of `subject`'s fields (index `u_<hex>`),
 * for the race the pre-check cannot see; undefined for any other error.
 */
export function uniqueViolation(subject: SubjectDef, err: unknown): HttpError | undefined {
  if (!isUniqueViolation(err)) return undefined;
  const m = /^u_([0-9a-f]{32})$/.exec(constraintOf(err) ?? '');
  const field = m ? subject.fields.find((f) => hexOf(f.id) === m[1]) : undefined;
  return field ? valueTaken(field.key) : undefined;
}
