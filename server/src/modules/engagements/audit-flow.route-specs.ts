/** Access and audit specs of the audit flow's routes (server/src/test/route-specs.ts). */
import type { AuditModel } from '../../../../contracts';
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';
import { AUDIT_FLOW_ROUTE_ACCESS as allow } from './audit-flow.routes';
import { createAuditRecord, worldAudit, worldEngagement } from './engagements.test-support';

const B = '/api/v1/applications/:slug/audit';
const base = (w: World) => `/api/v1/applications/${w.slug}/audit`;
const admin = (w: World) => w.users.admin.cookie;

let made = 0;

/** A new engagement of the world in fieldwork (lead: the owner) and one procedure of it, as the administrator. */
async function fieldwork(w: World): Promise<{ model: AuditModel; engagementId: string; procedureId: string }> {
  const model = await worldAudit(w);
  made += 1;
  const e = await createAuditRecord(w.app, admin(w), w.slug, model, 'engagement', {
    title: `Flow walk ${made}`,
    period_start: '2026-01-01',
    period_end: '2026-12-31',
    lead: w.users.owner.id,
  });
  const p = await createAuditRecord(w.app, admin(w), w.slug, model, 'procedure', { title: `Flow walk procedure ${made}`, engagement: e.id });
  for (const action of ['submit_scope', 'start_fieldwork']) {
    const res = await call(w.app, 'POST', `${base(w)}/engagements/${e.id}/transition`, { cookie: admin(w), body: { action } });
    if (res.statusCode !== 200) throw new Error(`${action}: ${res.statusCode} ${res.body}`);
  }
  return { model, engagementId: e.id, procedureId: p.id };
}

/** A sample of a new procedure in fieldwork (the population: the application's engagements). */
async function sampled(w: World): Promise<string> {
  const { model, procedureId } = await fieldwork(w);
  const res = await call(w.app, 'POST', `${base(w)}/procedures/${procedureId}/sample`, {
    cookie: admin(w),
    body: { populationSubject: model.subjects.engagement.key, size: 1, selection: 'random', seed: 'walk' },
  });
  if (res.statusCode !== 201) throw new Error(`sample: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

/** A new finding of a new engagement in fieldwork. */
async function raised(w: World): Promise<string> {
  const { engagementId } = await fieldwork(w);
  const res = await call(w.app, 'POST', `${base(w)}/findings`, {
    cookie: admin(w),
    body: { engagementId, title: 'Walk finding', kind: 'gap', severity: 'low' },
  });
  if (res.statusCode !== 201) throw new Error(`finding: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  [`GET ${B}/engagements/:id/actions`]: {
    allow: allow[`GET ${B}/engagements/:id/actions`],
    call: async (w, cookie) => call(w.app, 'GET', `${base(w)}/engagements/${(await worldEngagement(w)).id}/actions`, { cookie }),
  },
  [`POST ${B}/engagements/:id/transition`]: {
    allow: allow[`POST ${B}/engagements/:id/transition`],
    // the world's engagement is in scope: approving is refused (409) for every writer, nothing changes
    call: async (w, cookie) => call(w.app, 'POST', `${base(w)}/engagements/${(await worldEngagement(w)).id}/transition`, { cookie, body: { action: 'approve' } }),
    audit: {
      prepare: fieldwork,
      run: (w, prepared) =>
        call(w.app, 'POST', `${base(w)}/engagements/${(prepared as { engagementId: string }).engagementId}/transition`, {
          cookie: admin(w),
          body: { action: 'submit_for_approval' },
        }),
    },
  },
  [`GET ${B}/engagements/:id/transitions`]: {
    allow: allow[`GET ${B}/engagements/:id/transitions`],
    call: async (w, cookie) => call(w.app, 'GET', `${base(w)}/engagements/${(await worldEngagement(w)).id}/transitions`, { cookie }),
  },
  [`GET ${B}/engagements/:id/progress`]: {
    allow: allow[`GET ${B}/engagements/:id/progress`],
    call: async (w, cookie) => call(w.app, 'GET', `${base(w)}/engagements/${(await worldEngagement(w)).id}/progress`, { cookie }),
  },
  [`POST ${B}/procedures/:id/start`]: {
    allow: allow[`POST ${B}/procedures/:id/start`],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'POST', `${base(w)}/procedures/${MISSING_ID}/start`, { cookie });
    },
    audit: {
      prepare: fieldwork,
      run: (w, prepared) => call(w.app, 'POST', `${base(w)}/procedures/${(prepared as { procedureId: string }).procedureId}/start`, { cookie: admin(w) }),
    },
  },
  [`POST ${B}/procedures/:id/sample`]: {
    allow: allow[`POST ${B}/procedures/:id/sample`],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'POST', `${base(w)}/procedures/${MISSING_ID}/sample`, {
        cookie,
        body: { populationSubject: 'audit_engagement', size: 1, selection: 'random' },
      });
    },
    audit: {
      prepare: fieldwork,
      run: (w, prepared) => {
        const { model, procedureId } = prepared as { model: AuditModel; procedureId: string };
        return call(w.app, 'POST', `${base(w)}/procedures/${procedureId}/sample`, {
          cookie: admin(w),
          body: { populationSubject: model.subjects.engagement.key, size: 1, selection: 'random' },
        });
      },
    },
  },
  [`GET ${B}/procedures/:id/samples`]: {
    allow: allow[`GET ${B}/procedures/:id/samples`],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'GET', `${base(w)}/procedures/${MISSING_ID}/samples`, { cookie });
    },
  },
  [`POST ${B}/samples/:sampleId/redraw`]: {
    allow: allow[`POST ${B}/samples/:sampleId/redraw`],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'POST', `${base(w)}/samples/${MISSING_ID}/redraw`, { cookie, body: {} });
    },
    audit: {
      prepare: sampled,
      run: (w, prepared) => call(w.app, 'POST', `${base(w)}/samples/${prepared as string}/redraw`, { cookie: admin(w), body: {} }),
    },
  },
  [`POST ${B}/procedures/:id/conclude`]: {
    allow: allow[`POST ${B}/procedures/:id/conclude`],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'POST', `${base(w)}/procedures/${MISSING_ID}/conclude`, { cookie, body: { conclusion: 'effective' } });
    },
    audit: {
      prepare: fieldwork,
      run: (w, prepared) =>
        call(w.app, 'POST', `${base(w)}/procedures/${(prepared as { procedureId: string }).procedureId}/conclude`, {
          cookie: admin(w),
          body: { conclusion: 'effective', note: 'walk' },
        }),
    },
  },
  [`POST ${B}/findings`]: {
    allow: allow[`POST ${B}/findings`],
    // an engagement that does not exist: 400 naming engagementId for every writer
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'POST', `${base(w)}/findings`, { cookie, body: { engagementId: MISSING_ID, title: 'x', kind: 'gap', severity: 'low' } });
    },
    audit: {
      prepare: fieldwork,
      run: (w, prepared) =>
        call(w.app, 'POST', `${base(w)}/findings`, {
          cookie: admin(w),
          body: { engagementId: (prepared as { engagementId: string }).engagementId, title: 'Walk finding', kind: 'gap', severity: 'low' },
        }),
    },
  },
  [`GET ${B}/findings/overdue`]: {
    allow: allow[`GET ${B}/findings/overdue`],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'GET', `${base(w)}/findings/overdue`, { cookie });
    },
  },
  [`GET ${B}/findings/:id/actions`]: {
    allow: allow[`GET ${B}/findings/:id/actions`],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'GET', `${base(w)}/findings/${MISSING_ID}/actions`, { cookie });
    },
  },
  [`POST ${B}/findings/:id/transition`]: {
    allow: allow[`POST ${B}/findings/:id/transition`],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'POST', `${base(w)}/findings/${MISSING_ID}/transition`, { cookie, body: { action: 'start_remediation' } });
    },
    audit: {
      prepare: raised,
      run: (w, prepared) => call(w.app, 'POST', `${base(w)}/findings/${prepared as string}/transition`, { cookie: admin(w), body: { action: 'start_remediation' } }),
    },
  },
};
