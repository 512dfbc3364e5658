import type {
  InviteMemberRequest,
  ListMembersQuery,
  Member,
  MemberDetail,
  UpdateMemberRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { deleteUser, findOrCreateUser, sendInvitation } from '../identity/identity.service';
import { assignmentsOf, relationsToFirm } from '../tenancy/tenancy.service';
import * as repo from './team.repository';

type AssignmentInput = InviteMemberRequest['assignments'];

function toMember(row: repo.MemberRow): Member {
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
  // The collaborator matrix (`assigned_only`): a member shows once they reach a client file.
  const rows = await repo.listMembers(ctx.db, accountingFirmId, {
    search: query.search?.trim() || undefined,
    assignedOnly: query.assigned_only,
  });
  return rows.map(toMember);
}

/** One member with their assignments; 404 when the user is not a member of this firm. */
async function memberDetail(db: Db, accountingFirmId: number, userId: number): Promise<MemberDetail> {
  const row = await repo.findMember(db, accountingFirmId, userId);
  if (!row) throw new AppError('not-found');
  return {
    ...toMember(row),
    assignments: await assignmentsOf(db, accountingFirmId, userId),
    last_access: !(await repo.hasOtherAccess(db, userId, accountingFirmId)),
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
function uniqueAssignments(assignments: AssignmentInput): repo.AssignmentRow[] {
  const unique = [...new Map(assignments.map((a) => [a.vendor_id, a])).values()];
  return unique.map((a) => ({ vendorId: a.vendor_id, readOnly: a.read_only }));
}

/** Whether every client file id belongs to the firm. */
async function allVendorsOfFirm(
  tx: Db,
  accountingFirmId: number,
  list: repo.AssignmentRow[],
): Promise<boolean> {
  const ids = list.map((a) => a.vendorId);
  return ids.length === 0 || (await repo.countFirmVendors(tx, accountingFirmId, ids)) === ids.length;
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
      if (!(await allVendorsOfFirm(tx, accountingFirmId, assignments))) {
        throw fieldError('validation-failed', 'assignments', 'invalid-id');
      }
      await repo.insertMembership(tx, {
        accountingFirmId,
        userId: user.userId,
        role: input.role,
        isGroupAdmin: input.is_group_admin,
        allVendors: input.all_vendors,
        readOnly: input.read_only,
      });
      await repo.insertAssignments(tx, accountingFirmId, user.userId, assignments);
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
  const changes: Partial<repo.MembershipRow> = {};
  if (input.role !== undefined) changes.role = input.role;
  if (input.all_vendors !== undefined) changes.allVendors = input.all_vendors;
  if (input.read_only !== undefined) changes.readOnly = input.read_only;
  if (input.is_group_admin !== undefined) changes.isGroupAdmin = input.is_group_admin;
  if (Object.keys(changes).length) {
    await ctx.db.transaction(async (tx) => {
      if (changes.role === 'collaborator') {
        const admins = await repo.lockAdmins(tx, accountingFirmId);
        if (admins.includes(userId) && admins.length <= 1) {
          throw fieldError('validation-failed', 'role', 'last-admin');
        }
      }
      await repo.updateMembership(tx, accountingFirmId, userId, changes);
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
    if (!(await allVendorsOfFirm(tx, accountingFirmId, assignments))) throw new AppError('not-found');
    await repo.deleteAssignments(tx, accountingFirmId, userId);
    await repo.insertAssignments(tx, accountingFirmId, userId, assignments);
  });
  return memberDetail(ctx.db, accountingFirmId, userId);
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
  deleteAccount: boolean,
): Promise<{ removed: true; last_access: boolean; user_deleted: boolean }> {
  const grant = await ctx.access.authorize(actor, 'firm.team.read', firmScope(accountingFirmId));
  if (!grant.roles.includes('firm_admin')) throw new AppError('only-admin-can-delete-access');
  if (userId === actor.userId) throw new AppError('cannot-delete-own-access');
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteMembership(tx, accountingFirmId, userId))) throw new AppError('not-found');
    const lastAccess = !(await repo.hasOtherAccess(tx, userId, accountingFirmId));
    const userDeleted = deleteAccount && lastAccess;
    if (userDeleted) await deleteUser(tx, userId);
    return { removed: true as const, last_access: lastAccess, user_deleted: userDeleted };
  });
}

/** Makes a person the administrator of a new firm, inside the caller's transaction. */
export async function addAdministrator(tx: Db, accountingFirmId: number, userId: number): Promise<void> {
  await repo.insertMembership(tx, { accountingFirmId, userId, role: 'admin' });
}
