/**
 * Notices (contracts/notices.ts): administrators write announcements (draft →
 * published, edit, delete to the recycle bin) and send in-app messages; every signed-in user reads
 * the notices meant for them, with read/unread state. Permission checks are the routes'
 * preValidation hooks (requireAdmin / requireUser); visibility rules are the repository's
 * `visibleTo`. Every change writes its one audit entry in its transaction.
 *
 * For other modules: `sendMessage(tx, { recipientId, title, body })` puts an in-app message from
 * the system in one user's notice center (and bell), inside the caller's transaction — the caller's
 * own audit entry covers it.
 */
import type {
  AdminNotice,
  CurrentUser,
  MessageSend,
  MyNotice,
  MyNoticeQuery,
  NoticeCreate,
  NoticeListQuery,
  NoticeStatus,
  NoticeUpdate,
} from '../../../../contracts';
import { noticeAudienceIssues } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { NoticeRow } from '../../db/schema';
import { forbidden, HttpError, notFound, type FieldErrorKey } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import {
  countReads,
  countUnread,
  findApplicationMembership,
  findApplicationRef,
  findLiveUser,
  findNotice,
  findVisibleNotice,
  insertAllReads,
  insertNotice,
  insertRead,
  listGroupOptions,
  listNotices as listNoticeRows,
  listVisibleNotices,
  liveGroupsIn,
  softDeleteNotice,
  updateNotice as updateNoticeRow,
  type AdminNoticeRow,
  type NewNotice,
} from './notices.repository';
import { sanitizeNoticeBody } from './notices.sanitize';

const noticeNotFound = () => notFound('errors.noticeNotFound');
const invalid = (details: FieldErrorKey[]) => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', details);

/** Where a notice stands at `now` (contracts NOTICE_STATUSES). */
export function statusOf(row: Pick<NoticeRow, 'published' | 'publishFrom' | 'publishUntil'>, now: Date): NoticeStatus {
  if (!row.published) return 'draft';
  if (row.publishFrom && row.publishFrom > now) return 'scheduled';
  if (row.publishUntil && row.publishUntil <= now) return 'expired';
  return 'live';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAdminNotice(r: AdminNoticeRow, groupNames: Map<string, string>, now: Date): AdminNotice {
  const n = r.notice;
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    audience: n.audience,
    groupIds: n.groupIds,
    groups: n.groupIds.filter((id) => groupNames.has(id)).map((id) => ({ id, name: groupNames.get(id) ?? '' })),
    application: r.application,
    recipient: r.recipient,
    published: n.published,
    publishFrom: iso(n.publishFrom),
    publishUntil: iso(n.publishUntil),
    status: statusOf(n, now),
    readCount: r.readCount,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a notice (before/after). */
function auditSnapshot(n: NoticeRow) {
  return {
    kind: n.kind,
    title: n.title,
    body: n.body,
    audience: n.audience,
    groupIds: n.groupIds,
    applicationId: n.applicationId,
    recipientId: n.recipientId,
    published: n.published,
    publishFrom: iso(n.publishFrom),
    publishUntil: iso(n.publishUntil),
  };
}

async function adminNoticesOf(db: Executor, rows: AdminNoticeRow[]): Promise<AdminNotice[]> {
  const groupIds = [...new Set(rows.flatMap((r) => r.notice.groupIds))];
  const names = new Map((await liveGroupsIn(db, groupIds)).map((g) => [g.id, g.name]));
  const now = new Date();
  return rows.map((r) => toAdminNotice(r, names, now));
}

/** One page of notices (announcements and messages) for the console; `q` searches titles. */
export async function listNotices(db: Executor, query: NoticeListQuery): Promise<{ items: AdminNotice[]; total: number }> {
  const { rows, total } = await listNoticeRows(db, {
    pattern: likePattern(query.q),
    kind: query.kind,
    published: query.published,
    sort: query.sort,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: await adminNoticesOf(db, rows), total };
}

async function adminNoticeById(db: Executor, row: NoticeRow): Promise<AdminNotice> {
  const application = row.applicationId ? ((await findApplicationRef(db, row.applicationId)) ?? null) : null;
  const recipient = row.recipientId ? ((await findLiveUser(db, row.recipientId)) ?? null) : null;
  const [notice] = await adminNoticesOf(db, [{ notice: row, application, recipient, readCount: await countReads(db, row.id) }]);
  return notice;
}

/** One notice for the console. @throws HttpError 404 NOT_FOUND (errors.noticeNotFound). */
export async function getNotice(db: Executor, id: string): Promise<AdminNotice> {
  const row = await findNotice(db, id);
  if (!row) throw noticeNotFound();
  return adminNoticeById(db, row);
}

/**
 * The audience columns of an announcement, normalised (only the audience's own reference kept) and
 * checked against the database.
 * @throws HttpError 400 VALIDATION_FAILED naming `groupIds` (a group that is missing or deleted) or
 *   `applicationId` (no such application), or the cross-field rules of contracts noticeAudienceIssues.
 */
async function audienceColumns(
  db: Executor,
  n: { audience: NoticeRow['audience']; groupIds: string[]; applicationId: string | null; publishFrom: string | null; publishUntil: string | null },
): Promise<Pick<NewNotice, 'audience' | 'groupIds' | 'applicationId' | 'publishFrom' | 'publishUntil'>> {
  const groupIds = n.audience === 'groups' ? [...new Set(n.groupIds)] : [];
  const applicationId = n.audience === 'application' ? n.applicationId : null;
  const issues = noticeAudienceIssues({ ...n, groupIds, applicationId });
  if (issues.length) throw invalid(issues.map((i) => ({ field: i.field, messageKey: i.message as FieldErrorKey['messageKey'] })));
  if (groupIds.length && (await liveGroupsIn(db, groupIds)).length !== groupIds.length) {
    throw invalid([{ field: 'groupIds', messageKey: 'errors.notice.groupNotFound' }]);
  }
  if (applicationId && !(await findApplicationRef(db, applicationId))) {
    throw invalid([{ field: 'applicationId', messageKey: 'errors.applicationNotFound' }]);
  }
  return {
    audience: n.audience,
    groupIds,
    applicationId,
    publishFrom: n.publishFrom ? new Date(n.publishFrom) : null,
    publishUntil: n.publishUntil ? new Date(n.publishUntil) : null,
  };
}

/**
 * Creates an announcement (a draft unless `published`); the body is sanitised; audited
 * `notice.create` (after: the notice).
 * @throws HttpError 400 (audienceColumns).
 */
export async function createNotice(db: Database, actor: CurrentUser, input: NoticeCreate, audit: AuditWriter): Promise<AdminNotice> {
  return db.transaction(async (tx) => {
    const row = await insertNotice(tx, {
      kind: 'announcement',
      title: input.title,
      body: sanitizeNoticeBody(input.body),
      published: input.published,
      createdBy: actor.id,
      ...(await audienceColumns(tx, input)),
    });
    await audit.record(tx, { action: 'notice.create', targetType: 'notice', targetId: row.id, after: auditSnapshot(row) });
    return adminNoticeById(tx, row);
  });
}

/**
 * Edits an announcement (any field; the body sanitised again). Audited `notice.publish` when it goes
 * from draft to published, `notice.unpublish` the other way, else `notice.update`; before/after: the
 * notice.
 * @throws HttpError 404 (errors.noticeNotFound); 409 CONFLICT errors.notice.stale (`updatedAt` given
 *   and not the current one) or errors.notice.notAnnouncement (messages are not edited); 400 (audienceColumns).
 */
export async function updateNotice(db: Database, id: string, input: NoticeUpdate, audit: AuditWriter): Promise<AdminNotice> {
  return db.transaction(async (tx) => {
    const row = await findNotice(tx, id, true);
    if (!row) throw noticeNotFound();
    if (row.kind !== 'announcement') throw new HttpError(409, 'CONFLICT', 'errors.notice.notAnnouncement');
    if (input.updatedAt !== undefined && Date.parse(input.updatedAt) !== row.updatedAt.getTime()) {
      throw new HttpError(409, 'CONFLICT', 'errors.notice.stale');
    }
    const audience = await audienceColumns(tx, {
      audience: input.audience ?? row.audience,
      groupIds: input.groupIds ?? row.groupIds,
      applicationId: input.applicationId !== undefined ? input.applicationId : row.applicationId,
      publishFrom: input.publishFrom !== undefined ? input.publishFrom : iso(row.publishFrom),
      publishUntil: input.publishUntil !== undefined ? input.publishUntil : iso(row.publishUntil),
    });
    const changes = {
      ...audience,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.body !== undefined ? { body: sanitizeNoticeBody(input.body) } : {}),
      ...(input.published !== undefined ? { published: input.published } : {}),
    };
    if (changedKeys(row, changes).length === 0) {
      audit.unchanged();
      return adminNoticeById(tx, row);
    }
    const updated = await updateNoticeRow(tx, id, changes);
    const action = !row.published && updated.published ? 'notice.publish' : row.published && !updated.published ? 'notice.unpublish' : 'notice.update';
    await audit.record(tx, { action, targetType: 'notice', targetId: id, before: auditSnapshot(row), after: auditSnapshot(updated) });
    return adminNoticeById(tx, updated);
  });
}

/**
 * Moves a notice (announcement or message) to the recycle bin: `deleted_at` set and a bin row, in
 * one transaction, audited `notice.delete` (before: the notice). Restore/purge: notices.recyclable.ts.
 * @throws HttpError 404 (errors.noticeNotFound).
 */
export async function deleteNotice(db: Database, actor: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findNotice(tx, id, true);
    if (!row) throw noticeNotFound();
    await softDeleteNotice(tx, id, actor.id);
    await moveToRecycleBin(tx, {
      type: 'notice',
      id,
      label: row.title,
      actorId: actor.id,
      actorLabel: actor.email,
      details: { kind: row.kind, audience: row.audience },
    });
    await audit.record(tx, { action: 'notice.delete', targetType: 'notice', targetId: id, before: auditSnapshot(row) });
  });
}

/**
 * Puts an in-app message in one user's notices (kind 'message', audience 'user', published at
 * once, no window), inside the caller's transaction. For any module: e.g.
 * `await sendMessage(tx, { recipientId: user.id, title: '…', body: '<p>…</p>' })`, followed by the
 * caller's own audit entry. The body is sanitised like an announcement's.
 * @param message.senderId the administrator who wrote it; omitted = the system.
 * @returns the new notice's row. Does not check the recipient (the caller knows them); a missing
 *   user id fails the foreign key.
 */
export async function sendMessage(
  tx: Executor,
  message: { recipientId: string; title: string; body: string; senderId?: string | null },
): Promise<NoticeRow> {
  return insertNotice(tx, {
    kind: 'message',
    audience: 'user',
    recipientId: message.recipientId,
    title: message.title,
    body: sanitizeNoticeBody(message.body),
    published: true,
    createdBy: message.senderId ?? null,
  });
}

/**
 * An administrator's message to one user (the console's "Send message"), through `sendMessage`;
 * audited `notice.send` (after: the message).
 * @throws HttpError 400 VALIDATION_FAILED (field recipientId, errors.userIdNotFound) for an unknown or deleted user.
 */
export async function sendAdminMessage(db: Database, actor: CurrentUser, input: MessageSend, audit: AuditWriter): Promise<AdminNotice> {
  return db.transaction(async (tx) => {
    if (!(await findLiveUser(tx, input.recipientId))) throw invalid([{ field: 'recipientId', messageKey: 'errors.userIdNotFound' }]);
    const row = await sendMessage(tx, { ...input, senderId: actor.id });
    await audit.record(tx, { action: 'notice.send', targetType: 'notice', targetId: row.id, after: auditSnapshot(row) });
    return adminNoticeById(tx, row);
  });
}

/**
 * One page of the notices `user` may read now (newest first), with read state. `query.app` (a
 * slug) leaves out other applications' notices.
 * @throws HttpError 404 NOT_FOUND (errors.applicationNotFound) for an unknown `app`; 403 FORBIDDEN
 *   (errors.notMember) when the user belongs to it neither directly nor through a group and is no administrator.
 */
export async function listMyNotices(db: Executor, user: CurrentUser, query: MyNoticeQuery): Promise<{ items: MyNotice[]; total: number }> {
  let appId: string | undefined;
  if (query.app) {
    const found = await findApplicationMembership(db, query.app, user.id);
    if (!found) throw notFound('errors.applicationNotFound');
    if (!found.member && !user.isAdmin) throw forbidden('errors.notMember');
    appId = found.id;
  }
  const { rows, total } = await listVisibleNotices(db, {
    userId: user.id,
    now: new Date(),
    unreadOnly: query.unread === 'true',
    appId,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  const items = rows.map(
    (r): MyNotice => ({
      id: r.notice.id,
      kind: r.notice.kind,
      title: r.notice.title,
      body: r.notice.body,
      audience: r.notice.audience,
      application: r.appSlug ? { slug: r.appSlug, name: r.appName ?? '' } : null,
      publishedAt: (r.notice.publishFrom ?? r.notice.createdAt).toISOString(),
      read: r.readAt !== null,
      readAt: iso(r.readAt),
    }),
  );
  return { items, total };
}

/** How many notices `user` may read now and has not: one query. */
export function unreadCount(db: Executor, user: CurrentUser): Promise<number> {
  return countUnread(db, user.id, new Date());
}

/**
 * Marks notice `id` read by `user`; audited `notice.read` when it was unread.
 * @returns false when it was already read (nothing written).
 * @throws HttpError 404 (errors.noticeNotFound) when the notice is not visible to the user.
 */
export async function markRead(db: Database, user: CurrentUser, id: string, audit: AuditWriter): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await findVisibleNotice(tx, id, user.id, new Date());
    if (!row) throw noticeNotFound();
    if (!(await insertRead(tx, id, user.id))) return false;
    await audit.record(tx, { action: 'notice.read', targetType: 'notice', targetId: id, details: { title: row.title } });
    return true;
  });
}

/** Marks every notice `user` may read now as read; audited `notice.read_all` (details: count) when any was unread. @returns how many. */
export async function markAllRead(db: Database, user: CurrentUser, audit: AuditWriter): Promise<number> {
  return db.transaction(async (tx) => {
    const marked = await insertAllReads(tx, user.id, new Date());
    if (marked > 0) await audit.record(tx, { action: 'notice.read_all', targetType: 'notice', targetId: null, details: { count: marked } });
    return marked;
  });
}

/** Live groups for the audience picker (at most 50, by name; `q` searches names). */
export function groupOptions(db: Executor, q: string | undefined): Promise<{ id: string; name: string }[]> {
  return listGroupOptions(db, likePattern(q), 50);
}
