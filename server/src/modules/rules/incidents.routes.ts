/**
 * /api/v1/incidents: failing (record, rule) pairs and their life (contracts/rule-runs.ts,
 * docs/rule-runs.md "Incidents"). Members read; editors acknowledge; owners and administrators
 * waive and reopen (INCIDENT_ROUTE_ACCESS, which the access matrix reads). Moves are audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { incidentListQuerySchema, incidentSchema, incidentWaiveSchema, okSchema, pageSchema } from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { listIncidents, moveIncident } from './incidents.service';

/** Who may call each route; incidents.route-specs.ts takes its allow lists from here. */
export const INCIDENT_ROUTE_ACCESS = {
  'GET /api/v1/incidents': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/incidents/:id/acknowledge': ['editor', 'owner', 'admin'],
  'POST /api/v1/incidents/:id/waive': ['owner', 'admin'],
  'POST /api/v1/incidents/:id/reopen': ['owner', 'admin'],
} as const;

const idParams = z.object({ id: z.uuid() });

export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = (summary: string) => ({ tags: ['incidents'], summary });

  /** GET /incidents?application&subject&record&rule&state&current&pageSize — last seen first. */
  app.get(
    '/incidents',
    {
      preValidation: requireUser,
      schema: { ...base('List incidents'), querystring: incidentListQuerySchema, response: { 200: pageSchema(incidentSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listIncidents(app.db, userOf(request), request.query, request.locale);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /incidents/:id/acknowledge — open → acknowledged. 404; 409 errors.incidentTransition. */
  app.post(
    '/incidents/:id/acknowledge',
    {
      preValidation: requireUser,
      config: { audit: ['incident.acknowledge'] },
      schema: { ...base('Acknowledge an incident'), params: idParams, response: { 200: okSchema(incidentSchema), ...errorResponses } },
    },
    async (request) => ok(await moveIncident(app.db, userOf(request), request.params.id, 'acknowledge', auditOf(request), request.locale)),
  );

  /** POST /incidents/:id/waive — `{ reason, expiresAt }` → waived. 400 naming reason / expiresAt; 409. */
  app.post(
    '/incidents/:id/waive',
    {
      preValidation: requireUser,
      config: { audit: ['incident.waive'] },
      schema: { ...base('Waive an incident'), params: idParams, body: incidentWaiveSchema, response: { 200: okSchema(incidentSchema), ...errorResponses } },
    },
    async (request) => ok(await moveIncident(app.db, userOf(request), request.params.id, 'waive', auditOf(request), request.locale, request.body)),
  );

  /** POST /incidents/:id/reopen — acknowledged, waived or resolved → open. 404; 409. */
  app.post(
    '/incidents/:id/reopen',
    {
      preValidation: requireUser,
      config: { audit: ['incident.reopen'] },
      schema: { ...base('Reopen an incident'), params: idParams, response: { 200: okSchema(incidentSchema), ...errorResponses } },
    },
    async (request) => ok(await moveIncident(app.db, userOf(request), request.params.id, 'reopen', auditOf(request), request.locale)),
  );
};
