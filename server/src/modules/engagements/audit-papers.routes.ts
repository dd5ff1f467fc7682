/**
 * Workpapers, review notes, evidence and audit reports API (docs/engagements-papers.md; contracts/audit-papers.ts; docs/engagements-papers.md), under
 * /applications/:slug/audit:
 * - workpapers: POST /workpapers; GET /workpapers/:id/actions|signoffs|transitions|evidence;
 *   POST /workpapers/:id/transition|revise|evidence; DELETE /workpapers/:id/evidence/:documentId;
 * - POST /review-notes/:id/clear;
 * - reports: GET/POST /reports; POST /reports/default-template; GET /reports/:id|actions;
 *   POST /reports/:id/render|transition.
 * Read = any member; write = editor, owner or administrator (checked in the services through
 * requireModel). Access per route: AUDIT_PAPER_ROUTE_ACCESS (audit-papers.route-specs.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEvidenceParamsSchema,
  auditPaperParamsSchema,
  auditPaperRecordSchema,
  auditReportCreateSchema,
  auditReportDefaultTemplateSchema,
  auditReportDetailSchema,
  auditReportListQuerySchema,
  auditReportRenderResultSchema,
  auditReportSchema,
  reviewTransitionSchema,
  evidenceAttachSchema,
  evidenceItemSchema,
  okSchema,
  pageSchema,
  reviewActionsSchema,
  reviewNoteClearSchema,
  reviewTransitionInputSchema,
  reviewTransitionResultSchema,
  signoffSchema,
  workpaperCreateSchema,
} from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { ok, page } from '../../lib/envelope';
import { localeFromAcceptLanguage } from '../../lib/i18n';
import { errorResponses } from '../../lib/openapi';
import { createReport, defaultReportTemplate, getReport, listReports, renderReport, reportActions, transitionReport } from './audit-reports';
import { attachEvidence, detachEvidence, listEvidence } from './evidence';
import { clearReviewNote } from './review-notes';
import {
  createWorkpaper,
  reviseWorkpaper,
  transitionWorkpaper,
  workpaperActions,
  workpaperSignoffs,
  workpaperTransitions,
} from './workpapers';

const MEMBERS = ['viewer', 'editor', 'owner', 'admin'] as const;
const WRITERS = ['editor', 'owner', 'admin'] as const;
const B = '/api/v1/applications/:slug/audit';

/** Who may call each route; audit-papers.route-specs.ts takes its allow lists from here. */
export const AUDIT_PAPER_ROUTE_ACCESS = {
  [`POST ${B}/workpapers`]: WRITERS,
  [`GET ${B}/workpapers/:id/actions`]: MEMBERS,
  [`POST ${B}/workpapers/:id/transition`]: WRITERS,
  [`GET ${B}/workpapers/:id/signoffs`]: MEMBERS,
  [`GET ${B}/workpapers/:id/transitions`]: MEMBERS,
  [`POST ${B}/workpapers/:id/revise`]: WRITERS,
  [`GET ${B}/workpapers/:id/evidence`]: MEMBERS,
  [`POST ${B}/workpapers/:id/evidence`]: WRITERS,
  [`DELETE ${B}/workpapers/:id/evidence/:documentId`]: WRITERS,
  [`POST ${B}/review-notes/:id/clear`]: WRITERS,
  [`POST ${B}/reports`]: WRITERS,
  [`POST ${B}/reports/default-template`]: WRITERS,
  [`GET ${B}/reports`]: MEMBERS,
  [`GET ${B}/reports/:id`]: MEMBERS,
  [`GET ${B}/reports/:id/actions`]: MEMBERS,
  [`POST ${B}/reports/:id/render`]: WRITERS,
  [`POST ${B}/reports/:id/transition`]: WRITERS,
} as const;

const TAGS = ['audit papers'];
const slugParams = z.object({ slug: z.string().min(1).max(64) });
const params = auditPaperParamsSchema;
const record = okSchema(auditPaperRecordSchema);

export const auditPaperRoutes: FastifyPluginAsyncZod = async (app) => {
  const locale = (h: string | string[] | undefined) => localeFromAcceptLanguage(Array.isArray(h) ? h[0] : h);

  /** POST …/workpapers — writers; WorkpaperCreate → 201 the draft workpaper record (WP-001…). 400 naming engagementId/procedureId; 403; 404. */
  app.post(
    '/applications/:slug/audit/workpapers',
    {
      preValidation: requireUser,
      config: { audit: ['workpaper.create'] },
      schema: { tags: TAGS, summary: 'Create a workpaper', params: slugParams, body: workpaperCreateSchema, response: { 201: record, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(ok(await createWorkpaper(app.db, userOf(request), request.params.slug, request.body, auditOf(request)))),
  );

  /** GET …/workpapers/:id/actions — members → { status, actions: ActionOption[] }. 403; 404. */
  app.get(
    '/applications/:slug/audit/workpapers/:id/actions',
    { preValidation: requireUser, schema: { tags: TAGS, summary: "A workpaper's review actions", params, response: { 200: okSchema(reviewActionsSchema), ...errorResponses } } },
    async (request) =>
      ok(await workpaperActions(app.db, userOf(request), request.params.slug, request.params.id, locale(request.headers['accept-language']))),
  );

  /** POST …/workpapers/:id/transition — writers; { action, comment? } → { status, transition, signoff? }. 409 TRANSITION_REFUSED; 403; 404. */
  app.post(
    '/applications/:slug/audit/workpapers/:id/transition',
    {
      preValidation: requireUser,
      config: { audit: ['workpaper.transition'] },
      schema: { tags: TAGS, summary: 'Take a review action on a workpaper', params, body: reviewTransitionInputSchema, response: { 200: okSchema(reviewTransitionResultSchema), ...errorResponses } },
    },
    async (request) => ok(await transitionWorkpaper(app.db, userOf(request), request.params.slug, request.params.id, request.body, auditOf(request))),
  );

  /** GET …/workpapers/:id/signoffs — members → Signoff[] oldest first. 403; 404. */
  app.get(
    '/applications/:slug/audit/workpapers/:id/signoffs',
    { preValidation: requireUser, schema: { tags: TAGS, summary: "A workpaper's sign-offs", params, response: { 200: okSchema(z.array(signoffSchema)), ...errorResponses } } },
    async (request) => ok(await workpaperSignoffs(app.db, userOf(request), request.params.slug, request.params.id)),
  );

  /** GET …/workpapers/:id/transitions — members → Transition[] newest first. 403; 404. */
  app.get(
    '/applications/:slug/audit/workpapers/:id/transitions',
    { preValidation: requireUser, schema: { tags: TAGS, summary: "A workpaper's transitions", params, response: { 200: okSchema(z.array(reviewTransitionSchema)), ...errorResponses } } },
    async (request) => ok(await workpaperTransitions(app.db, userOf(request), request.params.slug, request.params.id)),
  );

  /** POST …/workpapers/:id/revise — writers → 201 the new draft revision. 409 TRANSITION_REFUSED (not approved, or revised already); 403; 404. */
  app.post(
    '/applications/:slug/audit/workpapers/:id/revise',
    {
      preValidation: requireUser,
      config: { audit: ['workpaper.revise'] },
      schema: { tags: TAGS, summary: 'Revise an approved workpaper', params, response: { 201: record, ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(ok(await reviseWorkpaper(app.db, userOf(request), request.params.slug, request.params.id, auditOf(request)))),
  );

  /** GET …/workpapers/:id/evidence — members → EvidenceItem[]. 403; 404. */
  app.get(
    '/applications/:slug/audit/workpapers/:id/evidence',
    { preValidation: requireUser, schema: { tags: TAGS, summary: "A workpaper's evidence", params, response: { 200: okSchema(z.array(evidenceItemSchema)), ...errorResponses } } },
    async (request) => ok(await listEvidence(app.db, userOf(request), request.params.slug, request.params.id)),
  );

  /** POST …/workpapers/:id/evidence — writers; { documentId } → EvidenceItem[]. 400 naming documentId; 409 RECORD_LOCKED; 403; 404. */
  app.post(
    '/applications/:slug/audit/workpapers/:id/evidence',
    {
      preValidation: requireUser,
      config: { audit: ['workpaper.attach'] },
      schema: { tags: TAGS, summary: 'Attach a document as evidence', params, body: evidenceAttachSchema, response: { 200: okSchema(z.array(evidenceItemSchema)), ...errorResponses } },
    },
    async (request) => ok(await attachEvidence(app.db, userOf(request), request.params.slug, request.params.id, request.body.documentId, auditOf(request))),
  );

  /** DELETE …/workpapers/:id/evidence/:documentId — writers → EvidenceItem[]. 409 RECORD_LOCKED (approved); 403; 404. */
  app.delete(
    '/applications/:slug/audit/workpapers/:id/evidence/:documentId',
    {
      preValidation: requireUser,
      config: { audit: ['workpaper.detach'] },
      schema: { tags: TAGS, summary: 'Detach an evidence document', params: auditEvidenceParamsSchema, response: { 200: okSchema(z.array(evidenceItemSchema)), ...errorResponses } },
    },
    async (request) =>
      ok(await detachEvidence(app.db, userOf(request), request.params.slug, request.params.id, request.params.documentId, auditOf(request))),
  );

  /** POST …/review-notes/:id/clear — the preparer or an owner; { response? } → the cleared note record. 403; 404; 409 TRANSITION_REFUSED (not open). */
  app.post(
    '/applications/:slug/audit/review-notes/:id/clear',
    {
      preValidation: requireUser,
      config: { audit: ['review_note.clear'] },
      schema: { tags: TAGS, summary: 'Clear a review note', params, body: reviewNoteClearSchema, response: { 200: record, ...errorResponses } },
    },
    async (request) => ok(await clearReviewNote(app.db, userOf(request), request.params.slug, request.params.id, request.body, auditOf(request))),
  );

  /** POST …/reports — writers; AuditReportCreate → 201 the draft report record (its first render queued). 400 naming engagementId/templateId/format; 403; 404. */
  app.post(
    '/applications/:slug/audit/reports',
    {
      preValidation: requireUser,
      config: { audit: ['audit_report.create'] },
      schema: { tags: TAGS, summary: 'Create an audit report', params: slugParams, body: auditReportCreateSchema, response: { 201: record, ...errorResponses } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await createReport(app.db, userOf(request), request.params.slug, request.body, locale(request.headers['accept-language']), auditOf(request), request.log))),
  );

  /**
   * POST …/reports/default-template — writers → { templateId, created }: the default audit report
   * template (made in the caller's language when missing; else `unchanged`). 403; 404.
   */
  app.post(
    '/applications/:slug/audit/reports/default-template',
    {
      preValidation: requireUser,
      config: { audit: ['report_template.create'] },
      schema: { tags: TAGS, summary: 'The default audit report template', params: slugParams, response: { 200: okSchema(auditReportDefaultTemplateSchema), ...errorResponses } },
    },
    async (request) => ok(await defaultReportTemplate(app.db, userOf(request), request.params.slug, locale(request.headers['accept-language']), auditOf(request))),
  );

  /** GET …/reports?current&pageSize&engagementId — members → page of AuditReport, most recently changed first. 403; 404. */
  app.get(
    '/applications/:slug/audit/reports',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: 'List audit reports', params: slugParams, querystring: auditReportListQuerySchema, response: { 200: pageSchema(auditReportSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listReports(app.db, userOf(request), request.params.slug, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET …/reports/:id — members → AuditReportDetail (the printable page's data). 403; 404. */
  app.get(
    '/applications/:slug/audit/reports/:id',
    { preValidation: requireUser, schema: { tags: TAGS, summary: 'Read an audit report', params, response: { 200: okSchema(auditReportDetailSchema), ...errorResponses } } },
    async (request) => ok(await getReport(app.db, userOf(request), request.params.slug, request.params.id)),
  );

  /** GET …/reports/:id/actions — members → { status, actions }. 403; 404. */
  app.get(
    '/applications/:slug/audit/reports/:id/actions',
    { preValidation: requireUser, schema: { tags: TAGS, summary: "An audit report's review actions", params, response: { 200: okSchema(reviewActionsSchema), ...errorResponses } } },
    async (request) => ok(await reportActions(app.db, userOf(request), request.params.slug, request.params.id, locale(request.headers['accept-language']))),
  );

  /** POST …/reports/:id/render — writers (draft or rejected reports) → 202 { renderId }. 409 TRANSITION_REFUSED; 400; 403; 404. */
  app.post(
    '/applications/:slug/audit/reports/:id/render',
    {
      preValidation: requireUser,
      config: { audit: ['audit_report.render'] },
      schema: { tags: TAGS, summary: 'Render an audit report again', params, response: { 202: okSchema(auditReportRenderResultSchema), ...errorResponses } },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(ok(await renderReport(app.db, userOf(request), request.params.slug, request.params.id, locale(request.headers['accept-language']), auditOf(request), request.log))),
  );

  /** POST …/reports/:id/transition — writers; { action, comment? } → { status, transition, signoff? }. 409 TRANSITION_REFUSED; 403; 404. */
  app.post(
    '/applications/:slug/audit/reports/:id/transition',
    {
      preValidation: requireUser,
      config: { audit: ['audit_report.transition'] },
      schema: { tags: TAGS, summary: 'Take a review action on an audit report', params, body: reviewTransitionInputSchema, response: { 200: okSchema(reviewTransitionResultSchema), ...errorResponses } },
    },
    async (request) => ok(await transitionReport(app.db, userOf(request), request.params.slug, request.params.id, request.body, auditOf(request))),
  );
};
