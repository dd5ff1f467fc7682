/**
 * The database schema (Drizzle, PostgreSQL dialect; the same for PGlite and PostgreSQL): every
 * module's tables, each module's in its own file under `tables/` (`tables/<module>.ts`; the users and
 * applications share `tables/users-and-applications.ts`, as the two reference each other), with the
 * column helpers of `columns.ts`. This file re-exports them all: the code imports tables from here,
 * and drizzle-kit (server/drizzle.config.ts) reads it. Migrations are generated from it with
 * drizzle-kit into `server/drizzle/` and committed (docs/code-style.md "Migrations are committed
 * SQL"). Timestamps are `timestamptz`, read as `Date`. Text columns of a fixed set of values take the
 * set from the contracts (`{ enum: APP_ROLES }`), so the API's schemas and the column's type are one list.
 */
export * from './tables/account';
export * from './tables/attachments';
export * from './tables/audit';
export * from './tables/auth';
export * from './tables/categories';
export * from './tables/clients';
export * from './tables/comments';
export * from './tables/forms';
export * from './tables/groups';
export * from './tables/imports';
export * from './tables/notices';
export * from './tables/record-queries';
export * from './tables/records';
export * from './tables/recycle';
export * from './tables/settings';
export * from './tables/subjects';
export * from './tables/tags';
export * from './tables/users-and-applications';
export * from './tables/variables';
export * from './tables/views';

/** The durable tasks (modules/tasks). */
export * from './tables/tasks';

/** Triggers and the action library (modules/triggers). */
export * from './tables/triggers';

/** Rules, rule sets, validation runs and incidents (modules/rules). */
export * from './tables/rules';

/** Documents, folders, versions, links, share links and the PostgreSQL blob store (modules/documents). */
export * from './tables/documents';

/** Report templates, their versions and renders (modules/report-templates). */
export * from './tables/report-templates';

/** The audit model's applied versions, transitions, sign-offs, samples and evidence (modules/engagements). */
export * from './tables/engagements';

/** Deploy packages: signing keys, trusted signers, packages and deployments (modules/deploy). */
export * from './tables/deploy';
