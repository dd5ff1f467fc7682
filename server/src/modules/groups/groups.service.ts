/**
 * Groups (contracts/groups.ts): administrators create, rename and delete groups
 * (to the recycle bin), add and remove members, and grant the group a role in applications. The
 * grants count towards each member's effective role (core/effective-role.ts). Permission checks are
 * the routes' preValidation hooks (requireAdmin); each change writes one audit entry in its
 * transaction.
 */
import type {
  AppRole,
  CurrentUser,
  Group,
  GroupCreate,
  GroupDetail,
  GroupListQuery,
  GroupMember,
  GroupMemberQuery,
  GroupUpdate,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { GroupRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import { changedKeys, pick, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin, registerRecyclable } from '../../core/recycle.registry';
import { findUserById } from '../users/users.service';
import {
  deleteGrant,
  deleteGroupMember,
  findApplicationById,
  findGrant,
  findGroup,
  hardDeleteGroup,
  insertGroup,
  insertGroupMember,
  listGrants,
  listGroupMembers as listMemberRows,
  listGroups as listGroupRows,
  liveGroupNameExists,
  lockGroup,
  lockGroupIncludingDeleted,
  setGroupDeleted,
  touchGroup,
  updateGroup as updateGroupRow,
  upsertGrant,
} from './groups.repository';

function toGroup(row: GroupRow, memberCount: number, grantCount: number): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount,
    grantCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 409 CONFLICT errors.groupNameTaken naming the field 'name'. */
const nameTaken = () => new HttpError(409, 'CONFLICT', 'errors.groupNameTaken', [{ field: 'name', messageKey: 'errors.groupNameTaken' }]);
const groupNotFound = () => notFound('errors.groupNotFound');

/** One page of live groups (`q` on name/description, `userId` = that user's groups; sort default name). */
export async function listGroups(db: Executor, query: GroupListQuery): Promise<{ items: Group[]; total: number }> {
  const { rows, total } = await listGroupRows(db, {
    pattern: likePattern(query.q),
    userId: query.userId,
    sort: query.sort,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map((r) => toGroup(r.group, r.memberCount, r.grantCount)), total };
}

/** A live group with its grants. @throws HttpError 404 NOT_FOUND (errors.groupNotFound). */
export async function getGroup(db: Executor, id: string): Promise<GroupDetail> {
  const found = await findGroup(db, id);
  if (!found) throw groupNotFound();
  return { ...toGroup(found.group, found.memberCount, found.grantCount), grants: await listGrants(db, id) };
}

/**
 * Creates a group, audited `group.create` (after: name, description).
 * @throws HttpError 409 CONFLICT errors.groupNameTaken (details field 'name') when a live group
 *   has the name, in any letter case (also under a race: the partial unique index).
 */
export async function createGroup(db: Database, input: GroupCreate, audit: AuditWriter): Promise<GroupDetail> {
  try {
    const id = await db.transaction(async (tx) => {
      if (await liveGroupNameExists(tx, input.name)) throw nameTaken();
      const row = await insertGroup(tx, { name: input.name, description: input.description ? input.description : null });
      await audit.record(tx, {
        action: 'group.create',
        targetType: 'group',
        targetId: row.id,
        after: { name: row.name, description: row.description },
      });
      return row.id;
    });
    return await getGroup(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * Renames a group and/or changes its description, audited `group.update` (before/after of the
 * changed fields). @throws 404 errors.groupNotFound; 409 errors.groupNameTaken (field 'name').
 */
export async function updateGroup(db: Database, id: string, input: GroupUpdate, audit: AuditWriter): Promise<GroupDetail> {
  try {
    await db.transaction(async (tx) => {
      const row = await lockGroup(tx, id);
      if (!row) throw groupNotFound();
      if (input.name !== undefined && (await liveGroupNameExists(tx, input.name, id))) throw nameTaken();
      const changes: { name?: string; description?: string | null } = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.description !== undefined) changes.description = input.description === '' ? null : input.description;
      const keys = changedKeys(row, changes);
      if (keys.length === 0) {
        audit.unchanged();
        return;
      }
      const updated = await updateGroupRow(tx, id, pick(changes, keys));
      await audit.record(tx, {
        action: 'group.update',
        targetType: 'group',
        targetId: id,
        before: Object.fromEntries(keys.map((k) => [k, row[k]])),
        after: Object.fromEntries(keys.map((k) => [k, updated[k]])),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return getGroup(db, id);
}

/**
 * Deletes a group to the recycle bin: `deleted_at` set and a recycle-bin row; members and
 * grants stay in place (a deleted group's grants no longer count: core/effective-role.ts) so a restore
 * brings them back. Audited `group.delete` (before: name, description, counts).
 * @throws HttpError 404 errors.groupNotFound.
 */
export async function deleteGroup(db: Database, actor: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockGroup(tx, id);
    if (!row) throw groupNotFound();
    const found = await findGroup(tx, id);
    const counts = { memberCount: found?.memberCount ?? 0, grantCount: found?.grantCount ?? 0 };
    await setGroupDeleted(tx, id, { at: new Date(), by: actor.id });
    await moveToRecycleBin(tx, { type: 'group', id, label: row.name, actorId: actor.id, actorLabel: actor.email, details: counts });
    await audit.record(tx, {
      action: 'group.delete',
      targetType: 'group',
      targetId: id,
      before: { name: row.name, description: row.description, ...counts },
      after: null,
      details: { recycleBin: true },
    });
  });
}

/**
 * The recycle bin's restore of a group (inside its transaction): clears `deleted_at`; its members
 * and grants come back with it.
 * @throws HttpError 404 errors.groupNotFound (purged); 409 errors.groupNotDeleted; 409
 *   errors.groupNameTaken (field 'name') when a live group took the name meanwhile.
 */
export async function restoreGroup(tx: Executor, id: string): Promise<void> {
  const row = await lockGroupIncludingDeleted(tx, id);
  if (!row) throw groupNotFound();
  if (!row.deletedAt) throw new HttpError(409, 'CONFLICT', 'errors.groupNotDeleted');
  if (await liveGroupNameExists(tx, row.name, id)) throw nameTaken();
  await setGroupDeleted(tx, id, null);
}

/**
 * The recycle bin's purge of a group: deletes it for good; members and grants cascade.
 * @throws HttpError 404 errors.groupNotFound; 409 errors.groupNotDeleted (not in the bin).
 */
export async function purgeGroup(tx: Executor, id: string): Promise<void> {
  const row = await lockGroupIncludingDeleted(tx, id);
  if (!row) throw groupNotFound();
  if (!row.deletedAt) throw new HttpError(409, 'CONFLICT', 'errors.groupNotDeleted');
  await hardDeleteGroup(tx, id);
}

registerRecyclable({ type: 'group', restore: restoreGroup, purge: purgeGroup });

/** One page of the live members of a live group. @throws 404 errors.groupNotFound. */
export async function listGroupMembers(db: Executor, id: string, query: GroupMemberQuery): Promise<{ items: GroupMember[]; total: number }> {
  if (!(await findGroup(db, id))) throw groupNotFound();
  const { rows, total } = await listMemberRows(db, id, { pattern: likePattern(query.q), limit: query.pageSize, offset: offsetOf(query) });
  return { items: rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString() })), total };
}

/**
 * Adds a live user to the group (no change and no entry when already a member), audited
 * `group.member_add` (after: userId, email). @returns whether the user was added.
 * @throws 404 errors.groupNotFound; 404 errors.userIdNotFound (details field 'userId').
 */
export async function addGroupMember(db: Database, id: string, userId: string, audit: AuditWriter): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, id))) throw groupNotFound();
    const user = await findUserById(tx, userId);
    if (!user) throw notFound('errors.userIdNotFound', [{ field: 'userId', messageKey: 'errors.userIdNotFound' }]);
    if (!(await insertGroupMember(tx, id, userId))) return false;
    await touchGroup(tx, id);
    await audit.record(tx, {
      action: 'group.member_add',
      targetType: 'group',
      targetId: id,
      before: null,
      after: { userId, email: user.email },
    });
    return true;
  });
}

/**
 * Removes a user from the group, audited `group.member_remove` (before: userId).
 * @throws 404 errors.groupNotFound; 404 errors.groupMemberNotFound.
 */
export async function removeGroupMember(db: Database, id: string, userId: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockGroup(tx, id))) throw groupNotFound();
    if (!(await deleteGroupMember(tx, id, userId))) throw notFound('errors.groupMemberNotFound');
    await touchGroup(tx, id);
    const user = await findUserById(tx, userId);
    await audit.record(tx, {
      action: 'group.member_remove',
      targetType: 'group',
      targetId: id,
      before: { userId, email: user?.email ?? null },
      after: null,
    });
  });
}

/**
 * Grants the group `role` in an application (or changes it), audited `group.grant_add` or
 * `group.grant_update` (before/after: application slug and role); the same role again changes
 * nothing and writes no entry. Returns the group's detail.
 * @throws 404 errors.groupNotFound; 404 errors.applicationNotFound.
 */
export async function setGrant(db: Database, id: string, applicationId: string, role: AppRole, audit: AuditWriter): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    if (!(await lockGroup(tx, id))) throw groupNotFound();
    const app = await findApplicationById(tx, applicationId);
    if (!app) throw notFound('errors.applicationNotFound');
    const current = await findGrant(tx, id, applicationId);
    if (current === role) {
      audit.unchanged();
      return;
    }
    await upsertGrant(tx, id, applicationId, role);
    await touchGroup(tx, id);
    await audit.record(tx, {
      action: current ? 'group.grant_update' : 'group.grant_add',
      targetType: 'group',
      targetId: id,
      before: current ? { application: app.slug, role: current } : null,
      after: { application: app.slug, role },
      details: { applicationId },
    });
  });
  return getGroup(db, id);
}

/**
 * Removes the group's role in an application, audited `group.grant_remove`.
 * @throws 404 errors.groupNotFound; 404 errors.grantNotFound.
 */
export async function removeGrant(db: Database, id: string, applicationId: string, audit: AuditWriter): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    if (!(await lockGroup(tx, id))) throw groupNotFound();
    const current = await findGrant(tx, id, applicationId);
    if (!current || !(await deleteGrant(tx, id, applicationId))) throw notFound('errors.grantNotFound');
    const app = await findApplicationById(tx, applicationId);
    await touchGroup(tx, id);
    await audit.record(tx, {
      action: 'group.grant_remove',
      targetType: 'group',
      targetId: id,
      before: { application: app?.slug ?? applicationId, role: current },
      after: null,
      details: { applicationId },
    });
  });
  return getGroup(db, id);
}
