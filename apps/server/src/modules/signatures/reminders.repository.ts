import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signatories } from '../../db/schema';
import type { SignatoryRow } from './signatures.repository';

/** The first key of the reminders' advisory locks (the second is the person's email hash). */
const REMINDER_LOCK = 727073729;

/**
 * Holds, until the transaction ends, the reminder lock of each person (by email, lower case) in a
 * fixed order: two reminder jobs of different requests asking the same person cannot both see
 * "not reminded today", and cannot wait on each other.
 */
export async function lockPeople(tx: Db, firmId: number, emails: string[]): Promise<void> {
  const keys = [...new Set(emails.map((e) => `${firmId}:${e.toLowerCase()}`))].sort();
  for (const key of keys)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REMINDER_LOCK}::int, hashtext(${key}::text))`);
}

/**
 * Whether the person of signatory `s` (the same account, or the same email) was reminded after
 * `since` as a signatory of another request of the firm.
 */
export async function remindedElsewhereSince(tx: Db, s: SignatoryRow, since: Date): Promise<boolean> {
  const samePerson = or(
    sql`lower(${signatories.email}) = lower(${s.email})`,
    s.userId === null ? undefined : eq(signatories.userId, s.userId),
  );
  const rows = await tx
    .select({ id: signatories.id })
    .from(signatories)
    .where(
      and(
        eq(signatories.accountingFirmId, s.accountingFirmId),
        ne(signatories.id, s.id),
        gt(signatories.remindedAt, since),
        samePerson,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
