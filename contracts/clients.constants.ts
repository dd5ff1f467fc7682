/**
 * Clients (`/admin/client`, contracts/clients.ts): the module's plain constants, audit actions,
 * recycle-bin types and server messages (both languages). No zod: the web may import this file at
 * run time (docs/architecture.md "Contracts"); contracts/constants.ts re-exports its constants and
 * contracts/modules.ts lists its entries.
 */
import type { MessageCatalog } from './messages';
import type { ModuleEntry } from './modules';

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

/** The module's server messages (the `message` of its zod checks, its errors' message keys). */
export const CLIENTS_MESSAGES = {
  'errors.client.code': {
    'zh-CN': '编码需 1–32 个字符：字母或数字开头，仅含字母、数字、.、_ 和 -',
    'en-US': 'Code must be 1–32 characters: a letter or digit, then letters, digits, ., _ or -',
  },
  'errors.client.codeTaken': { 'zh-CN': '该客户编码已被使用', 'en-US': 'This client code is already in use' },
  'errors.client.notFound': { 'zh-CN': '客户不存在', 'en-US': 'No such client' },
  'errors.client.applicationUnknown': {
    'zh-CN': '所选应用不存在或已删除',
    'en-US': 'A chosen application does not exist or was deleted',
  },
} as const satisfies MessageCatalog;
