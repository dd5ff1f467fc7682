/**
 * What `GET /__serverLoader?route=&url=` answers (SPEC.md §7) for the routes with server-side
 * data: the console dashboard (`/admin`) and a workspace home (`/{app}`). Envelope `{ success, data }`.
 */
import { z } from 'zod';
import { applicationDetailSchema, applicationSchema } from './applications';

export const consoleSummarySchema = z.object({
  /** `items`: the first applications by name (the application screen pages through the rest). */
  applications: z.object({ total: z.number().int(), items: z.array(applicationSchema) }),
  users: z.object({ total: z.number().int() }),
  /** Sessions not yet expired. */
  sessions: z.object({ active: z.number().int() }),
  health: z.object({
    engine: z.enum(['pglite', 'postgres']),
    version: z.string(),
    /** Server uptime in ms. */
    uptimeMs: z.number(),
  }),
});
export type ConsoleSummary = z.infer<typeof consoleSummarySchema>;

export const workspaceSummarySchema = z.object({ application: applicationDetailSchema });
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;
