/**
 * The application's audit model for the audit process page (`GET /api/v1/applications/:slug/audit/model`,
 * docs/engagements.md "Settings"): the subject of each audit object (found by its model tag, so a
 * suffixed key like `audit_engagement_2` is followed) and the findings' SLA days. Rejects 404
 * `errors.engagement.moduleOff` when the application has not enabled the Audit module.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from 'umi';
import type { AuditModel } from '../../contracts/engagements';
import type { Ok } from '../../contracts/envelope';
import { resourceKeys } from './query-keys';

/** The react-query keys of the audit domain's reads (model, actions, progress, samples…). */
export const auditKeys = resourceKeys({ name: 'audit' });

/** `/api/v1/applications/:slug/audit`: the base of the audit API (AUDIT-API.md). */
export const auditBase = (app: string) => `/api/v1/applications/${encodeURIComponent(app)}/audit`;

/** GET …/audit/model → AuditModel (subjects by object, settings). */
export async function getAuditModel(app: string, signal?: AbortSignal): Promise<AuditModel> {
  const res = await request<Ok<AuditModel>>(`${auditBase(app)}/model`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** The audit model of `app` (react-query; not retried; idle while `app` is ''). */
export function useAuditModel(app: string) {
  return useQuery({
    queryKey: auditKeys.detail('model', app),
    queryFn: ({ signal }) => getAuditModel(app, signal),
    enabled: !!app,
    retry: false,
    staleTime: 60_000,
  });
}
