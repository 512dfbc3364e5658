import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';

/**
 * A person's file-share passwords (app passwords of the network drive, issue 27): several per
 * person, each with a label, Argon2-hashed. Revocation deletes the row; a trigger then clears
 * every process's access cache, which holds the verified credentials.
 */
export const fileSharePasswords = pgTable(
  'file_share_passwords',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    passwordHash: text('password_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('file_share_passwords_user_idx').on(t.userId),
    uniqueIndex('file_share_passwords_label_key').on(t.userId, sql`lower(${t.label})`),
  ],
);
