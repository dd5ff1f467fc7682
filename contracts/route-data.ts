/**
 * What `GET /__serverLoader?route=&url=` answers (SPEC.md §7) for the routes with server-side
 * data: the console dashboard (`/admin`) and a workspace home (`/{app}`). Envelope `{ success, data }`.
 */
import { z } from 'zod';
import { applicationDetailSchema, applicationSchema } from './applications';

export const consoleSummarySchema = z.object({
  /** `items`: the first applications by name (the application screen pages through the rest). */
  applications: z.object({ total: z.number().int(), items: z.array(applicationSchema) }),
  /** Users not deleted (in the recycle bin they do not count). */
  users: z.object({ total: z.number().int() }),
  /** Groups not deleted. */
  groups: z.object({ total: z.number().int() }),
  /** Sessions not yet expired. */
  sessions: z.object({ active: z.number().int() }),
  /** Records: null until the data core (subjects and records) is built. */
  records: z.object({ total: z.number().int().nullable() }),
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

export const workspaceSummarySchema = z.object({ application: applicationDetailSchema });
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;
