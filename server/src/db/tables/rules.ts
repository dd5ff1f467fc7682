/**
 * Rules and rule sets (modules/rules, docs/rules.md):
 *  - `rules`: what every record of one subject must satisfy (a definition of contracts/rules.ts), its
 *    severity, messages in both languages, enabled, tags and owner; every write to the subject checks
 *    its enabled rules;
 *  - `rule_sets`: groups of rules assigned to subjects or a whole application, edited as a draft
 *    (`rule_ids`, `subject_ids`, `whole_application`) and published as numbered versions;
 *  - `rule_set_versions`: one published version, its rules copied and frozen (`rules`);
 *  - `rule_runs`: one validation run over one subject (a task), with its per-rule counts and score;
 *  - `rule_run_failures`: the failing (record, rule) pairs a run found;
 *  - `rule_incidents`: one per failing (record, rule) pair, with its life (open → acknowledged →
 *    resolved, or waived until an expiry).
 * `owner_id`, `created_by` and the actor columns have no foreign key (accounts may be purged; the
 * `*_label` columns keep who).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INCIDENT_STATES, RULE_RUN_STATES, RULE_SEVERITIES } from '../../../../contracts/rules.constants';
import { createdAt, updatedAt } from '../columns';
import { subjects } from './subjects';
import { applications } from './users-and-applications';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One rule of a subject. */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A RuleDefinition (contracts/rules.ts), checked against the subject when written. */
    definition: jsonb('definition').notNull(),
    severity: text('severity', { enum: RULE_SEVERITIES }).notNull(),
    /** The message in each language; placeholders {field}, {value}, {limit}. */
    messageZh: text('message_zh').notNull(),
    messageEn: text('message_en').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    ownerId: uuid('owner_id'),
    ownerLabel: text('owner_label').notNull(),
    /** Optimistic version: an update sends the version it edited (409 STALE_VERSION otherwise). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('rules_severity_check', sql`${t.severity} in ('blocking', 'warning')`),
    // every write: the enabled rules of the subject
    index('rules_subject_enabled_idx')
      .on(t.subjectId)
      .where(sql`${t.enabled}`),
    index('rules_application_idx').on(t.applicationId),
    index('rules_created_idx').on(t.createdAt, t.id),
  ],
);

/** A rule as a published version keeps it (its definition and messages frozen). */
export interface RuleSnapshot {
  id: string;
  subjectId: string;
  name: string;
  definition: unknown;
  severity: (typeof RULE_SEVERITIES)[number];
  messageZh: string;
  messageEn: string;
}

/** One rule set; its draft is the row itself. */
export const ruleSets = pgTable(
  'rule_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** The draft's rules (ids of `rules` of the application). */
    ruleIds: jsonb('rule_ids').$type<string[]>().notNull().default([]),
    /** The draft's assignment: these subjects, or every subject of the application. */
    subjectIds: jsonb('subject_ids').$type<string[]>().notNull().default([]),
    wholeApplication: boolean('whole_application').notNull().default(false),
    /** The latest published version (0: never published). */
    publishedVersion: integer('published_version').notNull().default(0),
    /** True when the draft differs from the latest published version (or none was published). */
    draftChanged: boolean('draft_changed').notNull().default(true),
    ownerId: uuid('owner_id'),
    ownerLabel: text('owner_label').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rule_sets_application_name_idx').on(t.applicationId, sql`lower(${t.name})`),
    index('rule_sets_created_idx').on(t.createdAt, t.id),
  ],
);

/** One published version of a rule set. */
export const ruleSetVersions = pgTable(
  'rule_set_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleSetId: uuid('rule_set_id')
      .notNull()
      .references(() => ruleSets.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    rules: jsonb('rules').$type<RuleSnapshot[]>().notNull(),
    subjectIds: jsonb('subject_ids').$type<string[]>().notNull(),
    wholeApplication: boolean('whole_application').notNull(),
    note: text('note'),
    publishedAt: createdAt(),
    publishedBy: uuid('published_by'),
    publishedLabel: text('published_label').notNull(),
  },
  (t) => [uniqueIndex('rule_set_versions_set_version_idx').on(t.ruleSetId, t.version)],
);

/** Per rule of a run: what it checked and how many records passed and failed. */
export interface RuleRunResult {
  ruleId: string;
  name: string;
  severity: (typeof RULE_SEVERITIES)[number];
  passed: number;
  failed: number;
  /** Milliseconds the rule's checks took over the whole run. */
  ms: number;
}

/** One validation run over one subject. */
export const ruleRuns = pgTable(
  'rule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    /** The rule set and version it ran; null: the subject's enabled rules as they were. */
    ruleSetId: uuid('rule_set_id').references(() => ruleSets.id, { onDelete: 'set null' }),
    ruleSetVersion: integer('rule_set_version'),
    /** The rules it ran, frozen (RuleSnapshot). */
    rules: jsonb('rules').$type<RuleSnapshot[]>().notNull(),
    taskId: text('task_id'),
    state: text('state', { enum: RULE_RUN_STATES }).notNull().default('queued'),
    /** Records checked so far, and how many of them failed at least one rule. */
    records: integer('records').notNull().default(0),
    failingRecords: integer('failing_records').notNull().default(0),
    results: jsonb('results').$type<RuleRunResult[]>().notNull().default([]),
    /** Pass rate weighted by severity, 0–100 (RULE_SEVERITY_WEIGHT); null until done. */
    score: numeric('score', { precision: 5, scale: 2 }),
    /** The longest chunk's statement time, ms (what another user may have waited on PGlite). */
    longestChunkMs: integer('longest_chunk_ms').notNull().default(0),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdLabel: text('created_label').notNull(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('rule_runs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    index('rule_runs_subject_idx').on(t.subjectId, t.createdAt),
    index('rule_runs_application_idx').on(t.applicationId, t.createdAt),
  ],
);

/** One failing (record, rule) pair of a run. */
export const ruleRunFailures = pgTable(
  'rule_run_failures',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => ruleRuns.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').notNull(),
    recordId: uuid('record_id').notNull(),
    severity: text('severity', { enum: RULE_SEVERITIES }).notNull(),
    /** The failing value as text (the rule's first field), for the message's {value}. */
    value: text('value'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.ruleId, t.recordId] }), index('rule_run_failures_record_idx').on(t.runId, t.recordId)],
);

/** One failing (record, rule) pair across runs and writes. */
export const ruleIncidents = pgTable(
  'rule_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    state: text('state', { enum: INCIDENT_STATES }).notNull().default('open'),
    severity: text('severity', { enum: RULE_SEVERITIES }).notNull(),
    value: text('value'),
    /** The run that last saw it fail (null: a write's warning). */
    lastRunId: uuid('last_run_id'),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    /** When it last became open (created, or reopened): the `incident.opened` trigger event's test. */
    openedAt: at('opened_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    acknowledgedAt: at('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by'),
    waiverReason: text('waiver_reason'),
    waiverExpiresAt: at('waiver_expires_at'),
    waivedBy: text('waived_by'),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('rule_incidents_state_check', sql`${t.state} in ('open', 'acknowledged', 'resolved', 'waived')`),
    uniqueIndex('rule_incidents_rule_record_idx').on(t.ruleId, t.recordId),
    // the record page and the per-write resolve: the record's unresolved incidents
    index('rule_incidents_record_idx')
      .on(t.recordId)
      .where(sql`${t.state} <> 'resolved'`),
    index('rule_incidents_subject_state_idx').on(t.subjectId, t.state),
    index('rule_incidents_application_idx').on(t.applicationId, t.state, t.createdAt),
  ],
);
