/** Access and audit specs of /api/v1/notices (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MISSING_ID, SIGNED_IN, type RouteSpecs, type World } from '../../test/route-specs';

/** Creates an announcement as the administrator; returns its id. */
async function announce(w: World, body: Record<string, unknown> = {}): Promise<string> {
  const res = await call(w.app, 'POST', '/api/v1/notices', {
    cookie: w.users.admin.cookie,
    body: { title: 'Spec notice', body: '<p>Hello</p>', audience: 'everyone', published: true, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`notice: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/notices': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/notices', { cookie }) },
  'GET /api/v1/notices/groups': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/notices/groups', { cookie }) },
  'GET /api/v1/notices/mine': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/notices/mine', { cookie }) },
  'GET /api/v1/notices/unread-count': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/notices/unread-count', { cookie }) },
  'GET /api/v1/notices/:id': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', `/api/v1/notices/${MISSING_ID}`, { cookie }) },
  'POST /api/v1/notices': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/notices', { cookie, body: { title: '' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/notices', { cookie: w.users.admin.cookie, body: { title: 'Walk', audience: 'everyone' } }) },
  },
  'POST /api/v1/notices/messages': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/notices/messages', { cookie, body: {} }),
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/notices/messages', { cookie: w.users.admin.cookie, body: { recipientId: w.users.viewer.id, title: 'Hi', body: '<p>Hi</p>' } }),
    },
  },
  'PATCH /api/v1/notices/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/notices/${MISSING_ID}`, { cookie, body: { title: 'Nobody' } }),
    audit: {
      prepare: (w) => announce(w, { published: false }),
      run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/notices/${id}`, { cookie: w.users.admin.cookie, body: { published: true } }),
    },
  },
  'DELETE /api/v1/notices/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/notices/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: (w) => announce(w),
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/notices/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/notices/:id/read': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/notices/${MISSING_ID}/read`, { cookie }),
    audit: {
      prepare: (w) => announce(w),
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/notices/${id}/read`, { cookie: w.users.viewer.cookie }),
    },
  },
  'POST /api/v1/notices/read-all': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/notices/read-all', { cookie }),
    audit: {
      prepare: (w) => announce(w),
      run: (w) => call(w.app, 'POST', '/api/v1/notices/read-all', { cookie: w.users.editor.cookie }),
    },
  },
};
