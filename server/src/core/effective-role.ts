/**
 * The role model (docs/product.md "Roles"): a user's effective role in
 * an application is the highest (owner > editor > viewer) of their own membership and the roles
 * granted to the live (not deleted) groups they are in. Every server-side role check goes through
 * `effectiveRoleSql` (applications.repository.ts `findRole`, the application list and detail).
 */
import { sql, type SQL } from 'drizzle-orm';
import { APP_ROLES, type AppRole } from '../../../contracts';

/** SQL ordering of roles, strongest first. */
const roleRank = (column: SQL) => sql`case ${column} when 'owner' then 0 when 'editor' then 1 else 2 end`;

/**
 * A scalar subquery: the effective role of user `userId` in application `applicationId` (both SQL
 * expressions: a column, a parameter or a placeholder), or null when they have none.
 */
export function effectiveRoleSql(applicationId: SQL, userId: SQL): SQL<AppRole | null> {
  return sql<AppRole | null>`(select er.role from (
      select m.role from memberships m where m.application_id = ${applicationId} and m.user_id = ${userId}
      union all
      select gg.role from group_grants gg
        join groups g on g.id = gg.group_id and g.deleted_at is null
        join group_members gm on gm.group_id = gg.group_id
      where gg.application_id = ${applicationId} and gm.user_id = ${userId}
    ) er order by ${roleRank(sql.raw('er.role'))} limit 1)`;
}

/** The stronger of two roles (null = none). */
export function higherRole(a: AppRole | null, b: AppRole | null): AppRole | null {
  if (!a) return b;
  if (!b) return a;
  return APP_ROLES.indexOf(a) >= APP_ROLES.indexOf(b) ? a : b;
}
