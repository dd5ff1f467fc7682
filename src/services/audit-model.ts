/**
 * The audit model of an application (contracts/engagements.ts, docs/engagements.md "Settings"):
 * GET /api/v1/applications/:slug/audit/model → which subject each audit object is, the model's
 * version and settings. The audit pages find their subjects here, never by a fixed key.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from 'umi';
import type { AuditModel } from '../../contracts';
import type { Ok } from '../../contracts/envelope';
import { toApiError } from './api-error';
import { keys, resourceKeys } from './query-keys';

/** The react-query keys of the audit domain's reads (actions, progress, samples, workpapers…). */
export const auditKeys = resourceKeys({ name: 'audit' });

/** `/api/v1/applications/:slug/audit`: the base of the audit API. */
export const auditPath = (app: string) => `/api/v1/applications/${encodeURIComponent(app)}/audit`;

/** The audit model; rejects 404 (errors.engagement.moduleOff) when the Audit module is not enabled. */
export async function getAuditModel(app: string, signal?: AbortSignal): Promise<AuditModel> {
  const res = await request<Ok<AuditModel>>(`${auditPath(app)}/model`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/**
 * The audit model of `app` (react-query, 60 s fresh). `moduleOff` is true when the server answered
 * 404 (the module is not enabled, or the application is gone): pages show their "not enabled" state.
 * `enabled` false (the application's `modules` lack 'audit') asks nothing.
 */
export function useAuditModel(app: string, enabled = true) {
  const query = useQuery({
    queryKey: keys('applications').action('auditModel', app),
    queryFn: ({ signal }) => getAuditModel(app, signal),
    enabled: !!app && enabled,
    staleTime: 60_000,
    retry: (count, e) => toApiError(e).status !== 404 && count < 2,
  });
  return { ...query, moduleOff: query.isError && toApiError(query.error).status === 404 };
}
