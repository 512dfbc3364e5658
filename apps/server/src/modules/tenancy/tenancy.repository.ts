import { and, asc, eq, gt, inArray, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirmModules,
  accountingFirms,
  holdingMemberships,
  modules,
  users,
  vendorAssignments,
  vendorMemberships,
  vendorModules,
  vendors,
} from '../../db/schema';
import { escapeLike } from '../../platform/db-like';
import { preparedPerDatabase } from '../../platform/db-prepared';
import { placedBeyond } from './placement.sql';

export type ModuleRow = typeof modules.$inferSelect;

/** A client membership that gives access: accepted, and not past its end date. */
/** Joins a client membership to its client file (same firm, same id). */
const membershipsClientFile = and(
  eq(vendors.accountingFirmId, vendorMemberships.accountingFirmId),
  eq(vendors.id, vendorMemberships.vendorId),
);

const activeClientMembership = and(
  eq(vendorMemberships.pending, false),
  or(isNull(vendorMemberships.revokedAt), gt(vendorMemberships.revokedAt, sql`CURRENT_DATE`)),
);

/** The user's accepted membership of the firm in the row (left-joined: null when none). */
const acceptedMembershipOf = (userId: Placeholder | number) =>
  and(
    eq(accountingFirmMemberships.accountingFirmId, accountingFirms.id),
    eq(accountingFirmMemberships.userId, userId),
    // A pending invitation grants nothing until the person accepts it.
    eq(accountingFirmMemberships.pending, false),
  );

/** The user's administration of the holding of the firm in the row (left-joined). */
const holdingAdminOf = (userId: Placeholder | number) =>
  and(eq(holdingMemberships.holdingId, accountingFirms.holdingId), eq(holdingMemberships.userId, userId));

/** Whether the user is a client user of one of the active client files of the firm in the row. */
const clientOfFirm = (userId: Placeholder | number) =>
  sql<boolean>`exists (select 1 from ${vendorMemberships} join ${vendors} on ${membershipsClientFile}
    where ${vendorMemberships.accountingFirmId} = ${accountingFirms.id} and ${vendorMemberships.userId} = ${userId}
      and ${activeClientMembership} and ${vendors.status} = 'active')`;

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

export async function findFirm(db: Db, id: number) {
  const [row] = await db.select().from(accountingFirms).where(eq(accountingFirms.id, id)).limit(1);
  return row;
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

/** Active modules of a firm for an audience, by priority. */
const activeModulesOfFirm = preparedPerDatabase((db) =>
  db
    .select({ module: modules, audience: modules.audience })
    .from(accountingFirmModules)
    .innerJoin(modules, eq(modules.id, accountingFirmModules.moduleId))
    .where(
      and(
        eq(accountingFirmModules.accountingFirmId, sql.placeholder('firmId')),
        eq(accountingFirmModules.isActive, true),
        eq(modules.isActive, true),
      ),
    )
    .orderBy(asc(modules.priority), asc(modules.id))
    .prepare('firm_modules'),
);

export async function firmModules(db: Db, accountingFirmId: number, audience?: 'accountant' | 'client') {
  const rows = await activeModulesOfFirm(db).execute({ firmId: accountingFirmId });
  return rows
    .filter((r) => !audience || r.audience === audience || r.audience === 'both')
    .map((r) => r.module);
}

/**
 * The firm's active client modules with the client file's own setting of each: one round trip. A
 * client file that set none gets them all.
 */
const clientModulesOfVendor = preparedPerDatabase((db) => {
  const firmId = sql.placeholder('firmId');
  const vendorId = sql.placeholder('vendorId');
  return db
    .select({
      module: modules,
      enabled: vendorModules.isActive,
      vendorChose: sql<boolean>`exists (select 1 from ${vendorModules} where ${vendorModules.accountingFirmId} = ${firmId} and ${vendorModules.vendorId} = ${vendorId})`,
    })
    .from(accountingFirmModules)
    .innerJoin(modules, eq(modules.id, accountingFirmModules.moduleId))
    .leftJoin(
      vendorModules,
      and(
        eq(vendorModules.accountingFirmId, firmId),
        eq(vendorModules.vendorId, vendorId),
        eq(vendorModules.moduleId, modules.id),
      ),
    )
    .where(
      and(
        eq(accountingFirmModules.accountingFirmId, firmId),
        eq(accountingFirmModules.isActive, true),
        eq(modules.isActive, true),
        inArray(modules.audience, ['client', 'both']),
      ),
    )
    .orderBy(asc(modules.priority), asc(modules.id))
    .prepare('client_modules_of_vendor');
});

/** Modules a client user gets in one client file: the firm's client modules enabled for it. */
export async function vendorModulesFor(db: Db, accountingFirmId: number, vendorId: number) {
  const rows = await clientModulesOfVendor(db).execute({ firmId: accountingFirmId, vendorId });
  return rows.filter((r) => !r.vendorChose || r.enabled === true).map((r) => r.module);
}

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

/** Whether an accepted member of the firm sees all its client files (false for a non-member). */
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
