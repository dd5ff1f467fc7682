/** SQL of record comments (docs/code-style.md "Server in layers": SQL lives in the repository). Reads leave out deleted comments. */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordComments, users } from '../../db/schema';

/** A comment row with its author's display name (null when the author is gone). */
export interface CommentWithAuthor {
  id: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: recordComments.id,
  authorId: recordComments.authorId,
  authorName: users.name,
  body: recordComments.body,
  createdAt: recordComments.createdAt,
  updatedAt: recordComments.updatedAt,
};

const ofRecord = (subjectId: string, recordId: string) =>
  and(eq(recordComments.subjectId, subjectId), eq(recordComments.recordId, recordId), isNull(recordComments.deletedAt));

/** One page of a record's live comments, oldest first, and their number. */
export async function listComments(
  db: Executor,
  subjectId: string,
  recordId: string,
  limit: number,
  offset: number,
): Promise<{ rows: CommentWithAuthor[]; total: number }> {
  const rows = await db
    .select(columns)
    .from(recordComments)
    .leftJoin(users, eq(users.id, recordComments.authorId))
    .where(ofRecord(subjectId, recordId))
    .orderBy(asc(recordComments.createdAt), asc(recordComments.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(recordComments).where(ofRecord(subjectId, recordId));
  return { rows, total: n };
}

/** The live comment `id` on the record, with its author's name, or undefined. */
export async function findComment(db: Executor, subjectId: string, recordId: string, id: string): Promise<CommentWithAuthor | undefined> {
  const [row] = await db
    .select(columns)
    .from(recordComments)
    .leftJoin(users, eq(users.id, recordComments.authorId))
    .where(and(eq(recordComments.id, id), ofRecord(subjectId, recordId)))
    .limit(1);
  return row;
}

/** Inserts a comment. @returns its id. */
export async function insertComment(db: Executor, values: { subjectId: string; recordId: string; authorId: string; body: string }): Promise<string> {
  const [row] = await db.insert(recordComments).values(values).returning({ id: recordComments.id });
  return row.id;
}

/** Soft-deletes a live comment. @returns false when it was already gone (a concurrent delete). */
export async function markCommentDeleted(db: Executor, id: string, by: string): Promise<boolean> {
  const rows = await db
    .update(recordComments)
    .set({ deletedAt: new Date(), deletedBy: by })
    .where(and(eq(recordComments.id, id), isNull(recordComments.deletedAt)))
    .returning({ id: recordComments.id });
  return rows.length > 0;
}
