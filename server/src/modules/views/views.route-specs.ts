/** Access and audit specs of the views API (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { ROLES, SIGNED_IN, type Role, type RouteSpecs, type World } from '../../test/route-specs';
import { oncePerWorld, WORLD_SUBJECT, worldRecord } from '../../test/records-support';

const WRITERS: readonly Role[] = ['editor', 'owner', 'admin'];
const gridBody = (name: string) => ({ name, config: { type: 'grid', columns: ['title'] } });

/** Saves a grid view of the world's subject as the administrator. @returns its id. */
async function makeView(w: World, name = 'Walk view'): Promise<string> {
  await worldRecord(w);
  const res = await call(w.app, 'POST', `/api/v1/applications/${w.slug}/subjects/${WORLD_SUBJECT}/views`, { cookie: w.users.admin.cookie, body: gridBody(name) });
  if (res.statusCode !== 201) throw new Error(`view: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

/** The world's shared view (made once). */
const worldView = (w: World) => oncePerWorld(w, 'view', (x) => makeView(x));

/** Creates a share link of view `id` as the administrator. @returns its id. */
async function makeShare(w: World, id: string): Promise<string> {
  const res = await call(w.app, 'POST', `/api/v1/views/${id}/shares`, { cookie: w.users.admin.cookie, body: {} });
  if (res.statusCode !== 201) throw new Error(`share: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

const subjectViews = (w: World) => `/api/v1/applications/${w.slug}/subjects/${WORLD_SUBJECT}/views`;

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/views': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/views', { cookie }) },
  'GET /api/v1/applications/:slug/views': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/applications/${w.slug}/views`, { cookie }),
  },
  'GET /api/v1/applications/:slug/subjects/:key/views': {
    allow: SIGNED_IN,
    call: async (w, cookie) => {
      await worldRecord(w);
      return call(w.app, 'GET', subjectViews(w), { cookie });
    },
  },
  'POST /api/v1/applications/:slug/subjects/:key/views': {
    allow: WRITERS,
    call: async (w, cookie) => {
      await worldRecord(w);
      return call(w.app, 'POST', subjectViews(w), { cookie, body: gridBody('Matrix view') });
    },
    audit: { prepare: worldRecord, run: (w) => call(w.app, 'POST', subjectViews(w), { cookie: w.users.admin.cookie, body: gridBody('Walked') }) },
  },
  'GET /api/v1/views/:id': { allow: SIGNED_IN, call: async (w, cookie) => call(w.app, 'GET', `/api/v1/views/${await worldView(w)}`, { cookie }) },
  'PATCH /api/v1/views/:id': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'PATCH', `/api/v1/views/${await worldView(w)}`, { cookie, body: { name: 'Walk view' } }),
    audit: { prepare: (w) => makeView(w), run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/views/${id}`, { cookie: w.users.admin.cookie, body: { name: 'Renamed' } }) },
  },
  'DELETE /api/v1/views/:id': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'DELETE', `/api/v1/views/${await makeView(w, 'Doomed')}`, { cookie }),
    audit: { prepare: (w) => makeView(w), run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/views/${id}`, { cookie: w.users.admin.cookie }) },
  },
  'GET /api/v1/views/:id/rows': { allow: SIGNED_IN, call: async (w, cookie) => call(w.app, 'GET', `/api/v1/views/${await worldView(w)}/rows`, { cookie }) },
  'GET /api/v1/views/:id/shares': { allow: WRITERS, call: async (w, cookie) => call(w.app, 'GET', `/api/v1/views/${await worldView(w)}/shares`, { cookie }) },
  'POST /api/v1/views/:id/shares': {
    allow: WRITERS,
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/views/${await worldView(w)}/shares`, { cookie, body: {} }),
    audit: { prepare: (w) => makeView(w), run: (w, id: string) => call(w.app, 'POST', `/api/v1/views/${id}/shares`, { cookie: w.users.admin.cookie, body: {} }) },
  },
  'DELETE /api/v1/views/:id/shares/:shareId': {
    allow: WRITERS,
    call: async (w, cookie) => {
      const id = await worldView(w);
      return call(w.app, 'DELETE', `/api/v1/views/${id}/shares/${await makeShare(w, id)}`, { cookie });
    },
    audit: {
      prepare: async (w) => {
        const id = await makeView(w);
        return { id, shareId: await makeShare(w, id) };
      },
      run: (w, p: { id: string; shareId: string }) => call(w.app, 'DELETE', `/api/v1/views/${p.id}/shares/${p.shareId}`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/views/:id/shares/:shareId/unlock': {
    allow: WRITERS,
    call: async (w, cookie) => {
      const id = await worldView(w);
      return call(w.app, 'POST', `/api/v1/views/${id}/shares/${await makeShare(w, id)}/unlock`, { cookie, body: { password: 'New-share-pass-1' } });
    },
    audit: {
      prepare: async (w) => {
        const id = await makeView(w);
        return { id, shareId: await makeShare(w, id) };
      },
      run: (w, p: { id: string; shareId: string }) =>
        call(w.app, 'POST', `/api/v1/views/${p.id}/shares/${p.shareId}/unlock`, { cookie: w.users.admin.cookie, body: { password: 'New-share-pass-1' } }),
    },
  },
  'GET /api/v1/view-shares/rows': {
    allow: ROLES,
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/view-shares/rows?token=${'A'.repeat(43)}`, { cookie }),
  },
};
