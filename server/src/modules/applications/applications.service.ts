/**
 * Applications (workspaces) and their members (PRODUCT.md "Roles"): an administrator sees and
 * manages every application; a member sees the ones they belong to; an owner (or an
 * administrator) manages members. An application always keeps at least one owner.
 */
import type {
  AppRole,
  Application,
  ApplicationCreate,
  ApplicationDetail,
  CurrentUser,
  MemberAdd,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf, type ListQuery } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { ReadCache } from '../../lib/read-cache';
import type { AuditWriter } from '../audit/audit.service';
import { findUserByEmail } from '../users/users.repository';
import {
  countOwners,
  deleteMembership,
  findApplicationBySlug,
  findApplicationDetail,
  findDirectRole,
  findRole,
  insertApplication,
  listApplications as listApplicationRows,
  listMembers,
  lockApplication,
  touchApplication,
  upsertMembership,
} from './applications.repository';

function toApplication(app: ApplicationRow, myRole: AppRole | null, memberCount: number): Application {
  return {
    id: app.id,
    slug: app.slug,
    name: app.name,
    description: app.description,
    createdAt: app.createdAt.toISOString(),
    myRole,
    memberCount,
  };
}

const lastOwner = () => new HttpError(409, 'CONFLICT', 'errors.lastOwner');

/**
 * The application `slug` if `user` may open it (an administrator, or any member).
 * @throws HttpError 404 NOT_FOUND (errors.applicationNotFound) for an unknown slug;
 *   403 FORBIDDEN (errors.notMember) for a signed-in non-member who is not an administrator.
 */
export async function requireOpenableApplication(
  db: Executor,
  user: CurrentUser,
  slug: string,
): Promise<{ app: ApplicationRow; role: AppRole | null }> {
  const app = await findApplicationBySlug(db, slug);
  if (!app) throw notFound('errors.applicationNotFound');
  const role = await findRole(db, app.id, user.id);
  if (!role && !user.isAdmin) throw forbidden('errors.notMember');
  return { app, role };
}

/** Like requireOpenableApplication, and also 403 FORBIDDEN unless an owner or an administrator. */
async function requireManageableApplication(
  db: Executor,
  user: CurrentUser,
  slug: string,
): Promise<{ app: ApplicationRow; role: AppRole | null }> {
  const found = await requireOpenableApplication(db, user, slug);
  if (found.role !== 'owner' && !user.isAdmin) throw forbidden();
  return found;
}

/** One page (ordered by name) of the applications `user` may open; `q` matches slug or name. */
export async function listApplications(
  db: Database,
  user: CurrentUser,
  query: ListQuery,
): Promise<{ items: Application[]; total: number }> {
  const { rows, total } = await listApplicationRows(db, {
    userId: user.id,
    all: user.isAdmin,
    pattern: likePattern(query.q),
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map((r) => toApplication(r.app, r.myRole, r.memberCount)), total };
}

/**
 * Creates an application; its creator becomes its owner; audited `application.create` (after: the
 * application) — one transaction.
 * @throws HttpError 409 SLUG_TAKEN (details field 'slug') when the slug is in use.
 */
export async function createApplication(
  db: Database,
  user: CurrentUser,
  input: ApplicationCreate,
  audit: AuditWriter,
): Promise<Application> {
  try {
    return await db.transaction(async (tx) => {
      const row = await insertApplication(tx, {
        slug: input.slug,
        name: input.name,
        description: input.description ? input.description : null,
        createdBy: user.id,
      });
      await upsertMembership(tx, row.id, user.id, 'owner');
      const created = toApplication(row, 'owner', 1);
      await audit.record(tx, {
        action: 'application.create',
        targetType: 'application',
        targetId: row.id,
        after: { slug: row.slug, name: row.name, description: row.description },
      });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, 'SLUG_TAKEN', 'errors.slugTaken', [{ field: 'slug', messageKey: 'errors.slugTaken' }]);
    }
    throw err;
  }
}

async function detailOf(db: Executor, app: ApplicationRow, myRole: AppRole | null): Promise<ApplicationDetail> {
  const members = await listMembers(db, app.id);
  return { ...toApplication(app, myRole, members.length), members };
}

/**
 * An application with its members (owners → editors → viewers, then by name): one prepared query
 * (the hot read of a workspace; see bench/api-throughput.mjs), served from `cache` (lib/read-cache.ts,
 * keyed by slug and user) when given.
 * @throws HttpError 404 unknown slug; 403 non-member non-administrator.
 */
export async function getApplication(db: Database, user: CurrentUser, slug: string, cache?: ReadCache): Promise<ApplicationDetail> {
  const load = async () => (await findApplicationDetail(db, slug, user.id)) ?? null;
  const found = cache ? await cache.namespace<Awaited<ReturnType<typeof load>>>('application-detail').get(`${slug}\u0000${user.id}`, load) : await load();
  if (!found) throw notFound('errors.applicationNotFound');
  if (!found.myRole && !user.isAdmin) throw forbidden('errors.notMember');
  return { ...toApplication(found.app, found.myRole, found.members.length), members: found.members };
}

/**
 * Adds the user with `input.email` as a member with `input.role`, or changes their role; audited
 * `member.add` or `member.update` (target: the application; before/after: `{ userId, email, role }`).
 * Serialised per application (row lock) so the last-owner rule holds under concurrency.
 * @throws HttpError 404 unknown application; 403 unless owner or administrator; 404 NOT_FOUND
 *   (errors.userNotFound, details field 'email') for an unknown e-mail; 409 CONFLICT
 *   (errors.lastOwner) when it would demote the last owner.
 */
export async function addMember(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: MemberAdd,
  audit: AuditWriter,
): Promise<ApplicationDetail> {
  const { app } = await requireManageableApplication(db, user, slug);
  const target = await findUserByEmail(db, input.email);
  if (!target) throw notFound('errors.userNotFound', [{ field: 'email', messageKey: 'errors.userNotFound' }]);
  return db.transaction(async (tx) => {
    await lockApplication(tx, app.id);
    const current = await findDirectRole(tx, app.id, target.id);
    if (current === 'owner' && input.role !== 'owner' && (await countOwners(tx, app.id)) <= 1) throw lastOwner();
    await upsertMembership(tx, app.id, target.id, input.role);
    await touchApplication(tx, app.id);
    const detail = await detailOf(tx, app, await findRole(tx, app.id, user.id));
    const member = { userId: target.id, email: target.email };
    await audit.record(tx, {
      action: current ? 'member.update' : 'member.add',
      targetType: 'application',
      targetId: app.id,
      before: current ? { ...member, role: current } : null,
      after: { ...member, role: input.role },
      details: { application: app.slug },
    });
    return detail;
  });
}

/**
 * Removes member `userId` from the application; audited `member.remove` (before: the membership).
 * @throws HttpError 404 unknown application; 403 unless owner or administrator; 404 NOT_FOUND
 *   (errors.memberNotFound) when not a member; 409 CONFLICT (errors.lastOwner) for the last owner.
 */
export async function removeMember(
  db: Database,
  user: CurrentUser,
  slug: string,
  userId: string,
  audit: AuditWriter,
): Promise<ApplicationDetail> {
  const { app } = await requireManageableApplication(db, user, slug);
  return db.transaction(async (tx) => {
    await lockApplication(tx, app.id);
    const current = await findDirectRole(tx, app.id, userId);
    if (!current) throw notFound('errors.memberNotFound');
    if (current === 'owner' && (await countOwners(tx, app.id)) <= 1) throw lastOwner();
    await deleteMembership(tx, app.id, userId);
    await touchApplication(tx, app.id);
    const detail = await detailOf(tx, app, await findRole(tx, app.id, user.id));
    await audit.record(tx, {
      action: 'member.remove',
      targetType: 'application',
      targetId: app.id,
      before: { userId, role: current },
      after: null,
      details: { application: app.slug },
    });
    return detail;
  });
}
