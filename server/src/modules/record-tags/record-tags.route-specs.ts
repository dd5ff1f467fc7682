/** Access and audit specs of a record's tags and categories (server/src/test/route-specs.ts). */
import { call } from '../../test/helpers';
import { type Role, type RouteSpecs } from '../../test/route-specs';
import { worldRecord } from '../record-queries/subjects.test-support';

const EDITORS: readonly Role[] = ['editor', 'owner', 'admin'];

export const ROUTE_SPECS: RouteSpecs = {
  'PUT /api/v1/applications/:slug/subjects/:key/records/:id/tags': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'PUT', `${(await worldRecord(w)).base}/tags`, { cookie, body: { tagIds: [] } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'PUT', `${(await worldRecord(w)).base}/tags`, { cookie: w.users.editor.cookie, body: { tagIds: [] } }),
    },
  },
  'PUT /api/v1/applications/:slug/subjects/:key/records/:id/categories': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'PUT', `${(await worldRecord(w)).base}/categories`, { cookie, body: { categoryIds: [] } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'PUT', `${(await worldRecord(w)).base}/categories`, { cookie: w.users.editor.cookie, body: { categoryIds: [] } }),
    },
  },
};
