/**
 * Who may do what with documents (docs/documents.md "Access"): a console document or folder
 * (application null) is for administrators only; an application's are read by anyone who can open
 * the application and written by its editors, owners and administrators (as attachments and
 * records: subjects/subject-def.ts `allows`).
 */
import type { CurrentUser } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { applications } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { forbidden, notFound } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { findRole, requireOpenableApplication } from '../applications/applications.service';
import { allows, type SubjectNeed } from '../subjects/subject-def';

/** A scope: the console (`app` null) or an application. */
export interface DocumentScope {
  applicationId: string | null;
  app: ApplicationRow | null;
}

/**
 * The scope of a scoped route: `slug` undefined = the console (administrators), else the
 * application, if `user` may `need` it.
 * @throws HttpError 403 (not an administrator / not a member / role too weak); 404 unknown application.
 */
export async function requireScope(db: Executor, user: CurrentUser, slug: string | undefined, need: SubjectNeed, cache?: ReadCache): Promise<DocumentScope> {
  if (slug === undefined) {
    if (!user.isAdmin) throw forbidden();
    return { applicationId: null, app: null };
  }
  const { app, role } = await requireOpenableApplication(db, user, slug, cache);
  if (!allows(user, role, need)) throw forbidden();
  return { applicationId: app.id, app };
}

/**
 * Checks `user` may `need` an item of application `applicationId` (null = the console).
 * @throws HttpError 404 `notFoundKey` when the application is gone; 403 otherwise refused.
 */
export async function requireItemScope(
  db: Executor,
  user: CurrentUser,
  applicationId: string | null,
  need: SubjectNeed,
  notFoundKey: 'errors.documentNotFound' | 'errors.documentFolderNotFound',
): Promise<DocumentScope> {
  if (applicationId === null) {
    if (!user.isAdmin) throw forbidden();
    return { applicationId: null, app: null };
  }
  const [app] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!app || app.deletedAt) throw notFound(notFoundKey);
  const role = await findRole(db, app.id, user.id);
  if (!role && !user.isAdmin) throw forbidden('errors.notMember');
  if (!allows(user, role, need)) throw forbidden();
  return { applicationId, app };
}
