/** Access and audit specs of /api/v1/recycle (server/src/test/route-specs.ts), with the test Recyclable. */
import { call } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs } from '../../test/route-specs';
import { binnedTestTag, TEST_TAG_TYPE } from './recycle.test-support';

let walked = 0;
/** A fresh binned test tag in `w`'s database (a unique name per call). */
const binned = (w: { app: { db: Parameters<typeof binnedTestTag>[0] } }) => binnedTestTag(w.app.db, `walk-tag-${++walked}`);

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/recycle': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/recycle?type=user', { cookie }) },
  'GET /api/v1/recycle/retention': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/recycle/retention', { cookie }) },
  'PUT /api/v1/recycle/retention': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PUT', '/api/v1/recycle/retention', { cookie, body: { days: -1 } }),
    audit: { run: (w) => call(w.app, 'PUT', '/api/v1/recycle/retention', { cookie: w.users.admin.cookie, body: { days: 30 } }) },
  },
  'POST /api/v1/recycle/:type/:id/restore': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/recycle/${TEST_TAG_TYPE}/${MISSING_ID}/restore`, { cookie }),
    audit: {
      prepare: binned,
      run: (w, id: string) => call(w.app, 'POST', `/api/v1/recycle/${TEST_TAG_TYPE}/${id}/restore`, { cookie: w.users.admin.cookie }),
    },
  },
  'DELETE /api/v1/recycle/:type/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/recycle/${TEST_TAG_TYPE}/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: binned,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/recycle/${TEST_TAG_TYPE}/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
};
