/** Access and audit specs of the imports API (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { SIGNED_IN, type Role, type RouteSpecs, type World } from '../../test/route-specs';
import { multipartBody, oncePerWorld, worldRecord } from '../../test/records-support';

const WRITERS: readonly Role[] = ['editor', 'owner', 'admin'];
const MAPPING = { mapping: { title: 'title' } };

let n = 0;
/** Uploads a one-row CSV into the world's subject (`title`) as the administrator. @returns the batch id. */
async function uploadBatch(w: World): Promise<string> {
  const { key } = await worldRecord(w);
  n += 1;
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: `walk-${n}.csv`, content: `title\nImported ${n}\n` }]);
  const res = await call(w.app, 'POST', `/api/v1/applications/${w.slug}/subjects/${key}/imports`, {
    cookie: w.users.admin.cookie,
    body,
    headers: { 'content-type': contentType },
  });
  if (res.statusCode !== 201) throw new Error(`import upload: ${res.statusCode} ${res.body}`);
  return json<{ data: { batch: { id: string } } }>(res).data.batch.id;
}

/** A batch uploaded and run (status done). */
async function doneBatch(w: World): Promise<string> {
  const id = await uploadBatch(w);
  const res = await call(w.app, 'POST', `/api/v1/imports/${id}/run`, { cookie: w.users.admin.cookie, body: MAPPING });
  if (res.statusCode !== 200) throw new Error(`import run: ${res.statusCode} ${res.body}`);
  return id;
}

/** The world's batch for the access matrix (uploaded once). */
const worldBatch = (w: World) => oncePerWorld(w, 'import-batch', uploadBatch);

export const ROUTE_SPECS: RouteSpecs = {
  'POST /api/v1/applications/:slug/subjects/:key/imports': {
    allow: WRITERS,
    // not multipart: 400 naming `file` once the access check passed
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/applications/${w.slug}/subjects/${(await worldRecord(w)).key}/imports`, { cookie, body: {} }),
    audit: { prepare: worldRecord, run: (w) => uploadResponse(w) },
  },
  'GET /api/v1/applications/:slug/imports': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/applications/${w.slug}/imports`, { cookie }),
  },
  'GET /api/v1/imports': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/imports', { cookie }) },
  'GET /api/v1/imports/:id': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/imports/${await worldBatch(w)}`, { cookie }),
  },
  'POST /api/v1/imports/:id/check': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/imports/${await worldBatch(w)}/check`, { cookie, body: { mapping: { nope: 'x' } } }),
    audit: {
      prepare: uploadBatch,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/imports/${id}/check`, { cookie: w.users.admin.cookie, body: MAPPING }),
    },
  },
  'POST /api/v1/imports/:id/run': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/imports/${await worldBatch(w)}/run`, { cookie, body: { mapping: { nope: 'x' } } }),
    audit: {
      prepare: uploadBatch,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/imports/${id}/run`, { cookie: w.users.admin.cookie, body: MAPPING }),
    },
  },
  'GET /api/v1/imports/:id/rows': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/imports/${await worldBatch(w)}/rows`, { cookie }),
  },
  'GET /api/v1/imports/:id/errors': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/imports/${await worldBatch(w)}/errors`, { cookie }),
  },
  'GET /api/v1/imports/:id/edited': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/imports/${await worldBatch(w)}/edited`, { cookie }),
  },
  'DELETE /api/v1/imports/:id': {
    allow: WRITERS,
    // the world's batch stays (the other routes' specs use it): a batch that ran answers 409 once the access check passed
    call: async (w, cookie) => call(w.app, 'DELETE', `/api/v1/imports/${await oncePerWorld(w, 'import-done-batch', doneBatch)}`, { cookie }),
    audit: {
      prepare: uploadBatch,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/imports/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/imports/:id/undo': {
    allow: WRITERS,
    // the world's batch never ran: 409 once the access check passed
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/imports/${await worldBatch(w)}/undo`, { cookie, body: {} }),
    audit: {
      prepare: doneBatch,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/imports/${id}/undo`, { cookie: w.users.admin.cookie, body: {} }),
    },
  },
};

/** One upload's response (the audit walk's scenario of the upload route). */
async function uploadResponse(w: World) {
  const { key } = await worldRecord(w);
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'walk.csv', content: 'title\nWalked\n' }]);
  return call(w.app, 'POST', `/api/v1/applications/${w.slug}/subjects/${key}/imports`, { cookie: w.users.admin.cookie, body, headers: { 'content-type': contentType } });
}
