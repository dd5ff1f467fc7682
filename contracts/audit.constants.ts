/**
 * The audit log (`/admin/audit`, contracts/audit.ts): the module's plain constants. No zod: the web
 * imports them at run time, through contracts/constants.ts, which re-exports this file
 * (docs/architecture.md "Contracts").
 */

/**
 * The most audit entries one export returns (GET /api/v1/audit/export): the newest
 * AUDIT_EXPORT_MAX_ROWS of the filtered set; narrow the filters (time range) for older ones.
 */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** Audit export formats. */
export const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];
