/**
 * Every module's server messages (docs/architecture.md "Contracts"): one line per module,
 * re-exporting the `<MODULE>_MESSAGES` of its contracts/<module>.messages.ts. contracts/messages.ts
 * gathers them, with the shared messages, into MESSAGES (a key is defined once:
 * contracts/modules.test.ts checks). A new module appends its line (npm run new:module does). The
 * web never imports this file (only contracts/messages.ts does), so it does not carry the messages.
 */
export { ACCOUNT_MESSAGES } from './account.messages';
export { APPLICATIONS_MESSAGES } from './applications.messages';
export { AUTH_MESSAGES } from './auth.messages';
export { CATEGORIES_MESSAGES } from './categories.messages';
export { CLIENTS_MESSAGES } from './clients.messages';
export { FORMS_MESSAGES } from './forms.messages';
export { GROUPS_MESSAGES } from './groups.messages';
export { IMPORTS_MESSAGES } from './imports.messages';
export { NOTICES_MESSAGES } from './notices.messages';
export { RECORDS_MESSAGES } from './records.messages';
export { RECYCLE_MESSAGES } from './recycle.messages';
export { RULES_MESSAGES } from './rules.messages';
export { SETTINGS_MESSAGES } from './settings.messages';
export { SUBJECTS_MESSAGES } from './subjects.messages';
export { TAGS_MESSAGES } from './tags.messages';
export { TASKS_MESSAGES } from './tasks.messages';
export { USERS_MESSAGES } from './users.messages';
export { VARIABLES_MESSAGES } from './variables.messages';
export { VIEWS_MESSAGES } from './views.messages';
export { TRIGGERS_MESSAGES } from './triggers.messages';
export { DOCUMENTS_MESSAGES } from './documents.messages';
export { REPORT_TEMPLATES_MESSAGES } from './report-templates.messages';
export { ENGAGEMENTS_MESSAGES } from './engagements.messages';
export { AUDIT_FLOW_MESSAGES } from './audit-flow.messages';
export { AUDIT_PAPERS_MESSAGES } from './audit-papers.messages';
export { AUDIT_DASHBOARD_MESSAGES } from './audit-dashboard.messages';
export { QUERIES_MESSAGES } from './queries.messages';
export { CONNECTORS_MESSAGES } from './connectors.messages';
export { DEPLOY_MESSAGES } from './deploy.messages';
