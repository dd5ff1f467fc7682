/**
 * /api/v1/users: accounts, administrators only (contracts/users.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema, pageSchema, userCreateSchema, userSchema } from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { listQuerySchema } from '../../lib/paging';
import { requireAdmin } from '../auth/auth.plugin';
import { createUser, listUsers } from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /users?current&pageSize&q — administrators; ordered by name; `q` searches e-mail and name. 401/403. */
  app.get(
    '/users',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'List users',
        querystring: listQuerySchema,
        response: { 200: pageSchema(userSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listUsers(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /users — administrators; body userCreateSchema → 201 User. 409 EMAIL_TAKEN (details 'email'). */
  app.post(
    '/users',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Create a user',
        body: userCreateSchema,
        response: { 201: okSchema(userSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createUser(app.db, request.body));
    },
  );
};
