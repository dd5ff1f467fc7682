/**
 * /api/v1/applications: workspaces and their members (docs/product.md "Roles", contracts/applications.ts).
 * Handlers are parse → service → envelope; the rules are in applications.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationCreateSchema,
  applicationDetailSchema,
  applicationListQuerySchema,
  applicationSchema,
  applicationUpdateSchema,
  memberAddSchema,
  okSchema,
  pageSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { cachedOk } from '../../lib/serializer';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import './applications.recyclable';
import {
  addMember,
  createApplication,
  deleteApplication,
  getApplication,
  peekApplication,
  listApplications,
  removeMember,
  updateApplication,
} from './applications.service';

/** `:slug` as a lookup key: any short string (an unknown one is a 404, not a 400). */
const slugParams = z.object({ slug: z.string().min(1).max(64) });
const memberParams = slugParams.extend({ userId: z.uuid() });

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /applications?current&pageSize&q&sort — the live applications the caller may open (all of
   * them for an administrator); `q` searches slug and name; `sort` name|slug|createdAt :asc|desc
   * (default name). 400 bad query; 401 when anonymous.
   */
  app.get(
    '/applications',
    {
      preValidation: requireUser,
      schema: {
        tags: ['applications'],
        summary: 'List applications',
        querystring: applicationListQuerySchema,
        response: { 200: pageSchema(applicationSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listApplications(app.db, userOf(request), request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * POST /applications — administrators only; body applicationCreateSchema (slug, name,
   * description, icon, color, modules, members) → 201 Application (the creator is its owner).
   * 400 names the field (invalid/reserved slug, icon, colour, module, unknown member
   * `members.<i>.userId|email`); 409 SLUG_TAKEN (details field 'slug').
   */
  app.post(
    '/applications',
    {
      preValidation: requireAdmin,
      config: { audit: ['application.create'] },
      schema: {
        tags: ['applications'],
        summary: 'Create an application',
        body: applicationCreateSchema,
        response: { 201: okSchema(applicationSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createApplication(app.db, userOf(request), request.body, auditOf(request)));
    },
  );

  /** GET /applications/:slug — ApplicationDetail with members; 404 unknown slug; 403 non-member (not admin). */
  app.get(
    '/applications/:slug',
    {
      preValidation: requireUser,
      schema: {
        tags: ['applications'],
        summary: 'An application and its members',
        params: slugParams,
        response: { 200: okSchema(applicationDetailSchema), ...errorResponses },
      },
    },
    // a cached detail answers synchronously (no promise: the GET that bench/api-throughput.mjs measures)
    (request) => {
      const user = userOf(request);
      const cached = peekApplication(user, request.params.slug, app.readCache);
      if (cached) return cachedOk(cached);
      return getApplication(app.db, user, request.params.slug, app.readCache).then(cachedOk);
    },
  );

  /**
   * PATCH /applications/:slug — owner or administrator; body applicationUpdateSchema (name,
   * description, icon, color, modules; at least one) → ApplicationDetail. 400 names the field;
   * 403 not the owner; 404 unknown slug.
   */
  app.patch(
    '/applications/:slug',
    {
      preValidation: requireUser,
      config: { audit: ['application.update'] },
      schema: {
        tags: ['applications'],
        summary: 'Edit an application',
        params: slugParams,
        body: applicationUpdateSchema,
        response: { 200: okSchema(applicationDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateApplication(app.db, userOf(request), request.params.slug, request.body, auditOf(request))),
  );

  /**
   * DELETE /applications/:slug — administrators; moves the application to the recycle bin (type
   * `application`: restore or purge there) → `{ slug }`. Its slug stays taken meanwhile. 404 unknown.
   */
  app.delete(
    '/applications/:slug',
    {
      preValidation: requireAdmin,
      config: { audit: ['application.delete'] },
      schema: {
        tags: ['applications'],
        summary: 'Delete an application to the recycle bin',
        params: slugParams,
        response: { 200: okSchema(z.object({ slug: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteApplication(app.db, userOf(request), request.params.slug, auditOf(request));
      return ok({ slug: request.params.slug });
    },
  );

  /**
   * POST /applications/:slug/members — owner or administrator; body memberAddSchema `{ email, role }`
   * adds the user or changes their role → ApplicationDetail. 404 unknown e-mail (details 'email');
   * 409 CONFLICT when it would demote the last owner.
   */
  app.post(
    '/applications/:slug/members',
    {
      preValidation: requireUser,
      config: { audit: ['member.add', 'member.update'] },
      schema: {
        tags: ['applications'],
        summary: 'Add a member or change their role',
        params: slugParams,
        body: memberAddSchema,
        response: { 200: okSchema(applicationDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await addMember(app.db, userOf(request), request.params.slug, request.body, auditOf(request))),
  );

  /**
   * DELETE /applications/:slug/members/:userId — owner or administrator → ApplicationDetail.
   * 404 not a member; 409 CONFLICT for the last owner.
   */
  app.delete(
    '/applications/:slug/members/:userId',
    {
      preValidation: requireUser,
      config: { audit: ['member.remove'] },
      schema: {
        tags: ['applications'],
        summary: 'Remove a member',
        params: memberParams,
        response: { 200: okSchema(applicationDetailSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await removeMember(app.db, userOf(request), request.params.slug, request.params.userId, auditOf(request))),
  );
};
