/** Access and audit specs of the personal center, /api/v1/auth/me/… (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MISSING_ID, SIGNED_IN, type RouteSpecs } from '../../test/route-specs';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/auth/me/profile': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/auth/me/profile', { cookie }) },
  'PATCH /api/v1/auth/me/profile': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'PATCH', '/api/v1/auth/me/profile', { cookie, body: { phone: 'not a phone' } }),
    audit: { run: (w) => call(w.app, 'PATCH', '/api/v1/auth/me/profile', { cookie: w.users.viewer.cookie, body: { title: 'Walker' } }) },
  },
  'GET /api/v1/auth/me/tokens': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/auth/me/tokens', { cookie }) },
  'POST /api/v1/auth/me/tokens': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/auth/me/tokens', { cookie, body: { name: '' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/auth/me/tokens', { cookie: w.users.viewer.cookie, body: { name: 'walk' } }) },
  },
  'DELETE /api/v1/auth/me/tokens/:id': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/auth/me/tokens/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: async (w) => {
        const res = await call(w.app, 'POST', '/api/v1/auth/me/tokens', { cookie: w.users.viewer.cookie, body: { name: 'to revoke' } });
        return json<{ data: { item: { id: string } } }>(res).data.item.id;
      },
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/auth/me/tokens/${id}`, { cookie: w.users.viewer.cookie }),
    },
  },
  'GET /api/v1/auth/me/activity': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/auth/me/activity', { cookie }) },
};
