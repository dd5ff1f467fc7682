/**
 * The audit process monitor (contracts/audit-monitor.ts, docs/engagements-monitor.md): what
 * background work of an application, or of one of its engagements, is running, queued or failed.
 * Reads only; rejects with ApiError (403 not a member, 404 no application / Audit module off / no
 * such engagement) without a message, so the page shows the result itself.
 */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';
import type { AuditModel, AuditMonitor, MonitorBucket } from '../../contracts';

const enc = encodeURIComponent;

/** How often the monitor reads again while the page is visible (ms). */
export const MONITOR_REFRESH_MS = 5000;

/** The query of GET …/audit/monitor. */
export interface MonitorParams {
  engagementId?: string;
  state?: MonitorBucket;
  current?: number;
  pageSize?: number;
}

/** react-query key of one monitor read. */
export const monitorKey = (app: string, params: MonitorParams) => ['audit-monitor', app, params] as const;

/** GET /api/v1/applications/:slug/audit/monitor → each bucket's page and the totals. */
export async function getMonitor(app: string, params: MonitorParams, signal?: AbortSignal): Promise<AuditMonitor> {
  const res = await request<Ok<AuditMonitor>>(`/api/v1/applications/${enc(app)}/audit/monitor`, {
    method: 'GET',
    params,
    signal,
    skipErrorHandler: true,
  });
  return res.data;
}

/** GET /api/v1/applications/:slug/audit/model: the audit objects' subjects (keys, ids) and settings. */
export async function getAuditModel(app: string, signal?: AbortSignal): Promise<AuditModel> {
  const res = await request<Ok<AuditModel>>(`/api/v1/applications/${enc(app)}/audit/model`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}
