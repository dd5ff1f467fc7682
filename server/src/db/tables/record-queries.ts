/**
 * The queries module's tables (server/src/modules/queries, server/src/modules/record-queries):
 * saved queries of both kinds, their versions, and dashboards. Re-exported by server/src/db/schema.ts.
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt } from '../columns';
import { subjects } from './subjects';
import { applications } from './users-and-applications';

/**
 * Saved queries (contracts/queries.ts ModuleSavedQuery): `kind` `records` (`/admin/record-query`,
 * `definition` a RecordQueryDefinition) or `analytics` (the query builder, an
 * AnalyticsQueryDefinition). `version` counts saves from 1 (saved_query_versions keeps each);
 * `visibility` private (owner and administrators) or application (every member).
 */
export const savedQueries = pgTable(
  'saved_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('records'),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility').notNull().default('application'),
    version: integer('version').notNull().default(1),
    definition: jsonb('definition').notNull(),
    visualization: jsonb('visualization'),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [index('saved_queries_subject_idx').on(t.subjectId), index('saved_queries_application_idx').on(t.applicationId, t.kind)],
);

export type SavedQueryRow = typeof savedQueries.$inferSelect;

/** Each saved version of a saved query (the latest QUERY_VERSIONS_KEPT). */
export const savedQueryVersions = pgTable(
  'saved_query_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queryId: uuid('query_id')
      .notNull()
      .references(() => savedQueries.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    definition: jsonb('definition').notNull(),
    visualization: jsonb('visualization'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_query_versions_query_version_idx').on(t.queryId, t.version)],
);

export type SavedQueryVersionRow = typeof savedQueryVersions.$inferSelect;

/** Dashboards (contracts/dashboards.ts): cards and shared filters as jsonb, per application. */
export const dashboards = pgTable(
  'dashboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility').notNull().default('application'),
    cards: jsonb('cards').notNull().default([]),
    filters: jsonb('filters').notNull().default([]),
    refreshSeconds: integer('refresh_seconds').notNull().default(0),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [index('dashboards_application_idx').on(t.applicationId)],
);

export type DashboardRow = typeof dashboards.$inferSelect;
