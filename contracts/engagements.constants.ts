/**
 * Constants of audit engagements (server/src/modules/engagements, docs/engagements.md): the audit
 * domain's states and value lists, the model's subject and field keys the domain code relies on,
 * and the module's entry `ENGAGEMENTS_MODULE` (its audit actions, listed in contracts/modules.ts).
 * Plain data, no zod: the web imports it at run time. The stored value of a select is its label,
 * so the labels below are codes; the web shows them through `engagements.value.<code>`.
 */
import type { ModuleEntry } from './constants';

/**
 * Engagement phases, in order (docs/engagements.md "Engagement states"): scope → validate →
 * fieldwork → awaiting approval → follow-up → closed.
 */
export const ENGAGEMENT_PHASES = ['scope', 'validate', 'fieldwork', 'awaiting_approval', 'follow_up', 'closed'] as const;
export type EngagementPhase = (typeof ENGAGEMENT_PHASES)[number];

/** The guarded actions that move an engagement between phases. */
export const ENGAGEMENT_ACTIONS = [
  'submit_scope',
  'start_fieldwork',
  'submit_for_approval',
  'approve',
  'reject',
  'close',
  'reopen_fieldwork',
] as const;
export type EngagementAction = (typeof ENGAGEMENT_ACTIONS)[number];

/** Kinds of procedure (audit task). */
export const PROCEDURE_KINDS = ['control_test', 'activity', 'interview', 'walkthrough'] as const;
/** Test methods. */
export const PROCEDURE_METHODS = ['inquiry', 'observation', 'inspection', 'reperformance'] as const;
/** How a sample is selected. */
export const SAMPLE_SELECTIONS = ['random', 'systematic', 'judgmental'] as const;
export type SampleSelection = (typeof SAMPLE_SELECTIONS)[number];
/** A procedure's progress: open → in progress → done (a re-test re-opens it). */
export const PROCEDURE_STATUSES = ['open', 'in_progress', 'done'] as const;
/** A procedure's conclusion; `ineffective` proposes a finding. */
export const PROCEDURE_CONCLUSIONS = ['effective', 'partially_effective', 'ineffective'] as const;
export type ProcedureConclusion = (typeof PROCEDURE_CONCLUSIONS)[number];

/** Workpaper (and audit report) review states: draft → pending review → reviewed → approved | rejected. */
export const WORKPAPER_STATUSES = ['draft', 'pending_review', 'reviewed', 'approved', 'rejected'] as const;
export type WorkpaperStatus = (typeof WORKPAPER_STATUSES)[number];
/** Sign-off roles, in the order they are given. */
export const SIGNOFF_ROLES = ['prepared', 'reviewed', 'approved'] as const;
export type SignoffRole = (typeof SIGNOFF_ROLES)[number];
/** Workpaper numbers: `WP-` and three digits per engagement (WP-001…). */
export const WORKPAPER_NUMBER_PREFIX = 'WP-';

/** Formats an audit report is rendered to. */
export const AUDIT_REPORT_FORMATS = ['html', 'pdf', 'docx'] as const;
export type AuditReportFormat = (typeof AUDIT_REPORT_FORMATS)[number];

/** Finding kinds. */
export const FINDING_KINDS = ['deficiency', 'gap', 'observation', 'recommendation'] as const;
/** Finding severities, most severe first. */
export const FINDING_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
/** A finding's life: open → remediation → retest → closed (a failed re-test returns it to remediation). */
export const FINDING_STATUSES = ['open', 'remediation', 'retest', 'closed'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
/** Management's response to a finding. */
export const MANAGEMENT_RESPONSES = ['agree', 'disagree'] as const;
/**
 * Days from a finding's raising to its remediation due date, per severity (the default SLA; an
 * application's owner changes it in the module's settings).
 */
export const DEFAULT_FINDING_SLA_DAYS: Record<FindingSeverity, number> = { critical: 30, high: 60, medium: 90, low: 180 };

/** Remediation actions: open → done. */
export const REMEDIATION_STATUSES = ['open', 'done'] as const;
/** Review notes: open until the preparer clears them. */
export const REVIEW_NOTE_STATUSES = ['open', 'cleared'] as const;
/** Evidence requests to the client ("provided by client" list). */
export const EVIDENCE_REQUEST_STATUSES = ['requested', 'provided', 'accepted'] as const;

/** Largest sample drawn by the system, and largest population it draws from (records). */
export const SAMPLE_SIZE_MAX = 1_000;
export const SAMPLE_POPULATION_MAX = 100_000;

/**
 * The model's objects: each is a system subject of the application (`subjects.model` =
 * `audit.<object>`), found by that tag, never by its key (an owner cannot rename keys, but a key
 * may have taken a suffix when the application already had a subject of that key).
 */
export const AUDIT_OBJECTS = [
  'engagement',
  'procedure',
  'workpaper',
  'finding',
  'remediation',
  'review_note',
  'evidence_request',
  'time_entry',
  'report',
] as const;
export type AuditObject = (typeof AUDIT_OBJECTS)[number];

/** The subject key each object is made with (a suffix `_2`… when taken). */
export const AUDIT_SUBJECT_KEYS: Record<AuditObject, string> = {
  engagement: 'audit_engagement',
  procedure: 'audit_procedure',
  workpaper: 'audit_workpaper',
  finding: 'audit_finding',
  remediation: 'audit_remediation',
  review_note: 'audit_review_note',
  evidence_request: 'audit_evidence_request',
  time_entry: 'audit_time_entry',
  report: 'audit_engagement_report',
};

/** The `subjects.model` tag of an object. */
export const auditModelTag = (object: AuditObject): string => `audit.${object}`;

/** Audit actions written by the module. */
export const ENGAGEMENTS_MODULE = {
  auditActions: [
    'engagement.settings',
    'engagement.transition',
    'procedure.sample',
    'procedure.conclude',
    'procedure.retest',
    'finding.raise',
    'finding.transition',
    'workpaper.create',
    'workpaper.transition',
    'workpaper.signoff',
    'workpaper.revise',
    'workpaper.attach',
    'workpaper.detach',
    'review_note.clear',
    'audit_report.create',
    'audit_report.render',
    'audit_report.transition',
  ],
} as const satisfies ModuleEntry;
