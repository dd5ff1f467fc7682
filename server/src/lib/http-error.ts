/**
 * The error services throw (docs/code-style.md "Server in layers"): an HTTP status, a machine-readable
 * `errorCode` (contracts/envelope.ts ERROR_CODES) and a message key of contracts/messages.ts,
 * translated into the request's language by the central error handler (lib/error-handler.ts).
 */
import type { ErrorCode, MessageKey } from '../../../contracts';

/** A field error before translation: `messageKey` becomes the `message` in the request's language. */
export interface FieldErrorKey {
  field: string;
  messageKey: MessageKey;
  /** `{name}` values of this detail's message (else the error's `extra.params`), e.g. `{ n: 100 }`. */
  params?: Record<string, string | number>;
}

/** More of an error: `{name}` values of its message, and response headers (e.g. Retry-After). */
export interface HttpErrorExtra {
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** The envelope's `conflict` (a 409's context: the current record, the breaking records…). */
  conflict?: Record<string, unknown>;
}

export class HttpError extends Error {
  constructor(
    /** HTTP status, 400–599. */
    readonly status: number,
    readonly errorCode: ErrorCode,
    readonly messageKey: MessageKey,
    /** Field errors for a 400/409/422 (e.g. `[{ field: 'slug', messageKey: 'errors.slugTaken' }]`). */
    readonly details?: FieldErrorKey[],
    /** Message parameters and response headers. */
    readonly extra?: HttpErrorExtra,
  ) {
    super(`${errorCode}: ${messageKey}`);
    this.name = 'HttpError';
  }
}

/** 401 UNAUTHENTICATED: no valid session. */
export const unauthenticated = () => new HttpError(401, 'UNAUTHENTICATED', 'errors.unauthenticated');
/** 403 FORBIDDEN with `messageKey` (default errors.forbidden). */
export const forbidden = (messageKey: MessageKey = 'errors.forbidden') => new HttpError(403, 'FORBIDDEN', messageKey);
/** 404 NOT_FOUND with `messageKey` (default errors.notFound) and optional field details. */
export const notFound = (messageKey: MessageKey = 'errors.notFound', details?: FieldErrorKey[]) =>
  new HttpError(404, 'NOT_FOUND', messageKey, details);
