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

async function firmGrant(db: Db, actor: Actor, accountingFirmId: number): Promise<Grant> {
  const [firm] = await db
    .select({ id: accountingFirms.id, holdingId: accountingFirms.holdingId })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, accountingFirmId))
    .limit(1);
  if (!firm) return NONE;
  const roles: Role[] = [];
  if (actor.isSuperAdmin) roles.push('super_admin');
  const [membership] = await db
    .select()
    .from(accountingFirmMemberships)
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirmId),
        eq(accountingFirmMemberships.userId, actor.userId),
      ),
    )
    .limit(1);
  if (membership) {
    roles.push(membership.role === 'admin' ? 'firm_admin' : 'firm_collaborator');
    if (membership.isGroupAdmin) roles.push('group_admin');
  }
  if (await holdingAdminOf(db, actor.userId, firm.holdingId)) roles.push('holding_admin');
  return { roles, readOnly: false, accountingFirmId, holdingId: firm.holdingId };
}

async function vendorGrant(db: Db, actor: Actor, vendorId: number): Promise<Grant> {
  const [vendor] = await db
    .select({ accountingFirmId: vendors.accountingFirmId, status: vendors.status })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  if (!vendor) return NONE;
  const firmId = vendor.accountingFirmId;
  const roles: Role[] = [];
  let readOnly = true;
  const [membership] = await db
    .select()
    .from(accountingFirmMemberships)
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, firmId),
        eq(accountingFirmMemberships.userId, actor.userId),
      ),
    )
    .limit(1);
  if (membership?.role === 'admin') {
    roles.push('firm_admin');
    readOnly = false;
  } else if (membership) {
    const [assignment] = await db
      .select({ readOnly: vendorAssignments.readOnly })
      .from(vendorAssignments)
      .where(
        and(
          eq(vendorAssignments.accountingFirmId, firmId),
          eq(vendorAssignments.vendorId, vendorId),
          eq(vendorAssignments.userId, actor.userId),
        ),
      )
      .limit(1);
    if (assignment || membership.allVendors) {
      roles.push('firm_collaborator');
      readOnly = assignment ? assignment.readOnly : membership.readOnly;
    }
  }
  if (membership?.isGroupAdmin) roles.push('group_admin');
  const [clientMembership] = await db
    .select({ role: vendorMemberships.role })
    .from(vendorMemberships)
    .where(
      and(
        eq(vendorMemberships.accountingFirmId, firmId),
        eq(vendorMemberships.vendorId, vendorId),
        eq(vendorMemberships.userId, actor.userId),
        or(isNull(vendorMemberships.revokedAt), gt(vendorMemberships.revokedAt, sql`CURRENT_DATE`)),
      ),
    )
    .limit(1);
  // A deactivated client file is closed to its client users until it is restored.
  if (clientMembership && vendor.status === 'active') {
    roles.push(`vendor_${clientMembership.role}`);
    if (clientMembership.role !== 'guest') readOnly = false;
  }
  if (roles.length === 0) return NONE;
  return { roles, readOnly, accountingFirmId: firmId };
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
