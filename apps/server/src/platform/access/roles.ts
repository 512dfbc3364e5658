import type { Role } from '@portal/contracts';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  holdingMemberships,
  vendorAssignments,
  vendorMemberships,
  vendors,
} from '../../db/schema';
import type { Actor } from '../auth/sessions';

export type Resource =
  | { kind: 'platform' }
  | { kind: 'holding'; holdingId: number }
  | { kind: 'firm'; accountingFirmId: number }
  | { kind: 'vendor'; vendorId: number };

/** The actor's roles relative to one resource, and whether all its access there is read-only. */
export type Grant = {
  roles: Role[];
  readOnly: boolean;
  accountingFirmId?: number;
  holdingId?: number | null;
};

const NONE: Grant = { roles: [], readOnly: false };

async function holdingAdminOf(db: Db, userId: number, holdingId: number | null): Promise<boolean> {
  if (holdingId === null) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(holdingMemberships)
    .where(and(eq(holdingMemberships.userId, userId), eq(holdingMemberships.holdingId, holdingId)))
    .limit(1);
  return Boolean(row);
}

function selectFirmGrant(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      holdingId: accountingFirms.holdingId,
      deactivatedAt: accountingFirms.deactivatedAt,
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

/** One round trip: the firm, the actor's membership in it, and their holding membership. */
async function firmGrant(db: Db, actor: Actor, accountingFirmId: number): Promise<Grant> {
  const [row] = await prepared(db).firm.execute({ userId: actor.userId, accountingFirmId });
  if (!row) return NONE;
  const roles: Role[] = [];
  if (actor.isSuperAdmin) roles.push('super_admin');
  // A deactivated portal is closed to everyone but the super admin until it is restored.
  if (row.deactivatedAt)
    return roles.length ? { roles, readOnly: false, accountingFirmId, holdingId: row.holdingId } : NONE;
  if (row.role) roles.push(row.role === 'admin' ? 'firm_admin' : 'firm_collaborator');
  if (row.isGroupAdmin) roles.push('group_admin');
  if (row.holdingAdmin !== null) roles.push('holding_admin');
  return { roles, readOnly: false, accountingFirmId, holdingId: row.holdingId };
}

function selectVendorGrant(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      accountingFirmId: vendors.accountingFirmId,
      status: vendors.status,
      firmDeactivatedAt: accountingFirms.deactivatedAt,
      firmRole: accountingFirmMemberships.role,
      isGroupAdmin: accountingFirmMemberships.isGroupAdmin,
      allVendors: accountingFirmMemberships.allVendors,
      membershipReadOnly: accountingFirmMemberships.readOnly,
      assigned: vendorAssignments.userId,
      assignmentReadOnly: vendorAssignments.readOnly,
      clientRole: vendorMemberships.role,
    })
    .from(vendors)
    .innerJoin(accountingFirms, eq(accountingFirms.id, vendors.accountingFirmId))
    .leftJoin(
      accountingFirmMemberships,
      and(
        eq(accountingFirmMemberships.accountingFirmId, vendors.accountingFirmId),
        eq(accountingFirmMemberships.userId, userId),
      ),
    )
    .leftJoin(
      vendorAssignments,
      and(
        eq(vendorAssignments.accountingFirmId, vendors.accountingFirmId),
        eq(vendorAssignments.vendorId, vendors.id),
        eq(vendorAssignments.userId, userId),
      ),
    )
    .leftJoin(
      vendorMemberships,
      and(
        eq(vendorMemberships.accountingFirmId, vendors.accountingFirmId),
        eq(vendorMemberships.vendorId, vendors.id),
        eq(vendorMemberships.userId, userId),
        or(isNull(vendorMemberships.revokedAt), gt(vendorMemberships.revokedAt, sql`CURRENT_DATE`)),
      ),
    )
    .where(eq(vendors.id, sql.placeholder('vendorId')))
    .limit(1)
    .prepare('grant_on_vendor');
}

/** Grant queries run on almost every request: prepared once per database. */
const preparedGrants = new WeakMap<
  Db,
  { firm: ReturnType<typeof selectFirmGrant>; vendor: ReturnType<typeof selectVendorGrant> }
>();
function prepared(db: Db) {
  let queries = preparedGrants.get(db);
  if (!queries) {
    queries = { firm: selectFirmGrant(db), vendor: selectVendorGrant(db) };
    preparedGrants.set(db, queries);
  }
  return queries;
}

/**
 * One round trip: the client file, the actor's firm membership, assignment and (unexpired)
 * client membership there.
 */
async function vendorGrant(db: Db, actor: Actor, vendorId: number): Promise<Grant> {
  const [row] = await prepared(db).vendor.execute({ userId: actor.userId, vendorId });
  if (!row || row.firmDeactivatedAt) return NONE;
  const roles: Role[] = [];
  let readOnly = true;
  if (row.firmRole === 'admin') {
    roles.push('firm_admin');
    readOnly = false;
  } else if (row.firmRole && (row.assigned !== null || row.allVendors)) {
    roles.push('firm_collaborator');
    readOnly = row.assigned !== null ? Boolean(row.assignmentReadOnly) : Boolean(row.membershipReadOnly);
  }
  if (row.isGroupAdmin) roles.push('group_admin');
  // A deactivated client file is closed to its client users until it is restored.
  if (row.clientRole && row.status === 'active') {
    roles.push(`vendor_${row.clientRole}`);
    if (row.clientRole !== 'guest') readOnly = false;
  }
  if (roles.length === 0) return NONE;
  return { roles, readOnly, accountingFirmId: row.accountingFirmId };
}

/** Loads the actor's grant on a resource from the database. */
export async function grantFor(db: Db, actor: Actor, resource: Resource): Promise<Grant> {
  switch (resource.kind) {
    case 'platform':
      return { roles: actor.isSuperAdmin ? ['super_admin'] : [], readOnly: false };
    case 'holding': {
      const roles: Role[] = [];
      if (await holdingAdminOf(db, actor.userId, resource.holdingId)) roles.push('holding_admin');
      const [groupAdmin] = await db
        .select({ one: sql`1` })
        .from(accountingFirmMemberships)
        .innerJoin(accountingFirms, eq(accountingFirms.id, accountingFirmMemberships.accountingFirmId))
        .where(
          and(
            eq(accountingFirmMemberships.userId, actor.userId),
            eq(accountingFirmMemberships.isGroupAdmin, true),
            eq(accountingFirms.holdingId, resource.holdingId),
          ),
        )
        .limit(1);
      if (groupAdmin) roles.push('group_admin');
      if (actor.isSuperAdmin) roles.push('super_admin');
      return { roles, readOnly: false, holdingId: resource.holdingId };
    }
    case 'firm':
      return firmGrant(db, actor, resource.accountingFirmId);
    case 'vendor':
      return vendorGrant(db, actor, resource.vendorId);
  }
}
