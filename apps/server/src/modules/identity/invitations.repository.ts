import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, users } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert): Promise<void> {
  await db.insert(invitations).values(values);
}

/** An invitation not yet accepted nor expired, with its account's email and password state. */
export async function findUsableInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invitation: invitations, email: users.email, passwordHash: users.passwordHash })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

export async function markAccepted(db: Db, id: number): Promise<void> {
  await db.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, id));
}
