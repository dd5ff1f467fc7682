/** Access and audit specs of /api/v1/record-queries (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';
import { worldRecord } from '../../test/records-support';

/** A definition over the world's subject. */
async function definition(w: World) {
  const { subject } = await worldRecord(w);
  return { subjectId: subject.id, columns: ['title', 'createdAt'] };
}

/** Saves a query as the administrator. @returns its id. */
async function makeQuery(w: World): Promise<string> {
  const res = await call(w.app, 'POST', '/api/v1/record-queries', { cookie: w.users.admin.cookie, body: { name: 'Walk query', definition: await definition(w) } });
  if (res.statusCode !== 201) throw new Error(`query: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

const missingDefinition = { subjectId: MISSING_ID, columns: ['title'] };

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/record-queries': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/record-queries', { cookie }) },
  'POST /api/v1/record-queries/run': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/record-queries/run', { cookie, body: { definition: missingDefinition } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', '/api/v1/record-queries/run', { cookie: w.users.admin.cookie, body: { definition: await definition(w) } }),
    },
  },
  'POST /api/v1/record-queries/export': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/record-queries/export', { cookie, body: { definition: missingDefinition } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', '/api/v1/record-queries/export', { cookie: w.users.admin.cookie, body: { definition: await definition(w) } }),
    },
  },
  'GET /api/v1/record-queries/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/record-queries/${MISSING_ID}`, { cookie }),
  },
  'GET /api/v1/record-queries/:id/export': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/record-queries/${MISSING_ID}/export?format=csv`, { cookie }),
  },
  'POST /api/v1/record-queries': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/record-queries', { cookie, body: { name: '' } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', '/api/v1/record-queries', { cookie: w.users.admin.cookie, body: { name: 'Walked', definition: await definition(w) } }),
    },
  },
  'PATCH /api/v1/record-queries/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/record-queries/${MISSING_ID}`, { cookie, body: { name: 'x' } }),
    audit: {
      prepare: makeQuery,
      run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/record-queries/${id}`, { cookie: w.users.admin.cookie, body: { name: 'Renamed' } }),
    },
  },
  'DELETE /api/v1/record-queries/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/record-queries/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: makeQuery,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/record-queries/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
};
