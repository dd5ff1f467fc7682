/** Access and audit specs of a record's comments (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { SIGNED_IN, type RouteSpecs, type World } from '../../test/route-specs';
import { oncePerWorld, worldRecord } from '../../test/records-support';

/** Adds a comment to the world's record as the administrator. @returns its id. */
async function adminComment(w: World): Promise<string> {
  const { base } = await worldRecord(w);
  const res = await call(w.app, 'POST', `${base}/comments`, { cookie: w.users.admin.cookie, body: { body: 'A comment' } });
  if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications/:slug/subjects/:key/records/:id/comments': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${(await worldRecord(w)).base}/comments`, { cookie }),
  },
  'POST /api/v1/applications/:slug/subjects/:key/records/:id/comments': {
    allow: ['editor', 'owner', 'admin'],
    call: async (w, cookie) => call(w.app, 'POST', `${(await worldRecord(w)).base}/comments`, { cookie, body: { body: 'From the matrix' } }),
    audit: {
      prepare: worldRecord,
      run: async (w) => call(w.app, 'POST', `${(await worldRecord(w)).base}/comments`, { cookie: w.users.editor.cookie, body: { body: 'Walked' } }),
    },
  },
  'DELETE /api/v1/applications/:slug/subjects/:key/records/:id/comments/:commentId': {
    // someone else's comment: its owner and administrators (the author too: comments.test.ts)
    allow: ['owner', 'admin'],
    call: async (w, cookie) => {
      const id = await oncePerWorld(w, 'comment-to-delete', adminComment);
      return call(w.app, 'DELETE', `${(await worldRecord(w)).base}/comments/${id}`, { cookie });
    },
    audit: {
      prepare: adminComment,
      run: async (w, id: string) => call(w.app, 'DELETE', `${(await worldRecord(w)).base}/comments/${id}`, { cookie: w.users.owner.cookie }),
    },
  },
};
