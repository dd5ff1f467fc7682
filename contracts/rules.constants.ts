/**
 * Constants of rules and rule sets (server/src/modules/rules, docs/rules.md), plain data so the web
 * imports them at run time (no zod here), and the module's audit actions (the entry `RULES_MODULE`,
 * listed in contracts/modules.ts; its server messages: contracts/rules.messages.ts).
 */
import type { ModuleEntry } from './constants';

/** The kinds of rules (docs/rules.md). */
export const RULE_KINDS = ['comparison', 'range', 'pattern', 'requiredIf', 'unique', 'existsIn', 'expression'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
/** Comparison operators: equal, not equal, less, less or equal, greater, greater or equal. */
export const RULE_COMPARISON_OPS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;
export type RuleComparisonOp = (typeof RULE_COMPARISON_OPS)[number];
/** Most fields a uniqueness rule combines. */
export const RULE_UNIQUE_FIELDS_MAX = 5;
/** Most tags of one rule. */
export const RULE_TAGS_MAX = 20;

/** blocking: the write is refused; warning: saved, and the record flagged with an open incident (docs/rules.md "The rule"). */
export const RULE_SEVERITIES = ['blocking', 'warning'] as const;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];
/** Weight of each severity in the data-quality score (docs/rules.md "Runs, results, incidents"). */
export const RULE_SEVERITY_WEIGHT: Record<RuleSeverity, number> = { blocking: 2, warning: 1 };

/** The placeholders a rule's message may use: the field's name, the failing value, the rule's limit. */
export const RULE_MESSAGE_PLACEHOLDERS = ['field', 'value', 'limit'] as const;
/** Most characters of a rule's message in one language. */
export const RULE_MESSAGE_MAX = 500;
/** Most rules of one subject (enabled or not): bounds the per-write cost (docs/rules.md). */
export const RULES_PER_SUBJECT_MAX = 100;
/** Most rules in one rule set. */
export const RULE_SET_RULES_MAX = 200;

/** A validation run's life, as its task's (docs/tasks.md): queued → running → done, failed or cancelled. */
export const RULE_RUN_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type RuleRunState = (typeof RULE_RUN_STATES)[number];
/**
 * Rows a validation run reads per chunk (keyset on the record id, docs/rules.md "A run goes in
 * chunks"): on PGlite, whose one connection every other request waits for, 5,000; on PostgreSQL,
 * where other users have connections of their own and a statement holds no lock they need, 50,000
 * (fewer statements; progress and cancel still come every chunk).
 */
export const RULE_RUN_CHUNK_ROWS = 5000;
export const RULE_RUN_CHUNK_ROWS_PG = 50_000;

/**
 * An incident's life (docs/rules.md "Runs, results, incidents"): open → acknowledged → resolved, or
 * waived (a reason and an expiry); a later run resolves what passes and reopens an expired waiver.
 */
export const INCIDENT_STATES = ['open', 'acknowledged', 'resolved', 'waived'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];
/** The states that flag a record (its page lists them; the rule still fails it). */
export const INCIDENT_ACTIVE_STATES: readonly IncidentState[] = ['open', 'acknowledged'];
/** Longest a waiver may last, in days. */
export const WAIVER_MAX_DAYS = 366;

/** Audit actions written by the module (it registers no recycle-bin type): `<resource>.<verb>`. */
export const RULES_MODULE = {
  auditActions: [
    'rule.create',
    'rule.update',
    'rule.delete',
    'rule_set.create',
    'rule_set.update',
    'rule_set.delete',
    'rule_set.publish',
    'rule_run.start',
    'rule_run.cancel',
    'incident.acknowledge',
    'incident.waive',
    'incident.reopen',
  ],
  recycleTypes: [],
} as const satisfies ModuleEntry;
