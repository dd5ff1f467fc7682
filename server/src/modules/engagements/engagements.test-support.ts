/**
 * Test helpers of the audit engagements module (API tests and route specs): an application with the
 * Audit module enabled, its model (subject keys by object), and record writes through the API.
 */
import type { FastifyInstance } from 'fastify';
import type { AuditModel, AuditObject } from '../../../../contracts';
import { call, json } from '../../test/helpers';
import { oncePerWorld } from '../../test/records-support';
import type { World } from '../../test/route-specs';

/** Creates application `slug` with the Audit module enabled, as `cookie`. @returns its id and model. */
export async function createAuditApplication(app: FastifyInstance, cookie: string, slug: string): Promise<{ id: string; model: AuditModel }> {
  const res = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug, name: slug, modules: ['audit'] } });
  if (res.statusCode !== 201) throw new Error(`application: ${res.statusCode} ${res.body}`);
  return { id: json<{ data: { id: string } }>(res).data.id, model: await auditModel(app, cookie, slug) };
}

/** Enables the Audit module of the existing application `slug` (its other modules kept). */
export async function enableAudit(app: FastifyInstance, cookie: string, slug: string): Promise<AuditModel> {
  const got = await call(app, 'GET', `/api/v1/applications/${slug}`, { cookie });
  const modules = json<{ data: { modules: string[] } }>(got).data.modules;
  if (!modules.includes('audit')) {
    const res = await call(app, 'PATCH', `/api/v1/applications/${slug}`, { cookie, body: { modules: [...modules, 'audit'] } });
    if (res.statusCode !== 200) throw new Error(`enable audit: ${res.statusCode} ${res.body}`);
  }
  return auditModel(app, cookie, slug);
}

/** GET …/audit/model. */
export async function auditModel(app: FastifyInstance, cookie: string, slug: string): Promise<AuditModel> {
  const res = await call(app, 'GET', `/api/v1/applications/${slug}/audit/model`, { cookie });
  if (res.statusCode !== 200) throw new Error(`model: ${res.statusCode} ${res.body}`);
  return json<{ data: AuditModel }>(res).data;
}

/** Creates a record of `object` through the records API. @returns its id and version. */
export async function createAuditRecord(
  app: FastifyInstance,
  cookie: string,
  slug: string,
  model: AuditModel,
  object: AuditObject,
  values: Record<string, unknown>,
): Promise<{ id: string; version: number; values: Record<string, unknown> }> {
  const res = await call(app, 'POST', `/api/v1/applications/${slug}/subjects/${model.subjects[object].key}/records`, { cookie, body: { values } });
  if (res.statusCode !== 201) throw new Error(`${object}: ${res.statusCode} ${res.body}`);
  return json<{ data: { record: { id: string; version: number; values: Record<string, unknown> } } }>(res).data.record;
}

/** Reads a record of `object` through the records API. */
export async function readAuditRecord(
  app: FastifyInstance,
  cookie: string,
  slug: string,
  model: AuditModel,
  object: AuditObject,
  id: string,
): Promise<{ id: string; version: number; values: Record<string, unknown> }> {
  const res = await call(app, 'GET', `/api/v1/applications/${slug}/subjects/${model.subjects[object].key}/records/${id}`, { cookie });
  if (res.statusCode !== 200) throw new Error(`${object} ${id}: ${res.statusCode} ${res.body}`);
  return json<{ data: { record: { id: string; version: number; values: Record<string, unknown> } } }>(res).data.record;
}

/** The route specs' world with the Audit module enabled in its application (once per world). */
export function worldAudit(w: World): Promise<AuditModel> {
  return oncePerWorld(w, 'audit-model', (x) => enableAudit(x.app, x.users.admin.cookie, x.slug));
}

/** An engagement of the world's application (once per world), as the administrator. */
export function worldEngagement(w: World): Promise<{ model: AuditModel; id: string }> {
  return oncePerWorld(w, 'audit-engagement', async (x) => {
    const model = await worldAudit(x);
    const e = await createAuditRecord(x.app, x.users.admin.cookie, x.slug, model, 'engagement', { title: 'World engagement' });
    return { model, id: e.id };
  });
}
