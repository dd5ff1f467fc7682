/**
 * What the schema editor knows of each field type (contracts/constants.ts FIELD_TYPES): its group
 * in the type picker, which options, checks and default it takes, and the pure conversion of the
 * field form's values into the API's FieldCreate/FieldUpdate (contracts/subjects.ts). No React here:
 * unit-tested in fieldTypes.test.ts.
 */
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { Field, FieldCreate, FieldOptions, FieldUpdate, FieldValidation, SelectOption } from '../../../contracts';
import {
  COMPUTED_FIELD_TYPES,
  DISPLAY_FIELD_TYPES,
  FIELD_KEY_PATTERN,
  FIELD_TYPE_CHANGES,
  FIELD_TYPES,
  UNIQUE_FIELD_TYPES,
  VALIDATION_KEYS_BY_TYPE,
} from '../../../contracts/constants';
import type { FieldType } from '../../../contracts/constants';
import { compileUserPattern } from '../../utils/userPattern';

/** The type picker's groups, in order; every FIELD_TYPES entry is in exactly one. */
export const FIELD_TYPE_GROUPS: { key: 'text' | 'number' | 'date' | 'choice' | 'link' | 'computed'; types: FieldType[] }[] = [
  { key: 'text', types: ['text', 'longText', 'richText', 'email', 'url', 'phone'] },
  { key: 'number', types: ['number', 'money', 'percent'] },
  { key: 'date', types: ['date', 'datetime'] },
  { key: 'choice', types: ['boolean', 'singleSelect', 'multiSelect'] },
  { key: 'link', types: ['user', 'relation', 'attachment'] },
  { key: 'computed', types: ['formula', 'autoNumber', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] },
];

/** The system types: they read the record's own columns (created/updated at/by). */
export const SYSTEM_FIELD_TYPES: readonly FieldType[] = ['createdAt', 'createdBy', 'updatedAt', 'updatedBy'];

/** Types whose value is never typed in: no required, unique, default or value checks. */
export const isComputed = (type: FieldType): boolean => COMPUTED_FIELD_TYPES.includes(type);

const NUMERIC: readonly FieldType[] = ['number', 'money', 'percent'];
const SHORT_TEXT: readonly FieldType[] = ['text', 'email', 'url', 'phone'];

/** Types that may be marked unique (the server's list). */
export const UNIQUE_TYPES: readonly FieldType[] = UNIQUE_FIELD_TYPES;
/** Types that take a default value (the others are computed, or point at users, records, files). */
export const DEFAULT_TYPES: readonly FieldType[] = [
  ...SHORT_TEXT,
  'longText',
  ...NUMERIC,
  'date',
  'datetime',
  'boolean',
  'singleSelect',
  'multiSelect',
];
/** Types a subject's display field may be (the server's list). */
export const DISPLAY_TYPES: readonly FieldType[] = DISPLAY_FIELD_TYPES;

/** The types a field of `type` may change into, itself first (the server's FIELD_TYPE_CHANGES). */
export const typeChangesOf = (type: FieldType): FieldType[] => [type, ...FIELD_TYPE_CHANGES[type]];

/** The `options` keys each type reads (contracts/subjects.ts fieldOptionsSchema). */
export const OPTION_KEYS: Partial<Record<FieldType, (keyof FieldOptions)[]>> = {
  singleSelect: ['choices'],
  multiSelect: ['choices'],
  number: ['precision'],
  percent: ['precision'],
  money: ['currency', 'precision'],
  relation: ['targetSubjectId', 'multiple'],
  formula: ['expression', 'resultType'],
  autoNumber: ['prefix', 'padding'],
  datetime: ['showSeconds'],
};

/** Which `validation` keys apply to a type (the server's VALIDATION_KEYS_BY_TYPE). */
export function validationKeys(type: FieldType): (keyof FieldValidation)[] {
  return [...(VALIDATION_KEYS_BY_TYPE[type] ?? [])];
}

/** Colours offered for select choices (antd's preset palette, as #rrggbb). */
export const CHOICE_COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#8c8c8c'];

/** Currencies offered first in the money picker (any ISO 4217 code can be typed). */
export const CURRENCIES = ['CNY', 'USD', 'EUR', 'HKD', 'GBP', 'JPY', 'SGD', 'AUD', 'CAD', 'CHF'];

/** A choice row of the form: `from` is the label it had when the drawer opened (absent for a new one). */
export interface ChoiceRow extends Omit<SelectOption, 'previousLabel'> {
  from?: string;
}

/** The field drawer's values: the API's FieldCreate with dates as dayjs and choices that remember their old label. */
export interface FieldFormValues {
  key: string;
  name: string;
  type: FieldType;
  required?: boolean;
  unique?: boolean;
  helpText?: string;
  defaultValue?: unknown;
  options?: Omit<FieldOptions, 'choices'> & { choices?: ChoiceRow[] };
  validation?: { min?: number | string | Dayjs | null; max?: number | string | Dayjs | null } & Omit<
    FieldValidation,
    'min' | 'max'
  >;
}

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);
const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A default value as the API's JSON value of `type` (contracts/records.ts), or undefined for none. */
export function defaultToApi(type: FieldType, value: unknown): unknown {
  if (!DEFAULT_TYPES.includes(type) || blank(value)) return undefined;
  if (type === 'date') return isDayjs(value) ? value.format('YYYY-MM-DD') : value;
  if (type === 'datetime') return isDayjs(value) ? value.toISOString() : value;
  if (NUMERIC.includes(type)) return typeof value === 'number' ? String(value) : value;
  return value;
}

/** A bound of `min`/`max` as the API takes it: a date as 'YYYY-MM-DD', a datetime as ISO 8601, a number as is. */
const boundToApi = (type: FieldType, v: unknown): unknown =>
  isDayjs(v) ? (type === 'datetime' ? v.toISOString() : v.format('YYYY-MM-DD')) : v;

/**
 * The form's values as the API's field body (POST …/fields): only the options and checks `type`
 * reads, blanks dropped, dates as strings; a renamed choice carries its old label as
 * `previousLabel` (the server rewrites the records holding it). Computed types get no required,
 * default or checks.
 */
export function toFieldInput(values: FieldFormValues) {
  const { type } = values;
  const computed = isComputed(type);
  const options: FieldOptions = {};
  for (const k of OPTION_KEYS[type] ?? []) {
    const v = values.options?.[k];
    if (k === 'choices') {
      options.choices = (values.options?.choices ?? []).map(({ label, color, from }) => {
        const trimmed = label.trim();
        return from && from !== trimmed ? { label: trimmed, color, previousLabel: from } : { label: trimmed, color };
      });
    } else if (!blank(v)) Object.assign(options, { [k]: typeof v === 'string' ? v.trim() : v });
  }
  const validation: FieldValidation = {};
  if (!computed) {
    for (const k of validationKeys(type)) {
      const v = values.validation?.[k];
      if (blank(v)) continue;
      Object.assign(validation, { [k]: k === 'min' || k === 'max' ? boundToApi(type, v) : v });
    }
  }
  return {
    key: values.key.trim(),
    name: values.name.trim(),
    type,
    required: !computed && Boolean(values.required),
    unique: UNIQUE_TYPES.includes(type) && Boolean(values.unique),
    defaultValue: computed ? undefined : defaultToApi(type, values.defaultValue),
    options,
    validation,
    helpText: values.helpText?.trim() || undefined,
  } satisfies FieldCreate;
}

/**
 * The form's values as the body of PATCH …/fields/:field: as toFieldInput without the key (it is
 * fixed), and a cleared default or help text sent as null, which clears it.
 */
export function toFieldUpdate(values: FieldFormValues): Omit<FieldUpdate, 'key'> {
  const { key: _key, defaultValue, helpText, ...rest } = toFieldInput(values);
  return { ...rest, defaultValue: defaultValue ?? null, helpText: helpText ?? null };
}

/** A stored date/datetime string as the date pickers' dayjs (other values unchanged). */
const asDayjs = (type: FieldType, v: unknown): unknown =>
  (type === 'date' || type === 'datetime') && typeof v === 'string' && v ? dayjs(v) : v;

/** A field as the drawer's starting values (dates as dayjs; choices remember their label as `from`). */
export function toFormValues(field: Field): FieldFormValues {
  const { min, max, ...rest } = field.validation;
  return {
    key: field.key,
    name: field.name,
    type: field.type,
    required: field.required,
    unique: field.unique,
    helpText: field.helpText ?? undefined,
    defaultValue: asDayjs(field.type, field.defaultValue ?? undefined),
    options: { ...field.options, choices: field.options.choices?.map((c) => ({ ...c, from: c.label })) },
    validation: {
      ...rest,
      min: asDayjs(field.type, min) as FieldValidation['min'] | Dayjs,
      max: asDayjs(field.type, max) as FieldValidation['max'] | Dayjs,
    },
  };
}

/**
 * A key suggested from a field or subject name: ASCII names become snake_case (`Due date` →
 * `due_date`); anything else (Chinese names) gives '' and the key is typed by hand.
 */
export function suggestKey(name: string): string {
  const k = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[0-9_]+/, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return FIELD_KEY_PATTERN.test(k) ? k : '';
}

/** The first duplicate label among choices (compared trimmed), or undefined. */
export function duplicateChoice(rows: Pick<ChoiceRow, 'label'>[] | undefined): string | undefined {
  const seen = new Set<string>();
  for (const r of rows ?? []) {
    const l = (r?.label ?? '').trim();
    if (!l) continue;
    if (seen.has(l)) return l;
    seen.add(l);
  }
  return undefined;
}

/** An auto number's look: prefix + the sequence padded to `padding` digits (`WP-` 3 → `WP-001`). */
export function autoNumberSample(prefix: string | undefined, padding: number | undefined, n = 1): string {
  return `${prefix ?? ''}${String(n).padStart(padding ?? 0, '0')}`;
}

/**
 * Why the linear-time engine the server runs (utils/userPattern.ts, loaded lazily) refuses a
 * validation pattern, as a translated message, or undefined when it runs it: the lookaround or
 * backreference used, RE2's syntax error, or the program's size over its bound.
 */
export async function patternError(pattern: string, t: (id: string, values?: Record<string, string | number>) => string): Promise<string | undefined> {
  const compiled = await compileUserPattern(pattern);
  if (compiled.ok) return undefined;
  const problem = compiled.problem;
  switch (problem.kind) {
    case 'unsupported':
      return t('field.validation.patternUnsupported', { detail: problem.detail });
    case 'tooComplex':
      return t('field.validation.patternTooComplex', { size: problem.size, max: problem.max });
    case 'tooLong':
      return t('field.validation.patternInvalid', { error: `> ${problem.max}` });
    case 'invalid':
      return t('field.validation.patternInvalid', { error: problem.detail });
  }
}

/** Every field type is in one group (checked by the unit test). */
export const GROUPED_TYPES: readonly FieldType[] = FIELD_TYPE_GROUPS.flatMap((g) => g.types);
export { FIELD_TYPES };
