/**
 * Groups (contracts/groups.resource.ts): the resource kit's service (server/src/core/resource) for
 * the group itself — name unique case-insensitively among live groups (409 naming 'name', also a
 * clashing restore), audited group.create/update/delete, the recycle bin (members and grants stay
 * in place while the group is there: a deleted group's grants no longer count,
 * core/effective-role.ts; restore and purge act on groups in the bin only, 409
 * errors.groupNotDeleted otherwise; a purge cascades to members and grants) — and what is special
 * to groups: a read, create or update answers the group with its grants, and the members and
 * grants sub-resources. The grants count towards each member's effective role. Permission checks
 * are the routes' preValidation hooks (the definition's access); each change writes one audit
 * entry in its transaction.
 */
import type { AppRole, Group, GroupDetail, GroupMember, GroupMemberQuery } from '../../../../contracts';
import { groupResource } from '../../../../contracts';
import { createResourceService } from '../../core/resource';
import type { Database, Executor } from '../../db/client';
import type { GroupRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import type { AuditWriter } from '../../core/audit.writer';
import { findUserById } from '../users/users.service';
import {
  deleteGrant,
  deleteGroupMember,
  findApplicationById,
  findGrant,
  groupRepository,
  insertGroupMember,
  listGrants,
  listGroupMembers as listMemberRows,
  liveRecipientRows,
  upsertGrant,
} from './groups.repository';

/**
 * Who a message to some users and groups reaches: the live, enabled users among `userIds` or in the
 * live groups `groupIds` (deleted groups and users, disabled users left out), each once, ordered by
 * e-mail, at most `limit` (rows). For other modules (the triggers' notify action).
 */
export function liveRecipients(
  db: Executor,
  opts: { userIds: readonly string[]; groupIds: readonly string[]; limit: number },
): Promise<{ id: string; email: string; name: string; locale: string }[]> {
  return liveRecipientRows(db, opts.userIds, opts.groupIds, opts.limit);
}

/**
 * list/get/create/update/remove of groups (a read, create or update answers GroupDetail, with the
 * grants), and the recycle bin's restore/purge of type `group`.
 */
export const groupService = createResourceService<GroupRow, { memberCount: number; grantCount: number }, Group, GroupDetail>(
  groupResource,
  groupRepository,
  {
    toDetail: async (tx, group) => ({ ...group, grants: await listGrants(tx, group.id) }),
    recycleDetails: async (tx, row) => {
      const found = await groupRepository.find(tx, row.id);
      return { memberCount: found?.extras.memberCount ?? 0, grantCount: found?.extras.grantCount ?? 0 };
    },
  },
);

const groupNotFound = () => notFound('errors.groupNotFound');

/** Locks the live group `id` until the transaction ends. @throws 404 errors.groupNotFound. */
async function lockLiveGroup(tx: Executor, id: string): Promise<void> {
  if (!(await groupRepository.lock(tx, id))) throw groupNotFound();
}

/** Touches the group's `updated_at` (members or grants changed). */
const touchGroup = (tx: Executor, id: string) => groupRepository.update(tx, id, {});

/** One page of the live members of a live group. @throws 404 errors.groupNotFound. */
export async function listGroupMembers(
  db: Executor,
  id: string,
  query: GroupMemberQuery,
): Promise<{ items: GroupMember[]; total: number }> {
  if (!(await groupRepository.find(db, id))) throw groupNotFound();
  const { rows, total } = await listMemberRows(db, id, {
    pattern: likePattern(query.q),
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map((r) => ({ ...r, addedAt: r.addedAt.toISOString() })), total };
}

/**
 * Adds a live user to the group (no change and no entry when already a member), audited
 * `group.member_add` (after: userId, email). @returns whether the user was added.
 * @throws 404 errors.groupNotFound; 404 errors.userIdNotFound (details field 'userId').
 */
export async function addGroupMember(db: Database, id: string, userId: string, audit: AuditWriter): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockLiveGroup(tx, id);
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
    await lockLiveGroup(tx, id);
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
export async function setGrant(
  db: Database,
  id: string,
  applicationId: string,
  role: AppRole,
  audit: AuditWriter,
): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    await lockLiveGroup(tx, id);
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
  return groupService.get(db, id);
}

/**
 * Removes the group's role in an application, audited `group.grant_remove`.
 * @throws 404 errors.groupNotFound; 404 errors.grantNotFound.
 */
export async function removeGrant(db: Database, id: string, applicationId: string, audit: AuditWriter): Promise<GroupDetail> {
  await db.transaction(async (tx) => {
    await lockLiveGroup(tx, id);
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
  return groupService.get(db, id);
}
