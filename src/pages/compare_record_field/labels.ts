/**
 * How records are named on `/compare_record_field` and `/admin/record-query`: by the subject's
 * display field (as plain text), else by the start of their id.
 */
import type { RecordItem, SubjectDetail } from '../../../contracts';
import { valueToText } from '../../components/fields/format';

/** `#1a2b3c4d`: the first 8 characters of a record id. */
export function shortId(id: string): string {
  return `#${id.replace(/-/g, '').slice(0, 8)}`;
}

/** A record's name: its display field's text, else its short id. */
export function recordLabel(subject: Pick<SubjectDetail, 'displayField' | 'fields'>, record: Pick<RecordItem, 'id' | 'values'>, locale: string): string {
  const field = subject.displayField ? subject.fields.find((f) => f.key === subject.displayField) : undefined;
  const text = field ? valueToText(field, record.values[field.key], locale).trim() : '';
  return text ? text : shortId(record.id);
}
