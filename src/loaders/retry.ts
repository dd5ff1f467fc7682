/**
 * The data-fetch retry policy of docs/routes-and-loading.md "Retry policy", handed to react-query as the QueryClient default
 * (src/app.tsx `reactQuery`): 3 retries; delay 1000 ms doubled per attempt, capped at 30000 ms.
 * A 4xx answer (403, 404, a validation error) is final and is not retried: only network
 * failures, timeouts and 5xx are.
 */
import { ApiError } from '../services/api-error';

/** docs/routes-and-loading.md "Retry policy": data-fetch retries by default. */
export const RETRY_COUNT = 3;
/** docs/routes-and-loading.md "Retry policy": first retry delay in ms. */
export const RETRY_BASE_MS = 1000;
/** docs/routes-and-loading.md "Retry policy": retry delay cap in ms. */
export const RETRY_CAP_MS = 30000;

/** Delay in ms before retry number `attemptIndex + 1` (react-query passes 0 for the first retry): 1000, 2000, 4000, … ≤ 30000. */
export function retryDelayMs(attemptIndex: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attemptIndex), RETRY_CAP_MS);
}

/** react-query `retry` predicate: true while fewer than {@link RETRY_COUNT} retries ran and the error may be transient. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= RETRY_COUNT) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}
