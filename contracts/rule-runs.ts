/**
 * Validation runs, their results and incidents (server/src/modules/rules/rule-runs.*, incidents.*,
 * docs/rule-runs.md): `/api/v1/rule-runs`, `/api/v1/incidents`,
 * `/api/v1/applications/:slug/data-quality`. Times are ISO 8601 strings; a score is a weighted
 * pass rate 0–100 (RULE_SEVERITY_WEIGHT) or null (nothing checked, or the run not done).
 */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { INCIDENT_STATES, RULE_RUN_STATES, RULE_SEVERITIES } from './rules.constants';

const slug = z.string().trim().min(1).max(64);
const key = z.string().trim().min(1).max(64);

/** POST /api/v1/rule-runs: a run over one subject; with `ruleSet`, its latest published version, else the subject's enabled rules. */
export const ruleRunStartSchema = z.object({ application: slug, subject: key, ruleSet: z.uuid().optional() });
export type RuleRunStart = z.infer<typeof ruleRunStartSchema>;

/** Per rule of a run: passed and failed records, milliseconds spent. */
export const ruleRunResultSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  severity: z.enum(RULE_SEVERITIES),
  passed: z.number().int(),
  failed: z.number().int(),
  ms: z.number().int(),
});
export type RuleRunResultItem = z.infer<typeof ruleRunResultSchema>;

/** A rule as the run froze it. */
export const ruleRunRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  severity: z.enum(RULE_SEVERITIES),
  definition: z.unknown(),
  messageZh: z.string(),
  messageEn: z.string(),
});

/** One validation run. `progressDone`/`progressTotal` come from its task while it runs. */
export const ruleRunSchema = z.object({
  id: z.string(),
  application: z.string(),
  subject: z.string(),
  subjectName: z.string(),
  ruleSet: z.string().nullable(),
  ruleSetName: z.string().nullable(),
  ruleSetVersion: z.number().int().nullable(),
  state: z.enum(RULE_RUN_STATES),
  records: z.number().int(),
  failingRecords: z.number().int(),
  progressDone: z.number().int(),
  progressTotal: z.number().int().nullable(),
  results: z.array(ruleRunResultSchema),
  rules: z.array(ruleRunRuleSchema),
  score: z.number().nullable(),
  longestChunkMs: z.number().int(),
  error: z.string().nullable(),
  taskId: z.string().nullable(),
  createdLabel: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type RuleRun = z.infer<typeof ruleRunSchema>;

/** A start's answer: the run, and `merged` when a run of the subject was already active (it answers). */
export const ruleRunStartedSchema = z.object({ run: ruleRunSchema, merged: z.boolean() });
export type RuleRunStarted = z.infer<typeof ruleRunStartedSchema>;

/** GET /api/v1/rule-runs: newest first. */
export const ruleRunListQuerySchema = pageQuerySchema.extend({
  application: slug,
  subject: key.optional(),
  ruleSet: z.uuid().optional(),
  state: z.enum(RULE_RUN_STATES).optional(),
});
export type RuleRunListQuery = z.infer<typeof ruleRunListQuerySchema>;

export const ruleRunIdParamsSchema = z.object({ id: z.uuid() });

/** One failing (record, rule) pair of a run, its message in the request's language. */
export const ruleRunFailureSchema = z.object({
  recordId: z.string(),
  recordLabel: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  severity: z.enum(RULE_SEVERITIES),
  value: z.string().nullable(),
  message: z.string(),
});
export type RuleRunFailure = z.infer<typeof ruleRunFailureSchema>;

/** GET /api/v1/rule-runs/:id/failures: by record id, then rule. */
export const ruleRunFailureQuerySchema = pageQuerySchema.extend({
  rule: z.uuid().optional(),
  severity: z.enum(RULE_SEVERITIES).optional(),
});
export type RuleRunFailureQuery = z.infer<typeof ruleRunFailureQuerySchema>;

/** Most failures one export writes. */
export const RULE_RUN_EXPORT_MAX_ROWS = 100_000;
export const ruleRunExportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']) });

/** GET /api/v1/rule-runs/trend: the last `limit` finished runs of a subject, oldest first. */
export const ruleRunTrendQuerySchema = z.object({
  application: slug,
  subject: key,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ruleRunTrendPointSchema = z.object({
  runId: z.string(),
  at: z.string(),
  score: z.number().nullable(),
  records: z.number().int(),
  failingRecords: z.number().int(),
  failures: z.number().int(),
  ruleSetVersion: z.number().int().nullable(),
});
export type RuleRunTrendPoint = z.infer<typeof ruleRunTrendPointSchema>;

/** One incident: a failing (record, rule) pair across runs and writes. */
export const incidentSchema = z.object({
  id: z.string(),
  subject: z.string(),
  subjectName: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  recordId: z.string(),
  recordLabel: z.string(),
  state: z.enum(INCIDENT_STATES),
  severity: z.enum(RULE_SEVERITIES),
  value: z.string().nullable(),
  message: z.string(),
  lastRunId: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  waiverReason: z.string().nullable(),
  waiverExpiresAt: z.string().nullable(),
  waivedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type Incident = z.infer<typeof incidentSchema>;

/** GET /api/v1/incidents: newest seen first. */
export const incidentListQuerySchema = pageQuerySchema.extend({
  application: slug,
  subject: key.optional(),
  record: z.uuid().optional(),
  rule: z.uuid().optional(),
  state: z.enum(INCIDENT_STATES).optional(),
});
export type IncidentListQuery = z.infer<typeof incidentListQuerySchema>;

/** POST /api/v1/incidents/:id/waive: a reason, and an expiry in the future at most WAIVER_MAX_DAYS away (400 naming `expiresAt`). */
export const incidentWaiveSchema = z.object({
  reason: z.string().trim().min(1).max(1000),
  expiresAt: z.string().datetime({ offset: true }),
});
export type IncidentWaive = z.infer<typeof incidentWaiveSchema>;

/** GET /api/v1/applications/:slug/data-quality: per subject, its last finished run's score. */
export const dataQualitySubjectSchema = z.object({
  subject: z.string(),
  subjectName: z.string(),
  score: z.number().nullable(),
  runId: z.string().nullable(),
  at: z.string().nullable(),
  records: z.number().int(),
  failingRecords: z.number().int(),
  openIncidents: z.number().int(),
});
export type DataQualitySubject = z.infer<typeof dataQualitySubjectSchema>;
export const dataQualitySchema = z.object({ subjects: z.array(dataQualitySubjectSchema) });
export type DataQuality = z.infer<typeof dataQualitySchema>;
