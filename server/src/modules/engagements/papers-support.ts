/**
 * Small shared pieces of the papers part (workpapers, review notes, evidence, reports): the column
 * of a model field in SQL, the record lookups that answer 404 with the object's own message.
 */
import type { SQL } from 'drizzle-orm';
import type { MessageKey, RecordItem } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { findRecords } from '../records/records.service';
import { columnOf } from '../subjects/ddl';
import type { SubjectDef } from '../subjects/subject-def';

/** `alias.<column of field key>` of a model subject (a model field always has its own column). */
export function fieldColumn(subject: SubjectDef, key: string, alias = 'r'): SQL {
  const field = subject.fields.find((f) => f.key === key);
  if (!field?.column) throw new Error(`${subject.key}.${key} has no column`);
  return columnOf(alias, field.column);
}

/** The live record `id` of `subject` (locked with `lock`). @throws 404 `messageKey`. */
export async function requireRecord(db: Executor, subject: SubjectDef, id: string, messageKey: MessageKey, lock = false): Promise<RecordItem> {
  const [found] = await findRecords(db, subject, [id], lock);
  if (!found) throw notFound(messageKey);
  return found;
}
