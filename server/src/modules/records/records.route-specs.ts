/** Access and audit specs of the records API (server/src/test/route-specs.ts). */
import type { FastifyInstance } from 'fastify';
import { call, json } from '../../test/helpers';
import { MISSING_ID, SIGNED_IN, type Role, type RouteSpecs, type World } from '../../test/route-specs';
import { createTestSubjectIn, fieldOf } from './records.test-support';

const WRITERS: readonly Role[] = ['editor', 'owner', 'admin'];

/** The world's subject `walk` (one text field `name`), made once per app. */
const subjects = new WeakMap<FastifyInstance, Promise<string>>();
function walkSubject(w: World): Promise<string> {
  let made = subjects.get(w.app);
  if (!made) {
    made = createTestSubjectIn(w.app, { applicationId: w.appId, key: 'walk', fields: [fieldOf('name', 'text')], displayField: 'name' }).then(
      () => `/api/v1/applications/${w.slug}/subjects/walk/records`,
    );
    subjects.set(w.app, made);
  }
  return made;
}

let made = 0;
/** Creates a record of `walk` as the administrator; returns its id. */
async function makeRecord(w: World): Promise<string> {
  made += 1;
  const res = await call(w.app, 'POST', await walkSubject(w), { cookie: w.users.admin.cookie, body: { values: { name: `walk-${made}` } } });
  if (res.statusCode !== 201) throw new Error(`record: ${res.statusCode} ${res.body}`);
  return json<{ data: { record: { id: string } } }>(res).data.record.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications/:slug/subjects/:key/records': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${await walkSubject(w)}?pageSize=5`, { cookie }),
  },
  'POST /api/v1/applications/:slug/subjects/:key/records': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'POST', await walkSubject(w), { cookie, body: { values: { nope: 1 } } }),
    audit: { run: async (w) => call(w.app, 'POST', await walkSubject(w), { cookie: w.users.admin.cookie, body: { values: { name: 'Walk' } } }) },
  },
  'POST /api/v1/applications/:slug/subjects/:key/records/bulk-update': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'POST', `${await walkSubject(w)}/bulk-update`, { cookie, body: { ids: [MISSING_ID], values: {} } }),
    audit: {
      prepare: makeRecord,
      run: async (w, id: string) =>
        call(w.app, 'POST', `${await walkSubject(w)}/bulk-update`, { cookie: w.users.admin.cookie, body: { ids: [id], values: { name: 'Bulk' } } }),
    },
  },
  'POST /api/v1/applications/:slug/subjects/:key/records/bulk-delete': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'POST', `${await walkSubject(w)}/bulk-delete`, { cookie, body: { ids: [MISSING_ID] } }),
    audit: {
      prepare: makeRecord,
      run: async (w, id: string) => call(w.app, 'POST', `${await walkSubject(w)}/bulk-delete`, { cookie: w.users.admin.cookie, body: { ids: [id] } }),
    },
  },
  'POST /api/v1/applications/:slug/subjects/:key/records/export': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'POST', `${await walkSubject(w)}/export`, { cookie, body: { columns: ['nope'] } }),
    audit: { run: async (w) => call(w.app, 'POST', `${await walkSubject(w)}/export`, { cookie: w.users.admin.cookie, body: { columns: ['name'] } }) },
  },
  'GET /api/v1/applications/:slug/subjects/:key/records/:id': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${await walkSubject(w)}/${MISSING_ID}`, { cookie }),
  },
  'PATCH /api/v1/applications/:slug/subjects/:key/records/:id': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'PATCH', `${await walkSubject(w)}/${MISSING_ID}`, { cookie, body: { version: 1, values: {} } }),
    audit: {
      prepare: makeRecord,
      run: async (w, id: string) =>
        call(w.app, 'PATCH', `${await walkSubject(w)}/${id}`, { cookie: w.users.admin.cookie, body: { version: 1, values: { name: 'Changed' } } }),
      noop: async (w, id: string) =>
        call(w.app, 'PATCH', `${await walkSubject(w)}/${id}`, { cookie: w.users.admin.cookie, body: { version: 2, values: { name: 'Changed' } } }),
    },
  },
  'DELETE /api/v1/applications/:slug/subjects/:key/records/:id': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'DELETE', `${await walkSubject(w)}/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: makeRecord,
      run: async (w, id: string) => call(w.app, 'DELETE', `${await walkSubject(w)}/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'GET /api/v1/applications/:slug/subjects/:key/records/:id/versions': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${await walkSubject(w)}/${MISSING_ID}/versions`, { cookie }),
  },
  'POST /api/v1/applications/:slug/subjects/:key/records/:id/versions/:version/restore': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'POST', `${await walkSubject(w)}/${MISSING_ID}/versions/1/restore`, { cookie, body: { version: 1 } }),
    audit: {
      prepare: async (w) => {
        const id = await makeRecord(w);
        await call(w.app, 'PATCH', `${await walkSubject(w)}/${id}`, { cookie: w.users.admin.cookie, body: { version: 1, values: { name: 'Second' } } });
        return id;
      },
      run: async (w, id: string) =>
        call(w.app, 'POST', `${await walkSubject(w)}/${id}/versions/1/restore`, { cookie: w.users.admin.cookie, body: { version: 2 } }),
    },
  },
  'GET /api/v1/records/:id': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/records/${MISSING_ID}`, { cookie }),
  },
};
