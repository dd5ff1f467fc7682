/**
 * The auth module's tables (server/src/modules/auth): sign-in sessions and the failed sign-in
 * counters of the login back-off. Re-exported by server/src/db/schema.ts.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { users } from './users-and-applications';

/**
 * Login sessions. `id` is the SHA-256 (hex) of the random token held only by the browser's cookie,
 * so a leaked table cannot be replayed. Expiry rules live in modules/auth/auth.service.ts.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed sign-in counters for the login back-off (modules/auth/login-throttle.ts), kept in the
 * database so several API processes share them. `key` is `ip:<address>` or `email:<address>`.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type SessionRow = typeof sessions.$inferSelect;
export type LoginThrottleRow = typeof loginThrottle.$inferSelect;
