/**
 * Dashboards (contracts/dashboards.ts, docs/queries.md "Dashboards"): an application's dashboards
 * (`/api/v1/applications/:slug/dashboards…`) and one card's run with the shared filters' values.
 * Members read the dashboards they see; editors+ create; a dashboard's owner, the application's
 * owners and administrators change and delete (`canEdit`). Failures reject with the server's
 * envelope (ApiError: 400 `details` name `cards.<i>.queryId`, `values.<filterId>`…).
 */
import { useQuery } from '@tanstack/react-query';
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { Dashboard, DashboardCardResult, DashboardInput } from '../../contracts';
import { readerTimeZone } from './queries';
import { resourceKeys } from './query-keys';

const enc = encodeURIComponent;
const base = (slug: string) => `/api/v1/applications/${enc(slug)}/dashboards`;

/** The react-query keys of dashboards (`all` after any change). */
export const dashboardKeys = resourceKeys({ name: 'dashboards' });

export interface DashboardListParams {
  current?: number;
  pageSize?: number;
  /** On the name. */
  q?: string;
}

/** A page of the application's dashboards the caller sees, most recently changed first. */
export function listDashboards(slug: string, params: DashboardListParams = {}): Promise<Page<Dashboard>> {
  return request<Page<Dashboard>>(base(slug), { method: 'GET', params: { ...params, q: params.q || undefined } });
}

/** One dashboard; rejects 404 when unknown or private to someone else. */
export async function getDashboard(slug: string, id: string, signal?: AbortSignal): Promise<Dashboard> {
  return (await request<Ok<Dashboard>>(`${base(slug)}/${enc(id)}`, { method: 'GET', signal, skipErrorHandler: true })).data;
}

/** Saves a new dashboard (editors+); 400 names the field. */
export async function createDashboard(slug: string, input: DashboardInput): Promise<Dashboard> {
  return (await request<Ok<Dashboard>>(base(slug), { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** Changes a dashboard (its layout, cards, filters, refresh, name…). */
export async function updateDashboard(slug: string, id: string, input: Partial<DashboardInput>): Promise<Dashboard> {
  return (await request<Ok<Dashboard>>(`${base(slug)}/${enc(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true }))
    .data;
}

/** Moves a dashboard to the recycle bin. */
export async function removeDashboard(slug: string, id: string): Promise<void> {
  await request(`${base(slug)}/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/**
 * Runs card `cardId` of dashboard `id` with the shared filters' `values` (filter id → date
 * `[from, to]`, client id, select option) in the reader's time zone.
 */
export async function runDashboardCard(
  slug: string,
  id: string,
  cardId: string,
  values: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<DashboardCardResult> {
  const res = await request<Ok<DashboardCardResult>>(`${base(slug)}/${enc(id)}/cards/${enc(cardId)}/run`, {
    method: 'POST',
    data: { timeZone: readerTimeZone(), values },
    signal,
    skipErrorHandler: true,
  });
  return res.data;
}

/** A dashboard (react-query). */
export function useDashboard(slug: string, id: string) {
  return useQuery({
    queryKey: dashboardKeys.detail(slug, id),
    queryFn: ({ signal }) => getDashboard(slug, id, signal),
    enabled: !!slug && !!id,
  });
}
