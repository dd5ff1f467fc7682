/**
 * /api/v1/categories (contracts/categories.ts). The tree is readable by every
 * signed-in user (the category picker of later modules); managing it and the categorising
 * endpoints are for administrators. Rules: categories.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryAssignSchema,
  categoryCreateSchema,
  categoryDetailSchema,
  categoryMoveSchema,
  categorySchema,
  categoryUpdateSchema,
  okSchema,
  targetSchema,
} from '../../../../contracts';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import './categories.recyclable';
import {
  assignCategories,
  categoriesOf,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  moveCategory,
  updateCategory,
} from './categories.service';

const idParams = z.object({ id: z.uuid() });

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /categories — signed-in users → every live category, flat, ordered by parent and position,
   * with usage and subtree usage (the whole tree: it is not paged; the client nests it).
   */
  app.get(
    '/categories',
    {
      preValidation: requireUser,
      schema: { tags: ['categories'], summary: 'The category tree', response: { 200: okSchema(z.array(categorySchema)), ...errorResponses } },
    },
    async () => ok(await listCategories(app.db)),
  );

  /** GET /categories/of?targetType&targetId — administrators → Category[] of the object, by name. */
  app.get(
    '/categories/of',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['categories'],
        summary: "An object's categories",
        querystring: targetSchema,
        response: { 200: okSchema(z.array(categorySchema)), ...errorResponses },
      },
    },
    async (request) => ok(await categoriesOf(app.db, request.query)),
  );

  /** GET /categories/:id — administrators → CategoryDetail (path, children). 404. */
  app.get(
    '/categories/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['categories'],
        summary: 'A category with its path and children',
        params: idParams,
        response: { 200: okSchema(categoryDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getCategory(app.db, request.params.id)),
  );

  /** POST /categories — administrators; `{ name, description?, parentId? }` → 201 CategoryDetail. 404 'parentId'; 409 'name'. */
  app.post(
    '/categories',
    {
      preValidation: requireAdmin,
      config: { audit: ['category.create'] },
      schema: {
        tags: ['categories'],
        summary: 'Create a category',
        body: categoryCreateSchema,
        response: { 201: okSchema(categoryDetailSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createCategory(app.db, request.body, auditOf(request)));
    },
  );

  /** PATCH /categories/:id — administrators; `{ name?, description? }` → CategoryDetail. 404; 409 'name'. */
  app.patch(
    '/categories/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['category.update'] },
      schema: {
        tags: ['categories'],
        summary: 'Rename or describe a category',
        params: idParams,
        body: categoryUpdateSchema,
        response: { 200: okSchema(categoryDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateCategory(app.db, request.params.id, request.body, auditOf(request))),
  );

  /**
   * PUT /categories/:id/move — administrators; `{ parentId, position }` re-parents and reorders →
   * CategoryDetail. 409 naming 'parentId' for a cycle; 404 'parentId'; 409 'name'.
   */
  app.put(
    '/categories/:id/move',
    {
      preValidation: requireAdmin,
      config: { audit: ['category.move'] },
      schema: {
        tags: ['categories'],
        summary: 'Move a category (re-parent and reorder)',
        params: idParams,
        body: categoryMoveSchema,
        response: { 200: okSchema(categoryDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await moveCategory(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /categories/:id — administrators; to the recycle bin → `{ id }`. 404; 409 while it has live children. */
  app.delete(
    '/categories/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['category.delete'] },
      schema: {
        tags: ['categories'],
        summary: 'Delete a category (to the recycle bin)',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteCategory(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /** PUT /categories/assign — administrators; `{ targetType, targetId, categoryIds }` → Category[]. 400 'categoryIds'. */
  app.put(
    '/categories/assign',
    {
      preValidation: requireAdmin,
      config: { audit: ['category.assign'] },
      schema: {
        tags: ['categories'],
        summary: "Replace an object's categories",
        body: categoryAssignSchema,
        response: { 200: okSchema(z.array(categorySchema)), ...errorResponses },
      },
    },
    async (request) => ok(await assignCategories(app.db, request.body, auditOf(request))),
  );
};
