/**
 * Dashboards of the queries module (`/admin/query/analytics`, `/:app/data_analytics`,
 * `/:app/data_analytics/:record`; docs/queries.md "Dashboards"): cards that show saved queries as a
 * table, pivot or chart, laid out on a 12-column grid, with filters shared by every card.
 */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { filterConditionSchema } from './records';
import { queryResultSchema, queryVisualizationSchema, timeZoneSchema } from './queries';
import { DASHBOARD_CARDS_MAX, DASHBOARD_FILTER_KINDS, DASHBOARD_REFRESH_SECONDS, QUERY_VISIBILITIES } from './queries.constants';

const id = z.string().min(1).max(40);

/** A card: a saved query (analytics kind) of the same application, its place (grid units), how it shows. */
export const dashboardCardSchema = z.object({
  id,
  queryId: z.uuid({ message: 'errors.uuid' }),
  title: z.string().trim().max(100).optional(),
  /** Overrides the saved query's own visualization. */
  visualization: queryVisualizationSchema.optional(),
  x: z.number().int().min(0).max(11),
  y: z.number().int().min(0).max(1000),
  w: z.number().int().min(1).max(12),
  h: z.number().int().min(1).max(40),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

/**
 * A filter shared by all cards: a date range, a client or a select field, on the field `field`
 * (a key). A card whose query's base subject has that field is narrowed by it; others show that it
 * does not apply to them.
 */
export const dashboardFilterSchema = z.object({
  id,
  kind: z.enum(DASHBOARD_FILTER_KINDS),
  label: z.string().trim().min(1, { message: 'errors.required' }).max(60),
  field: z.string().min(1).max(40),
});
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

const refreshSeconds = z
  .number()
  .int()
  .refine((s) => (DASHBOARD_REFRESH_SECONDS as readonly number[]).includes(s), { message: 'errors.dashboard.refresh' });

/** What a dashboard holds, without defaults (a PATCH changes only what it names). */
const dashboardFields = {
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  description: z.string().trim().max(1000).optional(),
  visibility: z.enum(QUERY_VISIBILITIES),
  cards: z.array(dashboardCardSchema).max(DASHBOARD_CARDS_MAX),
  filters: z.array(dashboardFilterSchema).max(5),
  /** Auto-refresh period in seconds; 0 = off. */
  refreshSeconds,
};

/** POST …/applications/:slug/dashboards. */
export const dashboardCreateSchema = z.object({
  ...dashboardFields,
  visibility: dashboardFields.visibility.default('application'),
  cards: dashboardFields.cards.default([]),
  filters: dashboardFields.filters.default([]),
  refreshSeconds: refreshSeconds.default(0),
});
/**
 * PATCH …/applications/:slug/dashboards/:id: any of the fields. No defaults here: zod 4 applies a
 * default even inside `.partial()`, so `dashboardCreateSchema.partial()` would reset the cards,
 * filters, visibility and refresh of every PATCH that leaves them out.
 */
export const dashboardUpdateSchema = z.object(dashboardFields).partial();
export type DashboardInput = z.input<typeof dashboardCreateSchema>;

export const dashboardSchema = z.object({
  id: z.string(),
  application: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(QUERY_VISIBILITIES),
  cards: z.array(dashboardCardSchema),
  filters: z.array(dashboardFilterSchema),
  refreshSeconds: z.number().int(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET …/applications/:slug/dashboards: `q` on the name. */
export const dashboardListQuerySchema = pageQuerySchema.extend({ q: z.string().trim().max(100).optional() });
export type DashboardListQuery = z.infer<typeof dashboardListQuerySchema>;

/** POST …/dashboards/:id/cards/:cardId/run: the shared filters' values as conditions by filter id, the reader's time zone. */
export const dashboardCardRunSchema = z.object({
  timeZone: timeZoneSchema.default('UTC'),
  /** filter id → its value: date `[from, to]` (YYYY-MM-DD), client id, select option. */
  values: z.record(z.string(), z.unknown()).default({}),
});
/** A card's result: the query's, the card's saved query, and which shared filters applied to it. */
export const dashboardCardResultSchema = z.object({
  result: queryResultSchema,
  queryName: z.string(),
  /** The saved query's own visualization (a card's `visualization` overrides it). */
  visualization: queryVisualizationSchema.nullable(),
  /** The saved query's definition (an AnalyticsQuery), for drilling into a bar or a cell. */
  definition: z.unknown(),
  applied: z.array(z.string()),
  skipped: z.array(z.string()),
  conditions: z.array(filterConditionSchema),
});
export type DashboardCardResult = z.infer<typeof dashboardCardResultSchema>;
