import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  recoveryCodes,
  signInChallenges,
  users,
} from '../../db/schema';

export async function setTotp(
  db: Db,
  userId: number,
  values: { totpSecret: string | null; totpEnabledAt: Date | null; totpLastStep: number | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function enableTotp(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Records `step` as the last accepted one; false when it (or a later one) was accepted already. */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code of the person; false when none matches. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(db: Db, values: typeof signInChallenges.$inferInsert): Promise<void> {
  await db.insert(signInChallenges).values(values);
}

/** A live challenge and its person. */
export async function findChallenge(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ challenge: signInChallenges, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Spends a challenge; false when another request spent it first. */
export async function spendChallenge(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  return rows.length === 1;
}

/** Forgets challenges past their time (run when a new one is made). */
export async function deleteStaleChallenges(db: Db, userId: number): Promise<void> {
  await db
    .delete(signInChallenges)
    .where(
      and(
        eq(signInChallenges.userId, userId),
        or(lt(signInChallenges.expiresAt, new Date()), sql`${signInChallenges.usedAt} is not null`),
      ),
    );
}

/** Whether an active portal's rule asks this person for a second factor. */
export async function requiredByAPortal(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(accountingFirmMemberships)
    .innerJoin(accountingFirms, eq(accountingFirms.id, accountingFirmMemberships.accountingFirmId))
    .where(
      and(
        eq(accountingFirmMemberships.userId, userId),
        eq(accountingFirmMemberships.pending, false),
        isNull(accountingFirms.deactivatedAt),
        or(
          eq(accountingFirms.mfaRule, 'team'),
          and(eq(accountingFirms.mfaRule, 'administrators'), eq(accountingFirmMemberships.role, 'admin')),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function signInSettings(db: Db, accountingFirmId: number) {
  const [row] = await db
    .select({ mfaRule: accountingFirms.mfaRule, magicLinks: accountingFirms.magicLinks })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, accountingFirmId))
    .limit(1);
  return row;
}

export async function updateSignInSettings(
  db: Db,
  accountingFirmId: number,
  values: Partial<Pick<typeof accountingFirms.$inferInsert, 'mfaRule' | 'magicLinks'>>,
): Promise<void> {
  await db
    .update(accountingFirms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accountingFirms.id, accountingFirmId));
}
