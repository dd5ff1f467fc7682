/**
 * The one place API errors are handled (docs/code-style.md "One error envelope", Ant Design Pro's
 * requestErrorConfig). Every failure becomes an {@link ApiError}; its message is shown once
 * according to `showType` unless the call passes `skipErrorHandler: true`.
 * Every request carries the CSRF header (contracts/envelope.ts) and the interface language.
 */
import { message } from 'antd';
import { getLocale, history } from 'umi';
import type { RequestConfig, RequestOptions } from 'umi';
import { CSRF_HEADER, ShowType } from '../contracts/constants';
import { ApiError, toApiError } from './services/api-error';

/** Paths where a 401 must not bounce the user to /login (they are the way in). */
const PUBLIC_PATHS = ['/login', '/init'];

function showError(error: ApiError) {
  switch (error.showType) {
    case ShowType.SILENT:
      return;
    case ShowType.WARN:
      message.warning(error.message);
      return;
    case ShowType.NOTIFICATION:
      // Loaded on first use: notification is rare and stays out of the first-load bundle.
      void import('antd/es/notification').then(({ default: notification }) =>
        notification.error({ message: error.errorCode, description: error.message }),
      );
      return;
    case ShowType.REDIRECT:
      return;
    default:
      message.error(error.message);
  }
}

/** A request abandoned on purpose (react-query cancelling a query the user navigated away from): axios's CanceledError. */
function isCancellation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; name?: unknown };
  return e.code === 'ERR_CANCELED' || e.name === 'CanceledError' || e.name === 'AbortError';
}

export const requestConfig: RequestConfig = {
  timeout: 30000,
  withCredentials: true,
  errorConfig: {
    errorThrower: (res: unknown) => {
      throw toApiError({ data: res, status: 200 });
    },
    errorHandler: (error: unknown, opts: { skipErrorHandler?: boolean } | undefined) => {
      // a cancelled request is no failure: no toast; react-query drops the cancelled query itself
      if (isCancellation(error)) throw error;
      const apiError = error instanceof ApiError ? error : toApiError(error);
      if (!opts?.skipErrorHandler) {
        if (apiError.status === 401 && !PUBLIC_PATHS.includes(history.location.pathname)) {
          const redirect = history.location.pathname + history.location.search;
          history.push(`/login?redirect=${encodeURIComponent(redirect)}`);
        } else {
          showError(apiError);
        }
      }
      throw apiError;
    },
  },
  requestInterceptors: [
    (config: RequestOptions) => ({
      ...config,
      headers: { ...config.headers, [CSRF_HEADER]: '1', 'Accept-Language': String(getLocale()) },
    }),
  ],
};
