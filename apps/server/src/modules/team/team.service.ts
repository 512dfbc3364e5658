import type {
  InviteMemberRequest,
  ListMembersQuery,
  Member,
  MemberDetail,
  UpdateMemberRequest,
} from '@portal/contracts';
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  holdingMemberships,
  users,
  vendorAssignments,
  vendorMemberships,
  vendors,
} from '../../db/schema';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { escapeLike } from '../../platform/db-like';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { findOrCreateUser, sendInvitation } from '../identity/identity.service';
import { relationsToFirm } from '../tenancy/tenancy.service';

type AssignmentInput = InviteMemberRequest['assignments'];
type MembershipRow = typeof accountingFirmMemberships.$inferSelect;

const m = accountingFirmMemberships;

/** Number of client files assigned to the member (correlated on the membership row). */
const vendorCount =
  sql<number>`(select count(*) from ${vendorAssignments} where ${vendorAssignments.accountingFirmId} = ${m.accountingFirmId} and ${vendorAssignments.userId} = ${m.userId})`.mapWith(
    Number,
  );

const memberColumns = {
  userId: m.userId,
  accountingFirmId: m.accountingFirmId,
  role: m.role,
  isGroupAdmin: m.isGroupAdmin,
  allVendors: m.allVendors,
  readOnly: m.readOnly,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  passwordHash: users.passwordHash,
  vendorCount,
};
type MemberRow = {
  userId: number;
  accountingFirmId: number;
  role: MembershipRow['role'];
  isGroupAdmin: boolean;
  allVendors: boolean;
  readOnly: boolean;
  email: string;
  firstname: string | null;
  lastname: string | null;
  passwordHash: string | null;
  vendorCount: number;
};

function toMember(row: MemberRow): Member {
  return {
    user_id: row.userId,
    accounting_firm_id: row.accountingFirmId,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    role: row.role,
    is_group_admin: row.isGroupAdmin,
    all_vendors: row.allVendors,
    read_only: row.readOnly,
    vendor_count: row.vendorCount,
    invitation_pending: !row.passwordHash,
  };
}

const firmScope = (accountingFirmId: number) => ({ kind: 'firm' as const, accountingFirmId });

/** The firm's team, sorted by last then first name; a collaborator may read it too. */
export async function listMembers(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  query: ListMembersQuery,
): Promise<Member[]> {
  await ctx.access.authorize(actor, 'firm.team.read', firmScope(accountingFirmId));
  const filters: (SQL | undefined)[] = [eq(m.accountingFirmId, accountingFirmId)];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filters.push(
      or(
        ilike(users.firstname, pattern),
        ilike(users.lastname, pattern),
        ilike(users.email, pattern),
        ilike(sql`coalesce(${users.firstname}, '') || ' ' || coalesce(${users.lastname}, '')`, pattern),
      ),
    );
  }
  if (query.assigned_only) {
    // The collaborator matrix: a member shows once they reach at least one client file.
    filters.push(
      or(
        eq(m.role, 'admin'),
        eq(m.allVendors, true),
        sql`exists (select 1 from ${vendorAssignments} where ${vendorAssignments.accountingFirmId} = ${m.accountingFirmId} and ${vendorAssignments.userId} = ${m.userId})`,
      ),
    );
  }
  const rows = await ctx.db
    .select(memberColumns)
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(...filters))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
  return rows.map(toMember);
}

/** One member with their assignments; 404 when the user is not a member of this firm. */
async function memberDetail(db: Db, accountingFirmId: number, userId: number): Promise<MemberDetail> {
  const [row] = await db
    .select(memberColumns)
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(eq(m.accountingFirmId, accountingFirmId), eq(m.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('not-found');
  const assignments = await db
    .select({
      vendor_id: vendors.id,
      company: vendors.company,
      client_code: vendors.clientCode,
      read_only: vendorAssignments.readOnly,
    })
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
  return {
    ...toMember(row),
    assignments,
    last_access: !(await hasOtherAccess(db, userId, accountingFirmId)),
  };
}

export async function getMember(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  userId: number,
): Promise<MemberDetail> {
  await ctx.access.authorize(actor, 'firm.team.read', firmScope(accountingFirmId));
  return memberDetail(ctx.db, accountingFirmId, userId);
}

/** Keeps one entry per client file (the last one given wins). */
function uniqueAssignments(assignments: AssignmentInput): AssignmentInput {
  return [...new Map(assignments.map((a) => [a.vendor_id, a])).values()];
}

/** Whether every client file id belongs to the firm. */
async function allVendorsOfFirm(tx: Db, accountingFirmId: number, vendorIds: number[]): Promise<boolean> {
  if (vendorIds.length === 0) return true;
  const found = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.accountingFirmId, accountingFirmId), inArray(vendors.id, vendorIds)));
  return found.length === vendorIds.length;
}

async function insertAssignments(tx: Db, accountingFirmId: number, userId: number, list: AssignmentInput) {
  if (list.length === 0) return;
  await tx
    .insert(vendorAssignments)
    .values(list.map((a) => ({ accountingFirmId, userId, vendorId: a.vendor_id, readOnly: a.read_only })));
}

/**
 * Adds a member to the firm, creating the account (without password) when the email is new. The
 * invitation (create-password link) leaves after the commit, for any account without a password.
 * A client user of one of the firm's client files cannot become a member.
 */
export async function inviteMember(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: InviteMemberRequest,
): Promise<MemberDetail> {
  await ctx.access.authorize(actor, 'firm.team.manage', firmScope(accountingFirmId));
  const assignments = uniqueAssignments(input.assignments);
  let added: { userId: number; invite: boolean };
  try {
    added = await ctx.db.transaction(async (tx) => {
      const user = await findOrCreateUser(tx, input);
      const relations = await relationsToFirm(tx, accountingFirmId, user.userId);
      if (relations.member) throw fieldError('teammate-already-in-team', 'email');
      if (relations.clientVendorIds.length) throw fieldError('user-vendor-already-accountant', 'email');
      if (
        !(await allVendorsOfFirm(
          tx,
          accountingFirmId,
          assignments.map((a) => a.vendor_id),
        ))
      ) {
        throw fieldError('validation-failed', 'assignments', 'invalid-id');
      }
      await tx.insert(m).values({
        accountingFirmId,
        userId: user.userId,
        role: input.role,
        isGroupAdmin: input.is_group_admin,
        allVendors: input.all_vendors,
        readOnly: input.read_only,
      });
      await insertAssignments(tx, accountingFirmId, user.userId, assignments);
      return user;
    });
  } catch (error) {
    // Two invitations of the same person at once: the second meets the first's rows.
    if (uniqueViolation(error) !== null) throw fieldError('teammate-already-in-team', 'email');
    throw error;
  }
  if (added.invite) await sendInvitation(ctx, added.userId, accountingFirmId);
  return memberDetail(ctx.db, accountingFirmId, added.userId);
}

/** Fails when demoting `userId` would leave the firm without an administrator. */
async function keepOneAdmin(tx: Db, accountingFirmId: number, userId: number) {
  // Locks the firm's admin rows so that two concurrent demotions cannot both pass.
  const admins = await tx
    .select({ userId: m.userId })
    .from(m)
    .where(and(eq(m.accountingFirmId, accountingFirmId), eq(m.role, 'admin')))
    .for('update');
  if (admins.some((a) => a.userId === userId) && admins.length <= 1) {
    throw fieldError('validation-failed', 'role', 'last-admin');
  }
}

/** Changes a member's role and access; the firm keeps at least one administrator. */
export async function updateMember(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  userId: number,
  input: UpdateMemberRequest,
): Promise<MemberDetail> {
  await ctx.access.authorize(actor, 'firm.team.manage', firmScope(accountingFirmId));
  await memberDetail(ctx.db, accountingFirmId, userId);
  const changes: Partial<MembershipRow> = {};
  if (input.role !== undefined) changes.role = input.role;
  if (input.all_vendors !== undefined) changes.allVendors = input.all_vendors;
  if (input.read_only !== undefined) changes.readOnly = input.read_only;
  if (input.is_group_admin !== undefined) changes.isGroupAdmin = input.is_group_admin;
  if (Object.keys(changes).length) {
    await ctx.db.transaction(async (tx) => {
      if (changes.role === 'collaborator') await keepOneAdmin(tx, accountingFirmId, userId);
      await tx
        .update(m)
        .set(changes)
        .where(and(eq(m.accountingFirmId, accountingFirmId), eq(m.userId, userId)));
    });
  }
  return memberDetail(ctx.db, accountingFirmId, userId);
}

/** Replaces the member's client file assignments at once (404 for a client file of another firm). */
export async function setAssignments(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  userId: number,
  input: { assignments: AssignmentInput },
): Promise<MemberDetail> {
  await ctx.access.authorize(actor, 'firm.team.manage', firmScope(accountingFirmId));
  await memberDetail(ctx.db, accountingFirmId, userId);
  const assignments = uniqueAssignments(input.assignments);
  await ctx.db.transaction(async (tx) => {
    const vendorIds = assignments.map((a) => a.vendor_id);
    if (!(await allVendorsOfFirm(tx, accountingFirmId, vendorIds))) throw new AppError('not-found');
    await tx
      .delete(vendorAssignments)
      .where(
        and(eq(vendorAssignments.accountingFirmId, accountingFirmId), eq(vendorAssignments.userId, userId)),
      );
    await insertAssignments(tx, accountingFirmId, userId, assignments);
  });
  return memberDetail(ctx.db, accountingFirmId, userId);
}

/**
 * Whether the user keeps any portal access: another firm, a client file, a holding, or the
 * platform (a super admin account is never offered for deletion).
 */
async function hasOtherAccess(tx: Db, userId: number, accountingFirmId: number): Promise<boolean> {
  const [user] = await tx
    .select({ isSuperAdmin: users.isSuperAdmin })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.isSuperAdmin) return true;
  const [firm] = await tx
    .select({ one: sql`1` })
    .from(m)
    .where(and(eq(m.userId, userId), ne(m.accountingFirmId, accountingFirmId)))
    .limit(1);
  if (firm) return true;
  const [client] = await tx
    .select({ one: sql`1` })
    .from(vendorMemberships)
    .where(eq(vendorMemberships.userId, userId))
    .limit(1);
  if (client) return true;
  const [holding] = await tx
    .select({ one: sql`1` })
    .from(holdingMemberships)
    .where(eq(holdingMemberships.userId, userId))
    .limit(1);
  return Boolean(holding);
}

/**
 * Removes a member's access to the firm (their assignments go with it). Only a firm
 * administrator may, and never on their own access. When it was the user's last portal access,
 * `deleteUser` also deletes the account.
 */
export async function removeMember(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  userId: number,
  deleteUser: boolean,
): Promise<{ removed: true; last_access: boolean; user_deleted: boolean }> {
  const grant = await ctx.access.authorize(actor, 'firm.team.read', firmScope(accountingFirmId));
  if (!grant.roles.includes('firm_admin')) throw new AppError('only-admin-can-delete-access');
  if (userId === actor.userId) throw new AppError('cannot-delete-own-access');
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(m)
      .where(and(eq(m.accountingFirmId, accountingFirmId), eq(m.userId, userId)))
      .returning({ userId: m.userId });
    if (removed.length === 0) throw new AppError('not-found');
    const lastAccess = !(await hasOtherAccess(tx, userId, accountingFirmId));
    const userDeleted = deleteUser && lastAccess;
    if (userDeleted) await tx.delete(users).where(eq(users.id, userId));
    return { removed: true as const, last_access: lastAccess, user_deleted: userDeleted };
  });
}
