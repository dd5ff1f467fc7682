/** Access and audit specs of the deploy API (server/src/test/route-specs.ts). */
import { randomUUID } from 'node:crypto';
import { deploySigners } from '../../db/schema';
import { call, json } from '../../test/helpers';
import type { RouteSpecs, World } from '../../test/route-specs';
import { DEPLOY_ROUTE_ACCESS as allow } from './deploy.routes';
import { exportZip, openZip, upload, zipOf } from './deploy.test-support';

const nobody = () => randomUUID();
const admin = (w: World) => w.users.admin.cookie;

/** The world application's model exported by the administrator. */
const exported = (w: World) => exportZip(w.app, admin(w), w.slug);
/** The world's own package uploaded (signed by this installation: trusted); its id. */
const ownPackage = async (w: World) => (await upload(w.app, admin(w), await exported(w))).id;
/** The same, unsigned (not accepted until the trust step); its id. */
const unsignedPackage = async (w: World) => (await upload(w.app, admin(w), await zipOf((await openZip(await exported(w))).document))).id;
/** An applied deployment of the world's own package; its id. */
async function deployment(w: World): Promise<string> {
  const id = await ownPackage(w);
  const res = await call(w.app, 'POST', `/api/v1/deploy/packages/${id}/apply`, { cookie: admin(w), body: {} });
  if (res.statusCode !== 200) throw new Error(`apply: ${res.statusCode} ${res.body}`);
  return json<{ data: { deploymentId: string } }>(res).data.deploymentId;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/deploy/key': {
    allow: allow['GET /api/v1/deploy/key'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/deploy/key', { cookie }),
  },
  'POST /api/v1/deploy/export': {
    allow: allow['POST /api/v1/deploy/export'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/deploy/export', { cookie, body: { application: 'no-such-app' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/deploy/export', { cookie: admin(w), body: { application: w.slug } }) },
  },
  'GET /api/v1/deploy/packages': {
    allow: allow['GET /api/v1/deploy/packages'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/deploy/packages', { cookie }),
  },
  'POST /api/v1/deploy/packages': {
    allow: allow['POST /api/v1/deploy/packages'],
    // not multipart: 415 for an administrator
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/deploy/packages', { cookie, body: {} }),
    audit: {
      prepare: exported,
      run: async (w, bytes: Buffer) => {
        const { multipartBody } = await import('../../test/records-support');
        const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'walk.zip', type: 'application/zip', content: bytes }]);
        return call(w.app, 'POST', '/api/v1/deploy/packages', { cookie: admin(w), body, headers: { 'content-type': contentType } });
      },
    },
  },
  'GET /api/v1/deploy/packages/:id': {
    allow: allow['GET /api/v1/deploy/packages/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/deploy/packages/${nobody()}`, { cookie }),
  },
  'GET /api/v1/deploy/packages/:id/download': {
    allow: allow['GET /api/v1/deploy/packages/:id/download'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/deploy/packages/${nobody()}/download`, { cookie }),
  },
  'GET /api/v1/deploy/packages/:id/diff': {
    allow: allow['GET /api/v1/deploy/packages/:id/diff'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/deploy/packages/${nobody()}/diff`, { cookie }),
  },
  'POST /api/v1/deploy/packages/:id/trust': {
    allow: allow['POST /api/v1/deploy/packages/:id/trust'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/deploy/packages/${nobody()}/trust`, { cookie, body: { mode: 'package' } }),
    audit: {
      prepare: unsignedPackage,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/deploy/packages/${id}/trust`, { cookie: admin(w), body: { mode: 'package' } }),
    },
  },
  'POST /api/v1/deploy/packages/:id/dry-run': {
    allow: allow['POST /api/v1/deploy/packages/:id/dry-run'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/deploy/packages/${nobody()}/dry-run`, { cookie, body: {} }),
    audit: {
      prepare: ownPackage,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/deploy/packages/${id}/dry-run`, { cookie: admin(w), body: {} }),
    },
  },
  'POST /api/v1/deploy/packages/:id/apply': {
    allow: allow['POST /api/v1/deploy/packages/:id/apply'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/deploy/packages/${nobody()}/apply`, { cookie, body: {} }),
    audit: {
      prepare: ownPackage,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/deploy/packages/${id}/apply`, { cookie: admin(w), body: {} }),
    },
  },
  'DELETE /api/v1/deploy/packages/:id': {
    allow: allow['DELETE /api/v1/deploy/packages/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/deploy/packages/${nobody()}`, { cookie }),
    audit: {
      prepare: ownPackage,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/deploy/packages/${id}`, { cookie: admin(w) }),
    },
  },
  'GET /api/v1/deploy/deployments': {
    allow: allow['GET /api/v1/deploy/deployments'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/deploy/deployments', { cookie }),
  },
  'POST /api/v1/deploy/deployments/:id/rollback': {
    allow: allow['POST /api/v1/deploy/deployments/:id/rollback'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/deploy/deployments/${nobody()}/rollback`, { cookie }),
    audit: {
      prepare: deployment,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/deploy/deployments/${id}/rollback`, { cookie: admin(w) }),
    },
  },
  'GET /api/v1/deploy/signers': {
    allow: allow['GET /api/v1/deploy/signers'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/deploy/signers', { cookie }),
  },
  'DELETE /api/v1/deploy/signers/:id': {
    allow: allow['DELETE /api/v1/deploy/signers/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/deploy/signers/${nobody()}`, { cookie }),
    audit: {
      prepare: async (w) => {
        const [row] = await w.app.db
          .insert(deploySigners)
          .values({ fingerprint: `walk-${randomUUID()}`, publicKey: 'walk', label: 'walk' })
          .returning();
        return row.id;
      },
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/deploy/signers/${id}`, { cookie: admin(w) }),
    },
  },
};
