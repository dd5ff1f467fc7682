/**
 * /api/v1/variables (contracts/variables.ts): administrators only. A secret's
 * value is never in any response (`value: null`, `hasValue`). Rules: variables.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  pageSchema,
  variableCreateSchema,
  variableListQuerySchema,
  variableSchema,
  variableUpdateSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, userOf } from '../../core/auth.plugin';
import './variables.recyclable';
import { createVariable, deleteVariable, getVariable, listVariables, updateVariable } from './variables.service';

const idParams = z.object({ id: z.uuid() });

export const variableRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /variables?current&pageSize&q&scope&type&sort — administrators → page of Variable (secrets
   * masked). `scope` = 'global' or an application id; `sort` = key|type|createdAt|updatedAt:asc|desc.
   */
  app.get(
    '/variables',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['variables'],
        summary: 'List variables',
        querystring: variableListQuerySchema,
        response: { 200: pageSchema(variableSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listVariables(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * POST /variables — administrators; body variableCreateSchema → 201 Variable. 400 naming 'value'
   * (not a number / not JSON / empty secret) or 'key'; 404 'applicationId'; 409 'key' taken in scope.
   */
  app.post(
    '/variables',
    {
      preValidation: requireAdmin,
      config: { audit: ['variable.create'] },
      schema: {
        tags: ['variables'],
        summary: 'Create a variable',
        body: variableCreateSchema,
        response: { 201: okSchema(variableSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createVariable(app.db, userOf(request), request.body, auditOf(request)));
    },
  );

  /** GET /variables/:id — administrators → Variable (a secret's value null). 404. */
  app.get(
    '/variables/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['variables'],
        summary: 'A variable',
        params: idParams,
        response: { 200: okSchema(variableSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getVariable(app.db, request.params.id)),
  );

  /**
   * PATCH /variables/:id — administrators; body variableUpdateSchema (value absent = unchanged) →
   * Variable. 400 naming 'value'; 404; 409 'key'.
   */
  app.patch(
    '/variables/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['variable.update'] },
      schema: {
        tags: ['variables'],
        summary: 'Edit a variable or set a new secret value',
        params: idParams,
        body: variableUpdateSchema,
        response: { 200: okSchema(variableSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateVariable(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /variables/:id — administrators; moves it to the recycle bin → `{ id }`. 404. */
  app.delete(
    '/variables/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['variable.delete'] },
      schema: {
        tags: ['variables'],
        summary: 'Delete a variable (to the recycle bin)',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteVariable(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );
};
