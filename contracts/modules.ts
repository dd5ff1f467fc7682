/**
 * Where each module registers its contracts (docs/architecture.md "Contracts"). A module's
 * contracts/<module>.constants.ts exports `<MODULE>_MODULE` (its audit actions and recycle-bin
 * types) and `<MODULE>_MESSAGES` (its server messages); this file lists both, and everything
 * shared is gathered from the lists: AUDIT_ACTIONS and RECYCLABLE_TYPES (re-exported by
 * contracts/constants.ts) from MODULES, the message catalogue (contracts/messages.ts MESSAGES) from
 * MODULE_MESSAGES. The lists are apart so the web, which reads AUDIT_ACTIONS and RECYCLABLE_TYPES,
 * does not bundle the messages. A new module adds one import and one entry to each list
 * (npm run new:module does; docs/adding-a-module.md). No zod here.
 */
import { ACCOUNT_MESSAGES, ACCOUNT_MODULE } from './account.constants';
import { APPLICATIONS_MESSAGES, APPLICATIONS_MODULE } from './applications.constants';
import { AUTH_MESSAGES, AUTH_MODULE } from './auth.constants';
import { CATEGORIES_MESSAGES, CATEGORIES_MODULE } from './categories.constants';
import { CLIENTS_MESSAGES, CLIENTS_MODULE } from './clients.constants';
import { FORMS_MESSAGES, FORMS_MODULE } from './forms.constants';
import { GROUPS_MESSAGES, GROUPS_MODULE } from './groups.constants';
import { IMPORTS_MESSAGES, IMPORTS_MODULE } from './imports.constants';
import { NOTICES_MESSAGES, NOTICES_MODULE } from './notices.constants';
import { RECORDS_MESSAGES, RECORDS_MODULE } from './records.constants';
import { RECYCLE_MESSAGES, RECYCLE_MODULE } from './recycle.constants';
import { SETTINGS_MESSAGES, SETTINGS_MODULE } from './settings.constants';
import { SUBJECTS_MESSAGES, SUBJECTS_MODULE } from './subjects.constants';
import { TAGS_MESSAGES, TAGS_MODULE } from './tags.constants';
import { USERS_MESSAGES, USERS_MODULE } from './users.constants';
import { VARIABLES_MESSAGES, VARIABLES_MODULE } from './variables.constants';
import { VIEWS_MESSAGES, VIEWS_MODULE } from './views.constants';

/** What a module registers: its audit actions (`<resource>.<verb>`) and the recycle-bin types it handles. */
export interface ModuleEntry {
  readonly auditActions: readonly string[];
  readonly recycleTypes?: readonly string[];
}

/** Every module's entry, in the order the recycle bin lists their types. */
export const MODULES = [
  AUTH_MODULE,
  USERS_MODULE,
  GROUPS_MODULE,
  ACCOUNT_MODULE,
  SETTINGS_MODULE,
  TAGS_MODULE,
  CATEGORIES_MODULE,
  VARIABLES_MODULE,
  NOTICES_MODULE,
  RECYCLE_MODULE,
  APPLICATIONS_MODULE,
  CLIENTS_MODULE,
  SUBJECTS_MODULE,
  RECORDS_MODULE,
  FORMS_MODULE,
  VIEWS_MODULE,
  IMPORTS_MODULE,
] as const;

/** Every module's messages; contracts/messages.ts adds the shared ones (a key is defined once: contracts/modules.test.ts). */
export const MODULE_MESSAGES = [
  AUTH_MESSAGES,
  USERS_MESSAGES,
  GROUPS_MESSAGES,
  ACCOUNT_MESSAGES,
  SETTINGS_MESSAGES,
  TAGS_MESSAGES,
  CATEGORIES_MESSAGES,
  VARIABLES_MESSAGES,
  NOTICES_MESSAGES,
  RECYCLE_MESSAGES,
  APPLICATIONS_MESSAGES,
  CLIENTS_MESSAGES,
  SUBJECTS_MESSAGES,
  RECORDS_MESSAGES,
  FORMS_MESSAGES,
  VIEWS_MESSAGES,
  IMPORTS_MESSAGES,
] as const;

type Entry = (typeof MODULES)[number];

/** An audit action of any module. */
export type AuditAction = Entry['auditActions'][number];

/** A recycle-bin type of any module. */
export type RecyclableType = Entry extends infer E ? (E extends { recycleTypes: readonly (infer T)[] } ? T : never) : never;

/**
 * Audit-log actions (docs/product.md "API conventions": one entry per mutation; logins, logouts and
 * failed logins as security events), `<resource>.<verb>`, every module's. The console's filter
 * takes an exact action or a prefix (`auth` = every `auth.*`).
 */
export const AUDIT_ACTIONS: readonly AuditAction[] = MODULES.flatMap((m): readonly AuditAction[] => m.auditActions);

/**
 * The kinds of objects that go to the recycle bin, every module's: the bin's `type` column; each
 * module registers its handler (server core/recycle.registry.ts).
 */
export const RECYCLABLE_TYPES: readonly RecyclableType[] = MODULES.flatMap((m): readonly RecyclableType[] =>
  'recycleTypes' in m ? m.recycleTypes : [],
);
