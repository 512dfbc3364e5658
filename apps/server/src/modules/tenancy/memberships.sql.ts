import { and, eq, gt, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import {
  accountingFirmMemberships,
  accountingFirms,
  holdingMemberships,
  vendorMemberships,
  vendors,
} from '../../db/schema';

/** Conditions on a person's places (team, client file, holding) shared by the tenancy repositories. */

/** Joins a client membership to its client file (same firm, same id). */
export const membershipsClientFile = and(
  eq(vendors.accountingFirmId, vendorMemberships.accountingFirmId),
  eq(vendors.id, vendorMemberships.vendorId),
);

/** A client membership that gives access: accepted, and not past its end date. */
export const activeClientMembership = and(
  eq(vendorMemberships.pending, false),
  or(isNull(vendorMemberships.revokedAt), gt(vendorMemberships.revokedAt, sql`CURRENT_DATE`)),
);

/** The user's accepted membership of the firm in the row (left-joined: null when none). */
export const acceptedMembershipOf = (userId: Placeholder | number) =>
  and(
    eq(accountingFirmMemberships.accountingFirmId, accountingFirms.id),
    eq(accountingFirmMemberships.userId, userId),
    // A pending invitation grants nothing until the person accepts it.
    eq(accountingFirmMemberships.pending, false),
  );

/** The user's administration of the holding of the firm in the row (left-joined). */
export const holdingAdminOf = (userId: Placeholder | number) =>
  and(eq(holdingMemberships.holdingId, accountingFirms.holdingId), eq(holdingMemberships.userId, userId));

/** Whether the user is a client user of one of the active client files of the firm in the row. */
export const clientOfFirm = (userId: Placeholder | number) =>
  sql<boolean>`exists (select 1 from ${vendorMemberships} join ${vendors} on ${membershipsClientFile}
    where ${vendorMemberships.accountingFirmId} = ${accountingFirms.id} and ${vendorMemberships.userId} = ${userId}
      and ${activeClientMembership} and ${vendors.status} = 'active')`;
