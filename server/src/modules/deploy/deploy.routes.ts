/**
 * /api/v1/deploy: deploy packages (contracts/deploy.ts, docs/deploy.md, the route list in
 * README.md), administrators only (DEPLOY_ROUTE_ACCESS, which the access matrix reads). Every
 * mutation is audited (`config.audit`); export is a read that writes `deploy.export` too.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEPLOY_MAX_PACKAGE_BYTES,
  deployApplyResultSchema,
  deployApplySchema,
  deployDeploymentListQuerySchema,
  deployDeploymentSchema,
  deployDiffSchema,
  deployExportSchema,
  deployIdParamsSchema,
  deployInstallationKeySchema,
  deployPackageListQuerySchema,
  deployPackageSchema,
  deployRollbackResultSchema,
  deploySignerSchema,
  deployTrustSchema,
  okSchema,
  pageQuerySchema,
  pageSchema,
} from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, userOf } from '../../core/auth.plugin';
import { contentDisposition } from '../../lib/content-disposition';
import { ok, page } from '../../lib/envelope';
import { HttpError } from '../../lib/http-error';
import { errorResponses } from '../../lib/openapi';
import { publicInstallationKey } from './deploy.keys';
import {
  applyPackage,
  deletePackage,
  diffPackage,
  exportPackage,
  getPackage,
  listDeployments,
  listPackages,
  listSigners,
  packageBytes,
  removeSigner,
  rollbackDeployment,
  trustPackage,
  uploadPackage,
} from './deploy.service';

/** Who may call each route (all: administrators); deploy.route-specs.ts takes its allow lists from here. */
export const DEPLOY_ROUTE_ACCESS = {
  'GET /api/v1/deploy/key': ['admin'],
  'POST /api/v1/deploy/export': ['admin'],
  'GET /api/v1/deploy/packages': ['admin'],
  'POST /api/v1/deploy/packages': ['admin'],
  'GET /api/v1/deploy/packages/:id': ['admin'],
  'GET /api/v1/deploy/packages/:id/download': ['admin'],
  'GET /api/v1/deploy/packages/:id/diff': ['admin'],
  'POST /api/v1/deploy/packages/:id/trust': ['admin'],
  'POST /api/v1/deploy/packages/:id/dry-run': ['admin'],
  'POST /api/v1/deploy/packages/:id/apply': ['admin'],
  'DELETE /api/v1/deploy/packages/:id': ['admin'],
  'GET /api/v1/deploy/deployments': ['admin'],
  'POST /api/v1/deploy/deployments/:id/rollback': ['admin'],
  'GET /api/v1/deploy/signers': ['admin'],
  'DELETE /api/v1/deploy/signers/:id': ['admin'],
} as const;

const TAGS = ['deploy'];
const ZIP = 'application/zip';
const deleted = okSchema(z.object({ id: z.string() }));
const params = deployIdParamsSchema;

export const deployRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  const s = (summary: string) => ({ tags: TAGS, summary });

  /** GET /deploy/key → this installation's public signing key and its fingerprint (made at first call). */
  app.get(
    '/deploy/key',
    { preValidation: requireAdmin, schema: { ...s('The installation signing key'), response: { 200: okSchema(deployInstallationKeySchema), ...errorResponses } } },
    async () => ok(await publicInstallationKey(app.db)),
  );

  /** POST /deploy/export `{ application }` → the signed package (application/zip, attachment); 404 unknown application. */
  app.post(
    '/deploy/export',
    {
      preValidation: requireAdmin,
      config: { audit: ['deploy.export'] },
      schema: { ...s("Export an application's model as a signed package"), body: deployExportSchema, response: { 200: z.unknown().describe('The package zip'), ...errorResponses } },
    },
    async (request, reply) => {
      const { fileName, bytes } = await exportPackage(app.db, userOf(request), request.body.application, auditOf(request));
      return reply
        .type(ZIP)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition('attachment', fileName))
        .send(bytes);
    },
  );

  /** GET /deploy/packages?current&pageSize&application → page of DeployPackage, newest first. */
  app.get(
    '/deploy/packages',
    {
      preValidation: requireAdmin,
      schema: { ...s('List deploy packages'), querystring: deployPackageListQuerySchema, response: { 200: pageSchema(deployPackageSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listPackages(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /deploy/packages (multipart, one file) → 201 DeployPackage; 400 `file`; 413; 415; 422 newer format / broken signature. */
  app.post(
    '/deploy/packages',
    {
      preValidation: requireAdmin,
      config: { audit: ['deploy.upload'] },
      schema: { ...s('Upload a deploy package'), consumes: ['multipart/form-data'], response: { 201: okSchema(deployPackageSchema), ...errorResponses } },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new HttpError(415, 'BAD_REQUEST', 'errors.deploy.file', [{ field: 'file', messageKey: 'errors.deploy.file' }]);
      const parts = request.parts({ limits: { fileSize: DEPLOY_MAX_PACKAGE_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 5 } });
      return reply.code(201).send(ok(await uploadPackage(app.db, userOf(request), parts, auditOf(request))));
    },
  );

  /** GET /deploy/packages/:id → DeployPackage; 404. */
  app.get(
    '/deploy/packages/:id',
    { preValidation: requireAdmin, schema: { ...s('A deploy package'), params, response: { 200: okSchema(deployPackageSchema), ...errorResponses } } },
    async (request) => ok(await getPackage(app.db, request.params.id)),
  );

  /** GET /deploy/packages/:id/download → the stored zip, byte for byte; 404. */
  app.get(
    '/deploy/packages/:id/download',
    { preValidation: requireAdmin, schema: { ...s('Download a stored package'), params, response: { 200: z.unknown().describe('The package zip'), ...errorResponses } } },
    async (request, reply) => {
      const { fileName, bytes } = await packageBytes(app.db, request.params.id);
      return reply.type(ZIP).header('X-Content-Type-Options', 'nosniff').header('Content-Disposition', contentDisposition('attachment', fileName)).send(bytes);
    },
  );

  /** GET /deploy/packages/:id/diff → DeployDiff (object by object, type-change counts, variables and users to map); 404. */
  app.get(
    '/deploy/packages/:id/diff',
    { preValidation: requireAdmin, schema: { ...s("A package's diff against its target"), params, response: { 200: okSchema(deployDiffSchema), ...errorResponses } } },
    async (request) => ok(await diffPackage(app.db, request.params.id)),
  );

  /** POST /deploy/packages/:id/trust `{ mode }` → DeployPackage (accepted); 400 `mode` (signer of an unsigned package); 404. */
  app.post(
    '/deploy/packages/:id/trust',
    {
      preValidation: requireAdmin,
      config: { audit: ['deploy.trust'] },
      schema: { ...s("Trust a package's signer, or accept the package"), params, body: deployTrustSchema, response: { 200: okSchema(deployPackageSchema), ...errorResponses } },
    },
    async (request) => ok(await trustPackage(app.db, userOf(request), request.params.id, request.body, auditOf(request))),
  );

  /** POST /deploy/packages/:id/dry-run `{ variableMap, userMap }` → DeployApplyResult (nothing kept); 409 not trusted; 422 naming the object. */
  app.post(
    '/deploy/packages/:id/dry-run',
    {
      preValidation: requireAdmin,
      config: { audit: ['deploy.dry_run'] },
      schema: { ...s('Dry-run a package (applied, reported, rolled back)'), params, body: deployApplySchema, response: { 200: okSchema(deployApplyResultSchema), ...errorResponses } },
    },
    async (request) => ok(await applyPackage(app.db, userOf(request), request.params.id, request.body, auditOf(request), true)),
  );

  /** POST /deploy/packages/:id/apply `{ variableMap, userMap }` → DeployApplyResult; 409 not trusted; 422 naming the object (nothing applied). */
  app.post(
    '/deploy/packages/:id/apply',
    {
      preValidation: requireAdmin,
      config: { audit: ['deploy.apply'] },
      schema: { ...s('Apply a package in one transaction'), params, body: deployApplySchema, response: { 200: okSchema(deployApplyResultSchema), ...errorResponses } },
    },
    async (request) => ok(await applyPackage(app.db, userOf(request), request.params.id, request.body, auditOf(request), false)),
  );

  /** DELETE /deploy/packages/:id → `{ id }`; 409 when a deployment refers to it; 404. */
  app.delete(
    '/deploy/packages/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['deploy.delete'] },
      schema: { ...s('Delete a package never applied'), params, response: { 200: deleted, ...errorResponses } },
    },
    async (request) => {
      await deletePackage(app.db, request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /** GET /deploy/deployments?current&pageSize&application → page of DeployDeployment, newest first. */
  app.get(
    '/deploy/deployments',
    {
      preValidation: requireAdmin,
      schema: { ...s('List deployments'), querystring: deployDeploymentListQuerySchema, response: { 200: pageSchema(deployDeploymentSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listDeployments(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /deploy/deployments/:id/rollback → DeployRollbackResult; 409 not the latest / already rolled back; 404. */
  app.post(
    '/deploy/deployments/:id/rollback',
    {
      preValidation: requireAdmin,
      config: { audit: ['deploy.rollback'] },
      schema: { ...s('Roll back a deployment in one step'), params, response: { 200: okSchema(deployRollbackResultSchema), ...errorResponses } },
    },
    async (request) => ok(await rollbackDeployment(app.db, userOf(request), request.params.id, auditOf(request))),
  );

  /** GET /deploy/signers?current&pageSize → page of DeploySigner. */
  app.get(
    '/deploy/signers',
    { preValidation: requireAdmin, schema: { ...s('List trusted signers'), querystring: pageQuerySchema, response: { 200: pageSchema(deploySignerSchema), ...errorResponses } } },
    async (request) => {
      const { items, total } = await listSigners(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** DELETE /deploy/signers/:id → `{ id }`; 404. */
  app.delete(
    '/deploy/signers/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['deploy.signer_remove'] },
      schema: { ...s('Stop trusting a signer'), params, response: { 200: deleted, ...errorResponses } },
    },
    async (request) => {
      await removeSigner(app.db, request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );
};
