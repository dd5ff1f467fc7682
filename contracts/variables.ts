/**
 * Variables (`/admin/variable`): a key, a typed value, a scope (global, or one application) and a
 * description. A secret's value is write-only: no endpoint ever returns it (`value` is null and
 * `hasValue` says whether one is stored); it is stored encrypted (AES-256-GCM,
 * server/src/modules/variables/variables.crypto.ts). The schemas are the resource kit's, derived
 * from contracts/variables.resource.ts; this file adds what the definition cannot say: the value
 * checked against the type, the `scope` filter and the read shape.
 */
import { z } from 'zod';
import { VARIABLE_TYPES, variableValueProblem } from './constants';
import type { ResourceCreateInput, ResourceListQuery, ResourceUpdateInput } from './resource';
import { resourceSchemas } from './resource-zod';
import { variableResource, type VariableResource } from './variables.resource';

export { VARIABLE_KEY_PATTERN, VARIABLE_TYPES, VARIABLE_VALUE_MAX, variableValueProblem } from './constants';
export type { VariableType } from './constants';
export { variableResource, type VariableResource } from './variables.resource';

/**
 * Every schema of /api/v1/variables: the kit's, with the list's `scope` (`global` or an
 * application id) and, on create, the value checked against the type (400 naming 'value').
 */
export const variableSchemas = resourceSchemas(variableResource, {
  query: { scope: z.union([z.literal('global'), z.uuid()]).optional() },
});

/** POST /api/v1/variables. `applicationId` null/absent = global. `value` is checked against `type`. */
export const variableCreateSchema = variableSchemas.create.superRefine((v, ctx) => {
  const problem = variableValueProblem(v.type, v.value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
});
export type VariableCreate = ResourceCreateInput<VariableResource>;

/**
 * PATCH /api/v1/variables/:id: any of the fields, at least one. `value` absent keeps the stored one
 * (the way to leave a secret unchanged); the server checks the resulting value against the
 * resulting type (400 naming 'value': changing the type to or from secret needs a new value).
 */
export const variableUpdateSchema = variableSchemas.update;
export type VariableUpdate = ResourceUpdateInput<VariableResource>;

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
export const variableListQuerySchema = variableSchemas.listQuery;
export type VariableListQuery = ResourceListQuery & { scope?: string; type?: (typeof VARIABLE_TYPES)[number] };
