/**
 * Imports of CSV, XLSX and JSON files into a subject (design and
 * figures: README.md in this folder). Access: editors, owners and administrators of the subject's
 * application (records' 'write'); a batch is reached through its application and subject.
 * Steps: uploadImport → checkImport (dry run) → runImport → importErrorReport / undoImport.
 * Audit: import.upload, import.run, import.undo, import.delete (one entry each, with counts); the
 * check writes only staging rows and is not audited. Batches never run (uploaded, checked, failed)
 * can be removed (deleteImport) and expire after IMPORT_ABANDONED_DAYS (expireAbandonedImports).
 */
import { PassThrough, type Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  formatMessage,
  IMPORT_ABANDONED_DAYS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  type CurrentUser,
  type ImportBatch,
  type ImportEncoding,
  type ImportEditedRow,
  type ImportRow,
  type ImportSettings,
  type ImportUndoResult,
  type ImportUploadResult,
  type Locale,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { applications, importBatches, importRows, subjects, tasks } from '../../db/schema';
import { csvStream } from '../../lib/export-writer';
import { HttpError, notFound } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { requireOpenableApplication } from '../applications/applications.service';
import type { AuditWriter } from '../../core/audit.writer';
import { namesOf } from '../records/list';
import { isComputed } from '../subjects/values';
import { loadSubjectDef, requireSubject, type SubjectDef } from '../subjects/subject-def';
import { checkRows, planOf, type StagedError } from './imports.check';
import { takesNames } from './imports.resolve';
import { formatOfFileName, readRows } from './imports.parse';
import { CHUNK, findBatch, listBatches, pageRows, rowsAfter, setBatch, stageRows, toImportBatch, type BatchWithNames } from './imports.repository';
import { discardRun } from './imports.run';
import { awaitImportTask, IMPORT_RUN_KIND, IMPORT_UNDO_KIND } from './imports.tasks';
import { editedRows } from './imports.undo';
import { getTaskKind } from '../tasks/tasks.registry';
import { enqueueTask } from '../tasks/tasks.service';

/** Who acts. */
export interface ImportActor {
  user: CurrentUser;
  audit: AuditWriter;
  cache?: ReadCache;
  /** Where a run or undo run in this request's process logs its failures (default: nowhere). */
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const batchNotFound = () => notFound('errors.import.notFound');
const wrongStatus = () => new HttpError(409, 'CONFLICT', 'errors.import.status');
const fileError = (messageKey: 'errors.import.file' | 'errors.import.format' | 'errors.import.empty') =>
  new HttpError(400, 'BAD_REQUEST', messageKey, [{ field: 'file', messageKey }]);
const limitError = (status: number, messageKey: 'errors.import.tooManyRows' | 'errors.import.tooManyColumns' | 'errors.import.tooLarge', n: number) =>
  new HttpError(status, 'BAD_REQUEST', messageKey, [{ field: 'file', messageKey, params: { n } }], { params: { n } });
/** 413: the file is over IMPORT_MAX_BYTES (named in MB). */
const tooLarge = () => limitError(413, 'errors.import.tooLarge', Math.round(IMPORT_MAX_BYTES / 1024 / 1024));

/** A header or field name compared loosely: case, spaces, '_' and '-' ignored. */
const loose = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The auto-matched mapping: each header → the writable field whose key or name (any language the
 * user named it in) equals it loosely; null when none (or when the field is already taken).
 */
export function autoMapping(subject: SubjectDef, headers: readonly string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const taken = new Set<string>();
  const writable = subject.fields.filter((f) => !isComputed(f.type));
  for (const h of headers) {
    const l = loose(h);
    const f = writable.find((x) => !taken.has(x.key) && (loose(x.key) === l || loose(x.name) === l));
    out[h] = f ? f.key : null;
    if (f) taken.add(f.key);
  }
  return out;
}

/** The batch `id` with its subject, when `user` may write that subject. @throws 404; 403. */
async function requireBatch(db: Database, user: CurrentUser, id: string, cache?: ReadCache): Promise<{ found: BatchWithNames; subject: SubjectDef }> {
  const found = await findBatch(db, id);
  if (!found) throw batchNotFound();
  const { subject } = await requireSubject(db, user, found.application, found.subject, 'write', cache);
  return { found, subject };
}

const batchOf = async (db: Database, id: string): Promise<ImportBatch> => toImportBatch((await findBatch(db, id))!);

/**
 * POST …/subjects/:key/imports: reads the uploaded file (streamed), stages its rows CHUNK at a
 * time (one INSERT each) and answers the batch with its headers, row count and auto-matched
 * mapping, the first rows and the encoding its text was read in. `encoding`: how to read a CSV or
 * JSON file's text (imports.decode.ts; 'auto' detects it); `jsonPath`: the top-level key of a JSON
 * object whose array holds the rows (imports.parse.ts). Row numbers: CSV/XLSX the spreadsheet's
 * (header = row 1, the first data row 2), JSON the item's (the first item 1). Audited `import.upload`.
 * @throws 400 naming `file` (missing, unknown format, unreadable, empty, a cell or row over its
 *   cap, a NUL character, an XLSX part over its cap: imports.parse.ts readRows); 413 past the size
 *   or row limits.
 */
export async function uploadImport(
  db: Database,
  actor: ImportActor,
  slug: string,
  key: string,
  file: MultipartFile | undefined,
  encoding: ImportEncoding = 'auto',
  jsonPath?: string,
): Promise<ImportUploadResult> {
  const { app, subject } = await requireSubject(db, actor.user, slug, key, 'write', actor.cache);
  if (!file) throw fileError('errors.import.file');
  const format = formatOfFileName(file.filename);
  if (!format) {
    file.file.resume();
    throw fileError('errors.import.format');
  }
  const [batch] = await db
    .insert(importBatches)
    .values({ applicationId: app.id, subjectId: subject.id, fileName: file.filename.slice(0, 255), format, createdBy: actor.user.id, createdByLabel: actor.user.email })
    .returning({ id: importBatches.id });
  const sample: string[][] = [];
  let pending: string[][] = [];
  // CSV/XLSX: row numbers as a spreadsheet shows them (the header is row 1, blank rows not
  // counted); JSON: the items numbered from 1
  let next = format === 'json' ? 1 : 2;
  let total = 0;
  const read = readRows(file.file, format, encoding, jsonPath);
  try {
    for await (const row of read.rows) {
      if (file.file.truncated) throw tooLarge();
      // the header is known before the first row (CSV/XLSX) or grows with the rows (JSON: a row
      // staged before a key first appeared is shorter than the final header; readers of staged
      // rows take a missing cell as empty)
      if (read.header.length > IMPORT_MAX_COLUMNS) throw limitError(400, 'errors.import.tooManyColumns', IMPORT_MAX_COLUMNS);
      total += 1;
      if (total > IMPORT_MAX_ROWS) throw limitError(413, 'errors.import.tooManyRows', IMPORT_MAX_ROWS);
      const cells = read.header.map((_, i) => row[i] ?? '');
      if (sample.length < 20) sample.push(cells);
      pending.push(cells);
      if (pending.length === CHUNK) {
        await stageRows(db, batch.id, next, pending);
        next += pending.length;
        pending = [];
      }
    }
    if (file.file.truncated) throw tooLarge();
    if (read.header.length > IMPORT_MAX_COLUMNS) throw limitError(400, 'errors.import.tooManyColumns', IMPORT_MAX_COLUMNS);
    if (read.header.length === 0 || total === 0) throw fileError('errors.import.empty');
    await stageRows(db, batch.id, next, pending);
  } catch (e) {
    file.file.resume();
    await db.delete(importBatches).where(eq(importBatches.id, batch.id));
    // a file cut at the size limit often breaks its parser first (JSON, XLSX): the limit is the cause
    if (file.file.truncated) throw tooLarge();
    throw e;
  }
  const headers = read.header.map((h, i) => h.trim() || `#${i + 1}`);
  for (const cells of sample) while (cells.length < headers.length) cells.push('');
  const mapping = autoMapping(subject, headers);
  await db.transaction(async (tx) => {
    await tx.update(importBatches).set({ headers, mapping, total, updatedAt: new Date() }).where(eq(importBatches.id, batch.id));
    await actor.audit.record(tx, {
      action: 'import.upload',
      targetType: 'subject',
      targetId: subject.id,
      details: { application: slug, subject: subject.key, batch: batch.id, fileName: file.filename, format, rows: total, ...(jsonPath && format === 'json' ? { jsonPath } : {}) },
    });
  });
  return { batch: await batchOf(db, batch.id), sample, encoding: read.encoding() };
}

/** GET /imports/:id. @throws 404; 403. */
export async function getImport(db: Database, user: CurrentUser, id: string, cache?: ReadCache): Promise<ImportBatch> {
  const { found } = await requireBatch(db, user, id, cache);
  return toImportBatch(found);
}

/**
 * Batches, newest first: of application `slug` (its editors+; optionally one subject), or of every
 * application (administrators; optionally filtered by `application` slug and `subject` key).
 */
export async function listImports(
  db: Database,
  user: CurrentUser,
  scope: { slug?: string; application?: string; subject?: string },
  page: { current: number; pageSize: number },
  cache?: ReadCache,
): Promise<{ items: ImportBatch[]; total: number }> {
  const conds: SQL[] = [];
  if (scope.slug) {
    const { app } = await requireOpenableApplication(db, user, scope.slug);
    conds.push(eq(importBatches.applicationId, app.id));
    if (scope.subject) {
      const { subject } = await requireSubject(db, user, scope.slug, scope.subject, 'read', cache);
      conds.push(eq(importBatches.subjectId, subject.id));
    }
  } else {
    if (scope.application) conds.push(eq(applications.slug, scope.application));
    if (scope.subject) conds.push(eq(subjects.key, scope.subject));
  }
  const { rows, total } = await listBatches(db, conds.length ? and(...conds) : undefined, page.pageSize, (page.current - 1) * page.pageSize);
  return { items: rows.map(toImportBatch), total };
}

/** The check pass with progress, settings stored; status validated. */
async function check(db: Database, actor: ImportActor, found: BatchWithNames, subject: SubjectDef, settings: ImportSettings): Promise<void> {
  const plan = planOf(subject, found.batch.headers as string[], settings);
  // no reset of the staged rows: the check rewrites every row's values, errors, action and record;
  // what a run writes besides is cleared by discardRun when a run fails
  await setBatch(db, found.batch.id, { ...settings, processed: 0, error: null });
  const counts = await checkRows(db, { applicationId: found.batch.applicationId, cache: actor.cache }, subject, found.batch.id, plan, (processed) =>
    setBatch(db, found.batch.id, { processed }),
  );
  await setBatch(db, found.batch.id, { status: 'validated', ...counts, inserted: 0, updated: 0, unchanged: 0, skipped: 0 });
}

const CHECKABLE = new Set(['uploaded', 'validated', 'failed']);

/**
 * POST /imports/:id/check: the dry run with `settings` (imports.check.ts); nothing is written to the
 * subject. @returns the batch with its counts (status validated).
 * @throws 400 naming `mapping.<header>` / `keyFields`; 409 when the batch already ran; 404; 403.
 */
export async function checkImport(db: Database, actor: ImportActor, id: string, settings: ImportSettings): Promise<ImportBatch> {
  const { found, subject } = await requireBatch(db, actor.user, id, actor.cache);
  if (!CHECKABLE.has(found.batch.status)) throw wrongStatus();
  await check(db, actor, found, subject, settings);
  return batchOf(db, id);
}

/**
 * What a check's figures depend on, comparable: the mapping with its headers sorted (jsonb keeps
 * object keys in its own order, not the request's), the mode, the key fields (none for insert).
 * The on-error policy is not part of it: it changes what a run writes, not what the check finds.
 */
const checkedWith = (s: Pick<ImportSettings, 'mapping' | 'mode' | 'keyFields'>) =>
  JSON.stringify([Object.entries(s.mapping).filter(([, key]) => key).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), s.mode, s.mode === 'insert' ? [] : s.keyFields]);
const sameSettings = (b: BatchWithNames['batch'], s: ImportSettings) =>
  checkedWith({ mapping: b.mapping as ImportSettings['mapping'], mode: b.mode, keyFields: b.keyFields as string[] }) === checkedWith(s);

/** Rows of the batch by planned action (after its check). */
async function plannedCounts(db: Database, batchId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ action: importRows.action, n: sql<number>`count(*)::int` })
    .from(importRows)
    .where(eq(importRows.batchId, batchId))
    .groupBy(importRows.action);
  return Object.fromEntries(rows.map((r) => [r.action ?? 'none', Number(r.n)]));
}

/**
 * POST /imports/:id/run: the import, as a task (`imports.run`, imports.tasks.ts). Checks again
 * unless the batch was checked with the same settings (the batch is claimed `running` first, so a
 * second run meanwhile is refused); all-or-nothing with bad rows → 409 naming the count, nothing
 * written. Then ONE transaction: the batch `running` from row 0, the task queued (one per batch) and
 * the audit entry `import.run` (the planned counts and the task id). The request then waits for the
 * task (awaitImportTask: whichever process runs it; without an engine here, it runs it) and answers
 * the batch `done`; the task's page (/admin/task) follows its progress and logs too.
 * @returns the batch (done, with counts).
 * @throws 409 (status, invalid rows, records changed meanwhile, a unique value taken, cancelled); 400; 404; 403.
 */
export async function runImport(db: Database, actor: ImportActor, id: string, settings: ImportSettings): Promise<ImportBatch> {
  const { found, subject } = await requireBatch(db, actor.user, id, actor.cache);
  if (!CHECKABLE.has(found.batch.status)) throw wrongStatus();
  const invalidRows = (b: { total: number; valid: number; invalid: number }) =>
    new HttpError(409, 'CONFLICT', 'errors.import.invalidRows', undefined, { params: { n: b.invalid }, conflict: { total: b.total, valid: b.valid, invalid: b.invalid } });
  let from = found.batch.status;
  if (found.batch.status !== 'validated' || !sameSettings(found.batch, settings)) {
    // claim the batch while it is checked again: a second run of the same batch meanwhile is refused
    const [claimed] = await db
      .update(importBatches)
      .set({ status: 'running', updatedAt: new Date() })
      .where(and(eq(importBatches.id, id), eq(importBatches.status, found.batch.status)))
      .returning({ id: importBatches.id });
    if (!claimed) throw wrongStatus();
    try {
      await check(db, actor, found, subject, settings);
      const fresh = (await findBatch(db, id))!.batch;
      if (settings.onError === 'all_or_nothing' && fresh.invalid > 0) throw invalidRows(fresh);
    } catch (e) {
      const status = (await findBatch(db, id))?.batch.status;
      if (status === 'running') await setBatch(db, id, { status: 'failed', error: e instanceof Error ? e.message.slice(0, 500) : String(e) });
      throw e;
    }
    from = 'validated';
  } else if (settings.onError === 'all_or_nothing' && found.batch.invalid > 0) throw invalidRows(found.batch);
  const planned = await plannedCounts(db, id);
  const at = new Date();
  const task = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(importBatches)
      .set({ status: 'running', onError: settings.onError, processed: 0, error: null, updatedAt: new Date() })
      .where(and(eq(importBatches.id, id), eq(importBatches.status, from)))
      .returning({ id: importBatches.id });
    if (!claimed) throw wrongStatus();
    const { row, merged } = await enqueueTask(db, tx, getTaskKind(IMPORT_RUN_KIND)!, actor.audit.actor, {
      input: { batchId: id, at: at.toISOString() },
      singletonKey: id,
    });
    if (merged) throw wrongStatus();
    await actor.audit.record(tx, {
      action: 'import.run',
      targetType: 'subject',
      targetId: subject.id,
      details: {
        application: found.application,
        subject: subject.key,
        batch: id,
        task: row.id,
        onError: settings.onError,
        inserted: planned.insert ?? 0,
        toUpdate: planned.update ?? 0,
        skipped: planned.skip ?? 0,
      },
    });
    return row;
  });
  // the batch is `running` from here: this process's cached subject definitions must learn it
  // before any row is staged (other processes learn it from the trigger's notification, 0009)
  actor.cache?.bump();
  await awaitImportTask(db, task, actor.log);
  return batchOf(db, id);
}

/** Staged errors translated into `locale`. */
const translated = (errors: unknown, locale: Locale) =>
  ((errors ?? []) as StagedError[]).map((e) => ({ ...e, message: formatMessage(e.messageKey, locale, e.params ?? {}) }));

/**
 * GET /imports/:id/rows: a page of staged rows (cells, values, action, errors) and the names of the
 * users and related records its values hold (`labels`, records/list.ts `namesOf`: what the grid
 * shows for those ids). @throws 404; 403.
 */
export async function listImportRows(
  db: Database,
  user: CurrentUser,
  id: string,
  query: { current: number; pageSize: number; errorsOnly: boolean; warningsOnly?: boolean },
  locale: Locale,
  cache?: ReadCache,
): Promise<{ items: ImportRow[]; total: number; labels: Record<string, string> }> {
  const { found, subject } = await requireBatch(db, user, id, cache);
  const width = (found.batch.headers as string[]).length;
  const { rows, total } = await pageRows(db, id, query.errorsOnly ? 'errors' : query.warningsOnly ? 'warnings' : null, query.pageSize, (query.current - 1) * query.pageSize);
  const items = rows.map((r) => ({
    rowNumber: r.rowNumber,
    // one cell per header: a JSON row staged before a later item's new key is shorter
    raw: Array.from({ length: width }, (_, i) => (r.raw as string[])[i] ?? ''),
    values: (r.values as Record<string, unknown> | null) ?? null,
    action: r.action,
    recordId: r.recordId,
    errors: translated(r.errors, locale),
    warnings: translated(r.warnings, locale),
  }));
  // only users and related records are named (attachments are not imported by file name)
  const named = subject.fields.filter(takesNames);
  const refs = items.flatMap((r) => {
    const values = Object.fromEntries(named.filter((f) => r.values?.[f.key] != null).map((f) => [f.key, r.values![f.key]]));
    return Object.keys(values).length ? [{ id: '', version: 0, createdAt: '', createdBy: null, updatedAt: '', updatedBy: null, values }] : [];
  });
  const { labels } = await namesOf(db, subject, refs, cache);
  return { items, total, labels };
}

/**
 * GET /imports/:id/errors: the error report, a CSV (UTF-8 with BOM, the shared export writer) of
 * row, column, value, message — one line per error — streamed CHUNK staged rows at a time. @throws 404; 403.
 */
export async function importErrorReport(db: Database, user: CurrentUser, id: string, locale: Locale, cache?: ReadCache): Promise<{ fileName: string; stream: Readable }> {
  const { found } = await requireBatch(db, user, id, cache);
  const en = locale === 'en-US';
  const head = en ? ['Row', 'Column', 'Value', 'Message'] : ['行号', '列', '值', '错误'];
  async function* batches(): AsyncGenerator<string[][]> {
    let after = 0;
    for (;;) {
      const chunk = await rowsAfter(db, id, after, CHUNK, isNotNull(importRows.errors));
      if (chunk.length === 0) return;
      after = chunk[chunk.length - 1].rowNumber;
      const out: string[][] = [];
      for (const r of chunk) for (const e of translated(r.errors, locale)) out.push([String(r.rowNumber), e.column ?? '', e.value ?? '', e.message]);
      yield out;
      if (chunk.length < CHUNK) return;
    }
  }
  const base = found.batch.fileName.replace(/\.[^.]+$/, '');
  return { fileName: `${base}-errors.csv`, stream: csvStream({ columns: head.map((header) => ({ header })), batches: batches() }).pipe(new PassThrough()) };
}

/** GET /imports/:id/edited: the touched records edited since the import (the undo's confirmation). */
export async function importEditedRows(db: Database, user: CurrentUser, id: string, cache?: ReadCache): Promise<ImportEditedRow[]> {
  const { found, subject } = await requireBatch(db, user, id, cache);
  if (found.batch.status !== 'done') return [];
  return editedRows(db, subject, id);
}

/**
 * POST /imports/:id/undo, as a task (`imports.undo`, imports.tasks.ts / imports.undo.ts): ONE
 * transaction claims the batch (`done` → `undoing`: a second undo meanwhile gets 409), queues the
 * task and writes the audit entry `import.undo`; the request then waits for the task as runImport
 * does and answers its counts.
 * @throws 409 unless the batch is done (or when cancelled); 409 VALUE_TAKEN; 404; 403.
 */
export async function undoImport(db: Database, actor: ImportActor, id: string, includeEdited: boolean): Promise<ImportUndoResult> {
  const { found, subject } = await requireBatch(db, actor.user, id, actor.cache);
  if (found.batch.status !== 'done') throw wrongStatus();
  const task = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(importBatches)
      .set({ status: 'undoing', processed: 0, updatedAt: new Date() })
      .where(and(eq(importBatches.id, id), eq(importBatches.status, 'done')))
      .returning({ id: importBatches.id });
    if (claimed.length === 0) throw wrongStatus();
    const { row, merged } = await enqueueTask(db, tx, getTaskKind(IMPORT_UNDO_KIND)!, actor.audit.actor, {
      input: { batchId: id, includeEdited, at: new Date().toISOString() },
      singletonKey: id,
    });
    if (merged) throw wrongStatus();
    await actor.audit.record(tx, {
      action: 'import.undo',
      targetType: 'subject',
      targetId: subject.id,
      details: { application: found.application, subject: subject.key, batch: id, task: row.id, includeEdited },
    });
    return row;
  });
  const result = (await awaitImportTask(db, task, actor.log)) as Omit<ImportUndoResult, 'batch'> | null;
  return { batch: await batchOf(db, id), deleted: result?.deleted ?? 0, restored: result?.restored ?? 0, leftAlone: result?.leftAlone ?? [] };
}

/** The statuses of a batch that never made records live: it can be removed, and it expires. */
export const REMOVABLE_STATUSES = ['uploaded', 'validated', 'failed'] as const;

/** Rows of import_rows deleted per statement when a batch is removed (short statements on PGlite). */
const DELETE_CHUNK = 5_000;

/**
 * Deletes a batch's staged rows DELETE_CHUNK at a time (each statement short: a 200,000-row batch
 * is 40 statements, not one long one), then, in one short transaction, the batch itself — only
 * while its status is still one of REMOVABLE_STATUSES — and whatever `also` writes (the audit
 * entry). @returns whether the batch was deleted.
 */
async function removeBatch(db: Database, id: string, total: number, also?: (tx: Executor) => Promise<unknown>): Promise<boolean> {
  for (let from = 0; from <= total + 1; from += DELETE_CHUNK) {
    await db.delete(importRows).where(and(eq(importRows.batchId, id), gte(importRows.rowNumber, from), lt(importRows.rowNumber, from + DELETE_CHUNK)));
  }
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(importBatches)
      .where(and(eq(importBatches.id, id), inArray(importBatches.status, [...REMOVABLE_STATUSES])))
      .returning({ id: importBatches.id });
    if (gone.length === 0) return false;
    await also?.(tx);
    return true;
  });
}

/**
 * DELETE /imports/:id: removes a batch that never ran (status uploaded, validated or failed: a
 * wizard left half way, a failed run) with its staged rows. Audited `import.delete` (file name,
 * status, rows). @throws 409 errors.import.notRemovable when it ran (running, done, undoing,
 * undone: undo it instead; its history stays); 404; 403.
 */
export async function deleteImport(db: Database, actor: ImportActor, id: string): Promise<void> {
  const { found } = await requireBatch(db, actor.user, id, actor.cache);
  const notRemovable = () => new HttpError(409, 'CONFLICT', 'errors.import.notRemovable');
  if (!(REMOVABLE_STATUSES as readonly string[]).includes(found.batch.status)) throw notRemovable();
  const removed = await removeBatch(db, id, found.batch.total, (tx) =>
    actor.audit.record(tx, {
      action: 'import.delete',
      targetType: 'subject',
      targetId: found.batch.subjectId,
      details: { application: found.application, subject: found.subject, batch: id, fileName: found.batch.fileName, status: found.batch.status, rows: found.batch.total },
    }),
  );
  if (!removed) throw notRemovable();
}

/**
 * Housekeeping (ops/scheduler.ts, every hour): batches never run (REMOVABLE_STATUSES) and not
 * touched for IMPORT_ABANDONED_DAYS days are removed with their staged rows, at most `limit` per
 * call, each in short statements (removeBatch). Not audited: only staging data goes (the upload's
 * entry stays). @returns how many batches were removed.
 */
export async function expireAbandonedImports(db: Database, now = new Date(), limit = 50): Promise<number> {
  const before = new Date(now.getTime() - IMPORT_ABANDONED_DAYS * 24 * 60 * 60_000);
  const old = await db
    .select({ id: importBatches.id, total: importBatches.total })
    .from(importBatches)
    .where(and(inArray(importBatches.status, [...REMOVABLE_STATUSES]), lt(importBatches.updatedAt, before)))
    .limit(limit);
  let n = 0;
  for (const b of old) if (await removeBatch(db, b.id, b.total)) n += 1;
  return n;
}

/**
 * At start: batches left `running` by a process that died mid-run, and whose task is no longer
 * active (a task still queued or running resumes its batch: imports.tasks.ts), are discarded (the records they
 * updated put back, their staged rows deleted) and marked failed (errors.import.interrupted);
 * batches left `undoing` are `done` again (their undo, run again, finishes: imports.undo.ts).
 * `idleMinutes`: only batches not touched for that long (a running or undoing batch moves
 * `updated_at` every chunk) — on PostgreSQL another server process may be running one right now;
 * PGlite has one process, so 0.
 * @returns the batches recovered.
 */
export async function recoverInterruptedImports(db: Database, idleMinutes = 0): Promise<number> {
  const idle = lt(importBatches.updatedAt, new Date(Date.now() - idleMinutes * 60_000));
  // a batch whose run or undo task is still active is resumed by it (imports.tasks.ts), not recovered here
  const noActiveTask = sql`not exists (select 1 from ${tasks} t where t.kind in (${IMPORT_RUN_KIND}, ${IMPORT_UNDO_KIND})
    and t.singleton_key = ${importBatches.id}::text and t.state in ('queued', 'running'))`;
  const stuck = await db
    .select({ id: importBatches.id, subjectId: importBatches.subjectId })
    .from(importBatches)
    .where(and(eq(importBatches.status, 'running'), idle, noActiveTask));
  for (const b of stuck) {
    const subject = await loadSubjectDef(db, { id: b.subjectId });
    if (subject) await discardRun(db, subject, b.id, 'errors.import.interrupted');
    else await setBatch(db, b.id, { status: 'failed', error: 'errors.import.interrupted' });
  }
  const undoing = await db
    .update(importBatches)
    .set({ status: 'done', processed: sql`${importBatches.total}`, updatedAt: new Date() })
    .where(and(eq(importBatches.status, 'undoing'), idle, noActiveTask))
    .returning({ id: importBatches.id });
  return stuck.length + undoing.length;
}
