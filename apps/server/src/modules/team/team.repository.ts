import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  holdingMemberships,
  users,
  vendorAssignments,
  vendorMemberships,
  vendors,
} from '../../db/schema';
import { escapeLike } from '../../platform/db-like';

export type MembershipRow = typeof accountingFirmMemberships.$inferSelect;
export type NewMembership = typeof accountingFirmMemberships.$inferInsert;
export type AssignmentRow = { vendorId: number; readOnly: boolean };

const m = accountingFirmMemberships;

/** Number of client files assigned to the member (correlated on the membership row). */
const vendorCount =
  sql<number>`(select count(*) from ${vendorAssignments} where ${vendorAssignments.accountingFirmId} = ${m.accountingFirmId} and ${vendorAssignments.userId} = ${m.userId})`.mapWith(
    Number,
  );

/**
 * The names the firm sees: the account's, or while the invitation of an existing account is
 * pending, the ones the firm typed (nothing of the account shows, not even to a search).
 */
const shownName = (field: 'firstname' | 'lastname') =>
  sql<
    string | null
  >`case when ${m.pending} then ${m.invitedProfile}->>${sql.raw(`'${field}'`)} else ${users[field]} end`;
const shownFirstname = shownName('firstname');
const shownLastname = shownName('lastname');

const memberColumns = {
  userId: m.userId,
  accountingFirmId: m.accountingFirmId,
  role: m.role,
  isGroupAdmin: m.isGroupAdmin,
  allVendors: m.allVendors,
  readOnly: m.readOnly,
  pending: m.pending,
  email: users.email,
  firstname: shownFirstname,
  lastname: shownLastname,
  passwordHash: users.passwordHash,
  vendorCount,
};

export type MemberRow = {
  userId: number;
  accountingFirmId: number;
  role: MembershipRow['role'];
  isGroupAdmin: boolean;
  allVendors: boolean;
  readOnly: boolean;
  /** Invited with an existing account, not accepted yet. */
  pending: boolean;
  email: string;
  firstname: string | null;
  lastname: string | null;
  passwordHash: string | null;
  vendorCount: number;
};

/** The firm's members, sorted by last then first name; `assignedOnly`: those reaching a client file. */
export async function listMembers(
  db: Db,
  accountingFirmId: number,
  filter: { search?: string; assignedOnly?: boolean },
): Promise<MemberRow[]> {
  const filters: (SQL | undefined)[] = [eq(m.accountingFirmId, accountingFirmId)];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    filters.push(
      or(
        ilike(shownFirstname, pattern),
        ilike(shownLastname, pattern),
        ilike(users.email, pattern),
        ilike(sql`coalesce(${shownFirstname}, '') || ' ' || coalesce(${shownLastname}, '')`, pattern),
      ),
    );
  }
  if (filter.assignedOnly) {
    filters.push(
      or(
        eq(m.role, 'admin'),
        eq(m.allVendors, true),
        sql`exists (select 1 from ${vendorAssignments} where ${vendorAssignments.accountingFirmId} = ${m.accountingFirmId} and ${vendorAssignments.userId} = ${m.userId})`,
      ),
    );
  }
  return db
    .select(memberColumns)
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(...filters))
    .orderBy(asc(shownLastname), asc(shownFirstname), asc(users.id));
}

export async function findMember(
  db: Db,
  accountingFirmId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(eq(m.accountingFirmId, accountingFirmId), eq(m.userId, userId)))
    .limit(1);
  return row;
}

/** How many of these client file ids belong to the firm. */
export async function countFirmVendors(
  tx: Db,
  accountingFirmId: number,
  vendorIds: number[],
): Promise<number> {
  if (vendorIds.length === 0) return 0;
  const found = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.accountingFirmId, accountingFirmId), inArray(vendors.id, vendorIds)));
  return found.length;
}

export async function insertMembership(tx: Db, values: NewMembership): Promise<void> {
  await tx.insert(m).values(values);
}

export async function updateMembership(
  tx: Db,
  accountingFirmId: number,
  userId: number,
  changes: Partial<MembershipRow>,
): Promise<void> {
  await tx
    .update(m)
    .set(changes)
    .where(and(eq(m.accountingFirmId, accountingFirmId), eq(m.userId, userId)));
}

/** Deletes the membership; whether there was one. */
export async function deleteMembership(tx: Db, accountingFirmId: number, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(m)
    .where(and(eq(m.accountingFirmId, accountingFirmId), eq(m.userId, userId)))
    .returning({ userId: m.userId });
  return removed.length > 0;
}

/** The firm's administrators, their rows locked so that two concurrent demotions cannot both pass. */
export async function lockAdmins(tx: Db, accountingFirmId: number): Promise<number[]> {
  const admins = await tx
    .select({ userId: m.userId })
    .from(m)
    .where(and(eq(m.accountingFirmId, accountingFirmId), eq(m.role, 'admin')))
    .for('update');
  return admins.map((a) => a.userId);
}

export async function insertAssignments(
  tx: Db,
  accountingFirmId: number,
  userId: number,
  list: AssignmentRow[],
): Promise<void> {
  if (list.length === 0) return;
  await tx
    .insert(vendorAssignments)
    .values(list.map((a) => ({ accountingFirmId, userId, vendorId: a.vendorId, readOnly: a.readOnly })));
}

export async function deleteAssignments(tx: Db, accountingFirmId: number, userId: number): Promise<void> {
  await tx
    .delete(vendorAssignments)
    .where(
      and(eq(vendorAssignments.accountingFirmId, accountingFirmId), eq(vendorAssignments.userId, userId)),
    );
}

/**
 * Whether the user keeps any portal access: another firm, a client file, a holding, or the
 * platform (a super admin account is never offered for deletion).
 */
export async function hasOtherAccess(tx: Db, userId: number, accountingFirmId: number): Promise<boolean> {
  const [row] = await tx
    .select({
      access: sql<boolean>`${users.isSuperAdmin}
        or exists (select 1 from ${m} where ${m.userId} = ${users.id} and ${m.accountingFirmId} <> ${accountingFirmId})
        or exists (select 1 from ${vendorMemberships} where ${vendorMemberships.userId} = ${users.id})
        or exists (select 1 from ${holdingMemberships} where ${holdingMemberships.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.access);
}
