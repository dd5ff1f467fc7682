/**
 * Access and audit specs of the workpapers, review notes, evidence and audit reports routes
 * (server/src/test/route-specs.ts; audit-papers.routes.ts). Access calls use objects of the world
 * or ids that do not exist (404) and invalid input (400), so every allowed role gets neither 401
 * nor 403. Audit scenarios that render wait for the render to finish, and those that must not
 * store a document (its upload is an entry of its own) render a template whose filter is unknown,
 * so the render fails without storing anything.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { AuditModel } from '../../../../contracts';
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';
import { multipartBody, oncePerWorld } from '../../test/records-support';
import { AUDIT_PAPER_ROUTE_ACCESS as allow } from './audit-papers.routes';
import { createAuditRecord, worldEngagement } from './engagements.test-support';

const B = '/api/v1/applications/:slug/audit';
const url = (w: World, path: string) => `/api/v1/applications/${w.slug}/audit${path}`;
const admin = (w: World) => w.users.admin.cookie;

/** A draft workpaper of the world's engagement, made by the administrator. */
async function makeWorkpaper(w: World, title = 'Walk workpaper'): Promise<{ id: string; model: AuditModel; engagementId: string }> {
  const { model, id: engagementId } = await worldEngagement(w);
  const res = await call(w.app, 'POST', url(w, '/workpapers'), { cookie: admin(w), body: { engagementId, title } });
  if (res.statusCode !== 201) throw new Error(`workpaper: ${res.statusCode} ${res.body}`);
  return { id: json<{ data: { id: string } }>(res).data.id, model, engagementId };
}

/** The world's workpaper for read calls (made once). */
const worldWorkpaper = (w: World) => oncePerWorld(w, 'audit-workpaper', (x) => makeWorkpaper(x));

/** Takes `action` on workpaper `id` as `cookie`; throws unless it passes. */
async function step(w: World, id: string, action: string, cookie: string): Promise<void> {
  const res = await call(w.app, 'POST', url(w, `/workpapers/${id}/transition`), { cookie, body: { action } });
  if (res.statusCode !== 200) throw new Error(`${action}: ${res.statusCode} ${res.body}`);
}

/** Uploads a small document to the world's application as the administrator. @returns its id. */
async function makeDocument(w: World, name: string): Promise<string> {
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: name, type: 'text/plain', content: `evidence ${name}\n` }]);
  const res = await call(w.app, 'POST', `/api/v1/applications/${w.slug}/documents/upload`, { cookie: admin(w), body, headers: { 'content-type': contentType } });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return json<{ data: { items: { document: { id: string } }[] } }>(res).data.items[0].document.id;
}

/** A report template bound to the report subject; `failing` uses an unknown filter (the render fails, storing nothing). */
function worldReportTemplate(w: World, failing: boolean): Promise<string> {
  return oncePerWorld(w, failing ? 'audit-report-template-failing' : 'audit-report-template', async (x) => {
    const { model } = await worldEngagement(x);
    const res = await call(x.app, 'POST', `/api/v1/applications/${x.slug}/report-templates`, {
      cookie: admin(x),
      body: {
        name: failing ? 'Walk report (failing)' : 'Walk report',
        binding: { subjectId: model.subjects.report.id, relations: ['engagement'] },
        body: failing ? '{{ record.title | no_such_filter }}' : '<h1>{{ record.title }}</h1>{% for f in record.findings %}{{ f.title }}{% endfor %}',
      },
    });
    if (res.statusCode !== 201) throw new Error(`template: ${res.statusCode} ${res.body}`);
    return json<{ data: { id: string } }>(res).data.id;
  });
}

/** Waits (at most 20 s) until the latest render of report `id` has finished. */
async function renderSettled(w: World, id: string): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const res = await call(w.app, 'GET', url(w, `/reports/${id}`), { cookie: admin(w) });
    const state = json<{ data: { renderState: string | null } }>(res).data.renderState;
    if (state !== 'queued' && state !== 'running') return state ?? 'none';
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`report ${id} did not render`);
}

/** Creates a report (admin) and waits for its render. @returns its id. */
async function makeReport(w: World, failing: boolean): Promise<string> {
  const { id: engagementId } = await worldEngagement(w);
  const templateId = await worldReportTemplate(w, failing);
  const res = await call(w.app, 'POST', url(w, '/reports'), { cookie: admin(w), body: { engagementId, templateId, title: 'Walk report', format: 'html' } });
  if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
  const id = json<{ data: { id: string } }>(res).data.id;
  await renderSettled(w, id);
  return id;
}

/** The world's report for read calls (made once, its render failing: nothing stored). */
const worldReport = (w: World) => oncePerWorld(w, 'audit-report', (x) => makeReport(x, true));

/** Runs `res` then waits for the report's render when it answered with one. */
async function andSettle(w: World, id: string | undefined, res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  if (res.statusCode < 300 && id) await renderSettled(w, id);
  return res;
}

export const ROUTE_SPECS: RouteSpecs = {
  [`POST ${B}/workpapers`]: {
    allow: allow[`POST ${B}/workpapers`],
    // an unknown engagement: 400 naming engagementId for writers
    call: async (w, cookie) => {
      await worldEngagement(w);
      return call(w.app, 'POST', url(w, '/workpapers'), { cookie, body: { engagementId: MISSING_ID, title: 'x' } });
    },
    audit: {
      prepare: worldEngagement,
      run: (w, p: { id: string }) => call(w.app, 'POST', url(w, '/workpapers'), { cookie: admin(w), body: { engagementId: p.id, title: 'Walked' } }),
    },
  },
  [`GET ${B}/workpapers/:id/actions`]: {
    allow: allow[`GET ${B}/workpapers/:id/actions`],
    call: async (w, cookie) => call(w.app, 'GET', url(w, `/workpapers/${(await worldWorkpaper(w)).id}/actions`), { cookie }),
  },
  [`POST ${B}/workpapers/:id/transition`]: {
    allow: allow[`POST ${B}/workpapers/:id/transition`],
    call: async (w, cookie) => {
      await worldEngagement(w);
      return call(w.app, 'POST', url(w, `/workpapers/${MISSING_ID}/transition`), { cookie, body: { action: 'submit' } });
    },
    audit: {
      prepare: (w) => makeWorkpaper(w, 'To submit'),
      run: (w, p: { id: string }) => call(w.app, 'POST', url(w, `/workpapers/${p.id}/transition`), { cookie: admin(w), body: { action: 'submit' } }),
    },
  },
  [`GET ${B}/workpapers/:id/signoffs`]: {
    allow: allow[`GET ${B}/workpapers/:id/signoffs`],
    call: async (w, cookie) => call(w.app, 'GET', url(w, `/workpapers/${(await worldWorkpaper(w)).id}/signoffs`), { cookie }),
  },
  [`GET ${B}/workpapers/:id/transitions`]: {
    allow: allow[`GET ${B}/workpapers/:id/transitions`],
    call: async (w, cookie) => call(w.app, 'GET', url(w, `/workpapers/${(await worldWorkpaper(w)).id}/transitions`), { cookie }),
  },
  [`POST ${B}/workpapers/:id/revise`]: {
    allow: allow[`POST ${B}/workpapers/:id/revise`],
    call: async (w, cookie) => {
      await worldEngagement(w);
      return call(w.app, 'POST', url(w, `/workpapers/${MISSING_ID}/revise`), { cookie });
    },
    audit: {
      // prepared by the administrator, reviewed by the owner, approved by the editor
      prepare: async (w) => {
        const wp = await makeWorkpaper(w, 'To revise');
        await step(w, wp.id, 'submit', admin(w));
        await step(w, wp.id, 'review', w.users.owner.cookie);
        await step(w, wp.id, 'approve', w.users.editor.cookie);
        return wp;
      },
      run: (w, p: { id: string }) => call(w.app, 'POST', url(w, `/workpapers/${p.id}/revise`), { cookie: admin(w) }),
    },
  },
  [`GET ${B}/workpapers/:id/evidence`]: {
    allow: allow[`GET ${B}/workpapers/:id/evidence`],
    call: async (w, cookie) => call(w.app, 'GET', url(w, `/workpapers/${(await worldWorkpaper(w)).id}/evidence`), { cookie }),
  },
  [`POST ${B}/workpapers/:id/evidence`]: {
    allow: allow[`POST ${B}/workpapers/:id/evidence`],
    // a document that does not exist: 400 naming documentId
    call: async (w, cookie) => call(w.app, 'POST', url(w, `/workpapers/${(await worldWorkpaper(w)).id}/evidence`), { cookie, body: { documentId: MISSING_ID } }),
    audit: {
      prepare: async (w) => ({ id: (await makeWorkpaper(w, 'To attach')).id, documentId: await makeDocument(w, 'attach.txt') }),
      run: (w, p: { id: string; documentId: string }) =>
        call(w.app, 'POST', url(w, `/workpapers/${p.id}/evidence`), { cookie: admin(w), body: { documentId: p.documentId } }),
    },
  },
  [`DELETE ${B}/workpapers/:id/evidence/:documentId`]: {
    allow: allow[`DELETE ${B}/workpapers/:id/evidence/:documentId`],
    // not attached: 404
    call: async (w, cookie) => call(w.app, 'DELETE', url(w, `/workpapers/${(await worldWorkpaper(w)).id}/evidence/${MISSING_ID}`), { cookie }),
    audit: {
      prepare: async (w) => {
        const id = (await makeWorkpaper(w, 'To detach')).id;
        const documentId = await makeDocument(w, 'detach.txt');
        const res = await call(w.app, 'POST', url(w, `/workpapers/${id}/evidence`), { cookie: admin(w), body: { documentId } });
        if (res.statusCode !== 200) throw new Error(`attach: ${res.statusCode} ${res.body}`);
        return { id, documentId };
      },
      run: (w, p: { id: string; documentId: string }) => call(w.app, 'DELETE', url(w, `/workpapers/${p.id}/evidence/${p.documentId}`), { cookie: admin(w) }),
    },
  },
  [`POST ${B}/review-notes/:id/clear`]: {
    allow: allow[`POST ${B}/review-notes/:id/clear`],
    call: async (w, cookie) => {
      await worldEngagement(w);
      return call(w.app, 'POST', url(w, `/review-notes/${MISSING_ID}/clear`), { cookie, body: {} });
    },
    audit: {
      // the administrator made the workpaper (its preparer) and clears the owner's note
      prepare: async (w) => {
        const wp = await makeWorkpaper(w, 'With a note');
        return createAuditRecord(w.app, w.users.owner.cookie, w.slug, wp.model, 'review_note', { note: 'Check totals', engagement: wp.engagementId, workpaper: wp.id });
      },
      run: (w, p: { id: string }) => call(w.app, 'POST', url(w, `/review-notes/${p.id}/clear`), { cookie: admin(w), body: { response: 'Checked' } }),
    },
  },
  [`POST ${B}/reports`]: {
    allow: allow[`POST ${B}/reports`],
    // a template that does not exist: 400 naming templateId
    call: async (w, cookie) => {
      const { id } = await worldEngagement(w);
      return call(w.app, 'POST', url(w, '/reports'), { cookie, body: { engagementId: id, templateId: MISSING_ID, title: 'x', format: 'html' } });
    },
    audit: {
      prepare: async (w) => ({ engagementId: (await worldEngagement(w)).id, templateId: await worldReportTemplate(w, true) }),
      run: async (w, p: { engagementId: string; templateId: string }) => {
        const res = await call(w.app, 'POST', url(w, '/reports'), { cookie: admin(w), body: { ...p, title: 'Walked report', format: 'html' } });
        return andSettle(w, res.statusCode === 201 ? json<{ data: { id: string } }>(res).data.id : undefined, res);
      },
    },
  },
  [`POST ${B}/reports/default-template`]: {
    allow: allow[`POST ${B}/reports/default-template`],
    call: async (w, cookie) => {
      await worldEngagement(w);
      return call(w.app, 'POST', url(w, '/reports/default-template'), { cookie });
    },
    audit: {
      // the model made the default template when the module was enabled: delete it, so the call makes it again (one entry)
      prepare: async (w) => {
        await worldEngagement(w);
        const list = json<{ data: { id: string; name: string }[] }>(
          await call(w.app, 'GET', `/api/v1/applications/${w.slug}/report-templates?pageSize=100`, { cookie: admin(w) }),
        ).data;
        for (const t of list.filter((x) => x.name === 'Audit report' || x.name === '审计报告'))
          await call(w.app, 'DELETE', `/api/v1/report-templates/${t.id}`, { cookie: admin(w) });
      },
      run: (w) => call(w.app, 'POST', url(w, '/reports/default-template'), { cookie: admin(w) }),
    },
  },
  [`GET ${B}/reports`]: {
    allow: allow[`GET ${B}/reports`],
    call: async (w, cookie) => {
      await worldEngagement(w);
      return call(w.app, 'GET', url(w, '/reports'), { cookie });
    },
  },
  [`GET ${B}/reports/:id`]: {
    allow: allow[`GET ${B}/reports/:id`],
    call: async (w, cookie) => call(w.app, 'GET', url(w, `/reports/${await worldReport(w)}`), { cookie }),
  },
  [`GET ${B}/reports/:id/actions`]: {
    allow: allow[`GET ${B}/reports/:id/actions`],
    call: async (w, cookie) => call(w.app, 'GET', url(w, `/reports/${await worldReport(w)}/actions`), { cookie }),
  },
  [`POST ${B}/reports/:id/render`]: {
    allow: allow[`POST ${B}/reports/:id/render`],
    call: async (w, cookie) => {
      await worldEngagement(w);
      return call(w.app, 'POST', url(w, `/reports/${MISSING_ID}/render`), { cookie });
    },
    audit: {
      prepare: (w) => makeReport(w, true),
      run: async (w, id: string) => andSettle(w, id, await call(w.app, 'POST', url(w, `/reports/${id}/render`), { cookie: admin(w) })),
    },
  },
  [`POST ${B}/reports/:id/transition`]: {
    allow: allow[`POST ${B}/reports/:id/transition`],
    call: async (w, cookie) => {
      await worldEngagement(w);
      return call(w.app, 'POST', url(w, `/reports/${MISSING_ID}/transition`), { cookie, body: { action: 'submit' } });
    },
    audit: {
      // a rendered report (its document stored while preparing) is submitted
      prepare: (w) => makeReport(w, false),
      run: (w, id: string) => call(w.app, 'POST', url(w, `/reports/${id}/transition`), { cookie: admin(w), body: { action: 'submit' } }),
    },
  },
};
