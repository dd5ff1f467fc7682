/**
 * The resource kit's route factory (docs/resource-kit.md "Server"): the REST routes of a
 * resource under the API prefix, one per operation its definition gives a role
 * (contracts/resource.ts OPERATION_ROUTES):
 *   GET /<name>            list (paging `current`/`pageSize`, `q`, filters, `sort`) → page envelope;
 *                          with `paging: 'cursor'`, `cursor`/`pageSize` → `{ success, data, nextCursor }`
 *   GET /<name>/export     export (`format` and the list's filters) → a CSV/XLSX download
 *   GET /<name>/:id        read → 404 `messages.notFound`
 *   POST /<name>           create → 201
 *   PATCH /<name>/:id      update (at least one field; 409 on a unique clash or a stale version)
 *   DELETE /<name>/:id     delete (to the recycle bin, or for good) → `{ id }`
 *   POST /<name>/:id/restore, DELETE /<name>/:id/purge   the recycle bin's restore/purge of this type
 * Each route's preValidation guard comes from the role the definition gives the operation — the
 * same role the access-matrix specs read through `routeAccess` — and each mutating route declares
 * its audit action. A module's extra routes (`extraRoutes` of the definition) are added by its
 * `extra` callback with the guard of their declared role.
 */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, preValidationHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { okSchema, pageSchema, recycleEntrySchema, type ExportFormat } from '../../../../contracts';
import type { ResourceDef, ResourceFilterQuery, ResourceRole } from '../../../../contracts/resource';
import type { ResourceSchemas } from '../../../../contracts/resource-zod';
import type { Executor } from '../../db/client';
import { ok, page } from '../../lib/envelope';
import { errorResponses, exportFileSchema } from '../../lib/openapi';
import { auditOf } from '../audit.plugin';
import { requireAdmin, requireUser, userOf } from '../auth.plugin';
import { purgeFromBin, restoreFromBin } from '../../modules/recycle/recycle.service';
import type { ResourceService } from './service';

/** The export of a resource (the module's own writer for now). */
export interface ResourceExport {
  /** How many rows the query matches (X-Total-Count). */
  count(db: Executor, query: ResourceFilterQuery): Promise<number>;
  /** The file's bytes. */
  stream(db: Executor, query: ResourceFilterQuery, format: ExportFormat): NodeJS.ReadableStream;
  /** Content-Disposition's file name. */
  fileName(format: ExportFormat): string;
  /** Content-Type of each format. */
  contentType(format: ExportFormat): string;
}

/** Options of `resourceRoutes`. */
export interface ResourceRoutesOptions<Read, Detail = Read> {
  def: ResourceDef;
  schemas: ResourceSchemas<ResourceDef>;
  /** The API shape of a row, for the responses (default `schemas.read`). */
  readSchema?: z.ZodType<Read>;
  /** The answer of read, create and update when it carries more than a list row (the service's `toDetail`); default `readSchema`. */
  detailSchema?: z.ZodType<Detail>;
  service: ResourceService<unknown, unknown, Read, Detail>;
  /** Required when the definition gives `export` a role. */
  exporter?: ResourceExport;
  /** Guards of the application roles (viewer/editor/owner), which depend on how the resource is scoped. */
  guards?: Partial<Record<ResourceRole, preValidationHookHandler>>;
  /** Adds the module's extra routes (registered before `/:id`); `guard(name)` is the guard of `extraRoutes[name]`. */
  extra?: (app: Parameters<FastifyPluginAsyncZod>[0], guard: (name: string) => preValidationHookHandler) => void;
}

const anyone: preValidationHookHandler = (_req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => done();

/**
 * The Fastify plugin of a resource's routes (register it under the API prefix).
 * @throws at registration: an application role without its guard; export without an exporter.
 */
export function resourceRoutes<Read, Detail = Read>(opts: ResourceRoutesOptions<Read, Detail>): FastifyPluginAsyncZod {
  const { def, schemas, service } = opts;
  const read = (opts.readSchema ?? schemas.read) as z.ZodType<Read>;
  const detail = (opts.detailSchema ?? read) as z.ZodType<Detail>;
  const base = `/${def.name}`;
  const tags = [def.name];
  const audit = (verb: string) => (def.audit ? [`${def.audit}.${verb}`] : false);

  const guardOf = (role: ResourceRole): preValidationHookHandler => {
    if (role === 'public') return anyone;
    if (role === 'user') return requireUser;
    if (role === 'admin') return requireAdmin;
    const guard = opts.guards?.[role];
    if (!guard) throw new Error(`${def.name}: role ${role} needs options.guards.${role}`);
    return guard;
  };
  const access = def.access;

  return async (app) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    if (access.list && def.paging === 'cursor') {
      api.get(
        base,
        {
          preValidation: guardOf(access.list),
          schema: {
            tags,
            summary: `List ${def.name} (keyset paging: pass the answer's nextCursor as cursor)`,
            querystring: schemas.listQuery,
            response: { 200: z.object({ success: z.literal(true), data: z.array(read), nextCursor: z.string().nullable() }), ...errorResponses },
          },
        },
        async (request) => {
          const { items, nextCursor } = await service.listByCursor(app.db, request.query);
          return { success: true as const, data: items, nextCursor };
        },
      );
    } else if (access.list) {
      api.get(
        base,
        {
          preValidation: guardOf(access.list),
          schema: { tags, summary: `List ${def.name}`, querystring: schemas.listQuery, response: { 200: pageSchema(read), ...errorResponses } },
        },
        async (request) => {
          const { items, total } = await service.list(app.db, request.query);
          return page(items, total, request.query.current, request.query.pageSize);
        },
      );
    }

    if (opts.extra) {
      const extras = def.extraRoutes ?? {};
      opts.extra(app, (name) => {
        const r = extras[name];
        if (!r) throw new Error(`${def.name}: extra route ${name} is not declared in the definition`);
        return guardOf(r.access);
      });
    }

    if (access.export) {
      const exporter = opts.exporter;
      if (!exporter) throw new Error(`${def.name}: export needs options.exporter`);
      const maxRows = def.export?.maxRows ?? 100_000;
      api.get(
        `${base}/export`,
        {
          preValidation: guardOf(access.export),
          schema: {
            tags,
            summary: `Export the filtered ${def.name} as CSV or XLSX`,
            querystring: schemas.exportQuery,
            response: { 200: exportFileSchema, ...errorResponses },
          },
        },
        async (request, reply) => {
          const { format, ...query } = request.query;
          const total = await exporter.count(app.db, query);
          reply
            .header('Content-Type', exporter.contentType(format))
            .header('Content-Disposition', `attachment; filename="${exporter.fileName(format)}"`)
            .header('Cache-Control', 'no-store')
            .header('X-Total-Count', String(total))
            .header('X-Export-Truncated', String(total > maxRows));
          return reply.send(exporter.stream(app.db, query, format));
        },
      );
    }

    if (access.read) {
      api.get(
        `${base}/:id`,
        {
          preValidation: guardOf(access.read),
          schema: { tags, summary: `One of ${def.name}`, params: schemas.idParams, response: { 200: okSchema(detail), ...errorResponses } },
        },
        async (request) => ok(await service.get(app.db, request.params.id)),
      );
    }

    if (access.create) {
      api.post(
        base,
        {
          preValidation: guardOf(access.create),
          config: { audit: audit('create') },
          schema: { tags, summary: `Create one of ${def.name}`, body: schemas.create, response: { 201: okSchema(detail), ...errorResponses } },
        },
        async (request, reply) => {
          reply.code(201);
          return ok(await service.create(app.db, userOf(request), request.body as Record<string, unknown>, auditOf(request)));
        },
      );
    }

    if (access.update) {
      api.patch(
        `${base}/:id`,
        {
          preValidation: guardOf(access.update),
          config: { audit: audit('update') },
          schema: {
            tags,
            summary: `Edit one of ${def.name}`,
            params: schemas.idParams,
            body: schemas.update,
            response: { 200: okSchema(detail), ...errorResponses },
          },
        },
        async (request) => ok(await service.update(app.db, request.params.id, request.body as Record<string, unknown>, auditOf(request))),
      );
    }

    if (access.delete) {
      api.delete(
        `${base}/:id`,
        {
          preValidation: guardOf(access.delete),
          config: { audit: audit('delete') },
          schema: {
            tags,
            summary: def.deletion.mode === 'recycle' ? `Delete one of ${def.name} to the recycle bin` : `Delete one of ${def.name}`,
            params: schemas.idParams,
            response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
          },
        },
        async (request) => {
          await service.remove(app.db, userOf(request), request.params.id, auditOf(request));
          return ok({ id: request.params.id });
        },
      );
    }

    if (def.deletion.mode === 'recycle') {
      const type = def.deletion.type;
      if (access.restore) {
        api.post(
          `${base}/:id/restore`,
          {
            preValidation: guardOf(access.restore),
            config: { audit: ['recycle.restore'] },
            schema: { tags, summary: `Restore one of ${def.name} from the recycle bin`, params: schemas.idParams, response: { 200: okSchema(recycleEntrySchema), ...errorResponses } },
          },
          async (request) => ok(await restoreFromBin(app.db, type, request.params.id, auditOf(request))),
        );
      }
      if (access.purge) {
        api.delete(
          `${base}/:id/purge`,
          {
            preValidation: guardOf(access.purge),
            config: { audit: ['recycle.purge'] },
            schema: { tags, summary: `Purge one of ${def.name} from the recycle bin`, params: schemas.idParams, response: { 200: okSchema(recycleEntrySchema), ...errorResponses } },
          },
          async (request) => ok(await purgeFromBin(app.db, type, request.params.id, auditOf(request))),
        );
      }
    }
  };
}
