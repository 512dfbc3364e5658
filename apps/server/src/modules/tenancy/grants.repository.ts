import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  holdingMemberships,
  vendorAssignments,
  vendorMemberships,
  vendors,
} from '../../db/schema';
import { escapeLike } from '../../platform/db-like';
import { preparedPerDatabase } from '../../platform/db-prepared';
import {
  acceptedMembershipOf,
  activeClientMembership,
  clientOfFirm,
  holdingAdminOf,
  membershipsClientFile,
} from './memberships.sql';

/**
 * What a person reaches and with which roles: the grant rows of a firm and a holding (asked on
 * almost every request), and the firms and client files listed for them.
 */

function prepareFirmGrant(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      holdingId: accountingFirms.holdingId,
      deactivatedAt: accountingFirms.deactivatedAt,
      role: accountingFirmMemberships.role,
      isGroupAdmin: accountingFirmMemberships.isGroupAdmin,
      allVendors: accountingFirmMemberships.allVendors,
      holdingAdmin: holdingMemberships.userId,
      // A client user of one of the firm's active client files.
      isClient: clientOfFirm(userId),
    })
    .from(accountingFirms)
    .leftJoin(accountingFirmMemberships, acceptedMembershipOf(userId))
    .leftJoin(holdingMemberships, holdingAdminOf(userId))
    .where(eq(accountingFirms.id, sql.placeholder('accountingFirmId')))
    .limit(1)
    .prepare('grant_on_firm');
}

const firmGrantQueries = preparedPerDatabase(prepareFirmGrant);

/**
 * Runs on almost every request, so prepared once per database: the firm, the user's membership
 * in it, and their holding membership, in one round trip.
 */
export async function firmGrantRow(db: Db, userId: number, accountingFirmId: number) {
  const [row] = await firmGrantQueries(db).execute({ userId, accountingFirmId });
  return row;
}

/** Whether the user administers the holding, and whether they are group admin of one of its firms. */
export async function holdingRoles(db: Db, userId: number, holdingId: number) {
  const [admin] = await db
    .select({ one: sql`1` })
    .from(holdingMemberships)
    .where(and(eq(holdingMemberships.userId, userId), eq(holdingMemberships.holdingId, holdingId)))
    .limit(1);
  const [groupAdmin] = await db
    .select({ one: sql`1` })
    .from(accountingFirmMemberships)
    .innerJoin(accountingFirms, eq(accountingFirms.id, accountingFirmMemberships.accountingFirmId))
    .where(
      and(
        eq(accountingFirmMemberships.userId, userId),
        eq(accountingFirmMemberships.isGroupAdmin, true),
        eq(accountingFirmMemberships.pending, false),
        eq(accountingFirms.holdingId, holdingId),
      ),
    )
    .limit(1);
  return { holdingAdmin: Boolean(admin), groupAdmin: Boolean(groupAdmin) };
}

/** The user's accepted firm memberships (a pending invitation gives nothing). */
export async function firmMemberships(db: Db, userId: number) {
  return db
    .select()
    .from(accountingFirmMemberships)
    .where(and(eq(accountingFirmMemberships.userId, userId), eq(accountingFirmMemberships.pending, false)));
}

/** Firms where the user is a client user of at least one active client file. */
export async function firmIdsAsClient(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: vendorMemberships.accountingFirmId })
    .from(vendorMemberships)
    .innerJoin(vendors, membershipsClientFile)
    .where(and(eq(vendorMemberships.userId, userId), activeClientMembership, eq(vendors.status, 'active')));
  return rows.map((r) => r.id);
}

const firmsOfUserQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      // Only what the list shows: a firm row's other columns (three timestamps) cost their parsing.
      firm: {
        id: accountingFirms.id,
        name: accountingFirms.name,
        domain: accountingFirms.domain,
        holdingId: accountingFirms.holdingId,
      },
      role: accountingFirmMemberships.role,
      isGroupAdmin: accountingFirmMemberships.isGroupAdmin,
      holdingAdmin: holdingMemberships.userId,
    })
    .from(accountingFirms)
    .leftJoin(accountingFirmMemberships, acceptedMembershipOf(userId))
    .leftJoin(holdingMemberships, holdingAdminOf(userId))
    .where(
      and(
        isNull(accountingFirms.deactivatedAt),
        or(
          sql`${sql.placeholder('all')}::boolean`,
          sql`${accountingFirmMemberships.userId} is not null`,
          sql`${holdingMemberships.userId} is not null`,
          clientOfFirm(userId),
        ),
      ),
    )
    .orderBy(asc(accountingFirms.name))
    .prepare('firms_of_user');
});

/**
 * The active firms a user works in (member, client user of an active client file, administrator
 * of their holding; every one for the super admin), with their relation: one prepared round trip.
 */
export async function firmsOfUser(db: Db, userId: number, all: boolean) {
  return firmsOfUserQuery(db).execute({ userId, all });
}

type VendorFilter = { accountingFirmId: number; search?: string };

const vendorColumns = {
  id: vendors.id,
  accountingFirmId: vendors.accountingFirmId,
  company: vendors.company,
  corporateName: vendors.corporateName,
  clientCode: vendors.clientCode,
  siret: vendors.siret,
  status: vendors.status,
};

/**
 * The client files a user reaches in one firm, with how: as a member who sees them all (admin or
 * "all client files"), through an assignment, or as a client user of an active one. One prepared
 * round trip: the ids the three sources reach, then those client files by key.
 */
const vendorsOfUserQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder('userId');
  const firmId = sql.placeholder('firmId');
  const pattern = sql.placeholder('pattern');
  const m = accountingFirmMemberships;
  const a = vendorAssignments;
  const c = vendorMemberships;
  return db
    .select({
      ...vendorColumns,
      memberRole: m.role,
      memberSeesAll: m.allVendors,
      memberReadOnly: m.readOnly,
      assignedReadOnly: a.readOnly,
      clientRole: c.role,
    })
    .from(vendors)
    .leftJoin(
      m,
      and(eq(m.accountingFirmId, vendors.accountingFirmId), eq(m.userId, userId), eq(m.pending, false)),
    )
    .leftJoin(
      a,
      and(
        eq(a.accountingFirmId, vendors.accountingFirmId),
        eq(a.vendorId, vendors.id),
        eq(a.userId, userId),
        sql`${m.userId} is not null`,
      ),
    )
    .leftJoin(
      c,
      and(
        eq(c.accountingFirmId, vendors.accountingFirmId),
        eq(c.vendorId, vendors.id),
        eq(c.userId, userId),
        activeClientMembership,
        eq(vendors.status, 'active'),
      ),
    )
    .where(
      and(
        eq(vendors.accountingFirmId, firmId),
        // `= any(array(...))`: the reached ids are computed first, then looked up by key (an `in`
        // let the planner scan every client file of the firm).
        sql`${vendors.id} = any(array(
          select ${vendors.id} from ${vendors} where ${vendors.accountingFirmId} = ${firmId}
            and exists (select 1 from ${m} where ${m.accountingFirmId} = ${firmId} and ${m.userId} = ${userId}
              and not ${m.pending} and (${m.role} = 'admin' or ${m.allVendors}))
          union all
          select ${a.vendorId} from ${a} where ${a.accountingFirmId} = ${firmId} and ${a.userId} = ${userId}
          union all
          select ${c.vendorId} from ${c} where ${c.accountingFirmId} = ${firmId} and ${c.userId} = ${userId}))`,
        or(sql`${m.userId} is not null`, sql`${c.userId} is not null`),
        sql`(${pattern}::text is null or ${vendors.company} ilike ${pattern} or ${vendors.clientCode} ilike ${pattern} or ${vendors.siret} ilike ${pattern})`,
      ),
    )
    .prepare('vendors_of_user');
});

export type VendorOfUserRow = Awaited<ReturnType<ReturnType<typeof vendorsOfUserQuery>['execute']>>[number];

/**
 * Every client file the user reaches in the firm (see `vendorsOfUserQuery`); the caller decides
 * the role each row gives. Deactivated ones come only through the firm side.
 */
export async function vendorsOfUser(
  db: Db,
  userId: number,
  filter: VendorFilter,
): Promise<VendorOfUserRow[]> {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return vendorsOfUserQuery(db).execute({ userId, firmId: filter.accountingFirmId, pattern });
}

/** The client files assigned to a member in a firm, by name. */
export async function assignedVendors(db: Db, userId: number, accountingFirmId: number) {
  return db
    .select({ ...vendorColumns, readOnly: vendorAssignments.readOnly })
    .from(vendorAssignments)
    .innerJoin(
      vendors,
      and(
        eq(vendors.accountingFirmId, vendorAssignments.accountingFirmId),
        eq(vendors.id, vendorAssignments.vendorId),
      ),
    )
    .where(
      and(eq(vendorAssignments.accountingFirmId, accountingFirmId), eq(vendorAssignments.userId, userId)),
    )
    .orderBy(asc(vendors.company), asc(vendors.id));
}
