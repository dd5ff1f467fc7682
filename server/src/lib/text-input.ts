/**
 * Text PostgreSQL cannot store, refused at the door: a NUL character (U+0000; PostgreSQL refuses
 * it in text and jsonb, SQLSTATE 22021/22P05) or half of a UTF-16 surrogate pair (a JSON body may
 * carry `"\ud800"`: text columns would silently get U+FFFD, jsonb refuses it, SQLSTATE 22P02/22P05).
 *
 * `registerTextInputGuard` checks every request's path parameters, query string and parsed JSON
 * body (keys and values, at any depth) before the route's own validation, and answers
 * 400 VALIDATION_FAILED with `details: [{ field, message }]`: `field` is the parameter's name or
 * the dotted path in the body (`values.title`, `ids.0`), as zod's field errors are named.
 * Multipart uploads are not parsed by then (their file names and contents are the upload
 * routes' to check); the error handler's database safety net (error-handler.ts) answers 400 for
 * whatever still reaches SQL.
 */
import type { FastifyInstance } from 'fastify';
import type { MessageKey } from '../../../contracts';
import { HttpError } from './http-error';

/** Any surrogate (paired or not): with `includes(NUL)`, the cheap first test (most strings have neither). */
const SURROGATE = /[\ud800-\udfff]/;
const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with `text` (errors.text.nul, errors.text.surrogate), or null when it can be stored. */
export function textProblem(text: string): MessageKey | null {
  if (text.includes(NUL)) return 'errors.text.nul';
  return SURROGATE.test(text) && LONE_SURROGATE.test(text) ? 'errors.text.surrogate' : null;
}

/** A key as it is named in a field path: a bad character shows as U+FFFD (the path itself must serialise). */
const printable = (key: string) => (textProblem(key) ? key.replaceAll(NUL, '\ufffd').replace(/[\ud800-\udfff]/g, '\ufffd') : key);

/**
 * The first string (value or object key) in `value` that cannot be stored, with its dotted path
 * under `root` ('' = the top), or null. Iterative (a 1 MiB JSON body can nest ~500,000 levels).
 */
export function findBadText(value: unknown, root = ''): { field: string; messageKey: MessageKey } | null {
  const stack: [unknown, string][] = [[value, root]];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { field: path, messageKey: problem };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i))]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const problem = textProblem(key);
        if (problem) return { field: join(path, printable(key)), messageKey: problem };
        stack.push([child, join(path, key)]);
      }
    }
  }
  return null;
}

/**
 * Adds the preValidation hook (every route, before its schema validation) that answers 400
 * VALIDATION_FAILED naming the first path parameter, query parameter or body field holding a NUL
 * or an unpaired surrogate (messages errors.text.nul / errors.text.surrogate).
 */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const bad = findBadText(request.params) ?? findBadText(request.query) ?? findBadText(request.body);
    if (bad) {
      done(new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: bad.field, messageKey: bad.messageKey }]));
      return;
    }
    done();
  });
}
