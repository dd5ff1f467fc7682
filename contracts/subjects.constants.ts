/**
 * Subjects and fields, the data core's schema (contracts/subjects.ts): the module's plain constants
 * and its audit actions and recycle-bin types (its server messages:
 * contracts/subjects.messages.ts). No zod: the web imports them at run time, through
 * contracts/constants.ts, which re-exports this file and gathers the entry `SUBJECTS_MODULE`
 * (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES (docs/architecture.md
 * "Contracts").
 */
import type { ModuleEntry } from './constants';

/**
 * Field types of a subject (Subjects and fields). Storage per type is in
 * server/src/modules/subjects/field-types.ts; the JSON value of each in contracts/records.ts.
 * The last four are system fields: they read the record's own columns and are never written.
 */
export const FIELD_TYPES = [
  'text',
  'longText',
  'richText',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'boolean',
  'singleSelect',
  'multiSelect',
  'email',
  'url',
  'phone',
  'user',
  'relation',
  'attachment',
  'formula',
  'autoNumber',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value the server computes: never accepted on a write (formula, auto number, system). */
export const COMPUTED_FIELD_TYPES: readonly FieldType[] = ['formula', 'autoNumber', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'];

/** Types quick search (`q`) looks in: a trigram index each (pg_trgm), matched with ILIKE. */
export const SEARCHABLE_FIELD_TYPES: readonly FieldType[] = ['text', 'longText', 'email', 'url', 'phone', 'singleSelect', 'autoNumber'];

/** Types a field may be `unique` in (one b-tree value per record; not long texts, arrays, computed values). */
export const UNIQUE_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'singleSelect',
  'email',
  'url',
  'phone',
  'user',
  'relation',
  'autoNumber',
];

/** Types that can name a record (a subject's display field): one short, readable value. */
export const DISPLAY_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'longText',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'singleSelect',
  'email',
  'url',
  'phone',
  'formula',
  'autoNumber',
];

/** The `validation` keys each type takes (others are a 400 naming `validation.<key>`). */
export const VALIDATION_KEYS_BY_TYPE: Partial<Record<FieldType, readonly ('min' | 'max' | 'minLength' | 'maxLength' | 'pattern')[]>> = {
  text: ['minLength', 'maxLength', 'pattern'],
  longText: ['minLength', 'maxLength', 'pattern'],
  richText: ['minLength', 'maxLength'],
  email: ['minLength', 'maxLength', 'pattern'],
  url: ['minLength', 'maxLength', 'pattern'],
  phone: ['minLength', 'maxLength', 'pattern'],
  number: ['min', 'max'],
  money: ['min', 'max'],
  percent: ['min', 'max'],
  date: ['min', 'max'],
  datetime: ['min', 'max'],
};

const TO_TEXT: readonly FieldType[] = ['text', 'longText'];
const PARSED: readonly FieldType[] = ['number', 'money', 'percent', 'date', 'datetime', 'boolean'];

/**
 * The types a field of each type can change into (PATCH …/fields/:field `type`); any other is a 400
 * naming 'type'. Every type converts to text and long text. A formula converts as its `resultType`
 * (number → number/money/percent, date → date/datetime, boolean, text → as text), which the server
 * checks. The rules of each conversion (what breaks, what a value becomes):
 * server/src/modules/subjects/README.md "Type changes".
 */
export const FIELD_TYPE_CHANGES: Record<FieldType, readonly FieldType[]> = {
  text: ['longText', 'richText', ...PARSED, 'singleSelect', 'multiSelect', 'email', 'url', 'phone'],
  longText: ['text', 'richText', ...PARSED, 'singleSelect', 'multiSelect', 'email', 'url', 'phone'],
  richText: TO_TEXT,
  number: [...TO_TEXT, 'money', 'percent'],
  money: [...TO_TEXT, 'number', 'percent'],
  percent: [...TO_TEXT, 'number', 'money'],
  date: [...TO_TEXT, 'datetime'],
  datetime: [...TO_TEXT, 'date'],
  boolean: TO_TEXT,
  singleSelect: [...TO_TEXT, ...PARSED, 'multiSelect'],
  multiSelect: [...TO_TEXT, 'singleSelect'],
  email: [...TO_TEXT, 'singleSelect'],
  url: [...TO_TEXT, 'singleSelect'],
  phone: [...TO_TEXT, 'singleSelect'],
  user: TO_TEXT,
  relation: TO_TEXT,
  attachment: TO_TEXT,
  formula: [...TO_TEXT, ...PARSED],
  autoNumber: TO_TEXT,
  createdAt: TO_TEXT,
  createdBy: TO_TEXT,
  updatedAt: TO_TEXT,
  updatedBy: TO_TEXT,
};

/** Longest validation pattern of a field, in characters (run by RE2: contracts/user-pattern.ts). */
export const USER_PATTERN_MAX_LENGTH = 500;

/** A subject has at most this many fields (one column each; PostgreSQL allows 1,600). */
export const SUBJECT_FIELDS_MAX = 300;
/** A type change refused lists at most this many breaking records (`count` says how many in all). */
export const TYPE_CHANGE_SAMPLE = 50;
/** Subject and field keys: a lower-case letter, then lower-case letters, digits or `_`; 1–40 characters. */
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const SUBJECTS_MODULE = {
  auditActions: [
    'subject.create',
    'subject.update',
    'subject.delete',
    'field.create',
    'field.update',
    'field.delete',
    'field.reorder',
  ],
  recycleTypes: ['subject', 'field'],
} as const satisfies ModuleEntry;
