/** Access and audit specs of the report templates API (server/src/test/route-specs.ts). */
import { randomUUID } from 'node:crypto';
import PizZip from 'pizzip';
import { call, json } from '../../test/helpers';
import { multipartBody, oncePerWorld, worldRecord } from '../../test/records-support';
import type { RouteSpecs, World } from '../../test/route-specs';
import { REPORT_TEMPLATE_ROUTE_ACCESS as allow } from './report-templates.routes';

const nobody = () => randomUUID();

/** A minimal Word document (a ZIP holding word/document.xml) with `text` in its one paragraph. */
export function tinyDocx(text = 'Hello {title}'): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer' });
}

/** Makes a template on the world's subject as the administrator. @returns its id and version. */
async function makeTemplate(w: World, name = 'Walk template'): Promise<{ id: string; version: number }> {
  const { subject } = await worldRecord(w);
  const res = await call(w.app, 'POST', `/api/v1/applications/${w.slug}/report-templates`, {
    cookie: w.users.admin.cookie,
    body: { name, binding: { subjectId: subject.id, relations: [] }, body: '<h1>{{ record.title }}</h1>' },
  });
  if (res.statusCode !== 201) throw new Error(`template: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string; version: number } }>(res).data;
}

/** The world's shared template (made once). */
const worldTemplate = (w: World) => oncePerWorld(w, 'report-template', (x) => makeTemplate(x));

/** Waits (at most 20 s) until render `renderId` of template `id` is finished. @returns its state. */
export async function settled(w: Pick<World, 'app' | 'users'>, id: string, renderId: string): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const res = await call(w.app, 'GET', `/api/v1/report-templates/${id}/renders/${renderId}`, { cookie: w.users.admin.cookie });
    const state = json<{ data: { state: string } }>(res).data.state;
    if (state !== 'queued' && state !== 'running') return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`render ${renderId} did not finish`);
}

/** A multipart body with one DOCX file. */
const docxForm = () => multipartBody([{ name: 'file', fileName: 'walk.docx', type: 'application/octet-stream', content: tinyDocx() }]);

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/report-templates': {
    allow: allow['GET /api/v1/report-templates'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/report-templates', { cookie }),
  },
  'GET /api/v1/applications/:slug/report-templates': {
    allow: allow['GET /api/v1/applications/:slug/report-templates'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/applications/${w.slug}/report-templates`, { cookie }),
  },
  'POST /api/v1/applications/:slug/report-templates': {
    allow: allow['POST /api/v1/applications/:slug/report-templates'],
    // a subject of no application: 400 for a writer, 403 before it for a viewer
    call: (w, cookie) =>
      call(w.app, 'POST', `/api/v1/applications/${w.slug}/report-templates`, {
        cookie,
        body: { name: 'Matrix', binding: { subjectId: nobody(), relations: [] } },
      }),
    audit: {
      prepare: worldRecord,
      run: (w, r: { subject: { id: string } }) =>
        call(w.app, 'POST', `/api/v1/applications/${w.slug}/report-templates`, {
          cookie: w.users.admin.cookie,
          body: { name: 'Walked', binding: { subjectId: r.subject.id, relations: [] } },
        }),
    },
  },
  'GET /api/v1/report-templates/:id': {
    allow: allow['GET /api/v1/report-templates/:id'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/report-templates/${(await worldTemplate(w)).id}`, { cookie }),
  },
  'PATCH /api/v1/report-templates/:id': {
    allow: allow['PATCH /api/v1/report-templates/:id'],
    // a stale version: 409 for a writer, nothing changed
    call: async (w, cookie) =>
      call(w.app, 'PATCH', `/api/v1/report-templates/${(await worldTemplate(w)).id}`, { cookie, body: { version: 999, name: 'x' } }),
    audit: {
      prepare: (w) => makeTemplate(w),
      run: (w, t: { id: string; version: number }) =>
        call(w.app, 'PATCH', `/api/v1/report-templates/${t.id}`, { cookie: w.users.admin.cookie, body: { version: t.version, name: 'Renamed' } }),
      noop: (w, t: { id: string; version: number }) =>
        call(w.app, 'PATCH', `/api/v1/report-templates/${t.id}`, { cookie: w.users.admin.cookie, body: { version: t.version + 1, name: 'Renamed' } }),
    },
  },
  'DELETE /api/v1/report-templates/:id': {
    allow: allow['DELETE /api/v1/report-templates/:id'],
    call: async (w, cookie) => call(w.app, 'DELETE', `/api/v1/report-templates/${(await makeTemplate(w, 'Doomed')).id}`, { cookie }),
    audit: {
      prepare: (w) => makeTemplate(w),
      run: (w, t: { id: string }) => call(w.app, 'DELETE', `/api/v1/report-templates/${t.id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'GET /api/v1/report-templates/:id/versions': {
    allow: allow['GET /api/v1/report-templates/:id/versions'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/report-templates/${(await worldTemplate(w)).id}/versions`, { cookie }),
  },
  'GET /api/v1/report-templates/:id/versions/:version': {
    allow: allow['GET /api/v1/report-templates/:id/versions/:version'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/report-templates/${(await worldTemplate(w)).id}/versions/1`, { cookie }),
  },
  'PUT /api/v1/report-templates/:id/docx': {
    allow: allow['PUT /api/v1/report-templates/:id/docx'],
    call: async (w, cookie) => {
      const { body, contentType } = await docxForm();
      return call(w.app, 'PUT', `/api/v1/report-templates/${(await worldTemplate(w)).id}/docx`, { cookie, body, headers: { 'content-type': contentType } });
    },
    audit: {
      prepare: (w) => makeTemplate(w),
      run: async (w, t: { id: string }) => {
        const { body, contentType } = await docxForm();
        return call(w.app, 'PUT', `/api/v1/report-templates/${t.id}/docx`, {
          cookie: w.users.admin.cookie,
          body,
          headers: { 'content-type': contentType },
        });
      },
    },
  },
  'GET /api/v1/report-templates/:id/docx': {
    allow: allow['GET /api/v1/report-templates/:id/docx'],
    // none uploaded on a fresh template: 404 for a member, 403 for an outsider
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/report-templates/${(await makeTemplate(w, 'No docx')).id}/docx`, { cookie }),
  },
  'POST /api/v1/report-templates/:id/preview': {
    allow: allow['POST /api/v1/report-templates/:id/preview'],
    call: async (w, cookie) => {
      const { recordId } = await worldRecord(w);
      return call(w.app, 'POST', `/api/v1/report-templates/${(await worldTemplate(w)).id}/preview`, { cookie, body: { recordId } });
    },
    // a preview writes nothing (config.audit false): the walk checks it appends no entry
    audit: {
      prepare: async (w) => ({ recordId: (await worldRecord(w)).recordId, id: (await worldTemplate(w)).id }),
      run: (w, p: { recordId: string; id: string }) =>
        call(w.app, 'POST', `/api/v1/report-templates/${p.id}/preview`, { cookie: w.users.admin.cookie, body: { recordId: p.recordId } }),
    },
  },
  'GET /api/v1/report-templates/pdf-availability': {
    allow: allow['GET /api/v1/report-templates/pdf-availability'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/report-templates/pdf-availability', { cookie }),
  },
  'POST /api/v1/report-templates/:id/render': {
    allow: allow['POST /api/v1/report-templates/:id/render'],
    // DOCX of a template without a Word template: 400 naming `format` for a writer (nothing queued), 403 for a viewer
    call: async (w, cookie) =>
      call(w.app, 'POST', `/api/v1/report-templates/${(await makeTemplate(w, 'No Word')).id}/render`, {
        cookie,
        body: { format: 'docx', recordIds: [nobody()] },
      }),
    audit: {
      prepare: async (w) => ({ recordId: (await worldRecord(w)).recordId, id: (await worldTemplate(w)).id }),
      // a record that does not exist: the task fails without storing a document (whose upload is an
      // entry of its own), and the scenario waits for it so that nothing is written after it returns
      run: async (w, p: { recordId: string; id: string }) => {
        const res = await call(w.app, 'POST', `/api/v1/report-templates/${p.id}/render`, {
          cookie: w.users.admin.cookie,
          body: { format: 'html', recordIds: [nobody()] },
        });
        if (res.statusCode === 202) await settled(w, p.id, json<{ data: { id: string } }>(res).data.id);
        return res;
      },
    },
  },
  'GET /api/v1/report-templates/:id/renders': {
    allow: allow['GET /api/v1/report-templates/:id/renders'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/report-templates/${(await worldTemplate(w)).id}/renders`, { cookie }),
  },
  'GET /api/v1/report-templates/:id/renders/:renderId': {
    allow: allow['GET /api/v1/report-templates/:id/renders/:renderId'],
    call: async (w, cookie) => call(w.app, 'GET', `/api/v1/report-templates/${(await worldTemplate(w)).id}/renders/${nobody()}`, { cookie }),
  },
};
