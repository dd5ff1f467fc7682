/**
 * Rules (docs/rules.md "The rule"): what every record of a subject must satisfy, as a rule stores it.
 * The rules engine (server/src/modules/rules/) tests a definition per record and over a whole
 * subject. Values of `value`, `min`, `max` are read as the field's type reads them (a decimal text or
 * a number for numbers, `YYYY-MM-DD` for dates, a text, a truth value).
 */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { filterGroupSchema } from './records';
import {
  RULE_COMPARISON_OPS,
  RULE_MESSAGE_MAX,
  RULE_SET_RULES_MAX,
  RULE_SEVERITIES,
  RULE_TAGS_MAX,
  RULE_UNIQUE_FIELDS_MAX,
} from './rules.constants';

export * from './rules.constants';


const fieldKey = z.string().min(1).max(64);
/** A constant of a rule: a text (decimals and dates are texts too), a number or a truth value. */
const constant = z.union([z.string().max(1000), z.number().finite(), z.boolean()]);

export const ruleDefinitionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('comparison'),
    field: fieldKey,
    op: z.enum(RULE_COMPARISON_OPS),
    /** The constant compared with; or `otherField`, exactly one of the two. */
    value: constant.optional(),
    otherField: fieldKey.optional(),
  }),
  z.object({ kind: z.literal('range'), field: fieldKey, min: constant.optional(), max: constant.optional() }),
  z.object({ kind: z.literal('pattern'), field: fieldKey, pattern: z.string().min(1).max(500) }),
  z.object({ kind: z.literal('requiredIf'), field: fieldKey, condition: filterGroupSchema }),
  z.object({ kind: z.literal('unique'), fields: z.array(fieldKey).min(1).max(RULE_UNIQUE_FIELDS_MAX) }),
  z.object({ kind: z.literal('existsIn'), field: fieldKey, subject: fieldKey, targetField: fieldKey }),
  z.object({ kind: z.literal('expression'), expression: z.string().min(1).max(2000) }),
]);
/** A rule's definition: its kind and what the kind needs. */
export type RuleDefinition = z.infer<typeof ruleDefinitionSchema>;

// ---------------------------------------------------------------- the API (docs/rules-api.md)

const ruleName = z.string().trim().min(1).max(200);
const slug = z.string().trim().min(1).max(64);
const message = z.string().trim().min(1).max(RULE_MESSAGE_MAX);
const tag = z.string().trim().min(1).max(50);

/** POST /api/v1/rules: `application` is a slug, `subject` a subject key of it; the owner is the creating administrator. */
export const ruleInputSchema = z.object({
  application: slug,
  subject: z.string().trim().min(1).max(64),
  name: ruleName,
  definition: ruleDefinitionSchema,
  severity: z.enum(RULE_SEVERITIES),
  messageZh: message,
  messageEn: message,
  enabled: z.boolean().default(true),
  tags: z.array(tag).max(RULE_TAGS_MAX).default([]),
});
export type RuleInput = z.infer<typeof ruleInputSchema>;

/** PATCH /api/v1/rules/:id: the `version` edited (409 STALE_VERSION otherwise) and any keys but the application and subject. */
export const rulePatchSchema = z.object({
  version: z.number().int().min(1),
  name: ruleName.optional(),
  definition: ruleDefinitionSchema.optional(),
  severity: z.enum(RULE_SEVERITIES).optional(),
  messageZh: message.optional(),
  messageEn: message.optional(),
  enabled: z.boolean().optional(),
  tags: z.array(tag).max(RULE_TAGS_MAX).optional(),
});
export type RulePatch = z.infer<typeof rulePatchSchema>;

/** One rule as the API answers it; `problem`: why it no longer fits its subject (a field removed…), else null. */
export const ruleSchema = z.object({
  id: z.string(),
  name: z.string(),
  application: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
  subject: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  definition: ruleDefinitionSchema,
  severity: z.enum(RULE_SEVERITIES),
  messageZh: z.string(),
  messageEn: z.string(),
  enabled: z.boolean(),
  tags: z.array(z.string()),
  ownerId: z.string().nullable(),
  ownerLabel: z.string(),
  version: z.number().int(),
  problem: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rule = z.infer<typeof ruleSchema>;

/** GET /api/v1/rules: filters by application slug, subject key, severity, enabled, tag, part of the name; newest first. */
export const ruleListQuerySchema = pageQuerySchema.extend({
  application: slug.optional(),
  subject: z.string().trim().min(1).max(64).optional(),
  severity: z.enum(RULE_SEVERITIES).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  tag: tag.optional(),
  q: z.string().trim().min(1).max(200).optional(),
});
export type RuleListQuery = z.infer<typeof ruleListQuerySchema>;

/** POST /api/v1/rules/:id/test: a record of the rule's subject, or values as the records API writes them. */
export const ruleTestSchema = z.union([
  z.object({ recordId: z.uuid() }).strict(),
  z.object({ values: z.record(z.string(), z.unknown()) }).strict(),
]);
export type RuleTest = z.infer<typeof ruleTestSchema>;
/** The verdict of a test: whether the record fails, and the rule's message for it in both languages. */
export const ruleTestResultSchema = z.object({
  fails: z.boolean(),
  field: z.string().nullable(),
  value: z.string().nullable(),
  messageZh: z.string().nullable(),
  messageEn: z.string().nullable(),
});
export type RuleTestResult = z.infer<typeof ruleTestResultSchema>;

export const ruleIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/v1/rule-sets: the draft (rules of the application; subjects of it, or the whole application). */
export const ruleSetInputSchema = z.object({
  application: slug,
  name: ruleName,
  description: z.string().trim().max(2000).nullable().optional(),
  ruleIds: z.array(z.uuid()).max(RULE_SET_RULES_MAX).default([]),
  subjectIds: z.array(z.uuid()).max(500).default([]),
  wholeApplication: z.boolean().default(false),
});
export type RuleSetInput = z.infer<typeof ruleSetInputSchema>;

/** PATCH /api/v1/rule-sets/:id: the `version` edited and any keys but the application; a change marks the draft changed. */
export const ruleSetPatchSchema = z.object({
  version: z.number().int().min(1),
  name: ruleName.optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  ruleIds: z.array(z.uuid()).max(RULE_SET_RULES_MAX).optional(),
  subjectIds: z.array(z.uuid()).max(500).optional(),
  wholeApplication: z.boolean().optional(),
});
export type RuleSetPatch = z.infer<typeof ruleSetPatchSchema>;

/** One rule set (its draft) as the API answers it; `publishedVersion` 0: never published. */
export const ruleSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  application: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
  ruleIds: z.array(z.string()),
  subjectIds: z.array(z.string()),
  wholeApplication: z.boolean(),
  publishedVersion: z.number().int(),
  draftChanged: z.boolean(),
  ownerId: z.string().nullable(),
  ownerLabel: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RuleSet = z.infer<typeof ruleSetSchema>;

/** GET /api/v1/rule-sets: filters by application slug and part of the name; newest first. */
export const ruleSetListQuerySchema = pageQuerySchema.extend({
  application: slug.optional(),
  q: z.string().trim().min(1).max(200).optional(),
});
export type RuleSetListQuery = z.infer<typeof ruleSetListQuerySchema>;

/** POST /api/v1/rule-sets/:id/publish: an optional note kept with the version. */
export const ruleSetPublishSchema = z.object({ note: z.string().trim().max(1000).nullable().optional() });
export type RuleSetPublish = z.infer<typeof ruleSetPublishSchema>;

/** A rule as a published version froze it. */
export const ruleSnapshotSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  name: z.string(),
  definition: z.unknown(),
  severity: z.enum(RULE_SEVERITIES),
  messageZh: z.string(),
  messageEn: z.string(),
});
export type RuleSnapshotItem = z.infer<typeof ruleSnapshotSchema>;

/** One published version of a rule set (the list leaves `rules` empty and gives `ruleCount`). */
export const ruleSetVersionSchema = z.object({
  version: z.number().int(),
  ruleCount: z.number().int(),
  rules: z.array(ruleSnapshotSchema),
  subjectIds: z.array(z.string()),
  wholeApplication: z.boolean(),
  note: z.string().nullable(),
  publishedAt: z.string(),
  publishedLabel: z.string(),
});
export type RuleSetVersion = z.infer<typeof ruleSetVersionSchema>;

export const ruleSetVersionParamsSchema = z.object({ id: z.uuid(), version: z.coerce.number().int().min(1) });
