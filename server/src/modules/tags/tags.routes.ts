/**
 * /api/v1/tags (contracts/tags.ts). Listing is open to every signed-in user (the
 * tag picker of later modules); managing tags and the tagging endpoints are for administrators.
 * Rules: tags.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  pageSchema,
  tagAssignSchema,
  tagCreateSchema,
  tagListQuerySchema,
  tagSchema,
  tagUpdateSchema,
  targetSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import './tags.recyclable';
import { assignTags, createTag, deleteTag, listTags, tagsOf, updateTag } from './tags.service';

const idParams = z.object({ id: z.uuid() });

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /tags?current&pageSize&q&sort — signed-in users → page of Tag with usage; sort name|usage|createdAt. */
  app.get(
    '/tags',
    {
      preValidation: requireUser,
      schema: {
        tags: ['tags'],
        summary: 'List tags',
        querystring: tagListQuerySchema,
        response: { 200: pageSchema(tagSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listTags(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /tags — administrators; `{ name, color }` → 201 Tag. 409 naming 'name'. */
  app.post(
    '/tags',
    {
      preValidation: requireAdmin,
      config: { audit: ['tag.create'] },
      schema: {
        tags: ['tags'],
        summary: 'Create a tag',
        body: tagCreateSchema,
        response: { 201: okSchema(tagSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createTag(app.db, request.body, auditOf(request)));
    },
  );

  /** PATCH /tags/:id — administrators; `{ name?, color? }` → Tag. 404; 409 naming 'name'. */
  app.patch(
    '/tags/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['tag.update'] },
      schema: {
        tags: ['tags'],
        summary: 'Rename or recolour a tag',
        params: idParams,
        body: tagUpdateSchema,
        response: { 200: okSchema(tagSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateTag(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /tags/:id — administrators; to the recycle bin (taggings kept) → `{ id }`. 404. */
  app.delete(
    '/tags/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['tag.delete'] },
      schema: {
        tags: ['tags'],
        summary: 'Delete a tag (to the recycle bin)',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteTag(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /**
   * PUT /tags/assign — administrators; `{ targetType, targetId, tagIds }` replaces the object's
   * tags → Tag[] (its tags now). 400 naming 'tagIds' for an unknown or deleted tag.
   */
  app.put(
    '/tags/assign',
    {
      preValidation: requireAdmin,
      config: { audit: ['tag.assign'] },
      schema: {
        tags: ['tags'],
        summary: "Replace an object's tags",
        body: tagAssignSchema,
        response: { 200: okSchema(z.array(tagSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await assignTags(app.db, request.body, auditOf(request))),
  );

  /** GET /tags/of?targetType&targetId — administrators → Tag[] of the object, by name. */
  app.get(
    '/tags/of',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['tags'],
        summary: "An object's tags",
        querystring: targetSchema,
        response: { 200: okSchema(z.array(tagSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await tagsOf(app.db, request.query)),
  );
};
