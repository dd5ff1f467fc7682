/**
 * The audit dashboard (contracts/audit-dashboard.ts, docs/engagements-dashboard.md):
 * GET /api/v1/applications/:slug/audit/dashboard?engagementId → engagements by phase, procedures
 * done/remaining, findings by severity and age, overdue remediations, hours budgeted vs spent.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from 'umi';
import type { AuditDashboard } from '../../contracts';
import type { Ok } from '../../contracts/envelope';
import { auditPath } from './audit-model';
import { keys } from './query-keys';

/** The dashboard of `app`, or of one engagement; rejects 404 when the module is off or the engagement unknown. */
export async function getAuditDashboard(app: string, engagementId?: string, signal?: AbortSignal): Promise<AuditDashboard> {
  const res = await request<Ok<AuditDashboard>>(`${auditPath(app)}/dashboard`, {
    method: 'GET',
    signal,
    params: { engagementId },
    skipErrorHandler: true,
  });
  return res.data;
}

/** The dashboard (react-query, 30 s fresh), read once the module is known to be on (`enabled`). */
export function useAuditDashboard(app: string, engagementId?: string, enabled = true) {
  return useQuery({
    queryKey: keys('applications').action('auditDashboard', app, engagementId ?? null),
    queryFn: ({ signal }) => getAuditDashboard(app, engagementId, signal),
    enabled: !!app && enabled,
    staleTime: 30_000,
  });
}
