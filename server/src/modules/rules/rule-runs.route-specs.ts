/** Access and audit specs of the validation runs API (server/src/test/route-specs.ts). */
import { randomUUID } from 'node:crypto';
import { ruleRuns } from '../../db/schema';
import { call } from '../../test/helpers';
import { oncePerWorld, worldRecord } from '../../test/records-support';
import type { RouteSpecs, World } from '../../test/route-specs';
import { getTaskKind } from '../tasks/tasks.registry';
import { enqueueTask } from '../tasks/tasks.service';
import { RULE_RUN_KIND } from './rule-runs.engine';
import { RULE_RUN_ROUTE_ACCESS as allow } from './rule-runs.routes';
import { insertRule } from './rule-runs.test-support';

/** The world's subject with one rule, and a finished run of it; the run's id. */
function worldRun(w: World): Promise<string> {
  return oncePerWorld(w, 'rule-run', async () => {
    const { subject } = await worldRecord(w);
    const rule = await insertRule(w.app.db, subject, 'walk rule', { kind: 'pattern', field: 'title', pattern: '[A-Z].*' });
    const [run] = await w.app.db
      .insert(ruleRuns)
      .values({ applicationId: w.appId, subjectId: subject.id, rules: [rule], state: 'done', records: 1, score: '100', createdLabel: 'walk', finishedAt: new Date() })
      .returning();
    return run.id;
  });
}

/** A queued run (its task queued, no engine runs it) of the world's subject; its id. */
async function queuedRun(w: World): Promise<string> {
  const { subject } = await worldRecord(w);
  const id = randomUUID();
  const { row } = await w.app.db.transaction((tx) =>
    enqueueTask(w.app.db, tx, getTaskKind(RULE_RUN_KIND)!, { id: null, label: 'walk' }, { input: { runId: id }, singletonKey: randomUUID() }),
  );
  await w.app.db.insert(ruleRuns).values({ id, applicationId: w.appId, subjectId: subject.id, rules: [], taskId: row.id, createdLabel: 'walk' });
  return id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'POST /api/v1/rule-runs': {
    allow: allow['POST /api/v1/rule-runs'],
    // a rule set that does not exist: 404 once the role passed
    call: async (w, cookie) => {
      const { key } = await worldRecord(w);
      return call(w.app, 'POST', '/api/v1/rule-runs', { cookie, body: { application: w.slug, subject: key, ruleSet: randomUUID() } });
    },
    audit: {
      prepare: (w) => worldRecord(w),
      run: (w, prepared: { key: string }) =>
        call(w.app, 'POST', '/api/v1/rule-runs', { cookie: w.users.admin.cookie, body: { application: w.slug, subject: prepared.key } }),
    },
  },
  'GET /api/v1/rule-runs': {
    allow: allow['GET /api/v1/rule-runs'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/rule-runs?application=${w.slug}`, { cookie }),
  },
  'GET /api/v1/rule-runs/trend': {
    allow: allow['GET /api/v1/rule-runs/trend'],
    call: async (w, cookie) => {
      const { key } = await worldRecord(w);
      return call(w.app, 'GET', `/api/v1/rule-runs/trend?application=${w.slug}&subject=${key}`, { cookie });
    },
  },
  'GET /api/v1/rule-runs/:id': {
    allow: allow['GET /api/v1/rule-runs/:id'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/rule-runs/${await worldRun(w)}`, { cookie }),
  },
  'GET /api/v1/rule-runs/:id/failures': {
    allow: allow['GET /api/v1/rule-runs/:id/failures'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/rule-runs/${await worldRun(w)}/failures`, { cookie }),
  },
  'GET /api/v1/rule-runs/:id/export': {
    allow: allow['GET /api/v1/rule-runs/:id/export'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/rule-runs/${await worldRun(w)}/export?format=csv`, { cookie }),
  },
  'POST /api/v1/rule-runs/:id/cancel': {
    allow: allow['POST /api/v1/rule-runs/:id/cancel'],
    // a finished run: 409 once the role passed
    call: async (w, cookie) => call(w.app, 'POST', `/api/v1/rule-runs/${await worldRun(w)}/cancel`, { cookie }),
    audit: {
      prepare: (w) => queuedRun(w),
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/rule-runs/${id}/cancel`, { cookie: w.users.admin.cookie }),
    },
  },
  'GET /api/v1/applications/:slug/data-quality': {
    allow: allow['GET /api/v1/applications/:slug/data-quality'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/applications/${w.slug}/data-quality`, { cookie }),
  },
};
