/**
 * Column helpers every table shares (server/src/db/schema.ts and the per-module table files under
 * server/src/db/tables/, which schema.ts re-exports). Timestamps are `timestamptz`, read as `Date`.
 */
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database on insert. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Soft deletion (the recycle bin, modules/recycle): `deleted_at` set = in the bin, hidden from every
 * list and lookup; the row and its relations stay until purged. `deleted_by` has no foreign key
 * (the deleting account may itself be purged later).
 */
export const softDelete = () => ({
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  deletedBy: uuid('deleted_by'),
});

/** `updated_at`, set on insert; the repositories set it on every update. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
