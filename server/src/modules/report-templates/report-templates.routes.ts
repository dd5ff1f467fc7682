/**
 * Report templates API (contracts/report-templates.ts, docs/report-templates.md):
 * - GET /report-templates (administrators: every application's templates, `/admin/template`);
 * - GET/POST /applications/:slug/report-templates (members read; editors+ create);
 * - GET/PATCH/DELETE /report-templates/:id (members read; editors+ write; DELETE to the recycle
 *   bin, report-templates.recyclable.ts); versions list and read;
 * - PUT/GET /report-templates/:id/docx: the Word template (multipart upload; download).
 * Access per route: REPORT_TEMPLATE_ROUTE_ACCESS (the access matrix reads it through the specs).
 * Rules: report-templates.service.ts.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  okSchema,
  pageQuerySchema,
  pageSchema,
  reportTemplateCreateSchema,
  pdfAvailabilitySchema,
  reportPreviewResultSchema,
  reportRenderInputSchema,
  reportRenderSchema,
  reportPreviewSchema,
  reportTemplateIdParamsSchema,
  reportTemplateListQuerySchema,
  reportTemplateSchema,
  reportTemplateUpdateSchema,
  reportTemplateVersionParamsSchema,
  reportTemplateVersionSchema,
} from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import { contentDisposition } from '../../lib/content-disposition';
import { ok, page } from '../../lib/envelope';
import { HttpError } from '../../lib/http-error';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/openapi';
import { DOCX_MIME, docxUploadLimits, openTemplateDocx, uploadTemplateDocx } from './report-templates.docx';
import { pdfState, previewTemplate } from './report-templates.preview';
import { closePdfBrowser } from './render';
import './report-templates.recyclable';
import { getRender, listRenders, startRender } from './report-templates.render';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  getTemplateVersion,
  listAllTemplates,
  listApplicationTemplates,
  listTemplateVersions,
  updateTemplate,
} from './report-templates.service';

const MEMBERS = ['viewer', 'editor', 'owner', 'admin'] as const;
const WRITERS = ['editor', 'owner', 'admin'] as const;

/** Who may call each route; report-templates.route-specs.ts takes its allow lists from here. */
export const REPORT_TEMPLATE_ROUTE_ACCESS = {
  'GET /api/v1/report-templates': ['admin'],
  'GET /api/v1/applications/:slug/report-templates': MEMBERS,
  'POST /api/v1/applications/:slug/report-templates': WRITERS,
  'GET /api/v1/report-templates/:id': MEMBERS,
  'PATCH /api/v1/report-templates/:id': WRITERS,
  'DELETE /api/v1/report-templates/:id': WRITERS,
  'GET /api/v1/report-templates/:id/versions': MEMBERS,
  'GET /api/v1/report-templates/:id/versions/:version': MEMBERS,
  'PUT /api/v1/report-templates/:id/docx': WRITERS,
  'GET /api/v1/report-templates/:id/docx': MEMBERS,
  'POST /api/v1/report-templates/:id/preview': MEMBERS,
  'GET /api/v1/report-templates/pdf-availability': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/report-templates/:id/render': WRITERS,
  'GET /api/v1/report-templates/:id/renders': MEMBERS,
  'GET /api/v1/report-templates/:id/renders/:renderId': MEMBERS,
} as const;

const TAGS = ['report-templates'];
const slugParams = z.object({ slug: z.string().min(1).max(64) });
const idParams = reportTemplateIdParamsSchema;
const deleted = okSchema(z.object({ id: z.string() }));

export const reportTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  // the warm Chromium of the PDF printer (render/pdf.ts) goes with the server
  app.addHook('onClose', async () => closePdfBrowser());
  // multipart parsing for this plugin's routes only (the Word template upload)
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  /** GET /report-templates?current&pageSize&q&subjectId — administrators → page of ReportTemplate, most recently changed first. */
  app.get(
    '/report-templates',
    {
      preValidation: requireAdmin,
      schema: {
        tags: TAGS,
        summary: "List every application's report templates",
        querystring: reportTemplateListQuerySchema,
        response: { 200: pageSchema(reportTemplateSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listAllTemplates(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /applications/:slug/report-templates?current&pageSize&q&subjectId — members → page of the application's templates. 403; 404. */
  app.get(
    '/applications/:slug/report-templates',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "List an application's report templates",
        params: slugParams,
        querystring: reportTemplateListQuerySchema,
        response: { 200: pageSchema(reportTemplateSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listApplicationTemplates(app.db, userOf(request), request.params.slug, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * POST /applications/:slug/report-templates — editors+; reportTemplateCreateSchema → 201 (version 1).
   * 400 naming `binding.subjectId`, `binding.relations.<i>`, `binding.recordQueryId`, `body` (Liquid
   * parse error with its line), `partials.<name>`, `page.header|footer`; 403; 404.
   */
  app.post(
    '/applications/:slug/report-templates',
    {
      preValidation: requireUser,
      config: { audit: ['report_template.create'] },
      schema: {
        tags: TAGS,
        summary: 'Create a report template',
        params: slugParams,
        body: reportTemplateCreateSchema,
        response: { 201: okSchema(reportTemplateSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await createTemplate(app.db, userOf(request), request.params.slug, request.body, auditOf(request)))),
  );

  /** GET /report-templates/:id — members. 403; 404. */
  app.get(
    '/report-templates/:id',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: 'Read a report template', params: idParams, response: { 200: okSchema(reportTemplateSchema), ...errorResponses } },
    },
    async (request) => ok(await getTemplate(app.db, userOf(request), request.params.id)),
  );

  /**
   * PATCH /report-templates/:id — editors+; `{ version, …keys }`; a change saves the next version, a
   * no-op answers `unchanged`. 409 STALE_VERSION (conflict.current); 400 as create (and
   * `binding.subjectId` when it would change); 403; 404.
   */
  app.patch(
    '/report-templates/:id',
    {
      preValidation: requireUser,
      config: { audit: ['report_template.update'] },
      schema: {
        tags: TAGS,
        summary: 'Update a report template (its next version)',
        params: idParams,
        body: reportTemplateUpdateSchema,
        response: { 200: okSchema(reportTemplateSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateTemplate(app.db, userOf(request), request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /report-templates/:id — editors+; to the recycle bin. 403; 404. */
  app.delete(
    '/report-templates/:id',
    {
      preValidation: requireUser,
      config: { audit: ['report_template.delete'] },
      schema: { tags: TAGS, summary: 'Delete a report template (to the recycle bin)', params: idParams, response: { 200: deleted, ...errorResponses } },
    },
    async (request) => {
      await deleteTemplate(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /** GET /report-templates/:id/versions?current&pageSize — members → page of frozen versions, newest first. 403; 404. */
  app.get(
    '/report-templates/:id/versions',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "List a report template's versions",
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(reportTemplateVersionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listTemplateVersions(app.db, userOf(request), request.params.id, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /report-templates/:id/versions/:version — members → one frozen version. 403; 404. */
  app.get(
    '/report-templates/:id/versions/:version',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: 'Read a report template version',
        params: reportTemplateVersionParamsSchema,
        response: { 200: okSchema(reportTemplateVersionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getTemplateVersion(app.db, userOf(request), request.params.id, request.params.version)),
  );

  /**
   * PUT /report-templates/:id/docx — editors+; multipart/form-data with one .docx file (any field
   * name, at most TEMPLATE_DOCX_MAX_BYTES) → the template at its next version, `docxSha256` set.
   * 400 naming `file` (missing, several, not a Word document); 413; 415 not multipart; 403; 404.
   */
  app.put(
    '/report-templates/:id/docx',
    {
      preValidation: requireUser,
      config: { audit: ['report_template.update'] },
      schema: {
        tags: TAGS,
        summary: "Upload or replace a report template's Word template",
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: okSchema(reportTemplateSchema), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'BAD_REQUEST', 'errors.reportTemplate.multipart');
      const parts = request.parts({ limits: docxUploadLimits });
      return ok(await uploadTemplateDocx(app, userOf(request), request.params.id, parts, auditOf(request)));
    },
  );

  /** GET /report-templates/:id/docx — members → the Word template as a download. 404 when none; 403. */
  app.get(
    '/report-templates/:id/docx',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "Download a report template's Word template",
        params: idParams,
        response: { 200: z.unknown().describe('The .docx file'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { fileName, sha256, bytes } = await openTemplateDocx(app, userOf(request), request.params.id);
      return reply
        .type(DOCX_MIME)
        .header('ETag', `"${sha256}"`)
        .header('Cache-Control', 'private, no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition('attachment', fileName))
        .send(bytes);
    },
  );

  /**
   * POST /report-templates/:id/preview — members; `{ recordId, body?, partials?, page? }` (unsaved
   * edits) → `{ html, missing }` in the request's language. 400 naming `body` (parse error with its
   * line, or a render error), `partials.<name>`, `page.*`; 404 (template, record); 403.
   */
  app.post(
    '/report-templates/:id/preview',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: {
        tags: TAGS,
        summary: 'Preview a report template against a record',
        params: idParams,
        body: reportPreviewSchema,
        response: { 200: okSchema(reportPreviewResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await previewTemplate(
          app,
          userOf(request),
          request.params.id,
          request.body,
          localeFromAcceptLanguage(request.headers['accept-language']),
        ),
      ),
  );

  /** GET /report-templates/pdf-availability — signed-in users → `{ available, install }` (what to install when Chromium is missing). */
  app.get(
    '/report-templates/pdf-availability',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: 'Whether the server can print PDF', response: { 200: okSchema(pdfAvailabilitySchema), ...errorResponses } },
    },
    async () => ok(pdfState()),
  );

  /**
   * POST /report-templates/:id/render — editors+; `{ format, recordIds }` (1…RENDER_RECORDS_MAX) →
   * 202 the queued render (its task renders; GET …/renders/:renderId follows it). 400 naming
   * `format` (PDF without Chromium: what to install; DOCX without a Word template); 403; 404.
   */
  app.post(
    '/report-templates/:id/render',
    {
      preValidation: requireUser,
      config: { audit: ['report_template.render'] },
      schema: {
        tags: TAGS,
        summary: 'Render a report template (a task)',
        params: idParams,
        body: reportRenderInputSchema,
        response: { 202: okSchema(reportRenderSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          ok(
            await startRender(
              app.db,
              userOf(request),
              request.params.id,
              request.body,
              localeFromAcceptLanguage(request.headers['accept-language']),
              auditOf(request),
              request.log,
            ),
          ),
        ),
  );

  /** GET /report-templates/:id/renders?current&pageSize — members → page of renders, newest first. 403; 404. */
  app.get(
    '/report-templates/:id/renders',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "List a report template's renders",
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(reportRenderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listRenders(app.db, userOf(request), request.params.id, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /report-templates/:id/renders/:renderId — members → one render (its state, completeness, document). 403; 404. */
  app.get(
    '/report-templates/:id/renders/:renderId',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: 'Read a render',
        params: z.object({ id: z.uuid(), renderId: z.uuid() }),
        response: { 200: okSchema(reportRenderSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getRender(app.db, userOf(request), request.params.id, request.params.renderId)),
  );
};
