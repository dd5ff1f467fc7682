/**
 * The data behind `GET /__serverLoader?route=&url=` (SPEC.md §7): which page URL has server-side
 * data, and that data. The route is resolved from `url`'s pathname, not from the route id Umi
 * sends (Umi renumbers its ids whenever the route table changes).
 */
import { count, gt } from 'drizzle-orm';
import type { CurrentUser } from '../../../../contracts';
import { isReservedWord } from '../../../../contracts/reserved';
import type { ConsoleSummary, WorkspaceSummary } from '../../../../contracts/route-data';
import type { Database, Engine } from '../../db/client';
import { sessions } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { getApplication, listApplications } from '../applications/applications.service';
import { countUsers } from '../users/users.repository';

/** How many applications the console dashboard lists (the first page by name). */
export const DASHBOARD_APPS = 10;

export type ServerRoute = { pattern: '/admin' } | { pattern: '/:app'; app: string };

/**
 * The page of `url` that has server-side data: the console dashboard `/admin` or a workspace
 * home `/{app}` (a single segment that is not a reserved route word); null for any other page.
 * `url` may be absolute or a path; a trailing slash is ignored.
 */
export function resolveServerRoute(url: string): ServerRoute | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://assay.invalid').pathname;
  } catch {
    return null;
  }
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments.length === 1 && segments[0] === 'admin') return { pattern: '/admin' };
  if (segments.length === 1 && !isReservedWord(segments[0])) return { pattern: '/:app', app: segments[0] };
  return null;
}

/** `/admin`'s data: counts (unexpired sessions), the first applications by name, the server's health. Administrators only (403). */
export async function consoleSummary(
  db: Database,
  user: CurrentUser,
  server: { engine: Engine; version: string; uptimeMs: number },
): Promise<ConsoleSummary> {
  if (!user.isAdmin) throw forbidden();
  const [apps, users, active] = await Promise.all([
    listApplications(db, user, { current: 1, pageSize: DASHBOARD_APPS }),
    countUsers(db),
    db
      .select({ n: count() })
      .from(sessions)
      .where(gt(sessions.expiresAt, new Date())),
  ]);
  return {
    applications: { total: apps.total, items: apps.items },
    users: { total: users },
    sessions: { active: Number(active[0]?.n ?? 0) },
    health: server,
  };
}

/** `/{app}`'s data: the application with its members (404 unknown, 403 not a member). */
export async function workspaceSummary(db: Database, user: CurrentUser, app: string): Promise<WorkspaceSummary> {
  return { application: await getApplication(db, user, app) };
}
