/**
 * Triggers and the action library API (/api/v1/triggers, /api/v1/actions, administrators;
 * server/src/modules/triggers, docs/triggers.md). Times are ISO 8601 strings, durations ms.
 */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { filterGroupSchema } from './records';
import {
  TRIGGER_EVENT_KINDS,
  TRIGGER_MANUAL_MAX,
  TRIGGER_RETRY_DELAY_MAX,
  TRIGGER_RETRY_LIMIT_MAX,
  TRIGGER_RUN_STATES,
  TRIGGER_STEPS_MAX,
} from './triggers.constants';

export * from './triggers.constants';

const name = z.string().trim().min(1).max(200);
const actionTypeName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);

/** One step of a trigger: a library action (`actionId`) or an inline `type` + `config`; run when `condition` holds (absent = always). */
export const triggerStepSchema = z.object({
  actionId: z.uuid().nullable().optional(),
  type: actionTypeName.nullable().optional(),
  config: z.unknown().optional(),
  condition: filterGroupSchema.nullable().optional(),
});
export type TriggerStep = z.infer<typeof triggerStepSchema>;

/** POST /api/v1/triggers (and PATCH: every key optional). `application` is a slug, `subject` a subject key. */
export const triggerInputSchema = z.object({
  name,
  application: z.string().trim().min(1).max(64),
  enabled: z.boolean().default(false),
  event: z.enum(TRIGGER_EVENT_KINDS),
  subject: z.string().trim().min(1).max(100).nullable().optional(),
  condition: filterGroupSchema.nullable().optional(),
  changedFields: z.array(z.string().min(1).max(100)).max(100).default([]),
  cron: z.string().trim().min(1).max(200).nullable().optional(),
  timezone: z.string().trim().min(1).max(100).nullable().optional(),
  steps: z.array(triggerStepSchema).max(TRIGGER_STEPS_MAX).default([]),
  retryLimit: z.number().int().min(0).max(TRIGGER_RETRY_LIMIT_MAX).default(2),
  retryDelaySeconds: z.number().int().min(1).max(TRIGGER_RETRY_DELAY_MAX).default(30),
});
export type TriggerInput = z.infer<typeof triggerInputSchema>;
export const triggerPatchSchema = triggerInputSchema.partial().extend({
  changedFields: z.array(z.string().min(1).max(100)).max(100).optional(),
  steps: z.array(triggerStepSchema).max(TRIGGER_STEPS_MAX).optional(),
  enabled: z.boolean().optional(),
  retryLimit: z.number().int().min(0).max(TRIGGER_RETRY_LIMIT_MAX).optional(),
  retryDelaySeconds: z.number().int().min(1).max(TRIGGER_RETRY_DELAY_MAX).optional(),
});
export type TriggerPatch = z.infer<typeof triggerPatchSchema>;

/** One trigger as the API answers it; `nextFires`: the schedule's next fire times (ISO, UTC). */
export const triggerSchema = z.object({
  id: z.string(),
  name: z.string(),
  application: z.string(),
  applicationId: z.string(),
  enabled: z.boolean(),
  event: z.enum(TRIGGER_EVENT_KINDS),
  subject: z.string().nullable(),
  subjectId: z.string().nullable(),
  condition: filterGroupSchema.nullable(),
  changedFields: z.array(z.string()),
  cron: z.string().nullable(),
  timezone: z.string().nullable(),
  steps: z.array(triggerStepSchema),
  retryLimit: z.number().int(),
  retryDelaySeconds: z.number().int(),
  ownerId: z.string().nullable(),
  ownerLabel: z.string(),
  nextFires: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Trigger = z.infer<typeof triggerSchema>;

/** GET /api/v1/triggers: filters by application slug, event kind, enabled, part of the name. */
export const triggerListQuerySchema = pageQuerySchema.extend({
  application: z.string().trim().min(1).max(64).optional(),
  event: z.enum(TRIGGER_EVENT_KINDS).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  q: z.string().trim().min(1).max(200).optional(),
});
export type TriggerListQuery = z.infer<typeof triggerListQuerySchema>;

/** The log of one step of a run. */
export const triggerStepLogSchema = z.object({
  index: z.number().int(),
  type: z.string(),
  actionId: z.string().nullable().optional(),
  status: z.enum(['ok', 'skipped', 'error']),
  ms: z.number(),
  input: z.unknown().optional(),
  output: z.unknown().optional(),
  error: z.string().optional(),
  reason: z.string().optional(),
});
export type TriggerStepLog = z.infer<typeof triggerStepLogSchema>;

/** One run of a trigger. */
export const triggerRunSchema = z.object({
  id: z.string(),
  triggerId: z.string(),
  eventId: z.number().int().nullable(),
  state: z.enum(TRIGGER_RUN_STATES),
  event: z.unknown(),
  steps: z.array(triggerStepLogSchema),
  error: z.string().nullable(),
  attempts: z.number().int(),
  depth: z.number().int(),
  test: z.boolean(),
  taskId: z.string().nullable(),
  ms: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TriggerRun = z.infer<typeof triggerRunSchema>;

/** GET /api/v1/triggers/:id/runs and GET /api/v1/trigger-runs (dead letters: `state=dead`). */
export const triggerRunListQuerySchema = pageQuerySchema.extend({
  state: z.enum(TRIGGER_RUN_STATES).optional(),
  trigger: z.uuid().optional(),
});
export type TriggerRunListQuery = z.infer<typeof triggerRunListQuerySchema>;

/** POST /api/v1/triggers/:id/test: the record to run against (record triggers and manual ones). */
export const triggerTestSchema = z.object({ recordId: z.uuid().nullable().optional() });
export type TriggerTest = z.infer<typeof triggerTestSchema>;
/** A Test's answer: the run as it would have gone (its writes rolled back). */
export const triggerTestResultSchema = z.object({ run: triggerRunSchema });

/** POST /api/v1/triggers/:id/run: a manual run per record (from a record page or a grid selection). */
export const triggerManualRunSchema = z.object({ recordIds: z.array(z.uuid()).min(1).max(TRIGGER_MANUAL_MAX) });
export type TriggerManualRun = z.infer<typeof triggerManualRunSchema>;
export const triggerManualRunResultSchema = z.object({ runs: z.array(z.string()) });

/** POST /api/v1/triggers/next-fires: a cron and time zone checked, with their next fire times. */
export const triggerCronCheckSchema = z.object({
  cron: z.string().trim().min(1).max(200),
  timezone: z.string().trim().min(1).max(100),
});
export const triggerCronFiresSchema = z.object({ nextFires: z.array(z.string()) });

/** POST /api/v1/actions (and PATCH: every key optional). `application`: a slug, or null for a global action. */
export const actionInputSchema = z.object({
  name,
  type: actionTypeName,
  config: z.unknown().default({}),
  application: z.string().trim().min(1).max(64).nullable().optional(),
});
export type ActionInput = z.infer<typeof actionInputSchema>;
export const actionPatchSchema = z.object({ name: name.optional(), config: z.unknown().optional() });
export type ActionPatch = z.infer<typeof actionPatchSchema>;

/** One configured action of the library. */
export const actionSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  config: z.unknown(),
  application: z.string().nullable(),
  applicationId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Action = z.infer<typeof actionSchema>;

/** GET /api/v1/actions: filters by type, application slug (`global` for the global ones), part of the name. */
export const actionListQuerySchema = pageQuerySchema.extend({
  type: actionTypeName.optional(),
  application: z.string().trim().min(1).max(64).optional(),
  q: z.string().trim().min(1).max(200).optional(),
});
export type ActionListQuery = z.infer<typeof actionListQuerySchema>;

/** GET /api/v1/actions/types: the registered types, each with its configuration's JSON schema. */
export const actionTypeInfoSchema = z.object({ type: z.string(), external: z.boolean(), schema: z.unknown() });
export type ActionTypeInfo = z.infer<typeof actionTypeInfoSchema>;

export const triggerIdParamsSchema = z.object({ id: z.uuid() });
