/**
 * Shared data of the browser tests: the first administrator and application that
 * 00-walking-skeleton.spec.ts creates (later specs sign in with them).
 */

export const ADMIN = { name: '审计管理员', email: 'admin@example.com', password: 'Assay-admin-2026' };
export const APP = { name: '2026 年度审计', slug: 'audit-2026' };
export const AUTH_HEADERS = { 'content-type': 'application/json', 'x-assay-request': '1' };
