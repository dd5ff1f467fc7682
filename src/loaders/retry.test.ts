import { ApiError } from '../services/api-error';
import { RETRY_COUNT, retryDelayMs, shouldRetry } from './retry';

describe('retry policy (docs/routes-and-loading.md "Retry policy")', () => {
  it('backs off 1000 ms doubled per attempt, capped at 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('retries 3 times by default', () => {
    expect(RETRY_COUNT).toBe(3);
    const network = new ApiError({ status: 0, errorCode: 'NETWORK', message: 'down' });
    expect([0, 1, 2, 3, 4].map((n) => shouldRetry(n, network))).toEqual([true, true, true, false, false]);
  });

  it('retries 5xx and network errors but never a 4xx answer', () => {
    const e = (status: number) => new ApiError({ status, errorCode: 'X', message: 'x' });
    expect(shouldRetry(0, e(500))).toBe(true);
    expect(shouldRetry(0, e(503))).toBe(true);
    expect(shouldRetry(0, e(404))).toBe(false);
    expect(shouldRetry(0, e(403))).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(true);
  });
});
