/**
 * One record of a subject, for the modules that hang things on records (comments, attachments,
 * tags and categories, later views and flows): the access check of requireSubject plus "the record
 * exists and is not in the recycle bin".
 */
import { sql } from 'drizzle-orm';
import type { AppRole, CurrentUser } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import type { applications } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { ident } from './ddl';
import { requireSubject, type SubjectDef, type SubjectNeed } from './subject-def';
import { liveRows } from './live-rows';

/** True when the subject's table holds a live record `recordId` (not deleted, not staged by a running import). */
export async function recordExists(db: Executor, subject: Pick<SubjectDef, 'tableName' | 'pendingImports'>, recordId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 as found from ${sql.raw(ident(subject.tableName))} where id = ${recordId}::uuid and ${liveRows(subject)} limit 1`,
  );
  return rowsOf(result).length > 0;
}

/**
 * The application `slug`, its subject `key` and the live record `recordId`, if `user` may `need` them.
 * @throws HttpError as requireSubject (404 application/subject, 403 not a member or role too weak),
 *   and 404 errors.recordNotFound for an unknown or deleted record.
 */
export async function requireRecord(
  db: Executor,
  user: CurrentUser,
  slug: string,
  key: string,
  recordId: string,
  need: SubjectNeed,
  cache?: ReadCache,
): Promise<{ app: typeof applications.$inferSelect; role: AppRole | null; subject: SubjectDef }> {
  const found = await requireSubject(db, user, slug, key, need, cache);
  if (!(await recordExists(db, found.subject, recordId))) throw notFound('errors.recordNotFound');
  return found;
}
