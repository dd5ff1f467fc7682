/**
 * The central error handler (docs/code-style.md "One error envelope"; docs/product.md
 * "API conventions"). Every error leaves as contracts/envelope.ts's
 * `{ success: false, errorCode, errorMessage, showType, details? }` in the request's language:
 * - HttpError (thrown by services) → its status and code;
 * - zod validation (fastify-type-provider-zod) → 400 VALIDATION_FAILED with `details` per field;
 * - Fastify's own 4xx (malformed JSON, empty body, wrong content type, too large) → that status,
 *   BAD_REQUEST (never a 500 for bad input);
 * - a database refusal of a value from the request (pg-errors.ts badInputKind: a NUL, a bad uuid,
 *   date or number, an index row too big…) → 400 BAD_REQUEST errors.database.text/value, logged
 *   as a warning with its SQLSTATE: the safety net behind the routes' own checks, which name the
 *   field (lib/text-input.ts, the zod contracts);
 * - anything else → 500 INTERNAL, logged with its stack, answered without details.
 * The JSON 404 of unknown routes is static.ts's not-found handler.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  formatMessage,
  ShowType,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldError,
  type Locale,
  type MessageKey,
} from '../../../contracts';
import { HttpError } from './http-error';
import { localiseIssue } from './i18n';
import { badInputKind, sqlState } from './pg-errors';

/** Builds an error envelope with the message of `messageKey` in `locale` (`{name}` filled from `params`). */
export function errorEnvelope(
  errorCode: ErrorCode,
  messageKey: MessageKey,
  locale: Locale,
  details?: FieldError[],
  params?: Record<string, string | number>,
  conflict?: Record<string, unknown>,
): ErrorEnvelope {
  const body: ErrorEnvelope = {
    success: false,
    errorCode,
    errorMessage: formatMessage(messageKey, locale, params),
    showType: ShowType.ERROR,
  };
  if (details && details.length > 0) body.details = details;
  if (conflict) body.conflict = conflict;
  return body;
}

/** Sends an error envelope with `status`. */
export function sendError(
  reply: FastifyReply,
  status: number,
  errorCode: ErrorCode,
  messageKey: MessageKey,
  details?: FieldError[],
  params?: Record<string, string | number>,
  conflict?: Record<string, unknown>,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(errorCode, messageKey, reply.request.locale, details, params, conflict));
}

/** A zod issue path as the dotted `field` of a FieldError (`members.0.role`); root-level issues name their keys. */
function fieldOf(instancePath: string, params: Record<string, unknown>): string {
  const dotted = instancePath.split('/').filter(Boolean).join('.');
  if (dotted) return dotted;
  const keys = params.keys;
  return Array.isArray(keys) ? keys.map(String).join(',') : '';
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/** The error handler; registered once on the root instance by app.ts. */
export function handleError(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const locale = request.locale;
  if (error instanceof HttpError) {
    const details = error.details?.map((d) => ({ field: d.field, message: formatMessage(d.messageKey, locale, d.params ?? error.extra?.params) }));
    for (const [name, value] of Object.entries(error.extra?.headers ?? {})) reply.header(name, value);
    return sendError(reply, error.status, error.errorCode, error.messageKey, details, error.extra?.params, error.extra?.conflict);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: FieldError[] = [];
    for (const v of error.validation) {
      const params = (v.params ?? {}) as Record<string, unknown>;
      // fastify-type-provider-zod 6.1 spreads the issue (less code, path, message) into params;
      // some versions nest it as params.issue: accept both.
      const nested = params.issue;
      const issue =
        nested && typeof nested === 'object' && 'code' in nested && 'message' in nested
          ? (nested as { code: string; message: string } & Record<string, unknown>)
          : { ...params, code: v.keyword, message: v.message ?? '' };
      const detail = { field: fieldOf(v.instancePath, params), message: localiseIssue(issue, locale) };
      // Two checks with the same message on one field (e.g. both password refinements) say it once.
      if (!details.some((d) => d.field === detail.field && d.message === detail.message)) details.push(detail);
    }
    return sendError(reply, 400, 'VALIDATION_FAILED', 'errors.validation', details);
  }
  const status = statusOf(error as FastifyError);
  if (status < 500) {
    const code = (error as FastifyError).code;
    if (status === 415) return sendError(reply, 415, 'BAD_REQUEST', 'errors.contentType');
    if (status === 429) return sendError(reply, 429, 'RATE_LIMITED', 'errors.rateLimited');
    if (status === 404) return sendError(reply, 404, 'NOT_FOUND', 'errors.notFound');
    request.log.info({ code, status }, error.message);
    return sendError(reply, status, 'BAD_REQUEST', 'errors.badRequest');
  }
  const badInput = badInputKind(error);
  if (badInput) {
    request.log.warn({ err: error, sqlState: sqlState(error) }, 'the database refused a value of the request');
    return sendError(reply, 400, 'BAD_REQUEST', badInput === 'text' ? 'errors.database.text' : 'errors.database.value');
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, 'INTERNAL', 'errors.internal');
}
