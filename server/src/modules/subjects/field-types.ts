/**
 * How each field type (contracts FIELD_TYPES) is stored in a subject's table:
 * a typed column per field, a b-tree index `(column, id)` for sorting, filtering and keyset paging,
 * a trigram GIN index for the quick-search types, a GIN index for arrays. Decided by the prototype
 * in bench/record-storage.mjs (figures in modules/records/README.md).
 */
import type { FieldOptions, FieldType } from '../../../../contracts';
import { SEARCHABLE_FIELD_TYPES } from '../../../../contracts/constants';

/** The record table's own columns that the system field types read. */
export const SYSTEM_COLUMN_OF: Partial<Record<FieldType, string>> = {
  createdAt: 'created_at',
  createdBy: 'created_by',
  updatedAt: 'updated_at',
  updatedBy: 'updated_by',
};

/** The index a field's column gets: b-tree `(column, id)`, GIN (arrays) or none (long text). */
export type FieldIndexKind = 'btree' | 'gin' | 'none';

export interface FieldStorage {
  /** PostgreSQL type of the field's column; null = the field has no column of its own. */
  sqlType: string | null;
  index: FieldIndexKind;
  /** A trigram GIN index for quick search (pg_trgm). */
  searchable: boolean;
}

/** The storage of a field of `type` with `options` (relation `multiple` and formula `resultType` matter). */
export function storageOf(type: FieldType, options: FieldOptions = {}): FieldStorage {
  const searchable = SEARCHABLE_FIELD_TYPES.includes(type);
  switch (type) {
    case 'text':
    case 'email':
    case 'url':
    case 'phone':
    case 'singleSelect':
    case 'autoNumber':
      return { sqlType: 'text', index: 'btree', searchable };
    case 'longText':
      return { sqlType: 'text', index: 'none', searchable };
    case 'richText':
      return { sqlType: 'text', index: 'none', searchable: false };
    case 'number':
    case 'money':
    case 'percent':
      return { sqlType: 'numeric', index: 'btree', searchable: false };
    case 'date':
      return { sqlType: 'date', index: 'btree', searchable: false };
    case 'datetime':
      return { sqlType: 'timestamptz', index: 'btree', searchable: false };
    case 'boolean':
      return { sqlType: 'boolean', index: 'btree', searchable: false };
    case 'multiSelect':
      return { sqlType: 'text[]', index: 'gin', searchable: false };
    case 'user':
      return { sqlType: 'uuid', index: 'btree', searchable: false };
    case 'relation':
      return options.multiple ? { sqlType: null, index: 'none', searchable: false } : { sqlType: 'uuid', index: 'btree', searchable: false };
    case 'attachment':
      return { sqlType: 'uuid[]', index: 'none', searchable: false };
    case 'formula': {
      const t = options.resultType ?? 'number';
      const sqlType = t === 'number' ? 'numeric' : t === 'boolean' ? 'boolean' : t === 'date' ? 'date' : 'text';
      return { sqlType, index: 'btree', searchable: false };
    }
    case 'createdAt':
    case 'createdBy':
    case 'updatedAt':
    case 'updatedBy':
      return { sqlType: null, index: 'none', searchable: false };
  }
}
