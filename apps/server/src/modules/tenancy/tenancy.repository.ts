import { and, asc, eq, exists, gt, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirmModules,
  accountingFirms,
  holdingMemberships,
  modules,
  vendorAssignments,
  vendorMemberships,
  vendorModules,
  vendors,
} from '../../db/schema';
import { escapeLike } from '../../platform/db-like';
import { preparedPerDatabase } from '../../platform/db-prepared';

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
      firm: accountingFirms,
      role: accountingFirmMemberships.role,
      isGroupAdmin: accountingFirmMemberships.isGroupAdmin,
      holdingAdmin: holdingMemberships.userId,
    })
    .from(accountingFirms)
    .leftJoin(
      accountingFirmMemberships,
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirms.id),
        eq(accountingFirmMemberships.userId, userId),
        eq(accountingFirmMemberships.pending, false),
      ),
    )
    .leftJoin(
      holdingMemberships,
      and(eq(holdingMemberships.holdingId, accountingFirms.holdingId), eq(holdingMemberships.userId, userId)),
    )
    .where(
      and(
        isNull(accountingFirms.deactivatedAt),
        or(
          sql`${sql.placeholder('all')}::boolean`,
          sql`${accountingFirmMemberships.userId} is not null`,
          sql`${holdingMemberships.userId} is not null`,
          exists(
            db
              .select({ one: sql`1` })
              .from(vendorMemberships)
              .innerJoin(vendors, membershipsClientFile)
              .where(
                and(
                  eq(vendorMemberships.accountingFirmId, accountingFirms.id),
                  eq(vendorMemberships.userId, userId),
                  activeClientMembership,
                  eq(vendors.status, 'active'),
                ),
              ),
          ),
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

const searchCondition = (search?: string) => {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(vendors.company, pattern),
    ilike(vendors.clientCode, pattern),
    ilike(vendors.siret, pattern),
  );
};

const vendorColumns = {
  id: vendors.id,
  accountingFirmId: vendors.accountingFirmId,
  company: vendors.company,
  corporateName: vendors.corporateName,
  clientCode: vendors.clientCode,
  siret: vendors.siret,
  status: vendors.status,
};

/** Every client file of the firm, deactivated ones included (accountants can open and restore them). */
export async function allFirmVendors(db: Db, filter: VendorFilter) {
  return db
    .select(vendorColumns)
    .from(vendors)
    .where(and(eq(vendors.accountingFirmId, filter.accountingFirmId), searchCondition(filter.search)))
    .orderBy(asc(vendors.company), asc(vendors.id));
}

export async function assignedVendors(db: Db, userId: number, filter: VendorFilter) {
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
      and(
        eq(vendorAssignments.accountingFirmId, filter.accountingFirmId),
        eq(vendorAssignments.userId, userId),
        searchCondition(filter.search),
      ),
    )
    .orderBy(asc(vendors.company), asc(vendors.id));
}

export async function clientVendors(db: Db, userId: number, filter: VendorFilter) {
  return db
    .select({ ...vendorColumns, role: vendorMemberships.role })
    .from(vendorMemberships)
    .innerJoin(vendors, membershipsClientFile)
    .where(
      and(
        eq(vendorMemberships.accountingFirmId, filter.accountingFirmId),
        eq(vendorMemberships.userId, userId),
        activeClientMembership,
        eq(vendors.status, 'active'),
        searchCondition(filter.search),
      ),
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

const modulesOfVendor = preparedPerDatabase((db) =>
  db
    .select({ moduleId: vendorModules.moduleId, isActive: vendorModules.isActive })
    .from(vendorModules)
    .where(
      and(
        eq(vendorModules.accountingFirmId, sql.placeholder('firmId')),
        eq(vendorModules.vendorId, sql.placeholder('vendorId')),
      ),
    )
    .prepare('vendor_modules'),
);

/** Modules a client user gets in one client file: the firm's client modules enabled for it. */
export async function vendorModulesFor(db: Db, accountingFirmId: number, vendorId: number) {
  const [enabled, firm] = await Promise.all([
    modulesOfVendor(db).execute({ firmId: accountingFirmId, vendorId }),
    firmModules(db, accountingFirmId, 'client'),
  ]);
  if (enabled.length === 0) return firm;
  const active = new Set(enabled.filter((e) => e.isActive).map((e) => e.moduleId));
  return firm.filter((m) => active.has(m.id));
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

function prepareFirmGrant(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      holdingId: accountingFirms.holdingId,
      deactivatedAt: accountingFirms.deactivatedAt,
      role: accountingFirmMemberships.role,
      isGroupAdmin: accountingFirmMemberships.isGroupAdmin,
      holdingAdmin: holdingMemberships.userId,
      // A client user of one of the firm's active client files.
      isClient: sql<boolean>`exists (select 1 from ${vendorMemberships} join ${vendors} on ${vendors.accountingFirmId} = ${vendorMemberships.accountingFirmId} and ${vendors.id} = ${vendorMemberships.vendorId} where ${vendorMemberships.accountingFirmId} = ${accountingFirms.id} and ${vendorMemberships.userId} = ${userId} and ${vendorMemberships.pending} = false and ${vendors.status} = 'active' and (${vendorMemberships.revokedAt} is null or ${vendorMemberships.revokedAt} > current_date))`,
    })
    .from(accountingFirms)
    .leftJoin(
      accountingFirmMemberships,
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirms.id),
        eq(accountingFirmMemberships.userId, userId),
        // A pending invitation grants nothing until the person accepts it.
        eq(accountingFirmMemberships.pending, false),
      ),
    )
    .leftJoin(
      holdingMemberships,
      and(eq(holdingMemberships.holdingId, accountingFirms.holdingId), eq(holdingMemberships.userId, userId)),
    )
    .where(eq(accountingFirms.id, sql.placeholder('accountingFirmId')))
    .limit(1)
    .prepare('grant_on_firm');
}

const firmGrantQueries = new WeakMap<Db, ReturnType<typeof prepareFirmGrant>>();

/**
 * Runs on almost every request, so prepared once per database: the firm, the user's membership
 * in it, and their holding membership, in one round trip.
 */
export async function firmGrantRow(db: Db, userId: number, accountingFirmId: number) {
  let query = firmGrantQueries.get(db);
  if (!query) {
    query = prepareFirmGrant(db);
    firmGrantQueries.set(db, query);
  }
  const [row] = await query.execute({ userId, accountingFirmId });
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
export async function memberSeesAllVendors(db: Db, accountingFirmId: number, userId: number) {
  const [membership] = await db
    .select({ allVendors: accountingFirmMemberships.allVendors })
    .from(accountingFirmMemberships)
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirmId),
        eq(accountingFirmMemberships.userId, userId),
        eq(accountingFirmMemberships.pending, false),
      ),
    );
  return Boolean(membership?.allVendors);
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
  const ids = inArray(accountingFirmMemberships.userId, userIds);
  const firms = await db
    .selectDistinct({ userId: accountingFirmMemberships.userId })
    .from(accountingFirmMemberships)
    .where(
      scope.vendorId === undefined
        ? and(ids, ne(accountingFirmMemberships.accountingFirmId, scope.accountingFirmId))
        : ids,
    );
  const clients = await db
    .selectDistinct({ userId: vendorMemberships.userId })
    .from(vendorMemberships)
    .where(
      and(
        inArray(vendorMemberships.userId, userIds),
        scope.vendorId === undefined
          ? ne(vendorMemberships.accountingFirmId, scope.accountingFirmId)
          : or(
              ne(vendorMemberships.accountingFirmId, scope.accountingFirmId),
              ne(vendorMemberships.vendorId, scope.vendorId),
            ),
      ),
    );
  const holdings = await db
    .selectDistinct({ userId: holdingMemberships.userId })
    .from(holdingMemberships)
    .where(inArray(holdingMemberships.userId, userIds));
  return [...new Set([...firms, ...clients, ...holdings].map((r) => r.userId))];
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
