/**
 * /api/v1/forms (`/admin/form`, `/admin/form/:dynamicForm`, Dynamic forms) and
 * /api/v1/applications/:slug/subjects/:key/default-form (the workspace's record forms).
 * Reading: members of the form's application and administrators; writing: its owners and
 * administrators. Rules: forms.service.ts; record writes naming a form: forms.rules.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dynamicFormCreateSchema,
  dynamicFormListQuerySchema,
  dynamicFormSchema,
  dynamicFormUpdateSchema,
  okSchema,
  pageSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import './forms.recyclable';
import { createForm, deleteForm, getDefaultForm, getForm, listForms, updateForm } from './forms.service';

const idParams = z.object({ id: z.uuid() });
const subjectParams = z.object({ slug: z.string().min(1).max(64), key: z.string().min(1).max(64) });

export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /forms?current&pageSize&q&application&subjectId — signed-in users → page of DynamicForm of the applications they belong to (administrators: all). */
  app.get(
    '/forms',
    {
      preValidation: requireUser,
      schema: {
        tags: ['forms'],
        summary: 'List dynamic forms',
        querystring: dynamicFormListQuerySchema,
        response: { 200: pageSchema(dynamicFormSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listForms(app.db, userOf(request), request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /forms/:id — members of its application → DynamicForm. 404; 403. */
  app.get(
    '/forms/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['forms'],
        summary: 'A dynamic form',
        params: idParams,
        response: { 200: okSchema(dynamicFormSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getForm(app.db, userOf(request), request.params.id, app.readCache)),
  );

  /** GET /applications/:slug/subjects/:key/default-form — members → the subject's default DynamicForm, or null. 404; 403. */
  app.get(
    '/applications/:slug/subjects/:key/default-form',
    {
      preValidation: requireUser,
      schema: {
        tags: ['forms'],
        summary: "A subject's default form (null when it has none)",
        params: subjectParams,
        response: { 200: okSchema(dynamicFormSchema.nullable()), ...errorResponses },
      },
    },
    async (request) => ok(await getDefaultForm(app.db, userOf(request), request.params.slug, request.params.key, app.readCache)),
  );

  /** POST /forms — owners and administrators; `{ application, subjectKey, name, description?, isDefault?, layout? }` → 201 DynamicForm. 400 naming `layout.*`; 403; 404. */
  app.post(
    '/forms',
    {
      preValidation: requireUser,
      config: { audit: ['form.create'] },
      schema: {
        tags: ['forms'],
        summary: 'Create a dynamic form',
        body: dynamicFormCreateSchema,
        response: { 201: okSchema(dynamicFormSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createForm(app.db, userOf(request), request.body, auditOf(request), app.readCache);
      reply.code(201);
      return ok(created);
    },
  );

  /** PATCH /forms/:id — owners and administrators; `{ name?, description?, isDefault?, layout? }` → DynamicForm. 400; 403; 404. */
  app.patch(
    '/forms/:id',
    {
      preValidation: requireUser,
      config: { audit: ['form.update'] },
      schema: {
        tags: ['forms'],
        summary: 'Change a dynamic form (layout, default mark)',
        params: idParams,
        body: dynamicFormUpdateSchema,
        response: { 200: okSchema(dynamicFormSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateForm(app.db, userOf(request), request.params.id, request.body, auditOf(request), app.readCache)),
  );

  /** DELETE /forms/:id — owners and administrators; to the recycle bin (type 'form') → `{ id }`. 403; 404. */
  app.delete(
    '/forms/:id',
    {
      preValidation: requireUser,
      config: { audit: ['form.delete'] },
      schema: {
        tags: ['forms'],
        summary: 'Delete a dynamic form (to the recycle bin)',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteForm(app.db, userOf(request), request.params.id, auditOf(request), app.readCache);
      return ok({ id: request.params.id });
    },
  );
};
