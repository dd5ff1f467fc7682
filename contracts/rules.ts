/**
 * Rules (docs/rules.md "The rule"): what every record of a subject must satisfy, as a rule stores it.
 * The rules engine (server/src/modules/rules/) tests a definition per record and over a whole
 * subject. Values of `value`, `min`, `max` are read as the field's type reads them (a decimal text or
 * a number for numbers, `YYYY-MM-DD` for dates, a text, a truth value).
 */
import { z } from 'zod';
import { filterGroupSchema } from './records';

export * from './rules.constants';

/** The kinds of rules (docs/rules.md). */
export const RULE_KINDS = ['comparison', 'range', 'pattern', 'requiredIf', 'unique', 'existsIn', 'expression'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
/** Comparison operators: equal, not equal, less, less or equal, greater, greater or equal. */
export const RULE_COMPARISON_OPS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
export type RuleComparisonOp = (typeof RULE_COMPARISON_OPS)[number];
/** Most fields a uniqueness rule combines. */
export const RULE_UNIQUE_FIELDS_MAX = 5;

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
