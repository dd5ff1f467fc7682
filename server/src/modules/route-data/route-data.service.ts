/**
 * The data behind `GET /__serverLoader?route=&url=` (docs/routes-and-loading.md "Route data"): which page URL has server-side
 * data, and that data. The route is resolved from `url`'s pathname, not from the route id Umi
 * sends (Umi renumbers its ids whenever the route table changes).
 */
import type { CurrentUser } from '../../../../contracts';
import { isReservedWord } from '../../../../contracts/reserved';
import type { ConsoleSummary, WorkspaceSummary } from '../../../../contracts/route-data';
import type { Database, Engine } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { textProblem } from '../../lib/text-input';
import { getApplication, listApplications } from '../applications/applications.service';
import { latestAuditEntries } from '../audit/audit.service';
import { listMyNotices } from '../notices/notices.service';
import {
  countActiveSessions,
  countLiveGroups,
  countLiveRecords,
  countLiveUsers,
  countRecycleBin,
  databaseBytes,
  recentRecordChanges,
  workspaceSubjects,
} from './route-data.repository';

/** How many applications the console dashboard lists (the first page by name). */
export const DASHBOARD_APPS = 10;
/** How many of the newest audit entries the console dashboard shows. */
export const DASHBOARD_AUDIT = 10;
/** How many record changes and notices a workspace home shows. */
export const WORKSPACE_CHANGES = 10;
export const WORKSPACE_NOTICES = 5;

export type ServerRoute = { pattern: '/admin' } | { pattern: '/:app'; app: string };

/**
 * The page of `url` that has server-side data: the console dashboard `/admin` or a workspace
 * home `/{app}` (a single segment that is not a reserved route word); null for any other page.
 * `url` may be absolute or a path; a trailing slash is ignored; a malformed percent escape or a
 * NUL in a segment is no such page (null).
 */
export function resolveServerRoute(url: string): ServerRoute | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://assay.invalid').pathname;
  } catch {
    return null;
  }
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null; // a malformed escape ('%', '%E2%82'): no such page
  }
  // a NUL names no application (and must not reach SQL)
  if (segments.some((s) => textProblem(s) !== null)) return null;
  if (segments.length === 1 && segments[0] === 'admin') return { pattern: '/admin' };
  if (segments.length === 1 && !isReservedWord(segments[0])) return { pattern: '/:app', app: segments[0] };
  return null;
}

/**
 * `/admin`'s data (Console dashboard): counts of applications, live users and groups (not
 * in the recycle bin), unexpired sessions and the bin; live records (route-data.repository.ts
 * countLiveRecords: exact per table up to 10,000 rows, PostgreSQL's estimate beyond);
 * the first applications by name; the newest DASHBOARD_AUDIT audit entries; the server's health
 * with the database size. Administrators only (403).
 */
export async function consoleSummary(
  db: Database,
  user: CurrentUser,
  server: { engine: Engine; version: string; uptimeMs: number },
): Promise<ConsoleSummary> {
  if (!user.isAdmin) throw forbidden();
  // one query at a time: PGlite has a single connection, and PostgreSQL's pool is small
  const apps = await listApplications(db, user, { current: 1, pageSize: DASHBOARD_APPS });
  const users = await countLiveUsers(db);
  const groups = await countLiveGroups(db);
  const active = await countActiveSessions(db);
  const recycle = await countRecycleBin(db);
  const records = await countLiveRecords(db);
  const recent = await latestAuditEntries(db, DASHBOARD_AUDIT);
  const bytes = await databaseBytes(db);
  return {
    applications: { total: apps.total, items: apps.items },
    users: { total: users },
    groups: { total: groups },
    sessions: { active },
    records: { total: records.total, estimated: records.estimated },
    recycle: { total: recycle },
    recentAudit: recent.map((e) => ({
      seq: e.seq,
      at: e.at.toISOString(),
      actorLabel: e.actorLabel,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
    })),
    health: { ...server, databaseBytes: bytes },
  };
}

/**
 * `/{app}`'s data: the application with its members, its live subjects with their field
 * counts, the WORKSPACE_CHANGES newest record changes, and the WORKSPACE_NOTICES newest notices the
 * caller may read in it (the notice center's list: everyone's, their groups', their own and this
 * application's) with the unread count. 404 unknown or deleted application, 403 not a member.
 */
export async function workspaceSummary(db: Database, user: CurrentUser, app: string): Promise<WorkspaceSummary> {
  const application = await getApplication(db, user, app);
  const subjects = await workspaceSubjects(db, application.id);
  const recentChanges = await recentRecordChanges(db, application.id, WORKSPACE_CHANGES);
  const notices = await listMyNotices(db, user, { current: 1, pageSize: WORKSPACE_NOTICES, app });
  const unread = await listMyNotices(db, user, { current: 1, pageSize: 1, app, unread: 'true' });
  return { application, subjects, recentChanges, notices: { total: notices.total, unread: unread.total, items: notices.items } };
}
