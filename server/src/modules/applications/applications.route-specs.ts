/** Access and audit specs of /api/v1/applications (server/src/test/route-specs.ts). */
import { call, createUser } from '../../test/helpers';
import { MANAGERS, MISSING_ID, SIGNED_IN, type RouteSpecs } from '../../test/route-specs';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/applications', { cookie }) },
  'POST /api/v1/applications': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/applications', { cookie, body: { slug: '' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/applications', { cookie: w.users.admin.cookie, body: { slug: 'walk', name: 'Walk' } }) },
  },
  'GET /api/v1/applications/:slug': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/applications/${w.slug}`, { cookie }),
  },
  'PATCH /api/v1/applications/:slug': {
    allow: MANAGERS,
    // the same name: a no-op for those allowed, so the world stays as it is
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/applications/${w.slug}`, { cookie, body: { name: 'Matrix' } }),
    audit: {
      run: (w) => call(w.app, 'PATCH', `/api/v1/applications/${w.slug}`, { cookie: w.users.owner.cookie, body: { description: 'Walked', color: '#13c2c2' } }),
    },
  },
  'DELETE /api/v1/applications/:slug': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', '/api/v1/applications/no-such-app', { cookie }),
    audit: {
      prepare: (w) => call(w.app, 'POST', '/api/v1/applications', { cookie: w.users.admin.cookie, body: { slug: 'walk-gone', name: 'Walk gone' } }),
      run: (w) => call(w.app, 'DELETE', '/api/v1/applications/walk-gone', { cookie: w.users.admin.cookie }),
    },
  },
  'POST /api/v1/applications/:slug/members': {
    allow: MANAGERS,
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/applications/${w.slug}/members`, { cookie, body: { email: 'nobody@example.com', role: 'viewer' } }),
    audit: {
      prepare: (w) => createUser(w.app, w.users.admin.cookie),
      run: (w, created: { email: string }) =>
        call(w.app, 'POST', `/api/v1/applications/${w.slug}/members`, { cookie: w.users.owner.cookie, body: { email: created.email, role: 'viewer' } }),
    },
  },
  'DELETE /api/v1/applications/:slug/members/:userId': {
    allow: MANAGERS,
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/applications/${w.slug}/members/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: async (w) => {
        const created = await createUser(w.app, w.users.admin.cookie);
        await call(w.app, 'POST', `/api/v1/applications/${w.slug}/members`, { cookie: w.users.admin.cookie, body: { email: created.email, role: 'editor' } });
        return created.user.id;
      },
      run: (w, userId: string) => call(w.app, 'DELETE', `/api/v1/applications/${w.slug}/members/${userId}`, { cookie: w.users.owner.cookie }),
    },
  },
};
