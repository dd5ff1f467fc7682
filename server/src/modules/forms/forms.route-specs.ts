/** Access and audit specs of /api/v1/forms and …/default-form (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MANAGERS, SIGNED_IN, type RouteSpecs, type World } from '../../test/route-specs';
import { oncePerWorld, WORLD_SUBJECT, worldRecord } from '../../test/records-support';

/** Creates a form of the world's subject as the administrator. @returns its id. */
async function makeForm(w: World, name = 'Walk form'): Promise<string> {
  await worldRecord(w);
  const res = await call(w.app, 'POST', '/api/v1/forms', {
    cookie: w.users.admin.cookie,
    body: { application: w.slug, subjectKey: WORLD_SUBJECT, name },
  });
  if (res.statusCode !== 201) throw new Error(`form: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

/** A layout naming a field the subject lacks: 400 for whoever passes the access check. */
const badLayout = { sections: [{ title: 'x', fields: [{ key: 'no_such_field' }] }] };

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/forms': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/forms', { cookie }) },
  'GET /api/v1/forms/:id': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/forms/${await oncePerWorld(w, 'form', makeForm)}`, { cookie }),
  },
  'GET /api/v1/applications/:slug/subjects/:key/default-form': {
    allow: SIGNED_IN,
    call: async (w, cookie) => {
      await worldRecord(w);
      return call(w.app, 'GET', `/api/v1/applications/${w.slug}/subjects/${WORLD_SUBJECT}/default-form`, { cookie });
    },
  },
  'POST /api/v1/forms': {
    allow: MANAGERS,
    call: async (w, cookie) => {
      await worldRecord(w);
      return call(w.app, 'POST', '/api/v1/forms', { cookie, body: { application: w.slug, subjectKey: WORLD_SUBJECT, name: 'Bad', layout: badLayout } });
    },
    audit: {
      prepare: worldRecord,
      run: (w) => call(w.app, 'POST', '/api/v1/forms', { cookie: w.users.admin.cookie, body: { application: w.slug, subjectKey: WORLD_SUBJECT, name: 'Walked' } }),
    },
  },
  'PATCH /api/v1/forms/:id': {
    allow: MANAGERS,
    call: async (w, cookie) => call(w.app, 'PATCH', `/api/v1/forms/${await oncePerWorld(w, 'form', makeForm)}`, { cookie, body: { layout: badLayout } }),
    audit: {
      prepare: (w) => makeForm(w),
      run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/forms/${id}`, { cookie: w.users.admin.cookie, body: { name: 'Renamed', isDefault: true } }),
    },
  },
  'DELETE /api/v1/forms/:id': {
    allow: MANAGERS,
    call: async (w, cookie, role) => call(w.app, 'DELETE', `/api/v1/forms/${await oncePerWorld(w, `form-${role}`, (x) => makeForm(x, `Delete ${role}`))}`, { cookie }),
    audit: {
      prepare: (w) => makeForm(w),
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/forms/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
};

