/**
 * Subjects and their fields (docs/product.md "Data core"). A subject is
 * an entity type of one application (`/{app}/{subject}`), stored as a real table with one typed
 * column per field. Keys are snake_case (FIELD_KEY_PATTERN); a subject key must not be a reserved
 * route word (contracts/reserved.ts), so `/{app}/{subject}` never shadows a workspace route.
 */
import { z } from 'zod';
import { FIELD_KEY_PATTERN, FIELD_TYPES, SUBJECT_FIELDS_MAX, TAG_COLOR_PATTERN, USER_PATTERN_MAX_LENGTH } from './constants';
import { pageQuerySchema } from './envelope';
import { isReservedWord } from './reserved';

export {
  COMPUTED_FIELD_TYPES,
  DISPLAY_FIELD_TYPES,
  FIELD_KEY_PATTERN,
  FIELD_TYPE_CHANGES,
  FIELD_TYPES,
  FILTER_OPS,
  FILTER_OPS_BY_TYPE,
  SEARCHABLE_FIELD_TYPES,
  SUBJECT_FIELDS_MAX,
  TYPE_CHANGE_SAMPLE,
  UNIQUE_FIELD_TYPES,
  VALIDATION_KEYS_BY_TYPE,
} from './constants';
export type { FieldType, FilterOp } from './constants';

/** Field keys no field may take: `id` names the record's own id in filters and sorts. */
export const RESERVED_FIELD_KEYS = ['id'] as const;

export const fieldKeySchema = z
  .string()
  .trim()
  .regex(FIELD_KEY_PATTERN, { message: 'errors.key.pattern' })
  .refine((k) => !(RESERVED_FIELD_KEYS as readonly string[]).includes(k), { message: 'errors.key.reserved' });

export const subjectKeySchema = z
  .string()
  .trim()
  .regex(FIELD_KEY_PATTERN, { message: 'errors.key.pattern' })
  .refine((k) => !isReservedWord(k), { message: 'errors.key.reserved' });

/**
 * One option of a single/multi select: the stored value is `label`. To rename an option, send it
 * with its new `label` and its old one as `previousLabel` (PATCH …/fields/:field): the server
 * rewrites the records holding the old label in the same transaction. `previousLabel` is never
 * stored or answered. An option left out (and not renamed) is removed; that is refused with 409
 * TYPE_CHANGE_REFUSED (reason 'choices') while records still hold it.
 */
export const selectOptionSchema = z.object({
  label: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  color: z.string().regex(TAG_COLOR_PATTERN, { message: 'errors.tag.color' }),
  previousLabel: z.string().trim().max(100).optional(),
});
export type SelectOption = z.infer<typeof selectOptionSchema>;

/**
 * Type-specific settings (`fields.options`). Only the keys of the field's type are read:
 * - singleSelect, multiSelect: `choices` (at least one; labels unique).
 * - number, percent: `precision` (decimals shown, 0–10; stored exactly as numeric).
 * - money: `currency` (ISO 4217, e.g. 'CNY'), `precision` (default 2).
 * - relation: `targetSubjectId` (same application), `multiple` (many records; default one).
 * - formula: `expression` (mathjs syntax over field keys, e.g. `price * quantity`), `resultType`.
 * - autoNumber: `prefix` (e.g. 'WP-'), `padding` (digits, e.g. 3 → WP-001).
 * - datetime: `showSeconds`.
 * - user: none (one user).
 */
export const fieldOptionsSchema = z.object({
  choices: z.array(selectOptionSchema).max(500).optional(),
  precision: z.number().int().min(0).max(10).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'errors.field.currency' })
    .optional(),
  targetSubjectId: z.string().optional(),
  multiple: z.boolean().optional(),
  expression: z.string().trim().max(2000).optional(),
  resultType: z.enum(['number', 'text', 'boolean', 'date']).optional(),
  prefix: z.string().max(20).optional(),
  padding: z.number().int().min(0).max(12).optional(),
  showSeconds: z.boolean().optional(),
});
export type FieldOptions = z.infer<typeof fieldOptionsSchema>;

/**
 * Value constraints (`fields.validation`), enforced on every write path with the field named in
 * the error: `min`/`max` for numbers and dates (a date as 'YYYY-MM-DD'), `minLength`/`maxLength`
 * (characters) and `pattern` (a regular expression in JavaScript's syntax matching the whole value,
 * run by the linear-time RE2 engine: no lookaround or backreferences; contracts/user-pattern.ts)
 * for text types.
 */
export const fieldValidationSchema = z.object({
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  minLength: z.number().int().min(0).max(100_000).optional(),
  maxLength: z.number().int().min(1).max(100_000).optional(),
  pattern: z.string().max(USER_PATTERN_MAX_LENGTH).optional(),
});
export type FieldValidation = z.infer<typeof fieldValidationSchema>;

const fieldBaseShape = {
  key: fieldKeySchema,
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  type: z.enum(FIELD_TYPES),
  /** Every record must have a value (not for computed types). */
  required: z.boolean(),
  /** No two live records share a value (UNIQUE_FIELD_TYPES only). */
  unique: z.boolean(),
  /** The value a create gets when the field is left out; must itself pass the field's checks. */
  defaultValue: z.unknown().optional(),
  options: fieldOptionsSchema,
  validation: fieldValidationSchema,
  helpText: z.string().trim().max(500).optional(),
};

/**
 * POST …/subjects/:key/fields (and each of a new subject's `fields`). Added to a subject that has
 * records: a `defaultValue` fills them; a required field without one is refused (409 CONFLICT with
 * the count); an auto number numbers them in creation order; a formula is computed for each.
 */
export const fieldCreateSchema = z.object({
  ...fieldBaseShape,
  required: fieldBaseShape.required.default(false),
  unique: fieldBaseShape.unique.default(false),
  options: fieldOptionsSchema.default({}),
  validation: fieldValidationSchema.default({}),
});
export type FieldCreate = z.input<typeof fieldCreateSchema>;

/**
 * PATCH …/fields/:field: only what is sent changes (no defaults here, unlike fieldCreateSchema).
 * `key` cannot change (400 naming 'key'); `defaultValue: null` and `helpText: null` clear.
 * Changing `type` converts the stored values where it can (FIELD_TYPE_CHANGES; the conversion
 * rules: server/src/modules/subjects/README.md); where it cannot, 409 TYPE_CHANGE_REFUSED with
 * `conflict` TypeChangeConflict and nothing changes. Turning on `required` or `unique`, or
 * tightening `validation`, is refused the same way when existing records break it.
 */
export const fieldUpdateSchema = z
  .object({ ...fieldBaseShape, helpText: fieldBaseShape.helpText.unwrap().nullable().optional() })
  .partial();
export type FieldUpdate = z.input<typeof fieldUpdateSchema>;

export const fieldSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  type: z.enum(FIELD_TYPES),
  position: z.number().int(),
  required: z.boolean(),
  unique: z.boolean(),
  defaultValue: z.unknown().optional(),
  options: fieldOptionsSchema,
  validation: fieldValidationSchema,
  helpText: z.string().nullable(),
  /**
   * Present when the stored `validation.pattern` cannot be run by the linear-time engine (saved
   * before RE2 was the engine: lookahead, lookbehind, backreferences…): why, untranslated
   * (`lookahead (?=`). Records are written without that pattern's check until the owner rewrites it.
   */
  patternIssue: z.string().optional(),
  /** A system model's field (docs/engagements.md "Locked fields"): key, type, flags, target and choices fixed; not deletable. Absent = false. */
  locked: z.boolean().optional(),
  /** Set only by the model's guarded actions; record writes refuse it. Absent = false. */
  managed: z.boolean().optional(),
});
export type Field = z.infer<typeof fieldSchema>;

/** POST /api/v1/applications/:slug/subjects — owner or administrator. */
export const subjectCreateSchema = z.object({
  key: subjectKeySchema,
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  icon: z.string().trim().max(60).optional(),
  description: z.string().trim().max(2000).optional(),
  /** Fields made with the subject, in order (more can be added later). */
  fields: z.array(fieldCreateSchema).max(SUBJECT_FIELDS_MAX).default([]),
  /** Key of the field that names a record (must be one of `fields`). */
  displayField: z.string().optional(),
});
export type SubjectCreate = z.input<typeof subjectCreateSchema>;

/** PATCH /api/v1/applications/:slug/subjects/:key (the key itself is fixed: it is in URLs). */
export const subjectUpdateSchema = z.object({
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100).optional(),
  icon: z.string().trim().max(60).nullable().optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  displayField: z.string().nullable().optional(),
});
export type SubjectUpdate = z.infer<typeof subjectUpdateSchema>;

/** PUT …/subjects/:key/fields/order: every live field key, in the new order. */
export const fieldOrderSchema = z.object({ keys: z.array(z.string()).min(1).max(SUBJECT_FIELDS_MAX) });
export type FieldOrder = z.infer<typeof fieldOrderSchema>;

/** A subject in lists. */
export const subjectSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  /** The application's slug (its `/{app}`). */
  application: z.string(),
  applicationName: z.string(),
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  /** Key of the display field, null = records are named by id. */
  displayField: z.string().nullable(),
  fieldCount: z.number().int(),
  /** Live records (estimate above 10,000: PostgreSQL's statistics). */
  recordCount: z.number().int(),
  /** The system model object this subject is (`audit.engagement`…): not deletable. Absent = an owner's own subject. */
  model: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subject = z.infer<typeof subjectSchema>;

/** A subject with its live fields in order (GET …/subjects/:key, GET /api/v1/subjects/:id). */
export const subjectDetailSchema = subjectSchema.extend({ fields: z.array(fieldSchema) });
export type SubjectDetail = z.infer<typeof subjectDetailSchema>;

/** GET /api/v1/subjects (administrators: every application's) and …/applications/:slug/subjects. */
export const subjectListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  /** Only this application's (slug); GET /api/v1/subjects only. */
  application: z.string().optional(),
});
export type SubjectListQuery = z.infer<typeof subjectListQuerySchema>;

/**
 * Why a schema change was refused (TypeChangeConflict.reason): the values would not convert to
 * the new `type`; records are empty for a `required` field; records share a value of a `unique`
 * field; records break the new `validation`; records hold select options being removed (`choices`);
 * records hold several links of a relation becoming single (`multiple`).
 */
export const TYPE_CHANGE_REASONS = ['type', 'required', 'unique', 'validation', 'choices', 'multiple'] as const;
export type TypeChangeReason = (typeof TYPE_CHANGE_REASONS)[number];

/**
 * The `conflict` of a 409 TYPE_CHANGE_REFUSED: the field (key), why, how many records break, and
 * the first TYPE_CHANGE_SAMPLE of them (id and current value, JSON as in contracts/records.ts).
 * A type change converts recycled records too, so those may be listed (`deleted: true`, after the
 * live ones); the other checks look at live records only.
 */
export interface TypeChangeConflict {
  field: string;
  count: number;
  records: { id: string; value: unknown; deleted?: boolean }[];
  reason?: TypeChangeReason;
}
