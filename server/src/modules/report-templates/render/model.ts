/**
 * The data model of a report (docs/report-rendering.md "The data model"): what every format renders
 * from. Read through the records and record-queries modules' own functions (findRecords,
 * displayValuesOf, namesOf, countRecords, prepareSavedQuery), so a report shows exactly what the
 * records grid shows; a query's rows through query-rows.ts (the query's own select, joins, filter
 * and order, read in keyset pages); no SQL of its own.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { RecordItem } from '../../../../../contracts';
import {
  RENDER_QUERY_ROWS_MAX,
  RENDER_RELATED_MAX,
  RENDER_IMAGE_MAX_BYTES,
  RENDER_IMAGES_MAX_BYTES,
  type ReportTemplateBinding,
} from '../../../../../contracts/report-templates.constants';
import type { Executor } from '../../../db/client';
import { applications, attachments } from '../../../db/schema';
import type { BlobStore } from '../../../lib/blob-store';
import { HttpError } from '../../../lib/http-error';
import { displayValuesOf, countRecords, namesOf } from '../../records/list';
import { findRecords } from '../../records/records.service';
import { prepareSavedQuery } from '../../record-queries/record-queries.service';
import { loadSubjectDef, type SubjectDef } from '../../subjects/subject-def';
import { liveRows } from '../../subjects/live-rows';
import { queryRowPages, type QueryRowPage } from './query-rows';

/** The reader's locale: date, number and money formats (filters), XLSX headers. */
export type ReportLocale = 'zh-CN' | 'en-US';

/**
 * One record as a template sees it: every field's value by field key (the JSON shape of
 * contracts/records.ts: money and decimals as strings, dates as `YYYY-MM-DD`, attachments as
 * attachment ids, relations as record ids), then `id`, `title` (the display value; a field keyed
 * `title` keeps its own value), `createdAt`, `updatedAt` (ISO-8601). A relation named in the
 * binding holds the related records instead of their ids.
 */
export type ReportRecord = Record<string, unknown> & { id: string; title: string; createdAt: string; updatedAt: string };

/** An attachment a record refers to; `dataUrl` (images only, when a blob store was given) inlines it in HTML/PDF. */
export interface ReportFile {
  id: string;
  fileName: string;
  mimeType: string;
  size: number;
  dataUrl?: string;
}

/** A field as the XLSX writer and the completeness check see it. */
export interface ReportField {
  key: string;
  name: string;
  type: string;
}

/** A list the model holds (a relation's records, or a query's rows): how many there truly are and how many were loaded. */
export interface ReportList {
  /** The true number of live related records / query rows. */
  total: number;
  /** How many the model holds (at most RENDER_RELATED_MAX / RENDER_QUERY_ROWS_MAX). */
  loaded: number;
  /** The list's columns (the relation target's fields; the query's columns). */
  fields: ReportField[];
  /** The sheet / heading name (the relation field's or the query's name). */
  name: string;
}

/** The whole model one render reads (what `{{ … }}` reaches). */
export interface ReportDataModel {
  app: { id: string; name: string };
  subject: { id: string; key: string; name: string };
  /** The rendered record; null when rendering a query's rows. */
  record: ReportRecord | null;
  /** A saved query's rows (`id` plus one cell per column name); null when rendering a record, or when streamed (`rowPages`). */
  rows: Record<string, unknown>[] | null;
  /**
   * A saved query's rows read as they are written (`buildDataModel` with `streamRows`; XLSX only):
   * pages of rows with the names of their ids, each read when the previous one was consumed, so
   * the rows are never all in memory. Read it once. `schema.lists.rows` has its `loaded` and
   * `total` once the last page was read (before: 0).
   */
  rowPages?: (() => AsyncIterable<QueryRowPage>) | null;
  /** Names of the users and records the values refer to, by id (`labels[record.owner]`). */
  labels: Record<string, string>;
  /** Attachments the values refer to, by id (`files[record.photo[0]].dataUrl`). */
  files: Record<string, ReportFile>;
  /** When the data was read (ISO-8601): the output's data timestamp. */
  now: string;
  locale: ReportLocale;
  /** What the engine knows of the data: the subject's fields and each list's true size (`record.<key>` / `rows`). */
  schema: { fields: ReportField[]; lists: Record<string, ReportList> };
}

const fieldsOf = (s: SubjectDef): ReportField[] => s.fields.map((f) => ({ key: f.key, name: f.name, type: f.type }));

/** A RecordItem as a ReportRecord (module comment of ReportRecord). */
function toReportRecord(item: RecordItem, title: string | undefined): ReportRecord {
  const out: Record<string, unknown> = { ...item.values };
  out.id = item.id;
  out.createdAt = item.createdAt;
  out.updatedAt = item.updatedAt;
  if (!('title' in item.values)) out.title = title ?? '';
  return out as ReportRecord;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Reads the bytes of the image attachments into `dataUrl` (PNG, JPEG, GIF, WebP; SVG never: it may script). */
async function inlineImages(db: Executor, blobs: BlobStore, files: Record<string, ReportFile>): Promise<void> {
  const ids = Object.values(files).filter((f) => IMAGE_TYPES.has(f.mimeType) && f.size <= RENDER_IMAGE_MAX_BYTES).map((f) => f.id);
  if (ids.length === 0) return;
  const rows = await db.select({ id: attachments.id, sha256: attachments.sha256 }).from(attachments).where(inArray(attachments.id, ids));
  let budget = RENDER_IMAGES_MAX_BYTES;
  for (const r of rows) {
    const file = files[r.id]!;
    if (file.size > budget) continue;
    const chunks: Buffer[] = [];
    for await (const c of await blobs.open(r.sha256)) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    budget -= bytes.length;
    file.dataUrl = `data:${file.mimeType};base64,${bytes.toString('base64')}`;
  }
}

/**
 * Data a system model adds to a rendered record of its subjects (engagements: an audit report's
 * findings, which point at its engagement and so are out of reach of the binding's relations).
 * Runs after the binding's relations are loaded; may add keys to `record` and lists to
 * `model.schema.lists`.
 */
export type RecordDataHook = (db: Executor, subject: SubjectDef, record: ReportRecord, model: ReportDataModel) => Promise<void>;
const recordDataHooks: RecordDataHook[] = [];

/** Registers a RecordDataHook (at module load; each hook checks `subject.model` itself). */
export function registerRecordDataHook(hook: RecordDataHook): void {
  recordDataHooks.push(hook);
}

/**
 * Builds the data model of one render.
 * - `recordId` given: that live record of the bound subject, with the related records of each
 *   relation in `binding.relations` (at most RENDER_RELATED_MAX each, in link order; the true count
 *   in `schema.lists['record.<key>'].total`), the names of users/records/attachments it refers to.
 * - `recordId` null with `binding.recordQueryId`: the saved query's rows (at most
 *   RENDER_QUERY_ROWS_MAX, true count in `schema.lists.rows`), read in keyset pages of
 *   RENDER_QUERY_PAGE_ROWS (query-rows.ts). With `streamRows` (XLSX) they are not read here: `rowPages`
 *   reads them as the writer consumes them, and `rows` stays null.
 * - `blobs` given: image attachments get a `dataUrl` (each ≤ RENDER_IMAGE_MAX_BYTES, all together
 *   ≤ RENDER_IMAGES_MAX_BYTES) for HTML/PDF.
 * @throws HttpError 404 errors.recordNotFound (no such live record), 400 VALIDATION_FAILED naming
 *   `binding.subjectId`, `binding.relations.<i>` or `binding.recordQueryId` when the binding does
 *   not fit the application's subjects and queries.
 */
export async function buildDataModel(
  db: Executor,
  opts: { applicationId: string; binding: ReportTemplateBinding; recordId: string | null; locale: ReportLocale; blobs?: BlobStore; streamRows?: boolean },
): Promise<ReportDataModel> {
  const { applicationId, binding, recordId, locale } = opts;
  const bad = (field: string, messageKey: 'errors.validation' | 'errors.subjectNotFound' = 'errors.validation') =>
    new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey }]);
  const now = new Date().toISOString();
  const [application] = await db.select({ id: applications.id, name: applications.name }).from(applications).where(eq(applications.id, applicationId));
  if (!application) throw bad('applicationId');
  const subject = await loadSubjectDef(db, { id: binding.subjectId });
  if (!subject || subject.applicationId !== applicationId) throw bad('binding.subjectId', 'errors.subjectNotFound');
  const model: ReportDataModel = {
    app: { id: application.id, name: application.name },
    subject: { id: subject.id, key: subject.key, name: subject.name },
    record: null,
    rows: null,
    labels: {},
    files: {},
    now,
    locale,
    schema: { fields: fieldsOf(subject), lists: {} },
  };

  if (recordId === null) {
    if (!binding.recordQueryId) throw bad('recordId');
    const { name, prepared } = await prepareSavedQuery(db, binding.recordQueryId).catch(() => {
      throw bad('binding.recordQueryId');
    });
    if (prepared.subject.applicationId !== applicationId) throw bad('binding.recordQueryId');
    model.schema.fields = prepared.columns.map((c) => ({ key: c.name, name: c.header(locale), type: c.field?.type ?? 'text' }));
    const list: ReportList = { total: 0, loaded: 0, fields: model.schema.fields, name };
    model.schema.lists.rows = list;
    /** The true count once `loaded` rows were read: the count only when the cap cut the rows. */
    const settle = async (loaded: number) => {
      list.loaded = loaded;
      list.total = loaded < RENDER_QUERY_ROWS_MAX ? loaded : (await countRecords(db, prepared.subject, prepared.where, 10_000_000)).total;
    };
    if (opts.streamRows) {
      model.rowPages = async function* () {
        let loaded = 0;
        for await (const page of queryRowPages(db, prepared, { max: RENDER_QUERY_ROWS_MAX })) {
          loaded += page.rows.length;
          yield page;
        }
        await settle(loaded);
      };
      return model;
    }
    const rows: Record<string, unknown>[] = [];
    for await (const page of queryRowPages(db, prepared, { max: RENDER_QUERY_ROWS_MAX })) {
      for (const r of page.rows) rows.push(r);
      Object.assign(model.labels, page.labels);
    }
    await settle(rows.length);
    model.rows = rows;
    return model;
  }

  const [item] = await findRecords(db, subject, [recordId]);
  if (!item) throw new HttpError(404, 'NOT_FOUND', 'errors.recordNotFound');
  const titles = await displayValuesOf(db, subject, [item.id]);
  const record = toReportRecord(item, titles[item.id]);
  const names = await namesOf(db, subject, [item]);
  Object.assign(model.labels, names.labels);
  for (const [id, a] of Object.entries(names.files)) model.files[id] = { id, fileName: a.fileName, mimeType: a.mimeType, size: a.size };

  for (const [i, key] of binding.relations.entries()) {
    const field = subject.fields.find((f) => f.key === key && f.type === 'relation');
    const targetId = field?.options.targetSubjectId;
    const target = targetId ? (targetId === subject.id ? subject : await loadSubjectDef(db, { id: targetId })) : undefined;
    if (!field || !target) throw bad(`binding.relations.${i}`);
    const raw = item.values[key];
    const ids = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
    const related = await findRecords(db, target, ids.slice(0, RENDER_RELATED_MAX));
    // the true count: live targets among every linked id (deleted targets are not shown anywhere)
    const total =
      ids.length <= RENDER_RELATED_MAX
        ? related.length
        : (await countRecords(db, target, sql`r.id = any(${sql.param(ids)}::uuid[]) and ${liveRows(target, 'r')}`, ids.length)).total;
    const relTitles = await displayValuesOf(db, target, related.map((r) => r.id));
    record[key] = related.map((r) => toReportRecord(r, relTitles[r.id]));
    model.schema.lists[`record.${key}`] = { total, loaded: related.length, fields: fieldsOf(target), name: field.name };
    const relNames = await namesOf(db, target, related);
    Object.assign(model.labels, relNames.labels);
    for (const [id, a] of Object.entries(relNames.files)) model.files[id] = { id, fileName: a.fileName, mimeType: a.mimeType, size: a.size };
  }
  for (const hook of recordDataHooks) await hook(db, subject, record, model);
  model.record = record;
  if (opts.blobs) await inlineImages(db, opts.blobs, model.files);
  return model;
}
