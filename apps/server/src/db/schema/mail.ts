import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Mails to send, written in the transaction of the change that causes them and sent afterwards by
 * the outbox worker (`platform/mail/outbox.ts`), with retries; rows survive a restart. `kind`
 * names what to send (`mail`: a written message; other kinds are built when sent, so that a link's
 * secret is minted then and never stored in clear). Not tenant-keyed: platform plumbing.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Attempts started (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the row is due: next retry, or the end of a worker's claim. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after the last retry. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);
