/**
 * Comments on a record's detail page.
 * Plain text (the web renders it as text, never as HTML), 1–10,000 characters.
 * - read: any member of the application, administrators;
 * - write: editors, owners, administrators (viewers read only, docs/product.md "Roles");
 * - delete: the author (while a member), the application's owners, administrators. Soft delete.
 * Each create/delete is audited (`comment.create` / `comment.delete`, target the comment).
 */
import type { Comment, CurrentUser, PageQuery } from '../../../../contracts';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-error';
import { offsetOf } from '../../lib/paging';
import type { ReadCache } from '../../lib/read-cache';
import type { AuditWriter } from '../../core/audit.writer';
import { requireRecord } from '../subjects/record-access';
import { allows } from '../subjects/subject-def';
import { findComment, insertComment, listComments as listRows, markCommentDeleted, type CommentWithAuthor } from './comments.repository';

/** Where a comment lives: application slug, subject key, record id. */
export interface RecordRef {
  slug: string;
  key: string;
  recordId: string;
}

const commentNotFound = () => notFound('errors.comment.notFound');

/** A row as contracts' Comment. */
export function toComment(row: CommentWithAuthor): Comment {
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: row.authorName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One page of the record's comments, oldest first. @throws as requireRecord (403, 404). */
export async function listComments(db: Database, user: CurrentUser, ref: RecordRef, query: PageQuery, cache?: ReadCache): Promise<{ items: Comment[]; total: number }> {
  const { subject } = await requireRecord(db, user, ref.slug, ref.key, ref.recordId, 'read', cache);
  const { rows, total } = await listRows(db, subject.id, ref.recordId, query.pageSize, offsetOf(query));
  return { items: rows.map(toComment), total };
}

/** Adds a comment as `user`, audited `comment.create`. @throws 403 (viewers), 404 (record unknown). */
export async function createComment(db: Database, user: CurrentUser, ref: RecordRef, body: string, audit: AuditWriter, cache?: ReadCache): Promise<Comment> {
  const { subject } = await requireRecord(db, user, ref.slug, ref.key, ref.recordId, 'write', cache);
  return db.transaction(async (tx) => {
    const id = await insertComment(tx, { subjectId: subject.id, recordId: ref.recordId, authorId: user.id, body });
    await audit.record(tx, {
      action: 'comment.create',
      targetType: 'comment',
      targetId: id,
      after: { application: ref.slug, subject: ref.key, recordId: ref.recordId, body },
    });
    return toComment((await findComment(tx, subject.id, ref.recordId, id))!);
  });
}

/**
 * Deletes a comment (soft), audited `comment.delete`: its author, an owner, an administrator.
 * @throws 404 (record or comment unknown), 403 (anyone else).
 */
export async function deleteComment(db: Database, user: CurrentUser, ref: RecordRef, id: string, audit: AuditWriter, cache?: ReadCache): Promise<void> {
  const { subject, role } = await requireRecord(db, user, ref.slug, ref.key, ref.recordId, 'read', cache);
  const comment = await findComment(db, subject.id, ref.recordId, id);
  if (!comment) throw commentNotFound();
  if (comment.authorId !== user.id && !allows(user, role, 'manage')) throw forbidden();
  await db.transaction(async (tx) => {
    if (!(await markCommentDeleted(tx, id, user.id))) throw commentNotFound();
    await audit.record(tx, {
      action: 'comment.delete',
      targetType: 'comment',
      targetId: id,
      before: { application: ref.slug, subject: ref.key, recordId: ref.recordId, authorId: comment.authorId, body: comment.body },
    });
  });
}
