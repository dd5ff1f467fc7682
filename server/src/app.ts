/**
 * Builds the Fastify app (exported for tests; index.ts listens, dev.ts serves Umi's mock).
 * Layers (docs/code-style.md "Server in layers"), in the order their onRequest hooks run: request context
 * (locale) → security headers (CSP with a nonce, helmet's others, HSTS over https) → allowed hosts
 * (421 for another Host) → cookies → CSRF → auth (session or API token → request.user) → coarse
 * API rate limit (per user, else per IP: a route-level hook, after the global ones) → modules under
 * /api/v1 and /__serverLoader → static app and fallbacks; the audit layer checks every mutating
 * route (onRoute) and response (onResponse); one central error handler (lib/error-handler.ts).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { listenForInvalidation, registerMutationInvalidation } from './db/cache-invalidation';
import type { Database, DatabaseHandle, Engine } from './db/client';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalBlobStore, type BlobStore } from './lib/blob-store';
import { ReadCache } from './lib/read-cache';
import { serializerCompiler } from './lib/serializer';
import { hostAllowList, registerAllowedHosts } from './lib/allowed-hosts';
import { isApiUrl, registerCsrf } from './lib/csrf';
import { rateLimitKey } from './lib/rate-limit-key';
import { handleError } from './lib/error-handler';
import { registerRequestContext } from './lib/request-context';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerTextInputGuard } from './lib/text-input';
import { accountRoutes } from './modules/account/account.routes';
import { applicationRoutes } from './modules/applications/applications.routes';
import { registerAuditLayer } from './core/audit.plugin';
import { auditRoutes } from './modules/audit/audit.routes';
import type { AnchorFile } from './modules/audit/audit.anchors';
import type { SigningKey } from './modules/audit/audit.signing';
import { registerAuth } from './core/auth.plugin';
import { resolveApiToken } from './modules/account/account.service';
import { resolveCachedSession, resolveSession } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes, readAppVersion } from './modules/health/health.routes';
import { noticeRoutes } from './modules/notices/notices.routes';
import { recycleRoutes } from './modules/recycle/recycle.routes';
import { routeDataRoutes } from './modules/route-data/route-data.routes';
import { cspReportRoutes, type CspReportLog } from './modules/security/csp-report.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { groupRoutes } from './modules/groups/groups.routes';
import { userRoutes } from './modules/users/users.routes';
import { variableRoutes } from './modules/variables/variables.routes';
import { tagRoutes } from './modules/tags/tags.routes';
import { categoryRoutes } from './modules/categories/categories.routes';
import { subjectRoutes } from './modules/subjects/subjects.routes';
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { documentRoutes } from './modules/documents/documents.routes';
import { commentRoutes } from './modules/comments/comments.routes';
import { recordTagRoutes } from './modules/record-tags/record-tags.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { recordQueryRoutes } from './modules/record-queries/record-queries.routes';
import { queriesRoutes } from './modules/queries/queries.routes';
import { formRoutes } from './modules/forms/forms.routes';
import { recordRoutes } from './modules/records/records.routes';
import { clientRoutes } from './modules/clients/clients.routes';
import { viewRoutes } from './modules/views/views.routes';
import { taskRoutes } from './modules/tasks/tasks.routes';
import { triggerRoutes } from './modules/triggers/triggers.routes';
import { deployRoutes } from './modules/deploy/deploy.routes';
import { ruleRoutes } from './modules/rules/rules.routes';
import { ruleSetRoutes } from './modules/rules/rule-sets.routes';
import { ruleRunRoutes } from './modules/rules/rule-runs.routes';
import { incidentRoutes } from './modules/rules/incidents.routes';
import { reportTemplateRoutes } from './modules/report-templates/report-templates.routes';
import { engagementRoutes } from './modules/engagements/engagements.routes';
import { auditFlowRoutes } from './modules/engagements/audit-flow.routes';
import { auditMonitorRoutes } from './modules/engagements/audit-monitor.routes';
import { auditPaperRoutes } from './modules/engagements/audit-papers.routes';
import { auditDashboardRoutes } from './modules/engagements/audit-dashboard.routes';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes';
import './modules/triggers/actions';
import './modules/outbound/outbound.anchor';
// the rules' per-record check registers itself with the records module (records/record-rules.ts)
import './modules/rules/subject-rules';
import { registerStatic } from './static';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (PGlite or PostgreSQL), shared by every module. */
    db: Database;
    engine: Engine;
    /** The key that signs the audit chain head, or null (signing off): verification checks its signatures. */
    auditSigningKey: SigningKey | null;
    /** The audit anchor file (DATA_DIR/audit-anchors.jsonl, modules/audit/audit.anchors.ts), or null (tests without one): verification compares it. */
    auditAnchors: AnchorFile | null;
    /** Cached hot reads (lib/read-cache.ts); disabled (every read loads) when built without `cacheSource`. */
    readCache: ReadCache;
    /** Uploaded files' bytes (lib/blob-store.ts), content-addressed by SHA-256. */
    blobs: BlobStore;
  }
}

/** The API's prefix: every endpoint is under /api/v1. */
export const API_PREFIX = '/api/v1';

export interface BuildAppOptions {
  db: Database;
  engine: Engine;
  /** The built web app (index.html + assets); undefined = API only (tests, `umi dev`). */
  distDir?: string;
  /** Fastify's (pino) logger: false (default) or true or pino options such as `{ level: 'info' }`. */
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-* headers (client IP, https detection). Default false. */
  trustProxy?: boolean;
  /** The audit head's signing key (env AUDIT_SIGNING_KEY[_FILE]); default null. */
  signingKey?: SigningKey | null;
  /** The audit anchor file (index.ts: DATA_DIR/audit-anchors.jsonl); default null (no anchors compared). */
  auditAnchors?: AnchorFile | null;
  /** Origins accepted on mutations besides the server's own (env ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Host names answered besides the defaults (env ALLOWED_HOSTS; lib/allowed-hosts.ts). */
  allowedHosts?: readonly string[];
  /** The listen address (env HOST): allowed as a host name when it is a specific address. */
  bindHost?: string;
  /** Coarse limit of /api requests per minute per signed-in user or anonymous client IP (env API_RATE_LIMIT); 0 or undefined = off. */
  apiRateLimit?: number;
  /**
   * The database handle to LISTEN on for cache invalidation (db/cache-invalidation.ts). Given: hot
   * reads are cached in-process; omitted: the read cache is off.
   */
  cacheSource?: DatabaseHandle;
  /**
   * Where uploaded files' bytes go (index.ts: the store BLOB_STORE picks, docs/blob-stores.md). Omitted: a new temporary folder,
   * removed when the app closes (tests, `umi dev`'s in-memory database).
   */
  blobs?: BlobStore;
}

/**
 * Builds a ready-to-listen app (plugins load on `ready()`/`listen()`/`inject()`).
 * Request bodies are JSON, at most 1 MiB (1,048,576 bytes; a larger one is a 413 BAD_REQUEST).
 * @throws Error at `ready()` when a mutating /api route does not declare `config.audit`.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.decorate('db', opts.db);
  app.decorate('engine', opts.engine);
  app.decorate('auditSigningKey', opts.signingKey ?? null);
  app.decorate('auditAnchors', opts.auditAnchors ?? null);
  app.decorate('cspReports', { count: 0, recent: [] } as CspReportLog);
  const readCache = new ReadCache({ enabled: opts.cacheSource !== undefined });
  app.decorate('readCache', readCache);
  if (opts.blobs) {
    app.decorate('blobs', opts.blobs);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-blobs-'));
    app.decorate('blobs', new LocalBlobStore(dir));
    app.addHook('onClose', async () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  if (opts.cacheSource) {
    const source = opts.cacheSource;
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = await listenForInvalidation(source, readCache, app.log);
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
    registerMutationInvalidation(app, readCache, source.raw.engine);
  }
  // Bodies are JSON only: a text/plain body (what a cross-site form can send) is a 415.
  app.removeContentTypeParser('text/plain');

  registerRequestContext(app);
  // NUL and unpaired surrogates in params, query or JSON body → 400 before any route sees them
  registerTextInputGuard(app);
  registerAuditLayer(app);
  registerSecurityHeaders(app);
  // before CSRF, auth and every route (its 421 still carries the security headers)
  registerAllowedHosts(app, hostAllowList({ allowedHosts: opts.allowedHosts, allowedOrigins: opts.allowedOrigins, bindHost: opts.bindHost }));
  // always registered: routes may set their own `config.rateLimit` (the public share reads);
  // the coarse limit of every /api route applies only when API_RATE_LIMIT is set. Its hook is a
  // route-level onRequest hook, so it runs after every hook added here with app.addHook (host
  // check, CSRF, auth): the key sees the verified user (lib/rate-limit-key.ts)
  {
    const coarse = Boolean(opts.apiRateLimit && opts.apiRateLimit > 0);
    await app.register(fastifyRateLimit, {
      global: coarse,
      max: coarse ? (opts.apiRateLimit ?? 1000) : 1000,
      timeWindow: 60_000,
      keyGenerator: rateLimitKey,
      allowList: (request) => !isApiUrl(request.url),
      // the x-ratelimit-* counters only on a 429 (with Retry-After): three headers fewer on every
      // API answer (security-headers.ts; bench/api-throughput.mjs)
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    });
  }
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Assay API',
        description: 'Audit, compliance and data management. Envelopes: contracts/envelope.ts.',
        version: readAppVersion(),
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'assay_session' },
          bearer: { type: 'http', scheme: 'bearer', description: 'A personal API token (personal center)' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // schemas registered with an id (the recursive filter group) become components.schemas
    transformObject: jsonSchemaTransformObject,
  });
  registerCsrf(app, { allowedOrigins: opts.allowedOrigins });
  registerAuth(app, { session: resolveSession, cachedSession: resolveCachedSession, apiToken: resolveApiToken });
  await app.register(
    async (api) => {
      /** GET /api/v1/openapi.json — the OpenAPI 3 document of every route. */
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(setupRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(settingsRoutes);
      await api.register(applicationRoutes);
      await api.register(userRoutes);
      await api.register(groupRoutes);
      await api.register(auditRoutes);
      await api.register(recycleRoutes);
      await api.register(cspReportRoutes);
      await api.register(noticeRoutes);
      await api.register(variableRoutes);
      await api.register(tagRoutes);
      await api.register(categoryRoutes);
      await api.register(subjectRoutes);
      await api.register(attachmentRoutes);
      await api.register(commentRoutes);
      await api.register(recordTagRoutes);
      await api.register(recordQueryRoutes);
      await api.register(queriesRoutes);
      await api.register(formRoutes);
      await api.register(importRoutes);
      await api.register(recordRoutes);
      await api.register(clientRoutes);
      await api.register(viewRoutes);
      await api.register(taskRoutes);
      await api.register(triggerRoutes);
      await api.register(ruleRoutes);
      await api.register(ruleSetRoutes);
      await api.register(ruleRunRoutes);
      await api.register(incidentRoutes);
      await api.register(reportTemplateRoutes);
      await api.register(deployRoutes);
      await api.register(engagementRoutes);
      await api.register(auditFlowRoutes);
      await api.register(auditMonitorRoutes);
      await api.register(auditPaperRoutes);
      await api.register(auditDashboardRoutes);
      await api.register(documentRoutes);
      await api.register(dashboardRoutes);
    },
    { prefix: API_PREFIX },
  );
  // GET /__serverLoader (docs/routes-and-loading.md "Route data"): per-route data of the pages that have it
  await app.register(routeDataRoutes);
  // web app and fallbacks
  await registerStatic(app, opts.distDir);
  return app;
}
