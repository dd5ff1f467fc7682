/**
 * The audit module's tables (server/src/modules/audit, core/audit.writer.ts): the hash-chained log,
 * its head and its signed heads. Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (modules/audit): append-only, one entry per mutation, hash-chained. Database
 * triggers (migration 0002) refuse UPDATE, DELETE and TRUNCATE. `actor_id` has no foreign key on
 * purpose: the log outlives the accounts it names (`actor_label` keeps who it was).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    /** 1, 2, 3… without gaps: the position in the chain. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull(),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** The client's User-Agent header (null for entries written before 0003, and for the scheduler). */
    userAgent: text('user_agent'),
    before: jsonb('before'),
    after: jsonb('after'),
    details: jsonb('details'),
    /** The previous entry's hash (64 zeros for the first entry). */
    prevHash: text('prev_hash').notNull(),
    /** SHA-256 (hex) of the canonical JSON of every other field (core/audit.chain.ts). */
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_seq_key').on(t.seq),
    index('audit_log_actor_id_idx').on(t.actorId, t.seq),
    index('audit_log_action_idx').on(t.action, t.seq),
  ],
);

/**
 * The chain head: exactly one row (id = 1) holding the last entry's seq and hash (0 and 64 zeros
 * before the first entry). A writer locks it FOR UPDATE inside its transaction, so entries are
 * appended one at a time and concurrent writers cannot fork the chain.
 */
export const auditHead = pgTable(
  'audit_head',
  {
    id: smallint('id').primaryKey().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('audit_head_single_row', sql`${t.id} = 1`)],
);

/**
 * Signed chain heads (HMAC-SHA256 with a key kept outside the database; modules/audit/audit.signing.ts),
 * written by the scheduler every 15 minutes when the head moved. Append-only (triggers).
 */
export const auditSignatures = pgTable(
  'audit_signatures',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    hash: text('hash').notNull(),
    /** HMAC-SHA256 (hex) of `${seq}:${hash}`. */
    signature: text('signature').notNull(),
    /** First 16 hex of the key's SHA-256: which key signed (keys rotate). */
    keyId: text('key_id').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
);

export type AuditLogRow = typeof auditLog.$inferSelect;
