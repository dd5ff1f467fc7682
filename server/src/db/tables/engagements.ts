/**
 * The audit engagements module's tables (server/src/modules/engagements, docs/engagements.md). The
 * audit objects themselves (engagements, procedures, workpapers, findings…) are system subjects:
 * typed record tables made by the subject engine and tagged `subjects.model`. These tables hold
 * what is not a field of a record:
 *  - `app_models`: which model (and version) an application has applied, with its settings (the
 *    findings' SLA);
 *  - `audit_transitions`: every guarded state change (who, when, from, to, comment);
 *  - `audit_signoffs`: prepared/reviewed/approved sign-offs of workpapers and reports, each naming
 *    the record version it signed;
 *  - `audit_samples`: a drawn sample: the population's record ids, the generator and its seed;
 *  - `audit_evidence`: documents attached to a workpaper or report, pinned to a version when signed.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { documents, documentVersions } from './documents';
import { subjects } from './subjects';
import { applications } from './users-and-applications';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A model applied to an application (`audit`), its version and its settings. */
export const appModels = pgTable(
  'app_models',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    version: integer('version').notNull(),
    /** The model's settings (audit: `{ slaDays: { critical, high, medium, low } }`). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    appliedAt: at('applied_at').notNull().defaultNow(),
    appliedBy: uuid('applied_by'),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.model] })],
);

/** One guarded state change of an audit record (engagement phase, workpaper/report/finding status). */
export const auditTransitions = pgTable(
  'audit_transitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    /** The audit object (contracts AUDIT_OBJECTS). */
    object: text('object').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull(),
    comment: text('comment').notNull().default(''),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('audit_transitions_record_idx').on(t.recordId, t.at)],
);

/** A sign-off of a workpaper or report: the role, who, and the record version signed. */
export const auditSignoffs = pgTable(
  'audit_signoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    role: text('role').notNull(),
    userId: uuid('user_id'),
    userLabel: text('user_label').notNull(),
    recordVersion: integer('record_version').notNull(),
    comment: text('comment').notNull().default(''),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('audit_signoffs_record_idx').on(t.recordId, t.at)],
);

/** A sample drawn for a procedure: reproducible from the population, the generator and the seed. */
export const auditSamples = pgTable(
  'audit_samples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The procedure record the sample is for. */
    procedureId: uuid('procedure_id').notNull(),
    populationSubjectId: uuid('population_subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    /** The filter the population was read with (contracts/records filter groups), or null = all. */
    populationFilter: jsonb('population_filter'),
    /** The population's record ids in the order the generator indexes them. */
    populationIds: jsonb('population_ids').$type<string[]>().notNull(),
    selection: text('selection').notNull(),
    /** The generator's name and version (e.g. `xoshiro128**-fisher-yates/1`). */
    generator: text('generator').notNull(),
    seed: text('seed').notNull(),
    size: integer('size').notNull(),
    selectedIds: jsonb('selected_ids').$type<string[]>().notNull(),
    drawnBy: uuid('drawn_by'),
    drawnByLabel: text('drawn_by_label').notNull(),
    drawnAt: at('drawn_at').notNull().defaultNow(),
  },
  (t) => [index('audit_samples_procedure_idx').on(t.procedureId, t.drawnAt)],
);

/** A document attached as evidence to a workpaper or report; `version_id` pinned when signed off. */
export const auditEvidence = pgTable(
  'audit_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The document version pinned when the workpaper was approved (null = follows the current one). */
    versionId: uuid('version_id').references(() => documentVersions.id, { onDelete: 'restrict' }),
    attachedBy: uuid('attached_by'),
    attachedByLabel: text('attached_by_label').notNull(),
    attachedAt: at('attached_at').notNull().defaultNow(),
    lockedAt: at('locked_at'),
  },
  (t) => [
    uniqueIndex('audit_evidence_record_document_key').on(t.recordId, t.documentId),
    index('audit_evidence_document_idx').on(t.documentId).where(sql`${t.versionId} is not null`),
  ],
);

export type AppModelRow = typeof appModels.$inferSelect;
export type AuditTransitionRow = typeof auditTransitions.$inferSelect;
export type AuditSignoffRow = typeof auditSignoffs.$inferSelect;
export type AuditSampleRow = typeof auditSamples.$inferSelect;
export type AuditEvidenceRow = typeof auditEvidence.$inferSelect;
