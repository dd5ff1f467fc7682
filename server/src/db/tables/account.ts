/**
 * The account module's table (server/src/modules/account): personal API tokens. Re-exported by
 * server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { users } from './users-and-applications';

/**
 * Personal API tokens (personal center): the token is shown once; `token_hash` is its SHA-256
 * (hex), `prefix` its first characters for recognising it in the list. `scope` is `read-only` or
 * `read-write` (contracts API_TOKEN_SCOPES; tokens made before scopes existed are read-write).
 * New tokens always get `expires_at`; one made before expiries were required (null) expires
 * API_TOKEN_DEFAULT_DAYS after `created_at` (account.service.ts tokenExpiry).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scope: text('scope').$type<'read-only' | 'read-write'>().notNull().default('read-write'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId),
    check('api_tokens_scope_check', sql`${t.scope} in ('read-only', 'read-write')`),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
