/**
 * The audit layer of requests:
 * - `auditOf(request)`: the writer a route hands its service (actor = the signed-in user, or
 *   `anonymous`; the client IP), counting what the request wrote;
 * - a registry of every mutating route under /api (`app.mutatingRoutes`), each required to declare
 *   `config.audit` (the actions it writes, or false) when it is added — a route without one stops
 *   the app from building — so a test can walk them all ("every mutating route writes exactly one
 *   entry", audit.routes-walk.test.ts);
 * - an onResponse check on each mutating route that declares actions: a successful (2xx) mutation that wrote no entry, several, or an action it
 *   did not declare is logged as an error;
 * - no-ops: a change that changes nothing (a PATCH with the values the object has) is a declared
 *   outcome, not an error: the service calls `audit.unchanged()` (or the route `markUnchanged`),
 *   writes nothing, and the 2xx answer carries `unchanged: true` beside `data` (contracts okSchema).
 *   audit.routes-walk.test.ts repeats every PATCH/PUT and checks exactly that.
 */
import type { FastifyInstance, FastifyRequest, onResponseHookHandler, preSerializationHookHandler } from 'fastify';
import { isApiUrl, isMutatingMethod } from '../lib/csrf';
import { auditWriter, type AuditWriter } from './audit.writer';

/** A mutating /api route and the audit actions it declares. */
export interface MutatingRoute {
  method: string;
  url: string;
  audit: readonly string[] | false;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every POST/PUT/PATCH/DELETE route under /api, in registration order. */
    mutatingRoutes: MutatingRoute[];
    /** Every route under /api (HEAD left out), in registration order: the access matrix walks them. */
    apiRoutes: { method: string; url: string }[];
  }
}

const unchanged = new WeakSet<FastifyRequest>();

/**
 * Marks a successful mutation that changed nothing (e.g. signing out without a session): it is
 * then allowed to write no entry.
 */
export function markUnchanged(request: FastifyRequest): void {
  unchanged.add(request);
}

/** True when the request was marked unchanged (a no-op). */
export function isUnchanged(request: FastifyRequest): boolean {
  return unchanged.has(request);
}

/**
 * The audit writer of a request: actor from request.user (null id + `anonymous` when signed out)
 * and request.ip; `unchanged()` marks the request unchanged.
 */
export function auditOf(request: FastifyRequest): AuditWriter {
  const user = request.user;
  return auditWriter(
    { id: user?.id ?? null, label: user?.email ?? 'anonymous', ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
    (action) => request.auditActions.push(action),
    () => markUnchanged(request),
  );
}

/** Adds `unchanged: true` to the success envelope of a request marked unchanged that wrote no entry. */
const flagUnchanged: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
  const body = payload as { success?: unknown } | null;
  if (unchanged.has(request) && request.auditActions.length === 0 && reply.statusCode < 300 && body && typeof body === 'object' && body.success === true) {
    done(null, { ...body, unchanged: true });
    return;
  }
  done(null, payload);
};

/** The onResponse check of a mutating route that declares audit actions (see the module comment). */
const checkAudit: onResponseHookHandler = (request, reply, done) => {
  const declared = request.routeOptions.config.audit;
  const written = request.auditActions;
  if (
    Array.isArray(declared) &&
    reply.statusCode >= 200 &&
    reply.statusCode < 300 &&
    !(written.length === 0 && unchanged.has(request)) &&
    (written.length !== 1 || !declared.includes(written[0]))
  ) {
    request.log.error(
      { method: request.method, url: request.routeOptions.url, written, declared },
      'audit: a successful mutation must write exactly one declared audit entry',
    );
  }
  done();
};

/** Installs the registry (onRoute) and the onResponse check (on the routes that need it); call before any route is added. */
export function registerAuditLayer(app: FastifyInstance): void {
  app.decorate('mutatingRoutes', [] as MutatingRoute[]);
  app.decorate('apiRoutes', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!isApiUrl(route.url)) return;
    for (const method of methods) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url });
      if (!isMutatingMethod(method)) continue;
      const audit = route.config?.audit;
      if (audit === undefined) {
        throw new Error(`${method} ${route.url} must declare config.audit: the audit actions it writes, or false`);
      }
      app.mutatingRoutes.push({ method, url: route.url, audit });
    }
    if (methods.some(isMutatingMethod) && Array.isArray(route.config?.audit)) {
      const own = route.onResponse;
      route.onResponse = own === undefined ? [checkAudit] : Array.isArray(own) ? [...own, checkAudit] : [own, checkAudit];
      const ownSerialization = route.preSerialization;
      route.preSerialization =
        ownSerialization === undefined ? [flagUnchanged] : Array.isArray(ownSerialization) ? [...ownSerialization, flagUnchanged] : [ownSerialization, flagUnchanged];
    }
  });
}
