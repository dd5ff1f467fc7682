/**
 * The clients module's tables (server/src/modules/clients, contracts/clients.resource.ts): clients
 * and the applications linked to them. Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CLIENT_STATUSES } from '../../../../contracts/clients.constants';
import { createdAt, softDelete, updatedAt } from '../columns';
import { applications } from './users-and-applications';

/**
 * Clients (`/admin/client`): the audited organisations. `code` is unique (case-insensitive) among
 * live clients; `contacts` is a JSON array of `{ name, title?, email?, phone? }`.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    industry: text('industry'),
    status: text('status', { enum: CLIENT_STATUSES }).notNull().default('active'),
    contacts: jsonb('contacts').notNull().default(sql`'[]'::jsonb`),
    address: text('address'),
    notes: text('notes'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('clients_code_key').on(sql`lower(${t.code})`).where(sql`${t.deletedAt} is null`),
    check('clients_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** Which applications work on which client. */
export const clientApplications = pgTable(
  'client_applications',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.applicationId] }), index('client_applications_app_idx').on(t.applicationId)],
);

export type ClientRow = typeof clients.$inferSelect;
