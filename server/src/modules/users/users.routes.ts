/**
 * /api/v1/users: accounts, administrators only (contracts/users.ts, contracts/account.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { managedUserSchema, okSchema, pageSchema, userCreateSchema, userSchema, userUpdateSchema } from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { listQuerySchema } from '../../lib/paging';
import { auditOf } from '../audit/audit.plugin';
import { requireAdmin, userOf } from '../auth/auth.plugin';
import { createUser, listUsers, updateUser } from './users.service';

const idParams = z.object({ id: z.uuid() });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /users?current&pageSize&q — administrators; ordered by name; `q` searches e-mail and name →
   * page of ManagedUser (User + `disabled`). 401/403.
   */
  app.get(
    '/users',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'List users',
        querystring: listQuerySchema,
        response: { 200: pageSchema(managedUserSchema), ...errorResponses },
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
      preValidation: requireAdmin,
      config: { audit: ['user.create'] },
      schema: {
        tags: ['users'],
        summary: 'Create a user',
        body: userCreateSchema,
        response: { 201: okSchema(userSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createUser(app.db, request.body, auditOf(request)));
    },
  );

  /**
   * PATCH /users/:id — administrators; body userUpdateSchema `{ name?, disabled? }` → ManagedUser.
   * Disabling ends every session of the account. 404 unknown id; 409 CONFLICT for one's own account
   * or the last enabled administrator.
   */
  app.patch(
    '/users/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['user.update'] },
      schema: {
        tags: ['users'],
        summary: 'Rename, disable or enable a user',
        params: idParams,
        body: userUpdateSchema,
        response: { 200: okSchema(managedUserSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateUser(app.db, userOf(request), request.params.id, request.body, auditOf(request))),
  );
};
