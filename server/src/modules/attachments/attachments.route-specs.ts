/** Access and audit specs of the attachment routes (server/src/test/route-specs.ts). */
import { call } from '../../test/helpers';
import { SIGNED_IN, type RouteSpecs, type Role } from '../../test/route-specs';
import { multipartBody, oncePerWorld, uploadAs, WORLD_SUBJECT, worldRecord } from '../../test/records-support';

const EDITORS: readonly Role[] = ['editor', 'owner', 'admin'];

export const ROUTE_SPECS: RouteSpecs = {
  'POST /api/v1/applications/:slug/attachments': {
    allow: EDITORS,
    // a form without a file: 400 for those who may upload
    call: async (w, cookie) => {
      const { body, contentType } = await multipartBody([{ name: 'subjectKey', value: WORLD_SUBJECT }]);
      return call(w.app, 'POST', `/api/v1/applications/${w.slug}/attachments`, { cookie, body, headers: { 'content-type': contentType } });
    },
    audit: {
      prepare: worldRecord,
      run: async (w) => {
        const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'audit.txt', content: 'audited' }]);
        return call(w.app, 'POST', `/api/v1/applications/${w.slug}/attachments`, {
          cookie: w.users.editor.cookie,
          body,
          headers: { 'content-type': contentType },
        });
      },
    },
  },
  'GET /api/v1/attachments/:id/content': {
    allow: SIGNED_IN,
    call: async (w, cookie) => {
      const id = await oncePerWorld(w, 'attachment', () => uploadAs(w, w.users.admin.cookie));
      return call(w.app, 'GET', `/api/v1/attachments/${id}/content`, { cookie });
    },
  },
  'GET /api/v1/applications/:slug/subjects/:key/records/:id/attachments': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${(await worldRecord(w)).base}/attachments`, { cookie }),
  },
  'DELETE /api/v1/attachments/:id': {
    allow: EDITORS,
    // the first allowed role deletes it; the next ones get 404
    call: async (w, cookie) => {
      const id = await oncePerWorld(w, 'attachment-to-delete', () => uploadAs(w, w.users.admin.cookie, 'delete-me.txt'));
      return call(w.app, 'DELETE', `/api/v1/attachments/${id}`, { cookie });
    },
    audit: {
      prepare: (w) => uploadAs(w, w.users.admin.cookie, 'audit-delete.txt'),
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/attachments/${id}`, { cookie: w.users.editor.cookie }),
    },
  },
};
