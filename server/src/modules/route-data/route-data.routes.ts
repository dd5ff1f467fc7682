/**
 * `GET /__serverLoader?route={routeId}&url={href}` (docs/routes-and-loading.md "Route data"): per-route data for the pages
 * that have it (route-data.service.ts). Signed-in users only (401); the page's own rules apply
 * (403/404); a page without server data is a JSON 404. Answers `{ success: true, data }`.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../../contracts';
import { consoleSummarySchema, workspaceSummarySchema } from '../../../../contracts/route-data';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/http-error';
import { errorResponses } from '../../lib/openapi';
import { requireUser, userOf } from '../../core/auth.plugin';
import { readAppVersion } from '../health/health.routes';
import { consoleSummary, resolveServerRoute, workspaceSummary } from './route-data.service';

export const SERVER_LOADER_PATH = '/__serverLoader';

const querySchema = z.object({
  /** Umi's route id (informational: the route is resolved from `url`). */
  route: z.string().max(200),
  /** The page URL (absolute or a path). */
  url: z.string().min(1).max(2048),
});

export const routeDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const startedAt = Date.now();
  const version = readAppVersion();
  app.get(
    SERVER_LOADER_PATH,
    {
      preValidation: requireUser,
      schema: {
        tags: ['system'],
        summary: 'Route data for a page (the server loader of docs/routes-and-loading.md "Route data")',
        querystring: querySchema,
        response: { 200: okSchema(z.union([consoleSummarySchema, workspaceSummarySchema])), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const route = resolveServerRoute(request.query.url);
      if (!route) throw notFound('errors.noRouteData');
      const user = userOf(request);
      if (route.pattern === '/admin') {
        return ok(await consoleSummary(app.db, user, { engine: app.engine, version, uptimeMs: Date.now() - startedAt }));
      }
      return ok(await workspaceSummary(app.db, user, route.app));
    },
  );
};
