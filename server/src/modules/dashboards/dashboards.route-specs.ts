/** Access and audit specs of the dashboards' routes (server/src/test/route-specs.ts). */
import { savedQueries } from '../../db/schema';
import { call, json } from '../../test/helpers';
import { oncePerWorld, worldRecord } from '../../test/records-support';
import type { RouteSpecs, World } from '../../test/route-specs';
import { DASHBOARD_ROUTE_ACCESS as allow } from './dashboards.routes';

const base = (w: World) => `/api/v1/applications/${w.slug}/dashboards`;

/** A saved analytics query (count of the world's subject's records), inserted as the administrator's. */
function worldQuery(w: World): Promise<string> {
  return oncePerWorld(w, 'dashboard-query', async () => {
    const { subject } = await worldRecord(w);
    const [row] = await w.app.db
      .insert(savedQueries)
      .values({
        applicationId: w.appId,
        subjectId: subject.id,
        kind: 'analytics',
        name: 'Walk count',
        definition: { subjectId: subject.id, dimensions: [{ field: 'title' }], measures: [{ fn: 'count', as: 'n' }] },
        createdBy: w.users.admin.id,
        updatedBy: w.users.admin.id,
      })
      .returning({ id: savedQueries.id });
    return row.id;
  });
}

/** Saves a dashboard (visible to the application) with one card as the administrator. @returns its id. */
async function makeDashboard(w: World, name = 'Walk dashboard'): Promise<string> {
  const queryId = await worldQuery(w);
  const res = await call(w.app, 'POST', base(w), {
    cookie: w.users.admin.cookie,
    body: { name, cards: [{ id: 'c1', queryId, x: 0, y: 0, w: 6, h: 4 }] },
  });
  if (res.statusCode !== 201) throw new Error(`dashboard: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

/** The world's shared dashboard (made once). */
const worldDashboard = (w: World) => oncePerWorld(w, 'dashboard', (x) => makeDashboard(x, 'Matrix dashboard'));

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications/:slug/dashboards': {
    allow: allow['GET /api/v1/applications/:slug/dashboards'],
    call: (w, cookie) => call(w.app, 'GET', base(w), { cookie }),
  },
  'POST /api/v1/applications/:slug/dashboards': {
    allow: allow['POST /api/v1/applications/:slug/dashboards'],
    call: (w, cookie) => call(w.app, 'POST', base(w), { cookie, body: { name: 'Matrix made' } }),
    audit: { run: (w) => call(w.app, 'POST', base(w), { cookie: w.users.admin.cookie, body: { name: 'Walked' } }) },
  },
  'GET /api/v1/applications/:slug/dashboards/:id': {
    allow: allow['GET /api/v1/applications/:slug/dashboards/:id'],
    call: async (w, cookie) => call(w.app, 'GET', `${base(w)}/${await worldDashboard(w)}`, { cookie }),
  },
  'PATCH /api/v1/applications/:slug/dashboards/:id': {
    allow: allow['PATCH /api/v1/applications/:slug/dashboards/:id'],
    call: async (w, cookie) =>
      call(w.app, 'PATCH', `${base(w)}/${await worldDashboard(w)}`, { cookie, body: { refreshSeconds: 60 } }),
    audit: {
      prepare: (w) => makeDashboard(w),
      run: (w, id: string) =>
        call(w.app, 'PATCH', `${base(w)}/${id}`, {
          cookie: w.users.admin.cookie,
          body: { name: 'Renamed', refreshSeconds: 300 },
        }),
    },
  },
  'DELETE /api/v1/applications/:slug/dashboards/:id': {
    allow: allow['DELETE /api/v1/applications/:slug/dashboards/:id'],
    call: async (w, cookie) => call(w.app, 'DELETE', `${base(w)}/${await makeDashboard(w, 'To delete')}`, { cookie }),
    audit: {
      prepare: (w) => makeDashboard(w),
      run: (w, id: string) => call(w.app, 'DELETE', `${base(w)}/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/applications/:slug/dashboards/:id/cards/:cardId/run': {
    allow: allow['POST /api/v1/applications/:slug/dashboards/:id/cards/:cardId/run'],
    call: async (w, cookie) => call(w.app, 'POST', `${base(w)}/${await worldDashboard(w)}/cards/c1/run`, { cookie, body: {} }),
    audit: {
      prepare: (w) => makeDashboard(w),
      run: (w, id: string) =>
        call(w.app, 'POST', `${base(w)}/${id}/cards/c1/run`, { cookie: w.users.admin.cookie, body: { timeZone: 'UTC' } }),
    },
  },
};
