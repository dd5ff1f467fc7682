/** The audit log: /api/v1/audit (administrators only). */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { AuditEntry, AuditExportFormat, AuditFilter, AuditVerify } from '../../contracts';

/** List parameters: paging plus the filters (contracts auditFilterSchema). */
export type AuditListParams = AuditFilter & { current?: number; pageSize?: number };

/** A page of entries, newest first, matching every filter given. */
export async function listAudit(params: AuditListParams): Promise<Page<AuditEntry>> {
  return request<Page<AuditEntry>>('/api/v1/audit', { method: 'GET', params });
}

/** Walks the whole hash chain: "intact, N entries" or the first broken entry (seq and reason). */
export async function verifyAuditChain(): Promise<AuditVerify> {
  const res = await request<Ok<AuditVerify>>('/api/v1/audit/verify', { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/**
 * The URL that downloads the filtered set as CSV or XLSX (GET /api/v1/audit/export; at most
 * AUDIT_EXPORT_MAX_ROWS entries, newest first). Empty filters are left out.
 */
export function auditExportUrl(format: AuditExportFormat, filter: AuditFilter): string {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return `/api/v1/audit/export?${query.toString()}`;
}
