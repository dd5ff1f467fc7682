/**
 * Dynamic forms: a designed form of one subject — sections, field order,
 * per-field label/help/placeholder/default, conditional visibility (`visibleIf`) and conditional
 * required (`requiredIf`). The subject's default form (at most one per subject) is what the
 * workspace uses for record create and edit; the server enforces the conditions on every record
 * write that names the form (`formId`). The conditions are evaluated by ONE pure function
 * (`resolveFormState`, form-rules.ts) used by the server and the browser alike.
 */
import { z } from 'zod';
import { FORM_CONDITION_OPS } from './constants';
import { pageQuerySchema } from './envelope';
import { fieldKeySchema, subjectKeySchema } from './subjects';

export * from './form-rules';

export { FORM_CONDITION_OPS, type FormConditionOp } from './constants';

/** Most sections of a form, fields of a form, conditions of one group. */
export const FORM_SECTIONS_MAX = 50;
export const FORM_FIELDS_MAX = 300;
export const FORM_CONDITIONS_MAX = 20;

/** One condition: `field` (a key of the subject) `op` `value` (no value for empty / notEmpty; a list for in / notIn). */
export const formConditionSchema = z.object({
  field: fieldKeySchema,
  op: z.enum(FORM_CONDITION_OPS),
  value: z.unknown().optional(),
});
export type FormCondition = z.infer<typeof formConditionSchema>;

/** Conditions joined by `match`: 'all' (and) or 'any' (or). An empty group holds (always true). */
export const formConditionGroupSchema = z.object({
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(formConditionSchema).max(FORM_CONDITIONS_MAX).default([]),
});
export type FormConditionGroup = z.infer<typeof formConditionGroupSchema>;

/** A field placed on a form, with what the form says about it (every part optional). */
export const formFieldSchema = z.object({
  key: fieldKeySchema,
  /** Shown instead of the field's name. */
  label: z.string().trim().max(100).optional(),
  helpText: z.string().trim().max(500).optional(),
  placeholder: z.string().trim().max(200).optional(),
  /** Filled in on a new record (the field's JSON value, contracts/records.ts); checked as a value when the record is written. */
  defaultValue: z.unknown().optional(),
  /** Shown only while this holds; a hidden field's submitted value is ignored by the server. */
  visibleIf: formConditionGroupSchema.optional(),
  /** Required (besides the field's own `required`) while this holds and the field is visible. */
  requiredIf: formConditionGroupSchema.optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formSectionSchema = z.object({
  title: z.string().trim().max(100).default(''),
  description: z.string().trim().max(500).optional(),
  fields: z.array(formFieldSchema).max(FORM_FIELDS_MAX).default([]),
});
export type FormSection = z.infer<typeof formSectionSchema>;

/** A form's layout (jsonb `dynamic_forms.layout`): sections in order; a field key appears at most once. */
export const formLayoutSchema = z
  .object({ sections: z.array(formSectionSchema).max(FORM_SECTIONS_MAX).default([]) })
  .superRefine((layout, ctx) => {
    const seen = new Set<string>();
    let total = 0;
    layout.sections.forEach((s, si) =>
      s.fields.forEach((f, fi) => {
        total += 1;
        if (seen.has(f.key)) ctx.addIssue({ code: 'custom', path: ['sections', si, 'fields', fi, 'key'], message: 'errors.form.duplicateField' });
        seen.add(f.key);
      }),
    );
    if (total > FORM_FIELDS_MAX) ctx.addIssue({ code: 'custom', path: ['sections'], message: 'errors.form.tooManyFields' });
  });
export type FormLayout = z.infer<typeof formLayoutSchema>;

/** A dynamic form as the API answers it. */
export const dynamicFormSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  subjectKey: z.string(),
  subjectName: z.string(),
  /** The application's slug. */
  application: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  layout: formLayoutSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DynamicForm = z.infer<typeof dynamicFormSchema>;

/** POST /api/v1/forms: a form of subject `subjectKey` of application `application` (slug). */
export const dynamicFormCreateSchema = z.object({
  application: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  subjectKey: subjectKeySchema,
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  description: z.string().trim().max(1000).optional(),
  isDefault: z.boolean().optional(),
  /** Default: one section holding every writable field of the subject in order. */
  layout: formLayoutSchema.optional(),
});
export type DynamicFormCreate = z.infer<typeof dynamicFormCreateSchema>;

/** PATCH /api/v1/forms/:id: `isDefault: true` makes it the subject's default (the previous one stops being it). */
export const dynamicFormUpdateSchema = z.object({
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100).optional(),
  description: z.string().trim().max(1000).optional(),
  isDefault: z.boolean().optional(),
  layout: formLayoutSchema.optional(),
});
export type DynamicFormUpdate = z.infer<typeof dynamicFormUpdateSchema>;

/** GET /api/v1/forms: `q` on the name; `application` (slug) and `subjectId` narrow. */
export const dynamicFormListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  application: z.string().trim().max(100).optional(),
  subjectId: z.uuid().optional(),
});
export type DynamicFormListQuery = z.infer<typeof dynamicFormListQuerySchema>;
