/**
 * Audit engagements API, the flow's part (contracts/audit-flow.ts, docs/engagements-flow.md; base
 * /api/v1/applications/:slug/audit):
 * - engagements: GET …/engagements/:id/actions, POST …/transition, GET …/transitions, GET …/progress;
 * - procedures: POST …/procedures/:id/start, POST …/sample, GET …/samples, POST …/conclude;
 *   POST …/samples/:sampleId/redraw (a read-only check);
 * - findings: POST …/findings, GET …/findings/overdue, GET …/findings/:id/actions, POST …/transition.
 * Reads need membership, writes an editor, an owner or an administrator (requireModel in the
 * services); each guarded action checks its own gates (409 TRANSITION_REFUSED naming `action`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditSampleSchema,
  auditTransitionSchema,
  engagementActionsSchema,
  engagementProgressSchema,
  engagementTransitionInputSchema,
  engagementTransitionResultSchema,
  findingActionsSchema,
  findingRaiseInputSchema,
  findingTransitionInputSchema,
  findingTransitionResultSchema,
  okSchema,
  overdueFindingSchema,
  procedureConcludeInputSchema,
  procedureConcludeResultSchema,
  recordSchema,
  sampleDrawInputSchema,
  sampleRedrawSchema,
} from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { engagementActions, engagementTransitions, transitionEngagement } from './engagement-transitions';
import { findingActions, overdueFindings, raiseFinding, transitionFinding } from './findings';
import { concludeProcedure, startProcedure } from './procedures';
import { engagementProgress } from './progress';
import { drawSample, listSamples, redrawSample } from './sampling';

const MEMBERS = ['viewer', 'editor', 'owner', 'admin'] as const;
const WRITERS = ['editor', 'owner', 'admin'] as const;
const BASE = '/api/v1/applications/:slug/audit';

/** Who may call each route; audit-flow.route-specs.ts takes its allow lists from here. */
export const AUDIT_FLOW_ROUTE_ACCESS = {
  [`GET ${BASE}/engagements/:id/actions`]: MEMBERS,
  [`POST ${BASE}/engagements/:id/transition`]: WRITERS,
  [`GET ${BASE}/engagements/:id/transitions`]: MEMBERS,
  [`GET ${BASE}/engagements/:id/progress`]: MEMBERS,
  [`POST ${BASE}/procedures/:id/start`]: WRITERS,
  [`POST ${BASE}/procedures/:id/sample`]: WRITERS,
  [`GET ${BASE}/procedures/:id/samples`]: MEMBERS,
  [`POST ${BASE}/samples/:sampleId/redraw`]: MEMBERS,
  [`POST ${BASE}/procedures/:id/conclude`]: WRITERS,
  [`POST ${BASE}/findings`]: WRITERS,
  [`GET ${BASE}/findings/overdue`]: MEMBERS,
  [`GET ${BASE}/findings/:id/actions`]: MEMBERS,
  [`POST ${BASE}/findings/:id/transition`]: WRITERS,
} as const;

const TAGS = ['audit engagements'];
const slugParams = z.object({ slug: z.string().min(1).max(64) });
const idParams = slugParams.extend({ id: z.uuid() });
const sampleParams = slugParams.extend({ sampleId: z.uuid() });

export const auditFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  // ------------------------------------------------------------ engagements

  /** GET …/engagements/:id/actions — members → { phase, actions: ActionOption[] }. 404; 403. */
  app.get(
    '/applications/:slug/audit/engagements/:id/actions',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: "An engagement's next actions", params: idParams, response: { 200: okSchema(engagementActionsSchema), ...errorResponses } },
    },
    async (request) => ok(await engagementActions(app.db, userOf(request), request.params.slug, request.params.id, request.locale, app.readCache)),
  );

  /** POST …/engagements/:id/transition — writers; { action, comment? } → { phase, transition }. 409 TRANSITION_REFUSED; 404; 403. */
  app.post(
    '/applications/:slug/audit/engagements/:id/transition',
    {
      preValidation: requireUser,
      config: { audit: ['engagement.transition'] },
      schema: {
        tags: TAGS,
        summary: "Move an engagement to its next phase",
        params: idParams,
        body: engagementTransitionInputSchema,
        response: { 200: okSchema(engagementTransitionResultSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await transitionEngagement(app.db, userOf(request), request.params.slug, request.params.id, request.body, auditOf(request))),
  );

  /** GET …/engagements/:id/transitions — members → Transition[] newest first. 404; 403. */
  app.get(
    '/applications/:slug/audit/engagements/:id/transitions',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: "An engagement's phase changes", params: idParams, response: { 200: okSchema(z.array(auditTransitionSchema)), ...errorResponses } },
    },
    async (request) => ok(await engagementTransitions(app.db, userOf(request), request.params.slug, request.params.id, app.readCache)),
  );

  /** GET …/engagements/:id/progress — members → EngagementProgress. 404; 403. */
  app.get(
    '/applications/:slug/audit/engagements/:id/progress',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: "An engagement's progress and hours", params: idParams, response: { 200: okSchema(engagementProgressSchema), ...errorResponses } },
    },
    async (request) => ok(await engagementProgress(app.db, userOf(request), request.params.slug, request.params.id, app.readCache)),
  );

  // ------------------------------------------------------------ procedures

  /** POST …/procedures/:id/start — writers → the procedure record (in_progress). 409 TRANSITION_REFUSED; 404; 403. */
  app.post(
    '/applications/:slug/audit/procedures/:id/start',
    {
      preValidation: requireUser,
      config: { audit: ['procedure.start'] },
      schema: { tags: TAGS, summary: 'Start a procedure', params: idParams, response: { 200: okSchema(recordSchema), ...errorResponses } },
    },
    async (request) => ok(await startProcedure(app.db, userOf(request), request.params.slug, request.params.id, auditOf(request))),
  );

  /** POST …/procedures/:id/sample — writers; SampleDrawInput → 201 Sample. 400 naming the field; 409; 404; 403. */
  app.post(
    '/applications/:slug/audit/procedures/:id/sample',
    {
      preValidation: requireUser,
      config: { audit: ['procedure.sample'] },
      schema: {
        tags: TAGS,
        summary: 'Draw a sample for a procedure',
        params: idParams,
        body: sampleDrawInputSchema,
        response: { 201: okSchema(auditSampleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const sample = await drawSample(app.db, userOf(request), request.params.slug, request.params.id, request.body, auditOf(request));
      reply.code(201);
      return ok(sample);
    },
  );

  /** GET …/procedures/:id/samples — members → Sample[] newest first. 404; 403. */
  app.get(
    '/applications/:slug/audit/procedures/:id/samples',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: "A procedure's samples", params: idParams, response: { 200: okSchema(z.array(auditSampleSchema)), ...errorResponses } },
    },
    async (request) => ok(await listSamples(app.db, userOf(request), request.params.slug, request.params.id, app.readCache)),
  );

  /** POST …/samples/:sampleId/redraw — members; writes nothing → { matches, selectedIds }. 404; 403. */
  app.post(
    '/applications/:slug/audit/samples/:sampleId/redraw',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: { tags: TAGS, summary: 'Draw a sample again from its seed (a check)', params: sampleParams, response: { 200: okSchema(sampleRedrawSchema), ...errorResponses } },
    },
    async (request) => ok(await redrawSample(app.db, userOf(request), request.params.slug, request.params.sampleId, app.readCache)),
  );

  /** POST …/procedures/:id/conclude — writers; { conclusion, note? } → { procedure, proposedFinding? }. 409; 404; 403. */
  app.post(
    '/applications/:slug/audit/procedures/:id/conclude',
    {
      preValidation: requireUser,
      config: { audit: ['procedure.conclude'] },
      schema: {
        tags: TAGS,
        summary: 'Conclude a procedure',
        params: idParams,
        body: procedureConcludeInputSchema,
        response: { 200: okSchema(procedureConcludeResultSchema), ...errorResponses },
      },
    },
    async (request) => ok(await concludeProcedure(app.db, userOf(request), request.params.slug, request.params.id, request.body, auditOf(request))),
  );

  // ------------------------------------------------------------ findings

  /** POST …/findings — writers; FindingRaiseInput → 201 the finding record. 400 naming the field; 409; 403. */
  app.post(
    '/applications/:slug/audit/findings',
    {
      preValidation: requireUser,
      config: { audit: ['finding.raise'] },
      schema: {
        tags: TAGS,
        summary: 'Raise a finding',
        params: slugParams,
        body: findingRaiseInputSchema,
        response: { 201: okSchema(recordSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const finding = await raiseFinding(app.db, userOf(request), request.params.slug, request.body, auditOf(request));
      reply.code(201);
      return ok(finding);
    },
  );

  /** GET …/findings/overdue — members → OverdueFinding[] (most overdue first, ≤ 500). 403; 404. */
  app.get(
    '/applications/:slug/audit/findings/overdue',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: 'Overdue findings', params: slugParams, response: { 200: okSchema(z.array(overdueFindingSchema)), ...errorResponses } },
    },
    async (request) => ok(await overdueFindings(app.db, userOf(request), request.params.slug, app.readCache)),
  );

  /** GET …/findings/:id/actions — members → { status, actions }. 404; 403. */
  app.get(
    '/applications/:slug/audit/findings/:id/actions',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: "A finding's next actions", params: idParams, response: { 200: okSchema(findingActionsSchema), ...errorResponses } },
    },
    async (request) => ok(await findingActions(app.db, userOf(request), request.params.slug, request.params.id, request.locale, app.readCache)),
  );

  /** POST …/findings/:id/transition — writers; { action, comment? } → { status, transition, retestProcedureId? }. 409; 404; 403. */
  app.post(
    '/applications/:slug/audit/findings/:id/transition',
    {
      preValidation: requireUser,
      config: { audit: ['finding.transition', 'procedure.retest'] },
      schema: {
        tags: TAGS,
        summary: 'Move a finding to remediation or re-test',
        params: idParams,
        body: findingTransitionInputSchema,
        response: { 200: okSchema(findingTransitionResultSchema), ...errorResponses },
      },
    },
    async (request) => ok(await transitionFinding(app.db, userOf(request), request.params.slug, request.params.id, request.body, auditOf(request))),
  );
};
