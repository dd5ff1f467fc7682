/**
 * The route-data layer: every route that needs data declares its loader here, as a
 * function of the route's params. `useRouteData(pattern)` runs it through react-query with
 * the retry policy of docs/routes-and-loading.md "Retry policy" (the QueryClient defaults of src/app.tsx: 3 retries, 1000 ms doubled, capped
 * at 30000 ms); the query's AbortSignal cancels the request when the user navigates away.
 * Umi's own `clientLoader` export is kept for param-free data only (docs/code-style.md "Server data").
 */
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { getLocale, useParams, useSelectedRoutes } from 'umi';
import type { ConsoleSummary, WorkspaceSummary } from '../../contracts/route-data';
import { getRecordDetail } from '../services/records';
import { getSubject } from '../services/subjects';
import { fetchRouteData } from './fetchRouteData';
import { keys } from '../services/query-keys';

export interface LoaderContext {
  signal: AbortSignal;
  /** Umi's id of the matched route (sent to the server loader as docs/routes-and-loading.md "Route data" says). */
  routeId: string;
  /** The page URL being loaded. */
  href: string;
  /** The interface language (Accept-Language of the call). */
  locale: string;
}

type Params = Record<string, string | undefined>;

export const routeLoaders = {
  '/admin': (_params: Params, ctx: LoaderContext) => fetchRouteData<ConsoleSummary>(ctx.routeId, ctx.href, ctx.signal, ctx.locale),
  '/:app': (_params: Params, ctx: LoaderContext) => fetchRouteData<WorkspaceSummary>(ctx.routeId, ctx.href, ctx.signal, ctx.locale),
  '/:app/:subject': (p: Params, ctx: LoaderContext) => getSubject(p.app ?? '', p.subject ?? '', ctx.signal),
  '/:app/:subject/:record': (p: Params, ctx: LoaderContext) => getRecordDetail(p.app ?? '', p.subject ?? '', p.record ?? '', ctx.signal),
};

export type LoaderPattern = keyof typeof routeLoaders;
export type RouteData<P extends LoaderPattern> = Awaited<ReturnType<(typeof routeLoaders)[P]>>;

/** Runs the loader of `pattern` for the current params; keyed `keys('route').detail(pattern, params)`. */
export function useRouteData<P extends LoaderPattern>(pattern: P): UseQueryResult<RouteData<P>> {
  const params = useParams();
  const selected = useSelectedRoutes();
  const routeId = String(selected[selected.length - 1]?.route.id ?? '');
  const loader = routeLoaders[pattern] as (p: Params, ctx: LoaderContext) => Promise<RouteData<P>>;
  return useQuery({
    queryKey: keys('route').detail(pattern, params),
    queryFn: ({ signal }) => loader(params, { signal, routeId, href: window.location.href, locale: String(getLocale()) }),
  });
}
