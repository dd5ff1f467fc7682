/**
 * Applications (workspaces) and their members (docs/product.md "Roles"): an administrator sees and
 * manages every application; a member sees the ones they belong to; an owner (or an
 * administrator) manages members. An application always keeps at least one owner.
 */
import {
  APP_MODULES,
  type AppModule,
  type AppRole,
  type Application,
  type ApplicationCreateParsed,
  type ApplicationDetail,
  type ApplicationListQuery,
  type ApplicationUpdateParsed,
  type CurrentUser,
  type MemberAdd,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { forbidden, HttpError, notFound, type FieldErrorKey } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { ReadCache } from '../../lib/read-cache';
import type { AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin, runPurgeSteps } from '../../core/recycle.registry';
import { findUserByEmail } from '../users/users.service';
import { runModuleEnablers } from './module-enablers';
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
  liveUsersByEmail,
  liveUsersById,
  lockApplication,
  lockApplicationIncludingDeleted,
  markApplicationDeleted,
  purgeApplication as purgeApplicationRow,
  touchApplication,
  updateApplication as updateApplicationRow,
  upsertMembership,
  type ApplicationChanges,
} from './applications.repository';

/** A user's effective role in an application (core/effective-role.ts), for modules that check it themselves. */
export { findRole } from './applications.repository';
export { registerModuleEnabler, type ModuleEnabler } from './module-enablers';

/** The stored modules as contracts' AppModule list (unknown names, if any, left out). */
function modulesOf(app: ApplicationRow): AppModule[] {
  return APP_MODULES.filter((m) => app.modules.includes(m));
}

function toApplication(app: ApplicationRow, myRole: AppRole | null, memberCount: number): Application {
  return {
    id: app.id,
    slug: app.slug,
    name: app.name,
    description: app.description,
    icon: app.icon,
    color: app.color,
    modules: modulesOf(app),
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
    myRole,
    memberCount,
  };
}

/** What the audit log keeps of an application (the editable columns). */
function auditView(app: ApplicationRow) {
  return { slug: app.slug, name: app.name, description: app.description, icon: app.icon, color: app.color, modules: modulesOf(app) };
}

const lastOwner = () => new HttpError(409, 'CONFLICT', 'errors.lastOwner');

/** The read cache's namespace of requireOpenableApplication: the application and the user's role, by slug and user. */
const ACCESS_CACHE = 'application-access';
type Access = { app: ApplicationRow; role: AppRole | null };

/**
 * The application `slug` if `user` may open it (an administrator, or any member), and the user's
 * role in it; from `cache` (lib/read-cache.ts) when given (the row is shared: callers must not change it).
 * @throws HttpError 404 NOT_FOUND (errors.applicationNotFound) for an unknown slug;
 *   403 FORBIDDEN (errors.notMember) for a signed-in non-member who is not an administrator.
 */
export async function requireOpenableApplication(
  db: Executor,
  user: CurrentUser,
  slug: string,
  cache?: ReadCache,
): Promise<{ app: ApplicationRow; role: AppRole | null }> {
  const load = async (): Promise<Access | null> => {
    const app = await findApplicationBySlug(db, slug);
    return app ? { app, role: await findRole(db, app.id, user.id) } : null;
  };
  // applications, memberships and groups notify the cache when they change (migration 0004)
  const found = cache ? await cache.namespace<Access | null>(ACCESS_CACHE).get(`${slug}\u0000${user.id}`, load) : await load();
  if (!found) throw notFound('errors.applicationNotFound');
  if (!found.role && !user.isAdmin) throw forbidden('errors.notMember');
  return found;
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

/**
 * One page of the live applications `user` may open (an administrator: all of them); `q` matches
 * slug or name; `sort` name|slug|createdAt (default name, then slug).
 */
export async function listApplications(
  db: Database,
  user: CurrentUser,
  query: Pick<ApplicationListQuery, 'current' | 'pageSize' | 'q' | 'sort'>,
): Promise<{ items: Application[]; total: number }> {
  const { rows, total } = await listApplicationRows(db, {
    userId: user.id,
    all: user.isAdmin,
    pattern: likePattern(query.q),
    sort: query.sort,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map((r) => toApplication(r.app, r.myRole, r.memberCount)), total };
}

/**
 * The users `members` names, resolved to ids (the last role given for a user wins; the creator is
 * left out: they are the owner).
 * @throws HttpError 400 VALIDATION_FAILED naming `members.<i>.userId` / `members.<i>.email` for an
 *   unknown or deleted user.
 */
async function resolveInitialMembers(
  db: Executor,
  creatorId: string,
  members: NonNullable<ApplicationCreateParsed['members']>,
): Promise<Map<string, AppRole>> {
  const byId = await liveUsersById(db, members.flatMap((m) => (m.userId ? [m.userId] : [])));
  const byEmail = await liveUsersByEmail(db, members.flatMap((m) => (m.email ? [m.email] : [])));
  const resolved = new Map<string, AppRole>();
  const unknown: FieldErrorKey[] = [];
  members.forEach((m, i) => {
    const id = m.userId ? (byId.has(m.userId) ? m.userId : undefined) : byEmail.get(m.email ?? '');
    if (!id) {
      unknown.push(
        m.userId
          ? { field: `members.${i}.userId`, messageKey: 'errors.userIdNotFound' }
          : { field: `members.${i}.email`, messageKey: 'errors.userNotFound' },
      );
      return;
    }
    if (id !== creatorId) resolved.set(id, m.role);
  });
  if (unknown.length > 0) throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', unknown);
  return resolved;
}

/**
 * Creates an application with its icon, colour, modules and initial members; its creator becomes
 * its owner; audited `application.create` (after: the application and its members) — one
 * transaction.
 * @throws HttpError 400 naming `members.<i>.…` for an unknown user; 409 SLUG_TAKEN (details field
 *   'slug') when the slug is in use (also by an application in the recycle bin).
 */
export async function createApplication(
  db: Database,
  user: CurrentUser,
  input: ApplicationCreateParsed,
  audit: AuditWriter,
): Promise<Application> {
  const members = await resolveInitialMembers(db, user.id, input.members ?? []);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertApplication(tx, {
        slug: input.slug,
        name: input.name,
        description: input.description ? input.description : null,
        icon: input.icon ?? null,
        color: input.color ?? null,
        modules: input.modules ?? [],
        createdBy: user.id,
      });
      await upsertMembership(tx, row.id, user.id, 'owner');
      for (const [userId, role] of members) await upsertMembership(tx, row.id, userId, role);
      await runModuleEnablers(tx, row, user, modulesOf(row));
      const created = toApplication(row, 'owner', members.size + 1);
      await audit.record(tx, {
        action: 'application.create',
        targetType: 'application',
        targetId: row.id,
        after: {
          ...auditView(row),
          members: [{ userId: user.id, role: 'owner' }, ...[...members].map(([userId, role]) => ({ userId, role }))],
        },
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

/**
 * Edits an application's name, description, icon, colour or modules (owner or administrator);
 * audited `application.update` with before/after of the changed columns only. A request that
 * changes nothing writes nothing and answers the application as it is.
 * @throws HttpError 404 unknown slug; 403 not a member, or a member who is not the owner.
 */
export async function updateApplication(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: ApplicationUpdateParsed,
  audit: AuditWriter,
): Promise<ApplicationDetail> {
  const { app, role } = await requireManageableApplication(db, user, slug);
  const wanted: ApplicationChanges = {};
  if (input.name !== undefined) wanted.name = input.name;
  if (input.description !== undefined) wanted.description = input.description ? input.description : null;
  if (input.icon !== undefined) wanted.icon = input.icon;
  if (input.color !== undefined) wanted.color = input.color;
  if (input.modules !== undefined) wanted.modules = input.modules;
  const changed = (Object.keys(wanted) as (keyof ApplicationChanges)[]).filter(
    (k) => JSON.stringify(wanted[k]) !== JSON.stringify(k === 'modules' ? modulesOf(app) : app[k]),
  );
  if (changed.length === 0) {
    audit.unchanged();
    return detailOf(db, app, role);
  }
  return db.transaction(async (tx) => {
    await lockApplication(tx, app.id);
    const changes = Object.fromEntries(changed.map((k) => [k, wanted[k]])) as ApplicationChanges;
    const row = await updateApplicationRow(tx, app.id, changes);
    if (changes.modules) await runModuleEnablers(tx, row, user, modulesOf(row), modulesOf(app));
    const before = auditView(app);
    const after = auditView(row);
    await audit.record(tx, {
      action: 'application.update',
      targetType: 'application',
      targetId: app.id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      details: { application: app.slug },
    });
    return detailOf(tx, row, role);
  });
}

/**
 * Deletes an application to the recycle bin (administrators): it leaves every list and its
 * workspace answers 404, its slug stays taken; its members, subjects, records, notices and links
 * stay untouched for a restore. Audited `application.delete` (before: the application).
 * @throws HttpError 404 unknown (or already deleted) slug.
 */
export async function deleteApplication(db: Database, actor: CurrentUser, slug: string, audit: AuditWriter): Promise<void> {
  const app = await findApplicationBySlug(db, slug);
  if (!app) throw notFound('errors.applicationNotFound');
  await db.transaction(async (tx) => {
    const row = await lockApplicationIncludingDeleted(tx, app.id);
    if (!row || row.deletedAt) throw notFound('errors.applicationNotFound');
    const members = await listMembers(tx, app.id);
    await markApplicationDeleted(tx, app.id, actor.id, true);
    await moveToRecycleBin(tx, {
      type: 'application',
      id: app.id,
      label: `${row.name} (/${row.slug})`,
      actorId: actor.id,
      actorLabel: actor.email,
      details: { slug: row.slug, members: members.length },
    });
    await audit.record(tx, {
      action: 'application.delete',
      targetType: 'application',
      targetId: app.id,
      before: auditView(row),
      after: null,
      details: { recycleBin: true },
    });
  });
}

/**
 * The recycle bin's restore of an application (inside its transaction): clears `deleted_at`; its
 * memberships, subjects and records were never removed. The slug cannot clash: a deleted
 * application keeps it.
 * @throws HttpError 404 (errors.applicationNotFound) when the application is gone or not deleted.
 */
export async function restoreApplication(tx: Executor, id: string): Promise<void> {
  const row = await lockApplicationIncludingDeleted(tx, id);
  if (!row || !row.deletedAt) throw notFound('errors.applicationNotFound');
  await markApplicationDeleted(tx, id, null, false);
}

/**
 * The recycle bin's purge of an application (inside its transaction): drops every subject's
 * table and auto-number sequences, then deletes the row; memberships, group grants, variables,
 * notices, subjects, fields, record history, attachments' rows and client links cascade.
 * Attachment bytes stay in the content-addressed blob store (shared by hash).
 */
export async function purgeApplication(tx: Executor, id: string): Promise<void> {
  const row = await lockApplicationIncludingDeleted(tx, id);
  if (!row) return;
  // the subjects module's step drops every subject's table and sequences (subjects.recyclable.ts)
  await runPurgeSteps(tx, 'application', id);
  await purgeApplicationRow(tx, id);
}

async function detailOf(db: Executor, app: ApplicationRow, myRole: AppRole | null): Promise<ApplicationDetail> {
  const members = await listMembers(db, app.id);
  return { ...toApplication(app, myRole, members.length), members };
}

/**
 * An application with its members (owners → editors → viewers, then by name): one prepared query
 * (the hot read of a workspace; see bench/api-throughput.mjs), served from `cache` (lib/read-cache.ts,
 * keyed by slug and user) when given. The returned object is shared by every request the cache
 * serves it to (lib/serializer.ts reuses its JSON): callers must not change it.
 * @throws HttpError 404 unknown slug; 403 non-member non-administrator.
 */
export async function getApplication(db: Database, user: CurrentUser, slug: string, cache?: ReadCache): Promise<ApplicationDetail> {
  const found = cache
    ? await cache.namespace<CachedDetail | null>(DETAIL_CACHE).get(detailKey(slug, user), () => loadDetail(db, slug, user.id))
    : await loadDetail(db, slug, user.id);
  return detailFor(found, user);
}

/** An application's detail as cached per (slug, user): the detail and whether the user is a member. */
interface CachedDetail {
  detail: ApplicationDetail;
  member: boolean;
}
const DETAIL_CACHE = 'application-detail';
const detailKey = (slug: string, user: CurrentUser) => `${slug}\u0000${user.id}`;

async function loadDetail(db: Database, slug: string, userId: string): Promise<CachedDetail | null> {
  const found = await findApplicationDetail(db, slug, userId);
  if (!found) return null;
  return { detail: { ...toApplication(found.app, found.myRole, found.members.length), members: found.members }, member: found.myRole !== null };
}

function detailFor(found: CachedDetail | null, user: CurrentUser): ApplicationDetail {
  if (!found) throw notFound('errors.applicationNotFound');
  if (!found.member && !user.isAdmin) throw forbidden('errors.notMember');
  return found.detail;
}

/**
 * getApplication's fast lane, without awaiting anything: the detail when it is in the read cache
 * (then the same answer and errors as getApplication), `undefined` when getApplication must run.
 */
export function peekApplication(user: CurrentUser, slug: string, cache: ReadCache): ApplicationDetail | undefined {
  const found = cache.namespace<CachedDetail | null>(DETAIL_CACHE).peek(detailKey(slug, user));
  return found === undefined ? undefined : detailFor(found, user);
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
