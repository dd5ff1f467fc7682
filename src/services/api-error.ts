/**
 * The error every service call rejects with: the server's envelope (contracts/envelope.ts) or,
 * for a network failure or timeout, a synthetic one with `status` 0.
 */
import { message } from 'antd';
import type { FormInstance } from 'antd';
import { ShowType } from '../../contracts/constants';
import type { FieldError } from '../../contracts/envelope';

export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly showType: number;
  readonly details: FieldError[];
  /** What a 409 conflicted with (the envelope's `conflict`, shaped per errorCode: StaleConflict, TypeChangeConflict). */
  readonly conflict: Record<string, unknown> | undefined;

  constructor(opts: {
    status: number;
    errorCode: string;
    message: string;
    showType?: number;
    details?: FieldError[];
    conflict?: Record<string, unknown>;
  }) {
    super(opts.message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.errorCode = opts.errorCode;
    this.showType = opts.showType ?? ShowType.ERROR;
    this.details = opts.details ?? [];
    this.conflict = opts.conflict;
  }
}

interface EnvelopeLike {
  success?: boolean;
  errorCode?: string;
  errorMessage?: string;
  showType?: number;
  details?: FieldError[];
  conflict?: Record<string, unknown>;
}

function isEnvelope(value: unknown): value is EnvelopeLike {
  return typeof value === 'object' && value !== null && (value as EnvelopeLike).success === false;
}

/**
 * Normalises anything a request can throw: an axios error with a response (`response.status`,
 * `response.data` envelope), a `{ data, status }` pair, or a network error without response.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { response?: { status: number; data?: unknown }; data?: unknown; status?: number; message?: string };
  const status = e?.response?.status ?? e?.status ?? 0;
  const body = e?.response ? e.response.data : e?.data;
  if (isEnvelope(body)) {
    return new ApiError({
      status,
      errorCode: body.errorCode ?? 'INTERNAL',
      message: body.errorMessage ?? 'Error',
      showType: body.showType,
      details: body.details,
      conflict: body.conflict,
    });
  }
  return new ApiError({
    status,
    errorCode: status === 0 ? 'NETWORK' : 'HTTP_' + status,
    message: status === 0 ? 'Network error: the server did not answer' : `HTTP ${status}`,
  });
}

/** antd Form `setFields` input from a 400's field errors: `[{ name: ['slug'], errors: ['…'] }]`. */
export function toFormFields(error: unknown): { name: (string | number)[]; errors: string[] }[] {
  if (!(error instanceof ApiError)) return [];
  const byField = new Map<string, string[]>();
  for (const d of error.details) byField.set(d.field, [...(byField.get(d.field) ?? []), d.message]);
  return [...byField].map(([field, errors]) => ({
    name: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    errors,
  }));
}

/**
 * Puts a failed request's field errors (a 400's `details`) on the form's fields, so the message
 * stands under the field that caused it and everything typed stays in place.
 */
export function showFieldErrors<T>(form: FormInstance<T>, error: unknown): void {
  form.setFields(toFormFields(error) as Parameters<FormInstance<T>['setFields']>[0]);
}

/**
 * Runs a form's server call. On failure the field errors go under their fields (what was typed
 * stays), the message is shown, and it resolves false (a ModalForm stays open); else true.
 */
export async function submitForm<T>(form: FormInstance<T>, action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (e) {
    showFieldErrors(form, e);
    message.error(e instanceof Error ? e.message : String(e));
    return false;
  }
}
