/**
 * Variables (`/admin/variable`): a key, a typed value, a scope (global, or one
 * application) and a description. A secret's value is write-only: no endpoint ever returns it
 * (`value` is null and `hasValue` says whether one is stored); it is stored encrypted
 * (AES-256-GCM, server/src/modules/variables/variables.crypto.ts).
 */
import { z } from 'zod';
import { VARIABLE_KEY_PATTERN, VARIABLE_TYPES, VARIABLE_VALUE_MAX, variableValueProblem } from './constants';
import { pageQuerySchema } from './envelope';

export { VARIABLE_KEY_PATTERN, VARIABLE_TYPES, VARIABLE_VALUE_MAX, variableValueProblem } from './constants';
export type { VariableType } from './constants';

export const variableKeySchema = z.string().trim().regex(VARIABLE_KEY_PATTERN, { message: 'errors.variable.key' });
const valueSchema = z.string().max(VARIABLE_VALUE_MAX);
const descriptionSchema = z.string().trim().max(2000);

/** POST /api/v1/variables. `applicationId` null/absent = global. `value` is checked against `type`. */
export const variableCreateSchema = z
  .object({
    key: variableKeySchema,
    type: z.enum(VARIABLE_TYPES),
    applicationId: z.uuid().nullable().optional(),
    value: valueSchema,
    description: descriptionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const problem = variableValueProblem(v.type, v.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type VariableCreate = z.infer<typeof variableCreateSchema>;

/**
 * PATCH /api/v1/variables/:id: any subset. `value` absent keeps the stored one (the way to leave a
 * secret unchanged); the server checks the resulting value against the resulting type (400 naming
 * 'value': changing the type to or from secret needs a new value).
 */
export const variableUpdateSchema = z.object({
  key: variableKeySchema.optional(),
  type: z.enum(VARIABLE_TYPES).optional(),
  applicationId: z.uuid().nullable().optional(),
  value: valueSchema.optional(),
  description: descriptionSchema.nullable().optional(),
});
export type VariableUpdate = z.infer<typeof variableUpdateSchema>;

/** A variable as every endpoint answers it: a secret's `value` is always null. */
export const variableSchema = z.object({
  id: z.string(),
  key: z.string(),
  type: z.enum(VARIABLE_TYPES),
  /** null = global. */
  applicationId: z.string().nullable(),
  applicationSlug: z.string().nullable(),
  applicationName: z.string().nullable(),
  /** The value (text, number or JSON as typed); null for a secret. */
  value: z.string().nullable(),
  /** True when a value is stored (always true today; for a secret the only thing shown). */
  hasValue: z.boolean(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Variable = z.infer<typeof variableSchema>;

/** Sortable columns of GET /api/v1/variables (`sort=key:asc`). */
export const VARIABLE_SORT_FIELDS = ['key', 'type', 'createdAt', 'updatedAt'] as const;

/**
 * GET /api/v1/variables: `q` searches key and description; `scope` is `global` or an application
 * id; `type` one of VARIABLE_TYPES; `sort` `field:asc|desc` (default key:asc).
 */
export const variableListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  scope: z.union([z.literal('global'), z.uuid()]).optional(),
  type: z.enum(VARIABLE_TYPES).optional(),
  sort: z.string().regex(/^(key|type|createdAt|updatedAt):(asc|desc)$/, { message: 'errors.sort' }).optional(),
});
export type VariableListQuery = z.infer<typeof variableListQuerySchema>;
