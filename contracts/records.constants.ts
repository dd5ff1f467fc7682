/**
 * Records and what hangs on them: versions, comments, attachments, saved record queries
 * (contracts/records.ts): the module's plain constants and its audit actions and recycle-bin types
 * (its server messages: contracts/records.messages.ts). No zod: the web imports them at run time,
 * through contracts/constants.ts, which re-exports this file and gathers the entry `RECORDS_MODULE`
 * (listed in contracts/modules.ts) into AUDIT_ACTIONS and RECYCLABLE_TYPES (docs/architecture.md
 * "Contracts").
 */
import type { FieldType } from './subjects.constants';
import type { ModuleEntry } from './constants';

/**
 * Filter operators (records' `filter`). Which apply to which type: FILTER_OPS_BY_TYPE.
 * `empty`/`notEmpty` take no value; `between` takes `[from, to]` (inclusive); `in`/`notIn`/`hasAny`/
 * `hasAll` take an array.
 */
export const FILTER_OPS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'in',
  'notIn',
  'hasAny',
  'hasAll',
  'empty',
  'notEmpty',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

const TEXT_OPS: readonly FilterOp[] = ['eq', 'ne', 'contains', 'notContains', 'startsWith', 'endsWith', 'in', 'notIn', 'empty', 'notEmpty'];
const ORDERED_OPS: readonly FilterOp[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'empty', 'notEmpty'];
const ID_OPS: readonly FilterOp[] = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'];
const SET_OPS: readonly FilterOp[] = ['hasAny', 'hasAll', 'empty', 'notEmpty'];

/** The operators each field type accepts (a filter with another is a 400 naming the condition). */
export const FILTER_OPS_BY_TYPE: Record<FieldType, readonly FilterOp[]> = {
  text: TEXT_OPS,
  longText: TEXT_OPS,
  richText: ['contains', 'notContains', 'empty', 'notEmpty'],
  number: ORDERED_OPS,
  money: ORDERED_OPS,
  percent: ORDERED_OPS,
  date: ORDERED_OPS,
  datetime: ORDERED_OPS,
  boolean: ['eq', 'ne', 'empty', 'notEmpty'],
  singleSelect: ID_OPS,
  multiSelect: SET_OPS,
  email: TEXT_OPS,
  url: TEXT_OPS,
  phone: TEXT_OPS,
  user: ID_OPS,
  relation: [...ID_OPS, 'hasAny', 'hasAll'],
  attachment: ['empty', 'notEmpty'],
  formula: [...ORDERED_OPS, 'contains', 'startsWith', 'endsWith'],
  autoNumber: TEXT_OPS,
  createdAt: ORDERED_OPS,
  createdBy: ID_OPS,
  updatedAt: ORDERED_OPS,
  updatedBy: ID_OPS,
};

/** Records: at most this many per page (grid, API); keyset `cursor` paging goes on from there. */
export const RECORD_PAGE_MAX = 200;
/** Records: `total` is counted exactly up to this many matches, estimated beyond. */
export const RECORD_TOTAL_EXACT_LIMIT = 10_000;
/**
 * Longest value, in characters, of the single-line text types (text, e-mail, phone, single select,
 * auto number; a text formula is cut to it): their b-tree index holds at most ~2,700 bytes a row, and
 * 500 characters of 4-byte UTF-8 stay under it. URLs take URL_VALUE_MAX.
 */
export const TEXT_VALUE_MAX = 500;
/** Longest URL value, in characters (ASCII once encoded, so it fits the b-tree index). */
export const URL_VALUE_MAX = 2000;
/** Longest long-text or rich-text value, in characters (after sanitising). */
export const LONG_TEXT_VALUE_MAX = 100_000;

/** Most ids one attachment field holds. */
export const ATTACHMENTS_PER_VALUE_MAX = 100;
/** Most records one many-relation value links. */
export const LINKS_PER_VALUE_MAX = 1000;
/** A record filter nests groups at most this deep and holds at most FILTER_CONDITIONS_MAX conditions. */
export const FILTER_DEPTH_MAX = 4;
export const FILTER_CONDITIONS_MAX = 50;

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const RECORDS_MODULE = {
  auditActions: [
    'record.create',
    'record.update',
    'record.delete',
    'record.restore_version',
    'record.bulk_update',
    'record.bulk_delete',
    'record.tag',
    'record.categorize',
    'comment.create',
    'comment.delete',
    'attachment.upload',
    'attachment.delete',
  ],
  recycleTypes: ['record'],
} as const satisfies ModuleEntry;
