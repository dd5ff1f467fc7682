/**
 * /api/v1/setup: first-run status and initialisation (no authentication: there is nobody yet).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { initInputSchema, okSchema, setupStatusSchema, userSchema } from '../../../../contracts';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { getSetupStatus, initialise } from './setup.service';

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /setup/status → `{ success, data: { initialized } }`. */
  app.get(
    '/setup/status',
    {
      schema: {
        tags: ['setup'],
        summary: 'Whether the first administrator exists',
        response: { 200: okSchema(setupStatusSchema), ...errorResponses },
      },
    },
    async () => ok(await getSetupStatus(app.db)),
  );

  /**
   * POST /setup/init — body initInputSchema `{ name, email, password }` → 201 User (an administrator).
   * 409 SETUP_CLOSED once initialised; 400 VALIDATION_FAILED (e.g. weak password, details 'password').
   */
  app.post(
    '/setup/init',
    {
      config: { audit: ['setup.init'] },
      schema: {
        tags: ['setup'],
        summary: 'Create the first administrator',
        body: initInputSchema,
        response: { 201: okSchema(userSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await initialise(app.db, request.body, auditOf(request)));
    },
  );
};
