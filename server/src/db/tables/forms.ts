/**
 * The forms module's table (server/src/modules/forms). Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt } from '../columns';
import { subjects } from './subjects';

/**
 * Dynamic forms (modules/forms): a designed form of one subject — `layout`
 * (contracts/forms.ts formLayoutSchema: sections, placed fields with label/help/placeholder/default,
 * visibleIf/requiredIf conditions). `is_default`: the form the workspace uses for record create and
 * edit of that subject; at most one live default per subject (partial unique index). Soft-deleted
 * to the recycle bin (type 'form').
 */
export const dynamicForms = pgTable(
  'dynamic_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    layout: jsonb('layout').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    index('dynamic_forms_subject_idx').on(t.subjectId),
    uniqueIndex('dynamic_forms_one_default_idx').on(t.subjectId).where(sql`${t.isDefault} and ${t.deletedAt} is null`),
  ],
);

export type DynamicFormRow = typeof dynamicForms.$inferSelect;
