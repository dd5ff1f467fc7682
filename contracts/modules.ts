/**
 * Every module's entry (docs/architecture.md "Contracts"): one line per module, re-exporting the
 * `<MODULE>_MODULE` of its contracts/<module>.constants.ts (its audit actions and recycle-bin
 * types). contracts/constants.ts gathers them into AUDIT_ACTIONS and RECYCLABLE_TYPES, in the order
 * of the entries' names. A new module appends its line (npm run new:module does). No zod: the web
 * imports this file at run time; the messages have a list of their own (contracts/module-messages.ts)
 * so that the web does not carry them.
 */
export { ACCOUNT_MODULE } from './account.constants';
export { APPLICATIONS_MODULE } from './applications.constants';
export { AUTH_MODULE } from './auth.constants';
export { CATEGORIES_MODULE } from './categories.constants';
export { CLIENTS_MODULE } from './clients.constants';
export { FORMS_MODULE } from './forms.constants';
export { GROUPS_MODULE } from './groups.constants';
export { IMPORTS_MODULE } from './imports.constants';
export { NOTICES_MODULE } from './notices.constants';
export { RECORDS_MODULE } from './records.constants';
export { RECYCLE_MODULE } from './recycle.constants';
export { RULES_MODULE } from './rules.constants';
export { SETTINGS_MODULE } from './settings.constants';
export { SUBJECTS_MODULE } from './subjects.constants';
export { TAGS_MODULE } from './tags.constants';
export { TASKS_MODULE } from './tasks.constants';
export { USERS_MODULE } from './users.constants';
export { VARIABLES_MODULE } from './variables.constants';
export { VIEWS_MODULE } from './views.constants';
export { TRIGGERS_MODULE } from './triggers.constants';
export { DOCUMENTS_MODULE } from './documents.constants';
export { REPORT_TEMPLATES_MODULE } from './report-templates.constants';
export { ENGAGEMENTS_MODULE } from './engagements.constants';
export { AUDIT_FLOW_MODULE } from './audit-flow.constants';
export { QUERIES_MODULE } from './queries.constants';
export { CONNECTORS_MODULE } from './connectors.constants';
export { DEPLOY_MODULE } from './deploy.constants';
