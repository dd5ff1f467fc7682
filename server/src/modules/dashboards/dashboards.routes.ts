/**
 * Dashboards API (contracts/dashboards.ts; rules: dashboards.service.ts):
 * - GET /applications/:slug/dashboards?current&pageSize&q (members: the dashboards they see);
 * - POST /applications/:slug/dashboards (editors+);
 * - GET /applications/:slug/dashboards/:id (members who see it);
 * - PATCH, DELETE /applications/:slug/dashboards/:id (its owner, the application's owners,
 *   administrators; DELETE to the recycle bin, dashboards.recyclable.ts);
 * - POST /applications/:slug/dashboards/:id/cards/:cardId/run (members who see it): one card's result.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardCardResultSchema,
  dashboardCardRunSchema,
  dashboardCreateSchema,
  dashboardListQuerySchema,
  dashboardSchema,
  dashboardUpdateSchema,
  okSchema,
  pageSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import './dashboards.recyclable';
import {
  createDashboard,
  deleteDashboard,
  getDashboard,
  listDashboards,
  runDashboardCard,
  updateDashboard,
} from './dashboards.service';

/**
 * Who may call each route on a dashboard another member made (its own owner also changes and
 * deletes it); dashboards.route-specs.ts takes its allow lists from here.
 */
export const DASHBOARD_ROUTE_ACCESS = {
  'GET /api/v1/applications/:slug/dashboards': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/applications/:slug/dashboards': ['editor', 'owner', 'admin'],
  'GET /api/v1/applications/:slug/dashboards/:id': ['viewer', 'editor', 'owner', 'admin'],
  'PATCH /api/v1/applications/:slug/dashboards/:id': ['owner', 'admin'],
  'DELETE /api/v1/applications/:slug/dashboards/:id': ['owner', 'admin'],
  'POST /api/v1/applications/:slug/dashboards/:id/cards/:cardId/run': ['viewer', 'editor', 'owner', 'admin'],
} as const;

const TAGS = ['dashboards'];
const slugParams = z.object({ slug: z.string().min(1).max(64) });
const idParams = slugParams.extend({ id: z.uuid() });
const cardParams = idParams.extend({ cardId: z.string().min(1).max(40) });

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /applications/:slug/dashboards?current&pageSize&q — members → page of Dashboard (private ones: their owner's, and all for administrators). 403; 404. */
  app.get(
    '/applications/:slug/dashboards',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "List an application's dashboards",
        params: slugParams,
        querystring: dashboardListQuerySchema,
        response: { 200: pageSchema(dashboardSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listDashboards(app.db, userOf(request), request.params.slug, request.query, app.readCache);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /applications/:slug/dashboards — editors+; DashboardInput → 201 Dashboard. 400 naming `cards.<i>.*`; 403; 404. */
  app.post(
    '/applications/:slug/dashboards',
    {
      preValidation: requireUser,
      config: { audit: ['dashboard.create'] },
      schema: {
        tags: TAGS,
        summary: 'Save a dashboard',
        params: slugParams,
        body: dashboardCreateSchema,
        response: { 201: okSchema(dashboardSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createDashboard(
        app.db,
        userOf(request),
        request.params.slug,
        request.body,
        auditOf(request),
        app.readCache,
      );
      reply.code(201);
      return ok(created);
    },
  );

  /** GET /applications/:slug/dashboards/:id — members who see it → Dashboard. 403; 404. */
  app.get(
    '/applications/:slug/dashboards/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: 'A dashboard',
        params: idParams,
        response: { 200: okSchema(dashboardSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getDashboard(app.db, userOf(request), request.params.slug, request.params.id, app.readCache)),
  );

  /** PATCH /applications/:slug/dashboards/:id — its owner, the application's owners, administrators → Dashboard. 400; 403; 404. */
  app.patch(
    '/applications/:slug/dashboards/:id',
    {
      preValidation: requireUser,
      config: { audit: ['dashboard.update'] },
      schema: {
        tags: TAGS,
        summary: 'Change a dashboard',
        params: idParams,
        body: dashboardUpdateSchema,
        response: { 200: okSchema(dashboardSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await updateDashboard(
          app.db,
          userOf(request),
          request.params.slug,
          request.params.id,
          request.body,
          auditOf(request),
          app.readCache,
        ),
      ),
  );

  /** DELETE /applications/:slug/dashboards/:id — as PATCH; to the recycle bin (type 'dashboard') → `{ id }`. 403; 404. */
  app.delete(
    '/applications/:slug/dashboards/:id',
    {
      preValidation: requireUser,
      config: { audit: ['dashboard.delete'] },
      schema: {
        tags: TAGS,
        summary: 'Delete a dashboard (to the recycle bin)',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteDashboard(app.db, userOf(request), request.params.slug, request.params.id, auditOf(request), app.readCache);
      return ok({ id: request.params.id });
    },
  );

  /**
   * POST /applications/:slug/dashboards/:id/cards/:cardId/run — members who see the dashboard;
   * `{ timeZone, values }` → DashboardCardResult. A read: no audit entry. 404 for the dashboard, the
   * card, or the card's query (deleted or not visible); 400 naming `values.<filterId>`; the run's 400/422.
   */
  app.post(
    '/applications/:slug/dashboards/:id/cards/:cardId/run',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: {
        tags: TAGS,
        summary: "Run one card of a dashboard with the shared filters' values",
        params: cardParams,
        body: dashboardCardRunSchema,
        response: { 200: okSchema(dashboardCardResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, id, cardId } = request.params;
      return ok(await runDashboardCard(app.db, userOf(request), slug, id, cardId, request.body, app.readCache));
    },
  );
};
