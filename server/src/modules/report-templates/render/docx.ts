/**
 * Word (DOCX) output (docs/report-rendering.md "DOCX"): docxtemplater's own tag syntax over the
 * same data model — `{record.title}`, loops `{#record.items}{name}{/record.items}` (paragraph loops
 * and table-row loops), `{labels[id]}` is not supported: tags are dotted paths only (a small parser
 * below, looked up in the loop's row first, then outwards). Images are left out (docxtemplater's
 * image module is paid). Every tag resolving to nothing is recorded (nullGetter) and renders empty.
 */
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import type { RenderMissing } from '../../../../../contracts/report-templates.constants';
import type { ReportDataModel } from './model';

const own = (o: unknown, k: string) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);

/** `a.b.c` looked up in `scope`: own properties only (no prototype tricks), `.` is the scope itself. */
function lookup(scope: unknown, path: string[]): unknown {
  let v = scope;
  for (const k of path) {
    if (!own(v, k)) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/**
 * Renders `docxTemplate` (a .docx with docxtemplater tags) over `model`.
 * @returns the filled document and what was missing (tags resolving to nothing, with the record id
 *   of the loop row they were in; loops over lists the model holds only part of).
 * @throws docxtemplater's TemplateError (with `properties.errors`) for a malformed template; a
 *   file that is not a zip throws from PizZip.
 */
export async function renderDocx(docxTemplate: Buffer, model: ReportDataModel): Promise<{ buffer: Buffer; missing: RenderMissing[] }> {
  const missing: RenderMissing[] = [];
  const seen = new Set<string>();
  const zip = new PizZip(docxTemplate);
  const recordId = model.record?.id ?? null;
  const loopsUsed = new Set<string>();
  const doc = new Docxtemplater(zip, {
    paragraphLoop: true,
    linebreaks: true,
    parser(tag: string) {
      const trimmed = tag.trim();
      const path = trimmed === '.' ? [] : trimmed.split('.').map((s) => s.trim());
      return {
        get(scope: unknown, context: { scopeList: unknown[]; meta?: { part?: { module?: string } } }) {
          if (context.meta?.part?.module === 'loop') loopsUsed.add(trimmed);
          if (path.length === 0) return scope;
          // innermost scope first, then outwards
          for (let i = context.scopeList.length - 1; i >= 0; i--) {
            const s = context.scopeList[i];
            if (own(s, path[0]!)) return lookup(s, path);
          }
          return undefined;
        },
      };
    },
    nullGetter(part: { value?: string; module?: string }, scopeManager?: { scopeList?: unknown[] }) {
      if (part.module === 'loop' || part.module) return '';
      const list = scopeManager?.scopeList ?? [];
      const row = [...list].reverse().find((s) => own(s, 'id'));
      const id = row ? String((row as { id: unknown }).id) : recordId;
      const key = `${id}|${part.value}`;
      if (!seen.has(key)) {
        seen.add(key);
        missing.push({ recordId: id, kind: 'unresolved', field: String(part.value ?? '') });
      }
      return '';
    },
  });
  await doc.renderAsync({ ...model });
  for (const [path, list] of Object.entries(model.schema.lists)) {
    if (loopsUsed.has(path) && list.total > list.loaded) {
      missing.push({ recordId, kind: 'truncated-loop', field: path, detail: `${list.loaded} of ${list.total} rows loaded` });
    }
  }
  const buffer = doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
  const text = doc.getFullText();
  for (const m of text.matchAll(/\b(undefined|null|NaN)\b|\[object Object\]/g)) {
    const key = `bad|${m[0]}`;
    if (!seen.has(key)) {
      seen.add(key);
      missing.push({ recordId, kind: 'bad-text', field: m[0] });
    }
  }
  return { buffer, missing };
}
