import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  passwordTokens,
  users,
  vendorMemberships,
} from '../../db/schema';

/** An active portal with its sign-in-link switch and address. */
export async function activePortal(db: Db, accountingFirmId: number) {
  const [row] = await db
    .select({
      id: accountingFirms.id,
      name: accountingFirms.name,
      domain: accountingFirms.domain,
      magicLinks: accountingFirms.magicLinks,
    })
    .from(accountingFirms)
    .where(and(eq(accountingFirms.id, accountingFirmId), isNull(accountingFirms.deactivatedAt)))
    .limit(1);
  return row;
}

/** Whether the person belongs to the portal: its team, or a client file of it (accepted, not ended). */
export async function belongsToPortal(db: Db, userId: number, accountingFirmId: number): Promise<boolean> {
  const [row] = await db
    .select({
      member: sql<boolean>`exists (select 1 from ${accountingFirmMemberships} where ${accountingFirmMemberships.userId} = ${userId} and ${accountingFirmMemberships.accountingFirmId} = ${accountingFirmId} and not ${accountingFirmMemberships.pending})
        or exists (select 1 from ${vendorMemberships} where ${vendorMemberships.userId} = ${userId} and ${vendorMemberships.accountingFirmId} = ${accountingFirmId} and not ${vendorMemberships.pending} and (${vendorMemberships.revokedAt} is null or ${vendorMemberships.revokedAt} > current_date))`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.member);
}

/** Cancels the person's sign-in links still usable (the newest one replaces them). */
export async function cancelMagicLinks(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, 'magic'),
        isNull(passwordTokens.usedAt),
      ),
    );
}
