/** Access and audit specs of the tasks API (server/src/test/route-specs.ts). */
import { randomUUID } from 'node:crypto';
import { call, json } from '../../test/helpers';
import type { RouteSpecs, World } from '../../test/route-specs';
import { TASK_ROUTE_ACCESS } from './tasks.routes';
import { registerTaskKind } from './tasks.registry';

/** A kind startable by hand and without a singleton, for the walk (no engine runs there: its tasks stay queued). */
export const WALK_TASK_KIND = 'walk.echo';
registerTaskKind(WALK_TASK_KIND, async ({ task }) => task.input, { manual: true });

/** Starts a walk task as the administrator. @returns its id. */
async function startWalkTask(w: World): Promise<string> {
  const res = await call(w.app, 'POST', '/api/v1/tasks', {
    cookie: w.users.admin.cookie,
    body: { kind: WALK_TASK_KIND, input: { n: 1 } },
  });
  if (res.statusCode !== 201) throw new Error(`task start: ${res.statusCode} ${res.body}`);
  return json<{ data: { task: { id: string } } }>(res).data.task.id;
}

/** A walk task, cancelled (retryable). */
async function cancelledWalkTask(w: World): Promise<string> {
  const id = await startWalkTask(w);
  const res = await call(w.app, 'POST', `/api/v1/tasks/${id}/cancel`, { cookie: w.users.admin.cookie });
  if (res.statusCode !== 200) throw new Error(`task cancel: ${res.statusCode} ${res.body}`);
  return id;
}

const nobody = () => randomUUID();

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/tasks': {
    allow: TASK_ROUTE_ACCESS['GET /api/v1/tasks'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/tasks', { cookie }),
  },
  'GET /api/v1/tasks/kinds': {
    allow: TASK_ROUTE_ACCESS['GET /api/v1/tasks/kinds'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/tasks/kinds', { cookie }),
  },
  'POST /api/v1/tasks': {
    allow: TASK_ROUTE_ACCESS['POST /api/v1/tasks'],
    // unknown kind: 400 naming `kind` once the access check passed
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/tasks', { cookie, body: { kind: 'no.such-kind' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/tasks', { cookie: w.users.admin.cookie, body: { kind: WALK_TASK_KIND } }) },
  },
  'GET /api/v1/tasks/:id': {
    allow: TASK_ROUTE_ACCESS['GET /api/v1/tasks/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/tasks/${nobody()}`, { cookie }),
  },
  'GET /api/v1/tasks/:id/logs': {
    allow: TASK_ROUTE_ACCESS['GET /api/v1/tasks/:id/logs'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/tasks/${nobody()}/logs`, { cookie }),
  },
  'GET /api/v1/tasks/:id/stream': {
    allow: TASK_ROUTE_ACCESS['GET /api/v1/tasks/:id/stream'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/tasks/${nobody()}/stream`, { cookie }),
  },
  'POST /api/v1/tasks/:id/cancel': {
    allow: TASK_ROUTE_ACCESS['POST /api/v1/tasks/:id/cancel'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/tasks/${nobody()}/cancel`, { cookie }),
    audit: {
      prepare: startWalkTask,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/tasks/${id}/cancel`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/tasks/:id/retry': {
    allow: TASK_ROUTE_ACCESS['POST /api/v1/tasks/:id/retry'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/tasks/${nobody()}/retry`, { cookie }),
    audit: {
      prepare: cancelledWalkTask,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/tasks/${id}/retry`, { cookie: w.users.admin.cookie }),
    },
  },
};
