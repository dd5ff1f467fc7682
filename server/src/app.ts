/**
 * Builds the Fastify app (exported for tests; index.ts listens, dev.ts serves Umi's mock).
 * Layers (STYLE.md "Server in layers"): plugins (cookie, swagger, zod type provider) → i18n
 * (request locale) → CSRF → auth (session → request.user) → modules under /api/v1 → static app
 * and fallbacks; one central error handler (lib/error-handler.ts).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, Engine } from './db/client';
import { registerCsrf } from './lib/csrf';
import { handleError } from './lib/error-handler';
import { registerRequestContext } from './lib/request-context';
import { applicationRoutes } from './modules/applications/applications.routes';
import { registerAuth } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes, readAppVersion } from './modules/health/health.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { userRoutes } from './modules/users/users.routes';
import { registerStatic } from './static';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (PGlite or PostgreSQL), shared by every module. */
    db: Database;
    engine: Engine;
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
}

/**
 * Builds a ready-to-listen app (plugins load on `ready()`/`listen()`/`inject()`).
 * Request bodies are JSON, at most 1 MiB (1,048,576 bytes; a larger one is a 413 BAD_REQUEST).
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
  // Bodies are JSON only: a text/plain body (what a cross-site form can send) is a 415.
  app.removeContentTypeParser('text/plain');

  // plugins
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
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'assay_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // i18n, CSRF, auth
  registerRequestContext(app);
  registerCsrf(app);
  registerAuth(app);
  // modules
  await app.register(
    async (api) => {
      /** GET /api/v1/openapi.json — the OpenAPI 3 document of every route. */
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(setupRoutes);
      await api.register(authRoutes);
      await api.register(applicationRoutes);
      await api.register(userRoutes);
    },
    { prefix: API_PREFIX },
  );
  // web app and fallbacks
  await registerStatic(app, opts.distDir);
  return app;
}
