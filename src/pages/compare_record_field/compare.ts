/**
 * The comparisons of `/compare_record_field`, pure functions, unit-tested
 * (compare.test.ts). A field's value (contracts/records.ts, per type) is compared with another
 * value of the same field:
 * - text types: a word diff (Latin) or character diff (CJK) with the `diff` package (jsdiff);
 * - number, money, percent: the exact decimal delta (BigInt on the decimal strings, never float)
 *   and the relative change in % (float, for display only);
 * - date: the difference in days; datetime: in milliseconds (the page formats it);
 * - selects, relations, users, attachments: the options/ids added and removed;
 * - anything else: changed or not.
 */
import { diffArrays, diffChars, diffWords } from 'diff';
import type { Field } from '../../../contracts/subjects';

/** How a field's values are compared. */
export type CompareKind = 'text' | 'number' | 'date' | 'datetime' | 'set' | 'other';

/** The parts of a field's definition a comparison needs. */
export type CompareField = Pick<Field, 'type' | 'options'>;

/** Which comparison a field's type takes (a formula by its `resultType`, default number). */
export function compareKind(field: CompareField): CompareKind {
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'richText':
    case 'email':
    case 'url':
    case 'phone':
    case 'autoNumber':
      return 'text';
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
    case 'singleSelect':
    case 'multiSelect':
    case 'relation':
    case 'attachment':
    case 'user':
    case 'createdBy':
    case 'updatedBy':
      return 'set';
    case 'formula': {
      const r = field.options.resultType ?? 'number';
      return r === 'boolean' ? 'other' : r;
    }
    default:
      return 'other';
  }
}

/** A value is empty when null, undefined, '' or []. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Equality of two field values (JSON; sets compared without order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && JSON.stringify([...a].map(String).sort()) === JSON.stringify([...b].map(String).sort());
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

// ---------------------------------------------------------------------------------------- text

/** `words`: diffWords; `chars`: diffChars; `auto`: Latin words whole and CJK text by characters (textDiff). */
export type TextMode = 'auto' | 'words' | 'chars';

export interface TextPart {
  value: string;
  kind: 'same' | 'added' | 'removed';
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** Whether a text holds Chinese, Japanese or Korean characters (words are not space-separated there). */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * Plain text of a rich-text value (HTML, sanitised by the server): block ends and `<br>` become
 * line breaks, tags are dropped, entities decoded (DOMParser; it runs no script and loads nothing).
 */
export function htmlToText(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)>/gi, '$&\n');
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

/** A text value as a string ('' when empty; a rich-text value as its plain text). */
export function textOf(field: CompareField, value: unknown): string {
  if (isEmptyValue(value)) return '';
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return field.type === 'richText' ? htmlToText(s) : s;
}

/** Gives up on a diff that takes longer than this (a huge, wholly rewritten text): shown as removed + added. */
const DIFF_TIMEOUT_MS = 800;

/**
 * The tokens of the automatic diff: a Latin (or any space-separated script's) word whole, each CJK
 * character alone (those scripts do not separate words by spaces), a run of spaces, any other
 * character alone. So a mixed text diffs English by words and Chinese by characters.
 */
const TOKEN = new RegExp(`${CJK.source}|[\\p{L}\\p{N}\\p{M}_'’]+|\\s+|[^]`, 'gu');
export function diffTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Token changes merged into runs of the same kind, as diffWords/diffChars answer. */
function tokenDiff(before: string, after: string): { value: string; added?: boolean; removed?: boolean }[] | undefined {
  const changes = diffArrays(diffTokens(before), diffTokens(after), { timeout: DIFF_TIMEOUT_MS });
  return changes?.map((c) => ({ value: c.value.join(''), added: c.added, removed: c.removed }));
}

/**
 * The diff of two texts, in order; never throws, never hangs. `auto` diffs space-separated words
 * whole and CJK text character by character, token by token (a stray CJK character no longer
 * turns a whole English text into character fragments); `words` and `chars` force one way.
 */
export function textDiff(before: string, after: string, mode: TextMode = 'auto'): TextPart[] {
  const changes =
    mode === 'chars'
      ? diffChars(before, after, { timeout: DIFF_TIMEOUT_MS })
      : mode === 'words'
        ? diffWords(before, after, { timeout: DIFF_TIMEOUT_MS })
        : tokenDiff(before, after);
  if (!changes) {
    return [
      ...(before ? [{ value: before, kind: 'removed' as const }] : []),
      ...(after ? [{ value: after, kind: 'added' as const }] : []),
    ];
  }
  return changes
    .filter((c) => c.value !== '')
    .map((c) => ({ value: c.value, kind: c.added ? 'added' : c.removed ? 'removed' : 'same' }));
}

/** Characters added and removed by a diff. */
export function textStats(parts: TextPart[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const p of parts) {
    if (p.kind === 'added') added += [...p.value].length;
    if (p.kind === 'removed') removed += [...p.value].length;
  }
  return { added, removed };
}

// -------------------------------------------------------------------------------------- number

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

function parseDecimal(value: unknown): { units: bigint; scale: number } | null {
  const s = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = DECIMAL.exec(s);
  if (!m) return null;
  const frac = m[3] ?? '';
  const units = BigInt(m[2] + frac);
  return { units: m[1] === '-' ? -units : units, scale: frac.length };
}

function formatUnits(units: bigint, scale: number): string {
  const neg = units < BigInt(0);
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? '.' + digits.slice(digits.length - scale) : '';
  return (neg ? '-' : '') + int + frac;
}

export interface NumberDelta {
  /** after − before, exact, as a decimal string with a sign ('+12.50', '-3', '0'). */
  delta: string;
  /** The sign of the delta. */
  sign: -1 | 0 | 1;
  /** (after − before) / |before| × 100; null when before is 0. */
  percent: number | null;
}

/**
 * The exact difference of two decimal values (strings or numbers, contracts/records.ts), at the
 * larger of their scales; null when either is not a number (empty, say).
 */
export function numberDelta(before: unknown, after: unknown): NumberDelta | null {
  const b = parseDecimal(before);
  const a = parseDecimal(after);
  if (!b || !a) return null;
  const scale = Math.max(a.scale, b.scale);
  // 10^n built from a string: the build turns `**` into Math.pow, which throws on BigInt.
  const up = (d: { units: bigint; scale: number }) => d.units * BigInt('1'.padEnd(scale - d.scale + 1, '0'));
  const diff = up(a) - up(b);
  const zero = BigInt(0);
  const sign = diff > zero ? 1 : diff < zero ? -1 : 0;
  const base = Number(formatUnits(b.units, b.scale));
  return {
    delta: (sign > 0 ? '+' : '') + formatUnits(diff, scale),
    sign,
    percent: base === 0 ? null : (Number(formatUnits(diff, scale)) / Math.abs(base)) * 100,
  };
}

// ---------------------------------------------------------------------------------------- dates

const DAY_MS = 86_400_000;

/** Days from `before` to `after` ('YYYY-MM-DD', no time zone: counted as UTC calendar days); null if either is not a date. */
export function dayDelta(before: unknown, after: unknown): number | null {
  const parse = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.UTC(+v.slice(0, 4), +v.slice(5, 7) - 1, +v.slice(8, 10)) : NaN);
  const b = parse(before);
  const a = parse(after);
  return Number.isNaN(a) || Number.isNaN(b) ? null : Math.round((a - b) / DAY_MS);
}

/** Milliseconds from `before` to `after` (ISO datetimes); null if either is not one. */
export function timeDelta(before: unknown, after: unknown): number | null {
  const parse = (v: unknown) => (typeof v === 'string' && v !== '' ? Date.parse(v) : NaN);
  const b = parse(before);
  const a = parse(after);
  return Number.isNaN(a) || Number.isNaN(b) ? null : a - b;
}

/** A duration in whole days, hours and minutes (sign apart), for "+2 d 3 h". */
export function splitDuration(ms: number): { days: number; hours: number; minutes: number } {
  const abs = Math.abs(ms);
  return {
    days: Math.floor(abs / DAY_MS),
    hours: Math.floor((abs % DAY_MS) / 3_600_000),
    minutes: Math.floor((abs % 3_600_000) / 60_000),
  };
}

// ------------------------------------------------------------------------------------------ sets

/** A select/relation/user/attachment value as a list of strings (one for a single value). */
export function listOf(value: unknown): string[] {
  if (isEmptyValue(value)) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/** The options or ids `after` adds to and removes from `before` (order of each side kept). */
export function setDelta(before: unknown, after: unknown): { added: string[]; removed: string[]; kept: string[] } {
  const b = listOf(before);
  const a = listOf(after);
  return {
    added: a.filter((x) => !b.includes(x)),
    removed: b.filter((x) => !a.includes(x)),
    kept: a.filter((x) => b.includes(x)),
  };
}

// ----------------------------------------------------------------------------------- comparison

/** What changed from one value of a field to another. */
export type Comparison =
  | { kind: 'same' }
  | { kind: 'text'; parts: TextPart[]; added: number; removed: number }
  | { kind: 'number'; delta: NumberDelta }
  | { kind: 'date'; days: number }
  | { kind: 'datetime'; ms: number }
  | { kind: 'set'; added: string[]; removed: string[] }
  /** Changed, and no finer measure applies (one side empty, a boolean, an unparsable value). */
  | { kind: 'changed'; fromEmpty: boolean; toEmpty: boolean };

/** Compares two values of one field (`before` the older version or the baseline record). */
export function compareValues(field: CompareField, before: unknown, after: unknown, mode: TextMode = 'auto'): Comparison {
  if (sameValue(before, after)) return { kind: 'same' };
  const kind = compareKind(field);
  if (kind === 'text') {
    const b = textOf(field, before);
    const a = textOf(field, after);
    if (b === a) return { kind: 'same' };
    const parts = textDiff(b, a, mode);
    return { kind: 'text', parts, ...textStats(parts) };
  }
  if (kind === 'set') {
    const { added, removed } = setDelta(before, after);
    return { kind: 'set', added, removed };
  }
  const changed = { kind: 'changed' as const, fromEmpty: isEmptyValue(before), toEmpty: isEmptyValue(after) };
  if (changed.fromEmpty || changed.toEmpty) return changed;
  if (kind === 'number') {
    const delta = numberDelta(before, after);
    return delta ? (delta.sign === 0 ? { kind: 'same' } : { kind: 'number', delta }) : changed;
  }
  if (kind === 'date') {
    const days = dayDelta(before, after);
    return days === null ? changed : days === 0 ? { kind: 'same' } : { kind: 'date', days };
  }
  if (kind === 'datetime') {
    const ms = timeDelta(before, after);
    return ms === null ? changed : ms === 0 ? { kind: 'same' } : { kind: 'datetime', ms };
  }
  return changed;
}

// -------------------------------------------------------------------------------------- versions

/** One column of the versions view: a version's value of the field and its change from the previous one. */
export interface VersionStep<V> {
  version: V;
  value: unknown;
  /** Compared with the previous (older) version; null for the oldest one shown. */
  comparison: Comparison | null;
}

/**
 * The field's value through a record's versions, oldest first, each compared with the version
 * before it. `versions` come newest first (GET …/versions); `onlyChanges` leaves out the versions
 * where this field kept its value (the oldest is always kept).
 */
export function versionSteps<V extends { version: number; snapshot: Record<string, unknown> }>(
  versions: V[],
  field: CompareField & { key: string },
  mode: TextMode = 'auto',
  onlyChanges = false,
): VersionStep<V>[] {
  const ordered = [...versions].sort((x, y) => x.version - y.version);
  const steps: VersionStep<V>[] = [];
  let previous: unknown;
  ordered.forEach((v, i) => {
    const value = v.snapshot[field.key] ?? null;
    const comparison = i === 0 ? null : compareValues(field, previous, value, mode);
    if (!onlyChanges || i === 0 || comparison?.kind !== 'same') steps.push({ version: v, value, comparison });
    previous = value;
  });
  return steps;
}
