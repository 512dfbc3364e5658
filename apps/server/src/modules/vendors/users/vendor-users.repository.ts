import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, vendorMemberships } from '../../../db/schema';

export type MembershipRow = typeof vendorMemberships.$inferSelect;
export type NewMembershipRow = typeof vendorMemberships.$inferInsert;
export type UserRow = typeof users.$inferSelect;
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

/** The client file's users with their accounts, by last name. */
export async function listMemberships(
  db: Db,
  vendor: VendorRef,
): Promise<{ m: MembershipRow; u: UserRow }[]> {
  return db
    .select({ m: vendorMemberships, u: users })
    .from(vendorMemberships)
    .innerJoin(users, eq(users.id, vendorMemberships.userId))
    .where(ofVendor(vendor))
    .orderBy(asc(users.lastname), asc(users.id));
}

export async function findMembership(
  db: Db,
  vendor: VendorRef,
  userId: number,
): Promise<{ m: MembershipRow; u: UserRow } | undefined> {
  const [row] = await db
    .select({ m: vendorMemberships, u: users })
    .from(vendorMemberships)
    .innerJoin(users, eq(users.id, vendorMemberships.userId))
    .where(oneMembership(vendor, userId))
    .limit(1);
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

/** A client user's profile (the account is shared with their other client files). */
export async function updateUserProfile(db: Db, userId: number, values: Partial<UserRow>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function deleteMembership(db: Db, vendor: VendorRef, userId: number): Promise<void> {
  await db.delete(vendorMemberships).where(oneMembership(vendor, userId));
}
