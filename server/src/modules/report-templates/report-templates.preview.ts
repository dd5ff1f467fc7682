/**
 * The preview of a template (docs/report-templates.md "Preview"): the saved template, or its
 * unsaved edits (`body`, `partials`, `page`), rendered as HTML over the data model of one record of
 * the bound subject (render/ buildDataModel, renderHtml), with what the completeness check found
 * missing. The web shows the HTML in a sandboxed iframe without scripts; the engine's HTML is
 * already scriptless (render/liquid.ts). Members (viewer+) preview: it reads only what they read.
 */
import type { CurrentUser, Locale, ReportPreviewResult } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { BlobStore } from '../../lib/blob-store';
import { HttpError } from '../../lib/http-error';
import { buildDataModel, pdfAvailability, renderHtml } from './render';
import { badField, checkTemplateSources, requireTemplate } from './report-templates.service';

/** liquidjs's render errors (an unknown filter or partial, a limit) as a 400 naming `body`. */
export function renderError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const e = err as { name?: string; message?: string };
  if (e && typeof e.name === 'string' && /Error$/.test(e.name) && /RenderError|ParseError|TokenizationError|LimitError|UndefinedVariableError/.test(e.name))
    return badField('body', 'errors.reportTemplate.renderFailed', { problem: String(e.message ?? '') });
  return err;
}

/**
 * POST /report-templates/:id/preview: `{ recordId, body?, partials?, page? }` → `{ html, missing }`;
 * `recordId` null previews the rows of the template's bound record query.
 * @throws 400 naming `body`/`partials.<name>`/`page.*` (does not parse: the line; fails to render),
 *   `recordId` (null without a bound query); 404 (template, or no such live record of the bound subject); 403.
 */
export async function previewTemplate(
  deps: { db: Executor; blobs: BlobStore },
  user: CurrentUser,
  id: string,
  input: { recordId: string | null; body?: string; partials?: Record<string, string>; page?: Record<string, unknown> },
  locale: Locale,
): Promise<ReportPreviewResult> {
  const found = await requireTemplate(deps.db, user, id, 'read');
  const template = {
    body: input.body ?? found.row.body,
    partials: input.partials ?? found.row.partials,
    page: (input.page ?? found.row.page) as typeof found.row.page,
  };
  checkTemplateSources(template);
  const model = await buildDataModel(deps.db, {
    applicationId: found.row.applicationId,
    binding: found.row.binding,
    recordId: input.recordId,
    locale,
    blobs: deps.blobs,
  });
  try {
    return await renderHtml(template, model, { locale });
  } catch (err) {
    throw renderError(err);
  }
}

/** GET /report-templates/pdf-availability: whether this server can print PDF, and what to install when not. */
export function pdfState(): { available: boolean; install: string | null } {
  const a = pdfAvailability();
  return { available: a.available, install: a.available ? null : a.install };
}
