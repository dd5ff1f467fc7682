/**
 * SQL of variables (docs/code-style.md "Server in layers"). The list, reads and writes of the
 * `variables` row are the resource kit's (server/src/core/resource, driven by
 * contracts/variables.resource.ts); here are each row's application (slug and name), the `scope`
 * filter and the lookups of `readVariable`. Every read leaves out soft-deleted rows.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { variableResource } from '../../../../contracts';
import { createResourceRepository } from '../../core/resource';
import type { Executor } from '../../db/client';
import { applications, variables, type VariableRow } from '../../db/schema';

/** A variable's application as it shows beside it (null for a global one). */
export type VariableApp = { applicationSlug: string | null; applicationName: string | null };

// Drizzle leaves columns unqualified in a one-table select: the subqueries name the outer row explicitly.
const outerApplicationId = sql.raw('"variables"."application_id"');
const appColumn = (column: 'slug' | 'name') =>
  sql<string | null>`(select a.${sql.raw(column)} from applications a where a.id = ${outerApplicationId})`;

/** The kit's repository of variables, each row with its application, filtered by `scope` (`global` or an application id). */
export const variableRepository = createResourceRepository<typeof variables, VariableApp>(variableResource, variables, {
  extras: { applicationSlug: appColumn('slug'), applicationName: appColumn('name') },
  filters: {
    scope: (scope) => (scope === 'global' ? isNull(variables.applicationId) : eq(variables.applicationId, scope as string)),
  },
});

/**
 * The live variable `key` for `applicationId`: the application's own when it has one, else the
 * global one; undefined when neither exists.
 */
export async function resolveVariable(
  db: Executor,
  key: string,
  applicationId?: string | null,
): Promise<VariableRow | undefined> {
  const rows = await db
    .select()
    .from(variables)
    .where(
      and(
        eq(variables.key, key),
        isNull(variables.deletedAt),
        applicationId
          ? or(isNull(variables.applicationId), eq(variables.applicationId, applicationId))
          : isNull(variables.applicationId),
      ),
    );
  return rows.find((r) => r.applicationId !== null) ?? rows[0];
}

/** The application `id` (slug), or undefined when it does not exist or is in the recycle bin (`live`). */
export async function findApplication(db: Executor, id: string, live = true): Promise<{ slug: string } | undefined> {
  const [row] = await db
    .select({ slug: applications.slug })
    .from(applications)
    .where(and(eq(applications.id, id), live ? isNull(applications.deletedAt) : undefined))
    .limit(1);
  return row;
}
