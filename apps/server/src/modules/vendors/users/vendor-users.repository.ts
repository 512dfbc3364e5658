import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { vendorMemberships } from '../../../db/schema';

export type MembershipRow = typeof vendorMemberships.$inferSelect;
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

/** The client file's memberships (the people come from identity). */
export async function listMemberships(db: Db, vendor: VendorRef): Promise<MembershipRow[]> {
  return db.select().from(vendorMemberships).where(ofVendor(vendor));
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
