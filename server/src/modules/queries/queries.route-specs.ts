/** Access and audit specs of /api/v1/applications/:slug/queries (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';
import { worldRecord } from '../../test/records-support';
import { QUERIES_ROUTE_ACCESS as allow } from './queries.routes';

/** A grouped definition over the world's subject. */
async function definition(w: World) {
  const { subject } = await worldRecord(w);
  return { subjectId: subject.id, dimensions: [{ field: 'title' }], measures: [{ fn: 'count' }] };
}

/** Saves a shared analytics query as the owner. @returns its id. */
async function makeQuery(w: World): Promise<string> {
  const res = await call(w.app, 'POST', `/api/v1/applications/${w.slug}/queries`, {
    cookie: w.users.owner.cookie,
    body: { name: 'Walk analytics', definition: await definition(w) },
  });
  if (res.statusCode !== 201) throw new Error(`query: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

const base = (w: World) => `/api/v1/applications/${w.slug}/queries`;
const missingDefinition = { subjectId: MISSING_ID, columns: ['title'] };
const K = (key: keyof typeof allow) => key;

export const ROUTE_SPECS: RouteSpecs = {
  [K('POST /api/v1/applications/:slug/queries/run')]: {
    allow: allow['POST /api/v1/applications/:slug/queries/run'],
    call: (w, cookie) => call(w.app, 'POST', `${base(w)}/run`, { cookie, body: { definition: missingDefinition } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', `${base(w)}/run`, { cookie: w.users.admin.cookie, body: { definition: await definition(w) } }),
    },
  },
  [K('POST /api/v1/applications/:slug/queries/drill')]: {
    allow: allow['POST /api/v1/applications/:slug/queries/drill'],
    call: (w, cookie) => call(w.app, 'POST', `${base(w)}/drill`, { cookie, body: { definition: missingDefinition, values: {} } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', `${base(w)}/drill`, { cookie: w.users.admin.cookie, body: { definition: await definition(w), values: { title: 'Walk record' } } }),
    },
  },
  [K('POST /api/v1/applications/:slug/queries/export')]: {
    allow: allow['POST /api/v1/applications/:slug/queries/export'],
    call: (w, cookie) => call(w.app, 'POST', `${base(w)}/export`, { cookie, body: { definition: missingDefinition } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', `${base(w)}/export`, { cookie: w.users.admin.cookie, body: { definition: await definition(w) } }),
    },
  },
  [K('POST /api/v1/applications/:slug/queries/drill/export')]: {
    allow: allow['POST /api/v1/applications/:slug/queries/drill/export'],
    call: (w, cookie) => call(w.app, 'POST', `${base(w)}/drill/export`, { cookie, body: { definition: missingDefinition, values: {} } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', `${base(w)}/drill/export`, { cookie: w.users.admin.cookie, body: { definition: await definition(w), values: {} } }),
    },
  },
  [K('GET /api/v1/applications/:slug/queries')]: {
    allow: allow['GET /api/v1/applications/:slug/queries'],
    call: (w, cookie) => call(w.app, 'GET', base(w), { cookie }),
  },
  [K('POST /api/v1/applications/:slug/queries')]: {
    allow: allow['POST /api/v1/applications/:slug/queries'],
    call: (w, cookie) => call(w.app, 'POST', base(w), { cookie, body: { name: '' } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', base(w), { cookie: w.users.admin.cookie, body: { name: 'Walked', definition: await definition(w) } }),
    },
  },
  [K('GET /api/v1/applications/:slug/queries/:id')]: {
    allow: allow['GET /api/v1/applications/:slug/queries/:id'],
    call: (w, cookie) => call(w.app, 'GET', `${base(w)}/${MISSING_ID}`, { cookie }),
  },
  [K('PATCH /api/v1/applications/:slug/queries/:id')]: {
    allow: allow['PATCH /api/v1/applications/:slug/queries/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `${base(w)}/${MISSING_ID}`, { cookie, body: { name: 'x' } }),
    audit: {
      prepare: makeQuery,
      run: (w, id: string) => call(w.app, 'PATCH', `${base(w)}/${id}`, { cookie: w.users.admin.cookie, body: { name: 'Renamed' } }),
    },
  },
  [K('DELETE /api/v1/applications/:slug/queries/:id')]: {
    allow: allow['DELETE /api/v1/applications/:slug/queries/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `${base(w)}/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: makeQuery,
      run: (w, id: string) => call(w.app, 'DELETE', `${base(w)}/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  [K('GET /api/v1/applications/:slug/queries/:id/versions')]: {
    allow: allow['GET /api/v1/applications/:slug/queries/:id/versions'],
    call: (w, cookie) => call(w.app, 'GET', `${base(w)}/${MISSING_ID}/versions`, { cookie }),
  },
  [K('POST /api/v1/applications/:slug/queries/:id/versions/:version/restore')]: {
    allow: allow['POST /api/v1/applications/:slug/queries/:id/versions/:version/restore'],
    call: (w, cookie) => call(w.app, 'POST', `${base(w)}/${MISSING_ID}/versions/1/restore`, { cookie }),
    audit: {
      prepare: async (w) => {
        const id = await makeQuery(w);
        await call(w.app, 'PATCH', `${base(w)}/${id}`, { cookie: w.users.admin.cookie, body: { name: 'Second' } });
        return id;
      },
      run: (w, id: string) => call(w.app, 'POST', `${base(w)}/${id}/versions/1/restore`, { cookie: w.users.admin.cookie }),
    },
  },
  [K('POST /api/v1/applications/:slug/queries/:id/run')]: {
    allow: allow['POST /api/v1/applications/:slug/queries/:id/run'],
    call: (w, cookie) => call(w.app, 'POST', `${base(w)}/${MISSING_ID}/run`, { cookie, body: {} }),
    audit: {
      prepare: makeQuery,
      run: async (w, prepared) => call(w.app, 'POST', `${base(w)}/${String(prepared)}/run`, { cookie: w.users.admin.cookie, body: {} }),
    },
  },
};
