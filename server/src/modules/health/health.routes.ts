/**
 * /api/v1/health: liveness and what is running (no authentication), for load balancers and the
 * start script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../../contracts';
import { ok } from '../../lib/envelope';

export const healthSchema = z.object({
  status: z.literal('ok'),
  engine: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** Milliseconds since the app was built. */
  uptimeMs: z.number().int(),
});

/** The `version` of package.json in `cwd` (the repo root), or '0.0.0' when unreadable. */
export function readAppVersion(cwd: string = process.cwd()): string {
  try {
    const pkg: unknown = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8'));
    const version = (pkg as { version?: unknown }).version;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const startedAt = Date.now();
  const version = readAppVersion();
  /** GET /health → `{ success, data: { status: 'ok', engine, version, uptimeMs } }`. */
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: okSchema(healthSchema) } } },
    async () => ok({ status: 'ok' as const, engine: app.engine, version, uptimeMs: Date.now() - startedAt }),
  );
};
