/**
 * Subjects and their fields (contracts/subjects.ts):
 *  - /api/v1/applications/:slug/subjects…: members read; owners and administrators change the
 *    schema (subjects, fields, order);
 *  - /api/v1/subjects, /api/v1/subjects/:id: administrators, every application (`/admin/subject`).
 * Handlers are parse → service → envelope; the rules are in subjects.service.ts and
 * fields.service.ts, the storage and the conversions in README.md.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldCreateSchema,
  fieldOrderSchema,
  fieldSchema,
  fieldUpdateSchema,
  okSchema,
  pageSchema,
  subjectCreateSchema,
  subjectDetailSchema,
  subjectListQuerySchema,
  subjectSchema,
  subjectUpdateSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import { addField, deleteField, reorderFields, updateField } from './fields.service';
import './subjects.recyclable';
import {
  createSubject,
  deleteSubject,
  getSubject,
  getSubjectById,
  listAllSubjects,
  listApplicationSubjects,
  updateSubject,
} from './subjects.service';

/** `:slug` and `:key` as lookup keys: any short string (an unknown one is a 404, not a 400). */
const appParams = z.object({ slug: z.string().min(1).max(64) });
const subjectParams = appParams.extend({ key: z.string().min(1).max(64) });
const fieldParams = subjectParams.extend({ field: z.string().min(1).max(64) });
const idParams = z.object({ id: z.uuid() });
const tags = ['subjects'];

export const subjectRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /applications/:slug/subjects?current&pageSize&q — members (and administrators) → page of
   * Subject (by name) with fieldCount and recordCount (exact up to 10,000, else PostgreSQL's
   * estimate). 404 unknown application; 403 not a member.
   */
  app.get(
    '/applications/:slug/subjects',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "List an application's subjects",
        params: appParams,
        querystring: subjectListQuerySchema,
        response: { 200: pageSchema(subjectSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listApplicationSubjects(app.db, userOf(request), request.params.slug, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * POST /applications/:slug/subjects — owners and administrators; subjectCreateSchema (key, name,
   * icon, description, fields, displayField) → 201 SubjectDetail. Makes the table and every field's
   * column in one transaction. 400 naming the input at fault (reserved or malformed 'key',
   * `fields.N.…`, 'displayField'); 403; 404; 409 KEY_TAKEN naming 'key'.
   */
  app.post(
    '/applications/:slug/subjects',
    {
      preValidation: requireUser,
      config: { audit: ['subject.create'] },
      schema: {
        tags,
        summary: 'Create a subject',
        params: appParams,
        body: subjectCreateSchema,
        response: { 201: okSchema(subjectDetailSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createSubject(app.db, userOf(request), request.params.slug, request.body, auditOf(request)));
    },
  );

  /** GET /applications/:slug/subjects/:key — members → SubjectDetail (live fields in order). 404; 403. */
  app.get(
    '/applications/:slug/subjects/:key',
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: 'A subject with its fields',
        params: subjectParams,
        response: { 200: okSchema(subjectDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getSubject(app.db, userOf(request), request.params.slug, request.params.key, app.readCache)),
  );

  /**
   * PATCH /applications/:slug/subjects/:key — owners and administrators; name, icon, description,
   * displayField (a field key; null clears) → SubjectDetail. 400 naming 'displayField'; 403; 404.
   */
  app.patch(
    '/applications/:slug/subjects/:key',
    {
      preValidation: requireUser,
      config: { audit: ['subject.update'] },
      schema: {
        tags,
        summary: 'Change a subject',
        params: subjectParams,
        body: subjectUpdateSchema,
        response: { 200: okSchema(subjectDetailSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await updateSubject(app.db, userOf(request), request.params.slug, request.params.key, request.body, auditOf(request))),
  );

  /**
   * DELETE /applications/:slug/subjects/:key — owners and administrators; to the recycle bin →
   * `{ id }`. 403; 404; 409 CONFLICT while relation fields of other subjects point to it.
   */
  app.delete(
    '/applications/:slug/subjects/:key',
    {
      preValidation: requireUser,
      config: { audit: ['subject.delete'] },
      schema: {
        tags,
        summary: 'Delete a subject (to the recycle bin)',
        params: subjectParams,
        response: { 200: okSchema(z.object({ key: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteSubject(app.db, userOf(request), request.params.slug, request.params.key, auditOf(request));
      return ok({ key: request.params.key });
    },
  );

  /**
   * POST /applications/:slug/subjects/:key/fields — owners and administrators; fieldCreateSchema →
   * 201 Field (last in order). 400 naming the input at fault; 403; 404; 409 KEY_TAKEN naming 'key';
   * 409 CONFLICT a required field without a default on a subject with records.
   */
  app.post(
    '/applications/:slug/subjects/:key/fields',
    {
      preValidation: requireUser,
      config: { audit: ['field.create'] },
      schema: {
        tags,
        summary: 'Add a field',
        params: subjectParams,
        body: fieldCreateSchema,
        response: { 201: okSchema(fieldSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await addField(app.db, userOf(request), request.params.slug, request.params.key, request.body, auditOf(request)));
    },
  );

  /**
   * PUT /applications/:slug/subjects/:key/fields/order — owners and administrators; `{ keys }` every
   * live field key once, in the new order → Field[]. 400 naming 'keys'; 403; 404.
   */
  app.put(
    '/applications/:slug/subjects/:key/fields/order',
    {
      preValidation: requireUser,
      config: { audit: ['field.reorder'] },
      schema: {
        tags,
        summary: 'Reorder the fields',
        params: subjectParams,
        body: fieldOrderSchema,
        response: { 200: okSchema(z.array(fieldSchema)), ...errorResponses },
      },
    },
    async (request) =>
      ok(await reorderFields(app.db, userOf(request), request.params.slug, request.params.key, request.body, auditOf(request))),
  );

  /**
   * PATCH /applications/:slug/subjects/:key/fields/:field — owners and administrators;
   * fieldUpdateSchema (options merge key by key with the current ones; validation is replaced) →
   * Field. Type changes convert the values (README.md "Type changes"). 400 naming the input at fault
   * ('type' outside the matrix, 'key' which is fixed…); 403; 404; 409 TYPE_CHANGE_REFUSED with
   * `conflict` TypeChangeConflict (nothing changed).
   */
  app.patch(
    '/applications/:slug/subjects/:key/fields/:field',
    {
      preValidation: requireUser,
      config: { audit: ['field.update'] },
      schema: {
        tags,
        summary: 'Change a field (type changes convert the values)',
        params: fieldParams,
        body: fieldUpdateSchema,
        response: { 200: okSchema(fieldSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await updateField(
          app.db,
          userOf(request),
          request.params.slug,
          request.params.key,
          request.params.field,
          request.body,
          auditOf(request),
        ),
      ),
  );

  /**
   * DELETE /applications/:slug/subjects/:key/fields/:field — owners and administrators; to the
   * recycle bin → `{ key }`. 403; 404; 409 CONFLICT for the display field or a field a formula reads.
   */
  app.delete(
    '/applications/:slug/subjects/:key/fields/:field',
    {
      preValidation: requireUser,
      config: { audit: ['field.delete'] },
      schema: {
        tags,
        summary: 'Delete a field (to the recycle bin)',
        params: fieldParams,
        response: { 200: okSchema(z.object({ key: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteField(app.db, userOf(request), request.params.slug, request.params.key, request.params.field, auditOf(request));
      return ok({ key: request.params.field });
    },
  );

  /** GET /subjects?current&pageSize&q&application — administrators → page of Subject of every application. */
  app.get(
    '/subjects',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: "List every application's subjects",
        querystring: subjectListQuerySchema,
        response: { 200: pageSchema(subjectSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listAllSubjects(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /subjects/:id — administrators → SubjectDetail by id (`/admin/subject/:subject`). 404. */
  app.get(
    '/subjects/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'A subject by id',
        params: idParams,
        response: { 200: okSchema(subjectDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getSubjectById(app.db, request.params.id, app.readCache)),
  );
};
