/** Access and audit specs of the triggers and actions API (server/src/test/route-specs.ts). */
import { randomUUID } from 'node:crypto';
import { triggerRuns } from '../../db/schema';
import { call, json } from '../../test/helpers';
import type { RouteSpecs, World } from '../../test/route-specs';
import { createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { TRIGGER_ROUTE_ACCESS as allow } from './triggers.routes';

const nobody = () => randomUUID();
let made = 0;

async function post<T>(w: World, url: string, body: object): Promise<T> {
  const res = await call(w.app, 'POST', url, { cookie: w.users.admin.cookie, body });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return json<{ data: T }>(res).data;
}

/** A schedule trigger with no steps (enabled or not) of the world's application; its id. */
async function makeTrigger(w: World, enabled = false): Promise<string> {
  made += 1;
  const t = await post<{ id: string }>(w, '/api/v1/triggers', {
    name: `walk ${made}`,
    application: w.slug,
    event: 'schedule',
    cron: '0 3 * * *',
    timezone: 'UTC',
    enabled,
  });
  return t.id;
}

const subjects = new WeakMap<World, Promise<void>>();
/** A manual trigger on a subject `walkt` of the world's application, and one record; their ids. */
async function manualTrigger(w: World): Promise<{ trigger: string; record: string }> {
  if (!subjects.has(w))
    subjects.set(
      w,
      createTestSubjectIn(w.app, { applicationId: w.appId, key: 'walkt', fields: [fieldOf('title', 'text')] }).then(
        () => undefined,
      ),
    );
  await subjects.get(w);
  made += 1;
  const t = await post<{ id: string }>(w, '/api/v1/triggers', {
    name: `manual ${made}`,
    application: w.slug,
    event: 'manual',
    subject: 'walkt',
    enabled: true,
  });
  const r = await post<{ record: { id: string } }>(w, `/api/v1/applications/${w.slug}/subjects/walkt/records`, {
    values: { title: `r${made}` },
  });
  return { trigger: t.id, record: r.record.id };
}

/** A dead run of a fresh trigger; its id. */
async function deadRun(w: World): Promise<string> {
  const trigger = await makeTrigger(w);
  const [run] = await w.app.db
    .insert(triggerRuns)
    .values({ triggerId: trigger, state: 'dead', event: { kind: 'schedule', depth: 0 }, error: 'boom', attempts: 3 })
    .returning();
  return run.id;
}

/** An update_record action of the library; its id. */
async function makeAction(w: World): Promise<string> {
  made += 1;
  return (
    await post<{ id: string }>(w, '/api/v1/actions', {
      name: `act ${made}`,
      type: 'update_record',
      config: { set: [{ field: 'title', value: 'x' }] },
    })
  ).id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/triggers': {
    allow: allow['GET /api/v1/triggers'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/triggers', { cookie }),
  },
  'POST /api/v1/triggers': {
    allow: allow['POST /api/v1/triggers'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/triggers', { cookie, body: { name: '' } }),
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/triggers', {
          cookie: w.users.admin.cookie,
          body: { name: 'walk', application: w.slug, event: 'schedule', cron: '0 4 * * *' },
        }),
    },
  },
  'POST /api/v1/triggers/next-fires': {
    allow: allow['POST /api/v1/triggers/next-fires'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/triggers/next-fires', { cookie, body: { cron: 'bad', timezone: 'UTC' } }),
    // a computation: declared audit: false, writes nothing
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/triggers/next-fires', {
          cookie: w.users.admin.cookie,
          body: { cron: '0 9 * * *', timezone: 'Europe/Berlin' },
        }),
    },
  },
  'GET /api/v1/triggers/:id': {
    allow: allow['GET /api/v1/triggers/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/triggers/${nobody()}`, { cookie }),
  },
  'PATCH /api/v1/triggers/:id': {
    allow: allow['PATCH /api/v1/triggers/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/triggers/${nobody()}`, { cookie, body: { name: 'x' } }),
    audit: {
      prepare: (w) => makeTrigger(w),
      run: (w, id: string) =>
        call(w.app, 'PATCH', `/api/v1/triggers/${id}`, { cookie: w.users.admin.cookie, body: { name: 'renamed' } }),
    },
  },
  'DELETE /api/v1/triggers/:id': {
    allow: allow['DELETE /api/v1/triggers/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/triggers/${nobody()}`, { cookie }),
    audit: {
      prepare: (w) => makeTrigger(w),
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/triggers/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/triggers/:id/enable': {
    allow: allow['POST /api/v1/triggers/:id/enable'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/triggers/${nobody()}/enable`, { cookie }),
    audit: {
      prepare: (w) => makeTrigger(w),
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/triggers/${id}/enable`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/triggers/:id/disable': {
    allow: allow['POST /api/v1/triggers/:id/disable'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/triggers/${nobody()}/disable`, { cookie }),
    audit: {
      prepare: (w) => makeTrigger(w, true),
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/triggers/${id}/disable`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/triggers/:id/test': {
    allow: allow['POST /api/v1/triggers/:id/test'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/triggers/${nobody()}/test`, { cookie, body: {} }),
    audit: {
      prepare: (w) => makeTrigger(w),
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/triggers/${id}/test`, { cookie: w.users.admin.cookie, body: {} }),
    },
  },
  'POST /api/v1/triggers/:id/run': {
    allow: allow['POST /api/v1/triggers/:id/run'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/triggers/${nobody()}/run`, { cookie, body: { recordIds: [nobody()] } }),
    audit: {
      prepare: manualTrigger,
      run: (w, p: { trigger: string; record: string }) =>
        call(w.app, 'POST', `/api/v1/triggers/${p.trigger}/run`, {
          cookie: w.users.admin.cookie,
          body: { recordIds: [p.record] },
        }),
    },
  },
  'GET /api/v1/triggers/:id/runs': {
    allow: allow['GET /api/v1/triggers/:id/runs'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/triggers/${nobody()}/runs`, { cookie }),
  },
  'GET /api/v1/trigger-runs': {
    allow: allow['GET /api/v1/trigger-runs'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/trigger-runs?state=dead', { cookie }),
  },
  'GET /api/v1/trigger-runs/:id': {
    allow: allow['GET /api/v1/trigger-runs/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/trigger-runs/${nobody()}`, { cookie }),
  },
  'POST /api/v1/trigger-runs/:id/replay': {
    allow: allow['POST /api/v1/trigger-runs/:id/replay'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/trigger-runs/${nobody()}/replay`, { cookie }),
    audit: {
      prepare: deadRun,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/trigger-runs/${id}/replay`, { cookie: w.users.admin.cookie }),
    },
  },
  'GET /api/v1/actions': {
    allow: allow['GET /api/v1/actions'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/actions', { cookie }),
  },
  'GET /api/v1/actions/types': {
    allow: allow['GET /api/v1/actions/types'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/actions/types', { cookie }),
  },
  'POST /api/v1/actions': {
    allow: allow['POST /api/v1/actions'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/actions', { cookie, body: { name: 'x', type: 'no_such_type' } }),
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/actions', {
          cookie: w.users.admin.cookie,
          body: { name: 'walk', type: 'update_record', config: { set: [{ field: 'a', value: 1 }] } },
        }),
    },
  },
  'GET /api/v1/actions/:id': {
    allow: allow['GET /api/v1/actions/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/actions/${nobody()}`, { cookie }),
  },
  'PATCH /api/v1/actions/:id': {
    allow: allow['PATCH /api/v1/actions/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/actions/${nobody()}`, { cookie, body: { name: 'x' } }),
    audit: {
      prepare: makeAction,
      run: (w, id: string) =>
        call(w.app, 'PATCH', `/api/v1/actions/${id}`, { cookie: w.users.admin.cookie, body: { name: 'renamed' } }),
    },
  },
  'DELETE /api/v1/actions/:id': {
    allow: allow['DELETE /api/v1/actions/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/actions/${nobody()}`, { cookie }),
    audit: {
      prepare: makeAction,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/actions/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
};
