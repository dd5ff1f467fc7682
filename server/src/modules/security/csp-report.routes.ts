/**
 * /api/v1/csp-report: where browsers report Content-Security-Policy violations (lib/security-headers.ts
 * `report-uri`). Each report is logged (warn) and counted; administrators read the count and the
 * latest reports (GET), which the browser tests use to prove a page ran without a violation.
 * Browsers post bare (`application/csp-report`, or `application/reports+json` from the Reporting
 * API, no CSRF header), so the route opts out of the CSRF checks and writes no audit entry
 * (it changes no data). Bodies are capped at 64 KiB; the count lives in the process.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../../contracts';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { requireAdmin } from '../../core/auth.plugin';

/** Largest report body accepted (bytes). */
export const CSP_REPORT_BODY_LIMIT = 65_536;
/** Reports kept for GET (the newest). */
export const CSP_REPORTS_KEPT = 50;

/** One violation, as logged and listed. */
export interface CspViolation {
  at: string;
  documentUri: string | null;
  violatedDirective: string | null;
  blockedUri: string | null;
  sourceFile: string | null;
  lineNumber: number | null;
  sample: string | null;
}

const violationSchema = z.object({
  at: z.string(),
  documentUri: z.string().nullable(),
  violatedDirective: z.string().nullable(),
  blockedUri: z.string().nullable(),
  sourceFile: z.string().nullable(),
  lineNumber: z.number().nullable(),
  sample: z.string().nullable(),
});
const summarySchema = z.object({ count: z.number().int(), recent: z.array(violationSchema) });

/** The reports received by this process. */
export interface CspReportLog {
  count: number;
  recent: CspViolation[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by app.ts (root), filled by POST /csp-report. */
    cspReports: CspReportLog;
  }
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v.slice(0, 1000) : null;
}

/**
 * The violations in a report body: `{ "csp-report": {...} }` (report-uri) or an array of
 * `{ type: "csp-violation", body: {...} }` (Reporting API); anything else yields none.
 */
export function violationsOf(body: unknown, at: Date = new Date()): CspViolation[] {
  const items: Record<string, unknown>[] = [];
  if (Array.isArray(body)) {
    for (const r of body) {
      const inner = (r as { body?: unknown })?.body;
      if (inner && typeof inner === 'object') items.push(inner as Record<string, unknown>);
    }
  } else if (body && typeof body === 'object') {
    const inner = (body as Record<string, unknown>)['csp-report'];
    if (inner && typeof inner === 'object') items.push(inner as Record<string, unknown>);
  }
  return items.map((r) => ({
    at: at.toISOString(),
    documentUri: str(r['document-uri'] ?? r.documentURL),
    violatedDirective: str(r['violated-directive'] ?? r['effective-directive'] ?? r.effectiveDirective),
    blockedUri: str(r['blocked-uri'] ?? r.blockedURL),
    sourceFile: str(r['source-file'] ?? r.sourceFile),
    lineNumber: typeof (r['line-number'] ?? r.lineNumber) === 'number' ? Number(r['line-number'] ?? r.lineNumber) : null,
    sample: str(r['script-sample'] ?? r.sample),
  }));
}

export const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, null);
      }
    });
  }

  /** POST /csp-report — a browser's violation report → 204. Logged at warn, counted. */
  app.post(
    '/csp-report',
    {
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      config: { csrf: false, audit: false },
      schema: { hide: true },
    },
    async (request, reply) => {
      const violations = violationsOf(request.body);
      for (const v of violations) {
        app.cspReports.count += 1;
        app.cspReports.recent.push(v);
        request.log.warn({ csp: v }, 'csp: violation reported');
      }
      app.cspReports.recent.splice(0, Math.max(0, app.cspReports.recent.length - CSP_REPORTS_KEPT));
      return reply.code(204).send();
    },
  );

  /** GET /csp-report — administrators: `{ count, recent }` of the reports this process received. */
  app.get(
    '/csp-report',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['system'],
        summary: 'Content-Security-Policy violations received',
        response: { 200: okSchema(summarySchema), ...errorResponses },
      },
    },
    async () => ok({ count: app.cspReports.count, recent: app.cspReports.recent }),
  );
};
