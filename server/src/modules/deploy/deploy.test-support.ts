/**
 * Test support of the deploy module (not a test file): an application with one object of each kind
 * a package carries, made through the API, and helpers to export, open, rewrite and upload packages.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import type { DeployDocument, DeployPackage } from '../../../../contracts';
import { call, json } from '../../test/helpers';
import { multipartBody } from '../../test/records-support';

/** POSTs `body` as `cookie` and returns `data` (asserting a 2xx). */
export async function post<T = { id: string }>(app: FastifyInstance, cookie: string, url: string, body: unknown, method: 'POST' | 'PATCH' = 'POST'): Promise<T> {
  const res = await call(app, method, url, { cookie, body });
  assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
  return json<{ data: T }>(res).data;
}

/** The secret value the fixture stores (a package must never carry it). */
export const SECRET_VALUE = `TOPSECRET-${randomBytes(6).toString('hex')}`;

/**
 * An application `slug` with: subjects `client` (name) and `invoice` (title, amount as text, total
 * number, client relation), a view, a form, a rule, a rule set, an action, a trigger, a template,
 * a category with a child, a tag, a text variable and a secret one. Names of the global kinds carry
 * `tag` (categories and tags are the installation's). @returns the ids a test needs.
 */
export async function buildModel(app: FastifyInstance, cookie: string, slug: string, tag: string) {
  await post(app, cookie, '/api/v1/applications', { slug, name: `Deploy ${slug}` });
  const base = `/api/v1/applications/${slug}/subjects`;
  const client = await post<{ id: string }>(app, cookie, base, {
    key: 'client',
    name: 'Client',
    fields: [{ key: 'name', name: 'Name', type: 'text' }],
    displayField: 'name',
  });
  const invoice = await post<{ id: string }>(app, cookie, base, {
    key: 'invoice',
    name: 'Invoice',
    fields: [
      { key: 'title', name: 'Title', type: 'text' },
      { key: 'amount', name: 'Amount', type: 'text' },
      { key: 'total', name: 'Total', type: 'number' },
      { key: 'client', name: 'Client', type: 'relation', options: { targetSubjectId: client.id } },
    ],
    displayField: 'title',
  });
  await post(app, cookie, `${base}/invoice/views`, { name: 'All invoices', config: { type: 'grid', columns: ['title', 'amount'] } });
  await post(app, cookie, '/api/v1/forms', { application: slug, subjectKey: 'invoice', name: 'Entry' });
  const rule = await post(app, cookie, '/api/v1/rules', {
    application: slug,
    subject: 'invoice',
    name: 'Total range',
    definition: { kind: 'range', field: 'total', min: 0, max: 100 },
    severity: 'warning',
    messageZh: '{field} 超出范围',
    messageEn: '{field} is out of range',
  });
  await post(app, cookie, '/api/v1/rule-sets', { application: slug, name: 'Checks', ruleIds: [rule.id], subjectIds: [invoice.id] });
  const action = await post(app, cookie, '/api/v1/actions', {
    name: `Notify ${slug}`,
    type: 'webhook',
    application: slug,
    config: { url: 'https://hooks.example.com/in', secretVariable: 'HOOK_SECRET' },
  });
  await post(app, cookie, '/api/v1/triggers', { name: 'On manual', application: slug, event: 'manual', subject: 'invoice', steps: [{ actionId: action.id }] });
  await post(app, cookie, `/api/v1/applications/${slug}/report-templates`, {
    name: 'Invoice sheet',
    binding: { subjectId: invoice.id, relations: ['client'] },
    body: '<h1>{{ record.title }}</h1>',
  });
  const root = await post(app, cookie, '/api/v1/categories', { name: `Root ${tag}` });
  await post(app, cookie, '/api/v1/categories', { name: 'Child', parentId: root.id });
  await post(app, cookie, '/api/v1/tags', { name: `Tag ${tag}`, color: '#ff0000' });
  const target = json<{ data: { id: string } }>(await call(app, 'GET', `/api/v1/applications/${slug}`, { cookie })).data.id;
  await post(app, cookie, '/api/v1/variables', { key: 'PLAIN', type: 'text', value: 'plain value', applicationId: target });
  await post(app, cookie, '/api/v1/variables', { key: 'HOOK_SECRET', type: 'secret', value: SECRET_VALUE, applicationId: target });
  return { applicationId: target, clientId: client.id, invoiceId: invoice.id };
}

/** POST /deploy/export → the zip's bytes (asserting 200 application/zip). */
export async function exportZip(app: FastifyInstance, cookie: string, slug: string): Promise<Buffer> {
  const res = await call(app, 'POST', '/api/v1/deploy/export', { cookie, body: { application: slug } });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /application\/zip/);
  return res.rawPayload;
}

/** The zip's `package.json` and `signature.json` (null when absent). */
export async function openZip(bytes: Buffer): Promise<{ document: DeployDocument; signature: unknown }> {
  const zip = await JSZip.loadAsync(bytes);
  const sig = zip.file('signature.json');
  return {
    document: JSON.parse(await zip.file('package.json')!.async('string')) as DeployDocument,
    signature: sig ? JSON.parse(await sig.async('string')) : null,
  };
}

/** A zip holding `document` and, when given, `signature` (as written, not re-signed). */
export async function zipOf(document: unknown, signature?: unknown): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('package.json', JSON.stringify(document));
  if (signature) zip.file('signature.json', JSON.stringify(signature));
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** POST /deploy/packages with `bytes` → the raw response. */
export async function uploadRaw(app: FastifyInstance, cookie: string, bytes: Buffer, fileName = 'pkg.zip') {
  const { body, contentType } = await multipartBody([{ name: 'file', fileName, type: 'application/zip', content: bytes }]);
  return call(app, 'POST', '/api/v1/deploy/packages', { cookie, body, headers: { 'content-type': contentType } });
}

/** Uploads `bytes` (asserting 201) → the stored package. */
export async function upload(app: FastifyInstance, cookie: string, bytes: Buffer): Promise<DeployPackage> {
  const res = await uploadRaw(app, cookie, bytes);
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: DeployPackage }>(res).data;
}
