import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityProviders, ssoAttempts } from '../../db/schema';

export type ProviderRow = typeof identityProviders.$inferSelect;
export type AttemptRow = typeof ssoAttempts.$inferSelect;

export async function listProviders(db: Db, accountingFirmId: number): Promise<ProviderRow[]> {
  return db
    .select()
    .from(identityProviders)
    .where(eq(identityProviders.accountingFirmId, accountingFirmId))
    .orderBy(asc(identityProviders.name), asc(identityProviders.id));
}

/** The sign-in buttons of a firm: no secret read. */
export async function providerButtons(db: Db, accountingFirmId: number) {
  return db
    .select({ id: identityProviders.id, name: identityProviders.name, label: identityProviders.buttonLabel })
    .from(identityProviders)
    .where(eq(identityProviders.accountingFirmId, accountingFirmId))
    .orderBy(asc(identityProviders.name), asc(identityProviders.id));
}

export async function findProvider(db: Db, accountingFirmId: number, id: number) {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.accountingFirmId, accountingFirmId), eq(identityProviders.id, id)))
    .limit(1);
  return row;
}

/** A provider by its id alone: the anonymous sign-in link names only the provider. */
export async function findProviderById(db: Db, id: number) {
  const [row] = await db.select().from(identityProviders).where(eq(identityProviders.id, id)).limit(1);
  return row;
}

export async function insertProvider(db: Db, values: typeof identityProviders.$inferInsert) {
  const [row] = await db.insert(identityProviders).values(values).returning();
  return row as ProviderRow;
}

export async function updateProvider(
  db: Db,
  accountingFirmId: number,
  id: number,
  values: Partial<typeof identityProviders.$inferInsert>,
) {
  const [row] = await db
    .update(identityProviders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(identityProviders.accountingFirmId, accountingFirmId), eq(identityProviders.id, id)))
    .returning();
  return row;
}

export async function deleteProvider(db: Db, accountingFirmId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(identityProviders)
    .where(and(eq(identityProviders.accountingFirmId, accountingFirmId), eq(identityProviders.id, id)))
    .returning({ id: identityProviders.id });
  return rows.length > 0;
}

/** Records an attempt; attempts expired for an hour are cleared on the way. */
export async function insertAttempt(db: Db, values: typeof ssoAttempts.$inferInsert): Promise<void> {
  await db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(ssoAttempts).values(values);
}

/** Takes the browser's live attempt for its callback: once only (a replay finds nothing). */
export async function claimForCallback(db: Db, browserHash: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .update(ssoAttempts)
    .set({ calledBackAt: new Date() })
    .where(
      and(
        eq(ssoAttempts.browserHash, browserHash),
        isNull(ssoAttempts.calledBackAt),
        gt(ssoAttempts.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function recordSignedIn(db: Db, attemptId: number, userId: number): Promise<void> {
  await db.update(ssoAttempts).set({ userId }).where(eq(ssoAttempts.id, attemptId));
}

/** Hands the signed-in person over once, within `seconds` of the callback. */
export async function claimHandoff(db: Db, browserHash: string, seconds: number) {
  const [row] = await db
    .update(ssoAttempts)
    .set({ handedAt: new Date() })
    .where(
      and(
        eq(ssoAttempts.browserHash, browserHash),
        isNotNull(ssoAttempts.userId),
        isNull(ssoAttempts.handedAt),
        gt(ssoAttempts.calledBackAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .returning({
      userId: ssoAttempts.userId,
      accountingFirmId: ssoAttempts.accountingFirmId,
      providerId: ssoAttempts.providerId,
    });
  return row?.userId ? { ...row, userId: row.userId } : undefined;
}
