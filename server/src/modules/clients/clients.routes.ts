/**
 * /api/v1/clients: the audited organisations (contracts/clients.ts). Reads for any signed-in user
 * (pickers of later modules), writes and export for administrators. Handlers are parse → service
 * → envelope; the rules are in clients.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_EXPORT_MAX_ROWS,
  clientCreateSchema,
  clientExportQuerySchema,
  clientIndustriesSchema,
  clientListQuerySchema,
  clientSchema,
  clientUpdateSchema,
  okSchema,
  pageSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses, exportFileSchema } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import { clientExportFileName, EXPORT_TYPES, exportClientsStream } from './clients.export';
import './clients.recyclable';
import { countClients, listIndustries } from './clients.repository';
import { createClient, deleteClient, getClient, listClients, toClientFilter, updateClient } from './clients.service';

const idParams = z.object({ id: z.uuid() });

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /clients?current&pageSize&q&status&industry&applicationId&sort — any signed-in user → page
   * of Client (live ones). `q` on code or name; `sort` code|name|industry|status|createdAt|updatedAt
   * :asc|desc (default code). 400 bad query; 401.
   */
  app.get(
    '/clients',
    {
      preValidation: requireUser,
      schema: {
        tags: ['clients'],
        summary: 'List clients',
        querystring: clientListQuerySchema,
        response: { 200: pageSchema(clientSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listClients(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /clients/industries — any signed-in user → the industries live clients use (filters, suggestions). */
  app.get(
    '/clients/industries',
    {
      preValidation: requireUser,
      schema: {
        tags: ['clients'],
        summary: 'Industries in use',
        response: { 200: okSchema(clientIndustriesSchema), ...errorResponses },
      },
    },
    async () => ok(await listIndustries(app.db)),
  );

  /**
   * GET /clients/export?format=csv|xlsx&<the list's filters and sort> — administrators; the filtered
   * list as a download (clients.export.ts), at most CLIENT_EXPORT_MAX_ROWS rows. Headers:
   * Content-Type, Content-Disposition `attachment; filename="clients-YYYYMMDD-HHmmss.csv|xlsx"`,
   * X-Total-Count (clients matching), X-Export-Truncated. A read: no audit entry. 400/401/403.
   */
  app.get(
    '/clients/export',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['clients'],
        summary: 'Export the filtered clients as CSV or XLSX',
        querystring: clientExportQuerySchema,
        response: { 200: exportFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const total = await countClients(app.db, toClientFilter(query));
      reply
        .header('Content-Type', EXPORT_TYPES[format].contentType)
        .header('Content-Disposition', `attachment; filename="${clientExportFileName(format)}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Total-Count', String(total))
        .header('X-Export-Truncated', String(total > CLIENT_EXPORT_MAX_ROWS));
      return reply.send(exportClientsStream(app.db, query, format));
    },
  );

  /** GET /clients/:id — any signed-in user → Client; 404 unknown or deleted. */
  app.get(
    '/clients/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['clients'],
        summary: 'A client',
        params: idParams,
        response: { 200: okSchema(clientSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getClient(app.db, request.params.id)),
  );

  /**
   * POST /clients — administrators; body clientCreateSchema → 201 Client. 400 names the field
   * (`code`, `contacts.<i>.email`, `applicationIds`…); 409 CONFLICT naming `code`.
   */
  app.post(
    '/clients',
    {
      preValidation: requireAdmin,
      config: { audit: ['client.create'] },
      schema: {
        tags: ['clients'],
        summary: 'Create a client',
        body: clientCreateSchema,
        response: { 201: okSchema(clientSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createClient(app.db, userOf(request), request.body, auditOf(request)));
    },
  );

  /**
   * PATCH /clients/:id — administrators; body clientUpdateSchema (at least one field; lists
   * replace) → Client. 400 names the field; 404 unknown; 409 CONFLICT naming `code`.
   */
  app.patch(
    '/clients/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['client.update'] },
      schema: {
        tags: ['clients'],
        summary: 'Edit a client',
        params: idParams,
        body: clientUpdateSchema,
        response: { 200: okSchema(clientSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateClient(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /clients/:id — administrators; to the recycle bin (type `client`) → `{ id }`. 404 unknown. */
  app.delete(
    '/clients/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['client.delete'] },
      schema: {
        tags: ['clients'],
        summary: 'Delete a client to the recycle bin',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteClient(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );
};
