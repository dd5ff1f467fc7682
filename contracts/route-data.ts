/**
 * What `GET /__serverLoader?route=&url=` answers (docs/routes-and-loading.md "Route data") for the routes with server-side
 * data: the console dashboard (`/admin`) and a workspace home (`/{app}`). Envelope `{ success, data }`.
 */
import { z } from 'zod';
import { applicationDetailSchema, applicationSchema } from './applications';
import { myNoticeSchema } from './notices';

export const consoleSummarySchema = z.object({
  /** `items`: the first applications by name (the application screen pages through the rest). */
  applications: z.object({ total: z.number().int(), items: z.array(applicationSchema) }),
  /** Users not deleted (in the recycle bin they do not count). */
  users: z.object({ total: z.number().int() }),
  /** Groups not deleted. */
  groups: z.object({ total: z.number().int() }),
  /** Sessions not yet expired. */
  sessions: z.object({ active: z.number().int() }),
  /**
   * Live records of the live subjects of live applications. Each subject's table is counted
   * exactly while PostgreSQL's statistics (pg_class.reltuples) put it at or under
   * RECORD_TOTAL_EXACT_LIMIT (10,000) rows; a bigger table adds its reltuples estimate (which also
   * counts its records in the recycle bin) and sets `estimated`. `total` stays nullable for
   * compatibility; it is always a number now.
   */
  records: z.object({ total: z.number().int().nullable(), estimated: z.boolean().optional() }),
  /** Objects in the recycle bin. */
  recycle: z.object({ total: z.number().int() }),
  /** The newest audit entries (at most 10), newest first. */
  recentAudit: z.array(
    z.object({
      seq: z.number().int(),
      at: z.string(),
      actorLabel: z.string(),
      action: z.string(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
    }),
  ),
  health: z.object({
    engine: z.enum(['pglite', 'postgres']),
    version: z.string(),
    /** Server uptime in ms. */
    uptimeMs: z.number(),
    /** The database's size in bytes (pg_database_size of the current database). */
    databaseBytes: z.number(),
  }),
});
export type ConsoleSummary = z.infer<typeof consoleSummarySchema>;

/** A subject as the workspace home lists it (each links to `/{app}/{key}`). */
export const workspaceSubjectSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  /** Live fields. */
  fieldCount: z.number().int(),
});
export type WorkspaceSubject = z.infer<typeof workspaceSubjectSchema>;

/** One record change (a row of record_versions) as the workspace home lists it. */
export const workspaceChangeSchema = z.object({
  subjectKey: z.string(),
  subjectName: z.string(),
  recordId: z.string(),
  /** The record's display-field value in that version, when the subject has a display field and it is text. */
  title: z.string().nullable(),
  version: z.number().int(),
  action: z.enum(['create', 'update', 'delete', 'restore']),
  actorLabel: z.string().nullable(),
  /** ISO 8601. */
  at: z.string(),
});
export type WorkspaceChange = z.infer<typeof workspaceChangeSchema>;

/**
 * `/{app}`'s data: the application with its members, its live subjects (by name), the 10 newest
 * record changes in its live subjects, and the newest notices the caller may read there.
 */
export const workspaceSummarySchema = z.object({
  application: applicationDetailSchema,
  subjects: z.array(workspaceSubjectSchema),
  recentChanges: z.array(workspaceChangeSchema),
  notices: z.object({ total: z.number().int(), unread: z.number().int(), items: z.array(myNoticeSchema) }),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;
