import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  holdingMemberships,
  users,
  vendorMemberships,
  vendors,
} from '../../db/schema';
import { membershipsClientFile } from './memberships.sql';
import { placedBeyond } from './placement.sql';

/** A person's places in firms, client files and holdings, pending invitations included, and their acceptance. */

/**
 * Whether the user is a member of the firm, and the firm's client files they are a client user
 * of; pending invitations count (the person is already invited there).
 */
export async function relationsToFirm(db: Db, accountingFirmId: number, userId: number) {
  // One after the other: inside a transaction the connection runs one query at a time anyway.
  const member = await db
    .select({ one: sql`1` })
    .from(accountingFirmMemberships)
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirmId),
        eq(accountingFirmMemberships.userId, userId),
      ),
    )
    .limit(1);
  const clientOf = await db
    .select({ vendorId: vendorMemberships.vendorId })
    .from(vendorMemberships)
    .where(
      and(eq(vendorMemberships.accountingFirmId, accountingFirmId), eq(vendorMemberships.userId, userId)),
    );
  return { member: member.length > 0, clientVendorIds: clientOf.map((r) => r.vendorId) };
}

/** How a person stands in a firm: its team or one of its client files, accepted or still pending. */
export async function standingInFirm(
  db: Db,
  accountingFirmId: number,
  userId: number,
): Promise<'accepted' | 'pending' | 'none'> {
  const f = accountingFirmMemberships;
  const c = vendorMemberships;
  const [row] = await db
    .select({
      accepted: sql<boolean>`bool_or(not pending)`,
      any: sql<number>`count(*)`.mapWith(Number),
    })
    .from(
      sql`(select ${f.pending} as pending from ${f} where ${f.accountingFirmId} = ${accountingFirmId} and ${f.userId} = ${userId}
        union all
        select ${c.pending} from ${c} where ${c.accountingFirmId} = ${accountingFirmId} and ${c.userId} = ${userId}) as places`,
    );
  if (!row?.any) return 'none';
  return row.accepted ? 'accepted' : 'pending';
}

/** Which of these users are members of the firm (invited ones included). */
export async function firmMemberIds(db: Db, accountingFirmId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const members = await db
    .select({ userId: accountingFirmMemberships.userId })
    .from(accountingFirmMemberships)
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirmId),
        inArray(accountingFirmMemberships.userId, userIds),
      ),
    );
  return members.map((m) => m.userId);
}

/**
 * Whether the person has any place on the platform: a firm, a client file or a holding, pending
 * invitations included.
 */
export async function hasAnyRelation(db: Db, userId: number): Promise<boolean> {
  const [firm] = await db
    .select({ one: sql`1` })
    .from(accountingFirmMemberships)
    .where(eq(accountingFirmMemberships.userId, userId))
    .limit(1);
  if (firm) return true;
  const [client] = await db
    .select({ one: sql`1` })
    .from(vendorMemberships)
    .where(eq(vendorMemberships.userId, userId))
    .limit(1);
  if (client) return true;
  const [holding] = await db
    .select({ one: sql`1` })
    .from(holdingMemberships)
    .where(eq(holdingMemberships.userId, userId))
    .limit(1);
  return Boolean(holding);
}

/**
 * Of these users, those with a place outside the scope (pending invitations included): another
 * firm, a holding, or, for a client file's scope, any firm or another client file.
 */
export async function usersBeyond(
  db: Db,
  userIds: number[],
  scope: { accountingFirmId: number; vendorId?: number },
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, userIds),
        placedBeyond(users.id, {
          accountingFirmId: scope.accountingFirmId,
          vendorId: scope.vendorId ?? null,
        }),
      ),
    );
  return rows.map((r) => r.id);
}

/** Accepts a pending team membership; whether there was one. */
export async function acceptFirmMembership(db: Db, accountingFirmId: number, userId: number) {
  const rows = await db
    .update(accountingFirmMemberships)
    .set({ pending: false, invitedProfile: null })
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirmId),
        eq(accountingFirmMemberships.userId, userId),
        eq(accountingFirmMemberships.pending, true),
      ),
    )
    .returning({ role: accountingFirmMemberships.role });
  return rows.length > 0;
}

/**
 * Accepts a pending client membership, wherever the client file now is (a transfer moves it to
 * another firm); the firm it is in, if there was one.
 */
export async function acceptVendorMembership(db: Db, vendorId: number, userId: number) {
  const [row] = await db
    .update(vendorMemberships)
    .set({ pending: false, invitedProfile: null })
    .where(
      and(
        eq(vendorMemberships.vendorId, vendorId),
        eq(vendorMemberships.userId, userId),
        eq(vendorMemberships.pending, true),
      ),
    )
    .returning({ accountingFirmId: vendorMemberships.accountingFirmId });
  return row?.accountingFirmId;
}

/** What a pending invitation offers: the firm, the client file and the role, if still pending. */
export async function pendingOffer(
  db: Db,
  userId: number,
  accountingFirmId: number,
  vendorId: number | null,
) {
  if (vendorId === null) {
    const [row] = await db
      .select({
        role: accountingFirmMemberships.role,
        firmName: accountingFirms.name,
        firmId: accountingFirms.id,
      })
      .from(accountingFirmMemberships)
      .innerJoin(accountingFirms, eq(accountingFirms.id, accountingFirmMemberships.accountingFirmId))
      .where(
        and(
          eq(accountingFirmMemberships.accountingFirmId, accountingFirmId),
          eq(accountingFirmMemberships.userId, userId),
          eq(accountingFirmMemberships.pending, true),
          isNull(accountingFirms.deactivatedAt),
        ),
      )
      .limit(1);
    return row ? { ...row, company: null, vendorId: null } : undefined;
  }
  const [row] = await db
    .select({
      role: vendorMemberships.role,
      firmName: accountingFirms.name,
      firmId: accountingFirms.id,
      company: vendors.company,
      vendorId: vendors.id,
    })
    .from(vendorMemberships)
    .innerJoin(vendors, membershipsClientFile)
    .innerJoin(accountingFirms, eq(accountingFirms.id, vendors.accountingFirmId))
    .where(
      and(
        eq(vendorMemberships.vendorId, vendorId),
        eq(vendorMemberships.userId, userId),
        eq(vendorMemberships.pending, true),
        isNull(accountingFirms.deactivatedAt),
      ),
    )
    .limit(1);
  return row;
}
