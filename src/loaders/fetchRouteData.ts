/**
 * The server-loader call (docs/routes-and-loading.md "Route data"): `GET /__serverLoader?route={routeId}&url={href}` with
 * credentials included, the answer read as JSON (`{ success, data }`). The server resolves the
 * route from `url` (Umi renumbers route ids whenever the table changes); `route` is sent as
 * docs/routes-and-loading.md "Route data" says. Rejects with an ApiError (status 0 on a network failure), so react-query's retry policy
 * (src/loaders/retry.ts) applies.
 */
import { ApiError, toApiError } from '../services/api-error';

export const SERVER_LOADER_PATH = '/__serverLoader';

/** The URL of the server-loader call for a route id and a page URL. */
export function serverLoaderUrl(routeId: string, href: string): string {
  return `${SERVER_LOADER_PATH}?route=${encodeURIComponent(routeId)}&url=${encodeURIComponent(href)}`;
}

export async function fetchRouteData<T>(
  routeId: string,
  href: string = window.location.href,
  signal?: AbortSignal,
  /** The interface language, so server messages follow it (docs/product.md "API conventions"). */
  locale?: string,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(serverLoaderUrl(routeId, href), {
      credentials: 'include',
      signal,
      headers: { Accept: 'application/json', ...(locale ? { 'Accept-Language': locale } : {}) },
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError({ status: 0, errorCode: 'NETWORK', message: e instanceof Error ? e.message : String(e) });
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || (body as { success?: boolean } | null)?.success !== true) throw toApiError({ status: res.status, data: body });
  return (body as { data: T }).data;
}
