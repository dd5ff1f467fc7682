/** Access and audit specs of the incidents API (server/src/test/route-specs.ts). */
import { ruleIncidents } from '../../db/schema';
import { call } from '../../test/helpers';
import { insertRecord, oncePerWorld, worldRecord } from '../../test/records-support';
import type { RouteSpecs, World } from '../../test/route-specs';
import { INCIDENT_ROUTE_ACCESS as allow } from './incidents.routes';
import { insertRule } from './rule-runs.test-support';

/** A rule of the world's subject (once). */
function worldRule(w: World): Promise<string> {
  return oncePerWorld(w, 'incident-rule', async () => {
    const { subject } = await worldRecord(w);
    return (await insertRule(w.app.db, subject, 'walk incident rule', { kind: 'range', field: 'title', min: 'M' })).id;
  });
}

/** A fresh incident of a fresh record, in `state`; its id. */
async function incident(w: World, state: 'open' | 'acknowledged' | 'waived' = 'open'): Promise<string> {
  const { subject } = await worldRecord(w);
  const ruleId = await worldRule(w);
  const recordId = await insertRecord(w.app.db, subject, { title: 'a' });
  const [row] = await w.app.db
    .insert(ruleIncidents)
    .values({
      applicationId: w.appId,
      subjectId: subject.id,
      ruleId,
      recordId,
      severity: 'warning',
      value: 'a',
      state,
      ...(state === 'waived' ? { waiverReason: 'walk', waiverExpiresAt: new Date(Date.now() + 86_400_000) } : {}),
    })
    .returning();
  return row.id;
}

/** One incident per world and purpose, shared by the roles of the access matrix. */
const shared = (w: World, name: string) => oncePerWorld(w, `incident-${name}`, () => incident(w));
const waiver = () => ({ reason: 'walk', expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/incidents': {
    allow: allow['GET /api/v1/incidents'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/incidents?application=${w.slug}`, { cookie }),
  },
  'POST /api/v1/incidents/:id/acknowledge': {
    allow: allow['POST /api/v1/incidents/:id/acknowledge'],
    // the first allowed role acknowledges it, the next ones get 409
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/incidents/${await shared(w, 'ack')}/acknowledge`, { cookie }),
    audit: {
      prepare: (w) => incident(w),
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/incidents/${id}/acknowledge`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/incidents/:id/waive': {
    allow: allow['POST /api/v1/incidents/:id/waive'],
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/incidents/${await shared(w, 'waive')}/waive`, { cookie, body: waiver() }),
    audit: {
      prepare: (w) => incident(w),
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/incidents/${id}/waive`, { cookie: w.users.admin.cookie, body: waiver() }),
    },
  },
  'POST /api/v1/incidents/:id/reopen': {
    allow: allow['POST /api/v1/incidents/:id/reopen'],
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/incidents/${await shared(w, 'reopen')}/reopen`, { cookie }),
    audit: {
      prepare: (w) => incident(w, 'waived'),
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/incidents/${id}/reopen`, { cookie: w.users.admin.cookie }),
    },
  },
};
