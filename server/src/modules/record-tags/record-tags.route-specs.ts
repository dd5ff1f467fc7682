/** Access and audit specs of a record's tags and categories (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { type Role, type RouteSpecs, type World } from '../../test/route-specs';
import { worldRecord } from '../../test/records-support';

const EDITORS: readonly Role[] = ['editor', 'owner', 'admin'];

/** A new tag or category (POST /api/v1/tags|categories as the administrator) and the world's record. @returns its id. */
async function madeFor(w: World, kind: 'tags' | 'categories'): Promise<string> {
  await worldRecord(w);
  const body = kind === 'tags' ? { name: `record-walk-tag`, color: '#1677ff' } : { name: 'Record walk category' };
  const res = await call(w.app, 'POST', `/api/v1/${kind}`, { cookie: w.users.admin.cookie, body });
  if (res.statusCode !== 201) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'PUT /api/v1/applications/:slug/subjects/:key/records/:id/tags': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'PUT', `${(await worldRecord(w)).base}/tags`, { cookie, body: { tagIds: [] } }),
    audit: {
      prepare: (w) => madeFor(w, 'tags'),
      run: async (w, id: string) => call(w.app, 'PUT', `${(await worldRecord(w)).base}/tags`, { cookie: w.users.editor.cookie, body: { tagIds: [id] } }),
    },
  },
  'PUT /api/v1/applications/:slug/subjects/:key/records/:id/categories': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'PUT', `${(await worldRecord(w)).base}/categories`, { cookie, body: { categoryIds: [] } }),
    audit: {
      prepare: (w) => madeFor(w, 'categories'),
      run: async (w, id: string) =>
        call(w.app, 'PUT', `${(await worldRecord(w)).base}/categories`, { cookie: w.users.editor.cookie, body: { categoryIds: [id] } }),
    },
  },
};
