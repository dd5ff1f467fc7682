/**
 * Clients (`/admin/client`, contracts/clients.ts): the module's plain constants and its audit
 * actions and recycle-bin types (its server messages: contracts/clients.messages.ts). No zod: the
 * web imports them at run time, through contracts/constants.ts, which re-exports this file and
 * gathers the entry `CLIENTS_MODULE` (listed in contracts/modules.ts) into AUDIT_ACTIONS and
 * RECYCLABLE_TYPES (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/** Client status (`/admin/client`). */
export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** Sortable columns of GET /api/v1/clients. */
export const CLIENT_SORT_FIELDS = ['code', 'name', 'industry', 'status', 'createdAt', 'updatedAt'] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];

/** Client code: 1–32 characters, a letter or digit, then letters, digits, `.`, `_` or `-`. Unique case-insensitively. */
export const CLIENT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** The most contacts a client keeps; the most applications one is linked to. */
export const CLIENT_CONTACTS_MAX = 50;
export const CLIENT_APPLICATIONS_MAX = 100;

/** The most clients one export returns (the filtered list's first rows in its sort order). */
export const CLIENT_EXPORT_MAX_ROWS = 100_000;

/** Audit actions written by the module and the recycle-bin types it registers (server core/recycle.registry.ts): `<resource>.<verb>`. */
export const CLIENTS_MODULE = {
  auditActions: ['client.create', 'client.update', 'client.delete'],
  recycleTypes: ['client'],
} as const satisfies ModuleEntry;
