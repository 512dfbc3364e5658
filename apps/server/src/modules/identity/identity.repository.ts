import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountingFirmMemberships, accountingFirms, passwordTokens, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function isFirmMember(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(accountingFirmMemberships)
    // A pending invitation makes no one an accountant.
    .where(and(eq(accountingFirmMemberships.userId, userId), eq(accountingFirmMemberships.pending, false)))
    .limit(1);
  return Boolean(row);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertPasswordToken(db: Db, values: typeof passwordTokens.$inferInsert) {
  await db.insert(passwordTokens).values(values);
}

/** A usable (unused, unexpired) token with its user. */
export async function findUsableToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: passwordTokens, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

export async function markTokenUsed(db: Db, id: number) {
  await db.update(passwordTokens).set({ usedAt: new Date() }).where(eq(passwordTokens.id, id));
}

export async function firmName(db: Db, accountingFirmId: number | null): Promise<string | undefined> {
  if (accountingFirmId === null) return undefined;
  const [row] = await db
    .select({ name: accountingFirms.name })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, accountingFirmId))
    .limit(1);
  return row?.name;
}
