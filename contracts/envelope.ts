/**
 * The API's response envelopes (docs/product.md "API conventions"), shared by server and web.
 * Success: `{ success: true, data }`; lists add ProTable's `total`, `current`, `pageSize`.
 * Failure: `{ success: false, errorCode, errorMessage, showType, details? }`, the shape umi's
 * request plugin reads (`showType` values are its ErrorShowType numbers).
 */
import { z } from 'zod';

export { CSRF_HEADER, ShowType } from './constants';
export type { ShowTypeValue } from './constants';

/** One field error of a 400/422: `field` is the dotted path into the body or query ("slug", "members.0.role"). */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Machine-readable error codes; the message itself follows the request's language. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'SETUP_CLOSED',
  'SETUP_REQUIRED',
  'INVALID_CREDENTIALS',
  'SLUG_TAKEN',
  'EMAIL_TAKEN',
  'CSRF_REJECTED',
  'RATE_LIMITED',
  'INTERNAL',
  /** 409: a record update carried an old `version`; `conflict` = { current, changes } (contracts/records.ts StaleConflict). */
  'STALE_VERSION',
  /** 409: a field's type change would break records; `conflict` = { count, records } (contracts/subjects.ts TypeChangeConflict). */
  'TYPE_CHANGE_REFUSED',
  /** 409: a subject or field key already in use (details name `key`). */
  'KEY_TAKEN',
  /** 409: a unique field's value already in use (details name the field's key). */
  'VALUE_TAKEN',
  /** 401: a share link with a password was opened without one (X-Share-Password). */
  'SHARE_PASSWORD_REQUIRED',
  /** 401: a share link's password was wrong. */
  'SHARE_PASSWORD_WRONG',
  /** 421: the request's Host (or X-Forwarded-Host) is not one this server answers for (ALLOWED_HOSTS). */
  'HOST_NOT_ALLOWED',
  /** 423: a share link locked after too many wrong passwords; it opens again once its owner unlocks it. */
  'SHARE_LOCKED',
  /** 409: a system model's locked field or subject cannot be deleted (docs/engagements.md "Locked fields"). */
  'FIELD_LOCKED',
  'SUBJECT_LOCKED',
  /** 409: a signed-off (locked) record cannot change or be deleted (docs/engagements.md "Sign-off"). */
  'RECORD_LOCKED',
  /** 409: a guarded action is not allowed from the record's state, or one of its gates fails (`details` name why). */
  'TRANSITION_REFUSED',
  /** 422: a query's planner cost estimate is over QUERY_COST_MAX (contracts/queries.constants.ts); refused before it runs. */
  'QUERY_TOO_COSTLY',
  /** 422: a query ran over QUERY_TIMEOUT_MS (PostgreSQL's statement_timeout) and was cancelled. */
  'QUERY_TIMEOUT',
  /** 422: a connector's database host is not on the system setting connectorAllowedHosts, or its URL reaches a private address not on it (docs/connectors.md "Allow-list"). */
  'CONNECTOR_HOST_NOT_ALLOWED',
  /** 502: a connector's source failed (refused the sign-in, unreachable, timed out, an SQL or HTTP error); the message says why. */
  'CONNECTOR_SOURCE_FAILED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  errorCode: z.enum(ERROR_CODES),
  errorMessage: z.string(),
  showType: z.number().int(),
  details: z.array(fieldErrorSchema).optional(),
  /** What a 409 conflicted with, shaped per errorCode (STALE_VERSION, TYPE_CHANGE_REFUSED). */
  conflict: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * `{ success: true, data }` for one object. A change that changed nothing (e.g. a PATCH with the
 * values the object has) answers the object as it is with `unchanged: true`, and writes nothing.
 */
export const okSchema = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data, unchanged: z.literal(true).optional() });

/** ProTable's list shape: `{ success, data[], total, current, pageSize }` (total exact up to 10,000 rows). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    pageSize: z.number().int(),
  });

export interface Ok<T> {
  success: true;
  data: T;
  /** Set when the change asked for changed nothing (nothing was written; `data` is the object as it is). */
  unchanged?: true;
}
export interface Page<T> {
  success: true;
  data: T[];
  total: number;
  current: number;
  pageSize: number;
}

/** Paging query parameters of every list endpoint: `current` from 1, `pageSize` 1–100 rows (default 20). */
export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
