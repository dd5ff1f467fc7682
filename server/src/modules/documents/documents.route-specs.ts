/** Access and audit specs of the documents routes (server/src/test/route-specs.ts). */
import { randomUUID } from 'node:crypto';
import { call, json } from '../../test/helpers';
import { ROLES, SIGNED_IN, type Role, type RouteSpecs, type World } from '../../test/route-specs';
import { multipartBody, oncePerWorld, WORLD_SUBJECT, worldRecord } from '../../test/records-support';

const EDITORS: readonly Role[] = ['editor', 'owner', 'admin'];
const ADMIN: readonly Role[] = ['admin'];
const A = '/api/v1';

/** Uploads one small file into the world's application (or the console) as the administrator. @returns the document id. */
async function uploadDoc(w: World, fileName: string, consoleScope = false): Promise<string> {
  const { body, contentType } = await multipartBody([{ name: 'file', fileName, type: 'text/plain', content: `content of ${fileName}` }]);
  const path = consoleScope ? `${A}/documents/upload` : `${A}/applications/${w.slug}/documents/upload`;
  const res = await call(w.app, 'POST', path, { cookie: w.users.admin.cookie, body, headers: { 'content-type': contentType } });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return json<{ data: { items: { document: { id: string } }[] } }>(res).data.items[0].document.id;
}

/** A folder of the world's application, made by the administrator. @returns its id. */
async function makeFolder(w: World, name: string): Promise<string> {
  const res = await call(w.app, 'POST', `${A}/applications/${w.slug}/document-folders`, { cookie: w.users.admin.cookie, body: { name } });
  if (res.statusCode !== 201) throw new Error(`folder: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

const worldDoc = (w: World) => oncePerWorld(w, 'document', () => uploadDoc(w, 'matrix-doc.txt'));
const worldFolder = (w: World) => oncePerWorld(w, 'document-folder', () => makeFolder(w, 'Matrix folder'));
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function emptyForm(w: World, cookie: string | undefined, path: string) {
  const { body, contentType } = await multipartBody([{ name: 'category', value: 'none' }]);
  return call(w.app, 'POST', path, { cookie, body, headers: { 'content-type': contentType } });
}

async function uploadRun(w: World, path: string, cookie: string) {
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: `${unique('audit')}.txt`, type: 'text/plain', content: 'audited' }]);
  return call(w.app, 'POST', path, { cookie, body, headers: { 'content-type': contentType } });
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications/:slug/document-folders': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'GET', `${A}/applications/${w.slug}/document-folders`, { cookie }),
  },
  'GET /api/v1/document-folders': { allow: ADMIN, call: (w, cookie) => call(w.app, 'GET', `${A}/document-folders`, { cookie }) },
  'POST /api/v1/applications/:slug/document-folders': {
    allow: EDITORS,
    // a name of spaces: 400 for those who may create (the body is checked before the role: a valid one)
    call: (w, cookie) => call(w.app, 'POST', `${A}/applications/${w.slug}/document-folders`, { cookie, body: { name: unique('f') } }),
    audit: { run: (w) => call(w.app, 'POST', `${A}/applications/${w.slug}/document-folders`, { cookie: w.users.editor.cookie, body: { name: unique('audit') } }) },
  },
  'POST /api/v1/document-folders': {
    allow: ADMIN,
    call: (w, cookie) => call(w.app, 'POST', `${A}/document-folders`, { cookie, body: { name: unique('console') } }),
    audit: { run: (w) => call(w.app, 'POST', `${A}/document-folders`, { cookie: w.users.admin.cookie, body: { name: unique('audit') } }) },
  },
  'GET /api/v1/applications/:slug/documents': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'GET', `${A}/applications/${w.slug}/documents?q=matrix`, { cookie }),
  },
  'GET /api/v1/documents': { allow: ADMIN, call: (w, cookie) => call(w.app, 'GET', `${A}/documents`, { cookie }) },
  'POST /api/v1/applications/:slug/documents/upload': {
    allow: EDITORS,
    // a form without a file: 400 for those who may upload
    call: (w, cookie) => emptyForm(w, cookie, `${A}/applications/${w.slug}/documents/upload`),
    audit: { run: (w) => uploadRun(w, `${A}/applications/${w.slug}/documents/upload`, w.users.editor.cookie) },
  },
  'POST /api/v1/documents/upload': {
    allow: ADMIN,
    call: (w, cookie) => emptyForm(w, cookie, `${A}/documents/upload`),
    audit: { run: (w) => uploadRun(w, `${A}/documents/upload`, w.users.admin.cookie) },
  },
  'PATCH /api/v1/document-folders/:id': {
    allow: EDITORS,
    // no change: 200 unchanged
    call: async (w, cookie) => call(w.app, 'PATCH', `${A}/document-folders/${await worldFolder(w)}`, { cookie, body: {} }),
    audit: {
      prepare: (w) => makeFolder(w, unique('audit')),
      run: (w, id: string) => call(w.app, 'PATCH', `${A}/document-folders/${id}`, { cookie: w.users.editor.cookie, body: { retentionDays: 30 } }),
    },
  },
  'DELETE /api/v1/document-folders/:id': {
    allow: EDITORS,
    // the first allowed role deletes it; the next ones get 404
    call: async (w, cookie) => call(w.app, 'DELETE', `${A}/document-folders/${await oncePerWorld(w, 'folder-to-delete', () => makeFolder(w, 'Delete me'))}`, { cookie }),
    audit: {
      prepare: (w) => makeFolder(w, unique('audit')),
      run: (w, id: string) => call(w.app, 'DELETE', `${A}/document-folders/${id}`, { cookie: w.users.editor.cookie }),
    },
  },
  'GET /api/v1/documents/:id': { allow: SIGNED_IN, call: async (w, cookie) => call(w.app, 'GET', `${A}/documents/${await worldDoc(w)}`, { cookie }) },
  'PATCH /api/v1/documents/:id': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'PATCH', `${A}/documents/${await worldDoc(w)}`, { cookie, body: {} }),
    audit: {
      prepare: (w) => uploadDoc(w, `${unique('audit')}.txt`),
      run: (w, id: string) => call(w.app, 'PATCH', `${A}/documents/${id}`, { cookie: w.users.editor.cookie, body: { category: 'contract', tags: ['a'] } }),
    },
  },
  'DELETE /api/v1/documents/:id': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'DELETE', `${A}/documents/${await oncePerWorld(w, 'document-to-delete', () => uploadDoc(w, 'delete-me.txt'))}`, { cookie }),
    audit: {
      prepare: (w) => uploadDoc(w, `${unique('audit')}.txt`),
      run: (w, id: string) => call(w.app, 'DELETE', `${A}/documents/${id}`, { cookie: w.users.editor.cookie }),
    },
  },
  'GET /api/v1/documents/:id/versions/:version/content': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${A}/documents/${await worldDoc(w)}/versions/1/content`, { cookie }),
  },
  'GET /api/v1/documents/:id/versions/:version/text': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${A}/documents/${await worldDoc(w)}/versions/1/text`, { cookie }),
  },
  'POST /api/v1/documents/:id/versions/:version/restore': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'POST', `${A}/documents/${await worldDoc(w)}/versions/1/restore`, { cookie }),
    audit: {
      prepare: (w) => uploadDoc(w, `${unique('audit')}.txt`),
      run: (w, id: string) => call(w.app, 'POST', `${A}/documents/${id}/versions/1/restore`, { cookie: w.users.editor.cookie }),
    },
  },
  'PUT /api/v1/documents/:id/legal-hold': {
    allow: ADMIN,
    call: async (w, cookie) => call(w.app, 'PUT', `${A}/documents/${await worldDoc(w)}/legal-hold`, { cookie, body: { reason: 'matrix' } }),
    audit: {
      prepare: (w) => uploadDoc(w, `${unique('audit')}.txt`),
      run: (w, id: string) => call(w.app, 'PUT', `${A}/documents/${id}/legal-hold`, { cookie: w.users.admin.cookie, body: { reason: 'Audit walk' } }),
    },
  },
  'DELETE /api/v1/documents/:id/legal-hold': {
    allow: ADMIN,
    call: async (w, cookie) => call(w.app, 'DELETE', `${A}/documents/${await worldDoc(w)}/legal-hold`, { cookie }),
    audit: {
      prepare: async (w) => {
        const id = await uploadDoc(w, `${unique('audit')}.txt`);
        await call(w.app, 'PUT', `${A}/documents/${id}/legal-hold`, { cookie: w.users.admin.cookie, body: { reason: 'Audit walk' } });
        return id;
      },
      run: (w, id: string) => call(w.app, 'DELETE', `${A}/documents/${id}/legal-hold`, { cookie: w.users.admin.cookie }),
    },
  },
  'GET /api/v1/documents/:id/links': { allow: SIGNED_IN, call: async (w, cookie) => call(w.app, 'GET', `${A}/documents/${await worldDoc(w)}/links`, { cookie }) },
  'POST /api/v1/documents/:id/links': {
    allow: EDITORS,
    // a finding that does not exist: 404 for those who may link
    call: async (w, cookie) => call(w.app, 'POST', `${A}/documents/${await worldDoc(w)}/links`, { cookie, body: { sourceType: 'finding', sourceId: randomUUID() } }),
    audit: {
      prepare: async (w) => ({ id: await uploadDoc(w, `${unique('audit')}.txt`), recordId: (await worldRecord(w)).recordId }),
      run: (w, p: { id: string; recordId: string }) =>
        call(w.app, 'POST', `${A}/documents/${p.id}/links`, { cookie: w.users.editor.cookie, body: { sourceType: 'record', sourceId: p.recordId, subjectKey: WORLD_SUBJECT } }),
    },
  },
  'DELETE /api/v1/documents/:id/links/:linkId': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'DELETE', `${A}/documents/${await worldDoc(w)}/links/${randomUUID()}`, { cookie }),
    audit: {
      prepare: async (w) => {
        const id = await uploadDoc(w, `${unique('audit')}.txt`);
        const { recordId } = await worldRecord(w);
        const res = await call(w.app, 'POST', `${A}/documents/${id}/links`, { cookie: w.users.admin.cookie, body: { sourceType: 'record', sourceId: recordId, subjectKey: WORLD_SUBJECT } });
        return { id, linkId: json<{ data: { id: string } }>(res).data.id };
      },
      run: (w, p: { id: string; linkId: string }) => call(w.app, 'DELETE', `${A}/documents/${p.id}/links/${p.linkId}`, { cookie: w.users.editor.cookie }),
    },
  },
  'GET /api/v1/applications/:slug/subjects/:key/records/:recordId/documents': {
    allow: SIGNED_IN,
    call: async (w, cookie) => call(w.app, 'GET', `${(await worldRecord(w)).base}/documents`, { cookie }),
  },
  'POST /api/v1/documents/:id/shares': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'POST', `${A}/documents/${await worldDoc(w)}/shares`, { cookie, body: { expiresAt: inDays(1) } }),
    audit: {
      prepare: (w) => uploadDoc(w, `${unique('audit')}.txt`),
      run: (w, id: string) => call(w.app, 'POST', `${A}/documents/${id}/shares`, { cookie: w.users.editor.cookie, body: { expiresAt: inDays(7) } }),
    },
  },
  'DELETE /api/v1/documents/:id/shares/:shareId': {
    allow: EDITORS,
    call: async (w, cookie) => call(w.app, 'DELETE', `${A}/documents/${await worldDoc(w)}/shares/${randomUUID()}`, { cookie }),
    audit: {
      prepare: async (w) => {
        const id = await uploadDoc(w, `${unique('audit')}.txt`);
        const res = await call(w.app, 'POST', `${A}/documents/${id}/shares`, { cookie: w.users.admin.cookie, body: { expiresAt: inDays(7) } });
        return { id, shareId: json<{ data: { share: { id: string } } }>(res).data.share.id };
      },
      run: (w, p: { id: string; shareId: string }) => call(w.app, 'DELETE', `${A}/documents/${p.id}/shares/${p.shareId}`, { cookie: w.users.editor.cookie }),
    },
  },
  'GET /api/v1/document-shares/info': {
    allow: ROLES,
    call: (w, cookie) => call(w.app, 'GET', `${A}/document-shares/info?token=${'A'.repeat(43)}`, { cookie }),
  },
  'GET /api/v1/document-shares/content': {
    allow: ROLES,
    call: (w, cookie) => call(w.app, 'GET', `${A}/document-shares/content?token=${'A'.repeat(43)}`, { cookie }),
  },
};
