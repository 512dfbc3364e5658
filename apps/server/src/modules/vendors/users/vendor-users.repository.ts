import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, vendorMemberships } from '../../../db/schema';
import { preparedPerDatabase } from '../../../platform/db-prepared';
import { personColumns } from '../../identity/people.sql';
import { placedBeyond } from '../../tenancy/placement.sql';
import { clientThemeIdsSql } from '../../themes/themes.sql';

export type MembershipRow = typeof vendorMemberships.$inferSelect;
/** The fields of a membership an answer shows. */
export type ShownMembership = Pick<
  MembershipRow,
  | 'vendorId'
  | 'userId'
  | 'role'
  | 'job'
  | 'moduleKeys'
  | 'revokedAt'
  | 'pending'
  | 'invitedProfile'
  | 'allThemes'
> & { themeIds: number[] };
export type NewMembershipRow = typeof vendorMemberships.$inferInsert;
/** A client file as its children know it: its id and its firm. */
export type VendorRef = { id: number; accountingFirmId: number };

const ofVendor = (vendor: VendorRef) =>
  and(
    eq(vendorMemberships.accountingFirmId, vendor.accountingFirmId),
    eq(vendorMemberships.vendorId, vendor.id),
  );

const oneMembership = (vendor: VendorRef, userId: number) =>
  and(ofVendor(vendor), eq(vendorMemberships.userId, userId));

export async function insertMembership(db: Db, values: NewMembershipRow): Promise<void> {
  await db.insert(vendorMemberships).values(values);
}

/**
 * The client file's memberships with their people (identity's columns) and whether each person
 * has a place beyond the viewer's scope (tenancy's rule): one prepared round trip.
 */
const clientUsersQuery = preparedPerDatabase((db) => {
  const firmId = sql.placeholder('firmId');
  return db
    .select({
      // What the answer shows of a membership (its firm and creation date are not).
      membership: {
        vendorId: vendorMemberships.vendorId,
        userId: vendorMemberships.userId,
        role: vendorMemberships.role,
        job: vendorMemberships.job,
        moduleKeys: vendorMemberships.moduleKeys,
        revokedAt: vendorMemberships.revokedAt,
        pending: vendorMemberships.pending,
        invitedProfile: vendorMemberships.invitedProfile,
        allThemes: vendorMemberships.allThemes,
        themeIds: clientThemeIdsSql,
      },
      person: personColumns,
      beyond: placedBeyond(users.id, {
        accountingFirmId: firmId,
        vendorId: sql.placeholder('scopeVendorId'),
      }),
    })
    .from(vendorMemberships)
    .innerJoin(users, eq(users.id, vendorMemberships.userId))
    .where(
      and(
        eq(vendorMemberships.accountingFirmId, firmId),
        eq(vendorMemberships.vendorId, sql.placeholder('vendorId')),
      ),
    )
    .prepare('client_users_of_vendor');
});

/** `scopeVendorId`: the viewer's scope is this client file (a client user), or null (the firm). */
export async function listClientUsers(db: Db, vendor: VendorRef, scopeVendorId: number | null) {
  return clientUsersQuery(db).execute({
    firmId: vendor.accountingFirmId,
    vendorId: vendor.id,
    scopeVendorId,
  });
}

export async function findMembership(
  db: Db,
  vendor: VendorRef,
  userId: number,
): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(vendorMemberships).where(oneMembership(vendor, userId)).limit(1);
  return row;
}

export async function updateMembership(
  db: Db,
  vendor: VendorRef,
  userId: number,
  values: Partial<MembershipRow>,
): Promise<void> {
  await db.update(vendorMemberships).set(values).where(oneMembership(vendor, userId));
}

export async function deleteMembership(db: Db, vendor: VendorRef, userId: number): Promise<void> {
  await db.delete(vendorMemberships).where(oneMembership(vendor, userId));
}
