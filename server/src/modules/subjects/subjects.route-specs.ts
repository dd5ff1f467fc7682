/** Access and audit specs of the subjects module's routes (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MANAGERS, SIGNED_IN, type RouteSpecs, type World } from '../../test/route-specs';

let made = 0;
/** Creates a subject `walk_<n>` in the world's application as the administrator; returns its key. */
async function makeSubject(w: World, body: Record<string, unknown> = {}): Promise<string> {
  made += 1;
  const key = `walk_${made}`;
  const res = await call(w.app, 'POST', `/api/v1/applications/${w.slug}/subjects`, {
    cookie: w.users.admin.cookie,
    body: {
      key,
      name: `Walk ${made}`,
      fields: [
        { key: 'name', name: 'Name', type: 'text' },
        { key: 'note', name: 'Note', type: 'text' },
      ],
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`walk subject: ${res.statusCode} ${res.body}`);
  return key;
}

const fixtures = new WeakMap<World, Promise<{ target: string; targetId: string }>>();
/**
 * The access matrix's fixed pair in the world: `matrix_target` (display field 'name') and
 * `matrix_source`, whose relation points at the target — so deleting the target, or its display
 * field, is a 409 for the roles allowed to try.
 */
function fixture(w: World): Promise<{ target: string; targetId: string }> {
  let found = fixtures.get(w);
  if (!found) {
    found = (async () => {
      const base = `/api/v1/applications/${w.slug}/subjects`;
      const cookie = w.users.admin.cookie;
      const t = await call(w.app, 'POST', base, {
        cookie,
        body: {
          key: 'matrix_target',
          name: 'Target',
          fields: [{ key: 'name', name: 'Name', type: 'text' }],
          displayField: 'name',
        },
      });
      const targetId = json<{ data: { id: string } }>(t).data.id;
      await call(w.app, 'POST', base, {
        cookie,
        body: {
          key: 'matrix_source',
          name: 'Source',
          fields: [{ key: 'target', name: 'Target', type: 'relation', options: { targetSubjectId: targetId } }],
        },
      });
      return { target: 'matrix_target', targetId };
    })();
    fixtures.set(w, found);
  }
  return found;
}

const subjects = (w: World) => `/api/v1/applications/${w.slug}/subjects`;
/** A field body valid for zod that the service refuses (a relation without a target) after the access check. */
const badRelation = { key: 'bad', name: 'Bad', type: 'relation', options: {} };

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications/:slug/subjects': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'GET', subjects(w), { cookie }),
  },
  'POST /api/v1/applications/:slug/subjects': {
    allow: MANAGERS,
    call: (w, cookie) =>
      call(w.app, 'POST', subjects(w), { cookie, body: { key: 'refused', name: 'Refused', fields: [badRelation] } }),
    audit: {
      run: (w) => call(w.app, 'POST', subjects(w), { cookie: w.users.owner.cookie, body: { key: 'walk_new', name: 'Walk new' } }),
    },
  },
  'GET /api/v1/applications/:slug/subjects/:key': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${subjects(w)}/${(await fixture(w)).target}`, { cookie }),
  },
  'PATCH /api/v1/applications/:slug/subjects/:key': {
    allow: MANAGERS,
    call: async (w, cookie) =>
      call(w.app, 'PATCH', `${subjects(w)}/${(await fixture(w)).target}`, { cookie, body: { displayField: 'nope' } }),
    audit: {
      prepare: (w) => makeSubject(w),
      run: (w, key: string) =>
        call(w.app, 'PATCH', `${subjects(w)}/${key}`, { cookie: w.users.owner.cookie, body: { name: 'Renamed' } }),
    },
  },
  'DELETE /api/v1/applications/:slug/subjects/:key': {
    allow: MANAGERS,
    call: async (w, cookie) => call(w.app, 'DELETE', `${subjects(w)}/${(await fixture(w)).target}`, { cookie }),
    audit: {
      prepare: (w) => makeSubject(w),
      run: (w, key: string) => call(w.app, 'DELETE', `${subjects(w)}/${key}`, { cookie: w.users.owner.cookie }),
    },
  },
  'POST /api/v1/applications/:slug/subjects/:key/fields': {
    allow: MANAGERS,
    call: async (w, cookie) =>
      call(w.app, 'POST', `${subjects(w)}/${(await fixture(w)).target}/fields`, { cookie, body: badRelation }),
    audit: {
      prepare: (w) => makeSubject(w),
      run: (w, key: string) =>
        call(w.app, 'POST', `${subjects(w)}/${key}/fields`, {
          cookie: w.users.owner.cookie,
          body: { key: 'amount', name: 'Amount', type: 'number' },
        }),
    },
  },
  'PUT /api/v1/applications/:slug/subjects/:key/fields/order': {
    allow: MANAGERS,
    call: async (w, cookie) =>
      call(w.app, 'PUT', `${subjects(w)}/${(await fixture(w)).target}/fields/order`, { cookie, body: { keys: ['nope'] } }),
    audit: {
      prepare: (w) => makeSubject(w),
      run: (w, key: string) =>
        call(w.app, 'PUT', `${subjects(w)}/${key}/fields/order`, {
          cookie: w.users.owner.cookie,
          body: { keys: ['note', 'name'] },
        }),
    },
  },
  'PATCH /api/v1/applications/:slug/subjects/:key/fields/:field': {
    allow: MANAGERS,
    call: async (w, cookie) =>
      call(w.app, 'PATCH', `${subjects(w)}/${(await fixture(w)).target}/fields/name`, { cookie, body: { key: 'renamed' } }),
    audit: {
      prepare: (w) => makeSubject(w),
      run: (w, key: string) =>
        call(w.app, 'PATCH', `${subjects(w)}/${key}/fields/note`, {
          cookie: w.users.owner.cookie,
          body: { type: 'longText', helpText: 'Longer' },
        }),
    },
  },
  'DELETE /api/v1/applications/:slug/subjects/:key/fields/:field': {
    allow: MANAGERS,
    call: async (w, cookie) => call(w.app, 'DELETE', `${subjects(w)}/${(await fixture(w)).target}/fields/name`, { cookie }),
    audit: {
      prepare: (w) => makeSubject(w),
      run: (w, key: string) => call(w.app, 'DELETE', `${subjects(w)}/${key}/fields/note`, { cookie: w.users.owner.cookie }),
    },
  },
  'GET /api/v1/subjects': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/subjects?application=${w.slug}`, { cookie }),
  },
  'GET /api/v1/subjects/:id': {
    allow: ['admin'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/subjects/${(await fixture(w)).targetId}`, { cookie }),
  },
};
