/**
 * The recycle bin's handlers of subjects and fields (registered on import, subjects.routes.ts).
 *  - subject: restore clears the mark (409 KEY_TAKEN naming 'key' when a live subject of the
 *    application took the key meanwhile); purge drops the record table, the auto-number sequences
 *    and the row (fields, versions, links, comments, saved queries go by cascade) and the bin rows
 *    of its recycled fields.
 *  - field: restore brings it back in place (its old position; 409 KEY_TAKEN when a live field took
 *    its key; 409 CONFLICT when a relation's target subject or a formula's inputs are gone), numbers
 *    the records added meanwhile (auto number) or recomputes it (formula); purge drops its column
 *    (ddl.dropFieldColumn) and its row.
 * Records added while a field was in the bin have it empty (or numbered/computed as above); a
 * required field asks for a value at their next edit.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { purgeRecordExtras } from '../../core/record-extras';
import { registerPurgeStep, registerRecyclable } from '../../core/recycle.registry';
import { dropFieldColumn, dropSubjectTable, ident, sequenceNameOf } from './ddl';
import { numberRecords, recomputeFormulas } from './field-data';
import { checkFormula, FormulaError, formulaOrder } from './formula';
import {
  allFieldRows,
  deleteFieldRow,
  deleteSubjectRow,
  fieldKeyInUse,
  isLiveSubjectOf,
  lockField,
  lockSubject,
  markFieldDeleted,
  markSubjectDeleted,
  removeBinRows,
  subjectKeyInUse,
  subjectStorageOf,
} from './subjects.repository';
import { defOf, keyTaken } from './subject-def';

async function subjectOf(tx: Executor, id: string) {
  const row = await lockSubject(tx, id, true);
  if (!row) throw notFound('errors.subjectNotFound');
  return row;
}

/**
 * Deletes a subject for good, in the caller's transaction: its records' tags and categories and
 * their bin rows (record-tags purgeRecordExtras, in batches of 1,000), its record table, its
 * auto-number sequences, the bin rows of its recycled fields and its row (fields, versions, links,
 * comments, attachments' rows and saved queries go by cascade). No-op when it is already gone.
 */
export async function purgeSubject(tx: Executor, id: string): Promise<void> {
  const row = await lockSubject(tx, id, true);
  if (!row) return;
  const fieldRows = await allFieldRows(tx, id);
  // what hangs on the records outside the subject's cascade: tags, categories, their bin rows
  const table = sql.raw(ident(row.tableName));
  let last = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const ids = rowsOf<{ id: string }>(
      await tx.execute(sql`select id::text as id from ${table} where id > ${last}::uuid order by id limit 1000`),
    ).map((r) => r.id);
    if (ids.length === 0) break;
    await purgeRecordExtras(tx, { recordIds: ids });
    await removeBinRows(tx, 'record', ids);
    last = ids[ids.length - 1];
  }
  await dropSubjectTable(tx, row.tableName);
  for (const f of fieldRows) {
    if (f.type === 'autoNumber') await tx.execute(sql.raw(`drop sequence if exists ${ident(sequenceNameOf(f.id))}`));
  }
  await removeBinRows(
    tx,
    'field',
    fieldRows.filter((f) => f.deletedAt).map((f) => f.id),
  );
  await removeBinRows(tx, 'subject', [id]);
  await deleteSubjectRow(tx, id);
}

registerRecyclable({
  type: 'subject',
  async restore(tx, id) {
    const row = await subjectOf(tx, id);
    if (await subjectKeyInUse(tx, row.applicationId, row.key, id)) throw keyTaken('key');
    await markSubjectDeleted(tx, id, null, false);
  },
  async purge(tx, id) {
    await subjectOf(tx, id);
    await purgeSubject(tx, id);
  },
});

registerRecyclable({
  type: 'field',
  async restore(tx, id) {
    const row = await lockField(tx, id, true);
    if (!row) throw notFound('errors.fieldNotFound');
    const subject = await subjectOf(tx, row.subjectId);
    if (await fieldKeyInUse(tx, row.subjectId, row.key, id)) throw keyTaken('key');
    const options = (row.options ?? {}) as { targetSubjectId?: string; expression?: string };
    if (
      row.type === 'relation' &&
      !(options.targetSubjectId && (await isLiveSubjectOf(tx, subject.applicationId, options.targetSubjectId)))
    ) {
      throw new HttpError(409, 'CONFLICT', 'errors.field.restoreTarget');
    }
    const before = await defOf(tx, subject);
    if (row.type === 'formula') {
      try {
        checkFormula(options.expression ?? '', [...before.fields.map((f) => f.key), row.key], row.key);
        formulaOrder([...before.fields, { key: row.key, type: row.type, options: row.options as object }]);
      } catch (e) {
        if (e instanceof FormulaError)
          throw new HttpError(409, 'CONFLICT', 'errors.field.restoreFormula', undefined, { params: { reason: e.message } });
        throw e;
      }
    }
    await markFieldDeleted(tx, id, null, false);
    const def = await defOf(tx, subject);
    const field = def.fields.find((f) => f.id === id)!;
    if (field.type === 'autoNumber' && field.column) await numberRecords(tx, def.tableName, field);
    if (field.type === 'formula') await recomputeFormulas(tx, def, [field]);
  },
  async purge(tx, id) {
    const row = await lockField(tx, id, true);
    if (!row) return;
    const subject = await subjectOf(tx, row.subjectId);
    await dropFieldColumn(tx, subject.tableName, id);
    await deleteFieldRow(tx, id);
  },
});

/**
 * The purge of an application (applications.service.ts purgeApplication) drops every subject's
 * table and auto-number sequences, live or deleted, before the application's row goes (its
 * subjects, fields and record history then cascade).
 */
registerPurgeStep('application', async (tx, applicationId) => {
  for (const subject of await subjectStorageOf(tx, applicationId)) {
    for (const fieldId of subject.autoNumberFieldIds) await tx.execute(sql.raw(`drop sequence if exists ${ident(sequenceNameOf(fieldId))}`));
    await dropSubjectTable(tx, subject.tableName);
  }
});
