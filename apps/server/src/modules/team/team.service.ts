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
import { deleteUser } from '../identity/identity.service';
import { checkInvitationQuota, deliverInvitation } from '../identity/invitations.service';
import { claimPerson, dropUnclaimedAccount } from '../identity/people.service';
import { assignmentsOf, relationsToFirm } from '../tenancy/tenancy.service';
import { choosesThemes, memberThemes, setMemberThemes } from '../themes/theme-access.service';
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
    invitation_pending: row.pending || !row.passwordHash,
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
  const member = toMember(row);
  const themes = await memberThemes(db, accountingFirmId, userId);
  return {
    ...member,
    assignments: await assignmentsOf(db, accountingFirmId, userId),
    all_themes: themes.all,
    theme_ids: themes.ids,
    // Only an account the person uses can be offered for deletion; whether an invited one has
    // other places is not the firm's to know.
    last_access: !member.invitation_pending && !(await repo.hasOtherAccess(db, userId, accountingFirmId)),
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
 * Adds a member to the firm. A new email creates the account (without password) with the names
 * typed, and gets the create-password mail; an existing account is the person's own: the
 * membership stays pending (the typed names kept on it, shown to this firm only) until they
 * accept the mailed invitation. A client user of one of the firm's client files cannot become a
 * member. Only a holding administrator (or the super admin) makes someone group admin.
 */
export async function inviteMember(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: InviteMemberRequest,
): Promise<MemberDetail> {
  await ctx.access.authorize(actor, 'firm.team.manage', firmScope(accountingFirmId));
  if (input.is_group_admin) {
    await ctx.access.authorize(actor, 'firm.team.group_admin', firmScope(accountingFirmId));
  }
  await checkInvitationQuota(ctx, actor.userId, input.email);
  const assignments = uniqueAssignments(input.assignments);
  let added: Awaited<ReturnType<typeof claimPerson>>;
  try {
    added = await ctx.db.transaction(async (tx) => {
      const claim = await claimPerson(tx, input);
      const relations = await relationsToFirm(tx, accountingFirmId, claim.userId);
      if (relations.member) throw fieldError('teammate-already-in-team', 'email');
      if (relations.clientVendorIds.length) throw fieldError('user-vendor-already-accountant', 'email');
      if (!(await allVendorsOfFirm(tx, accountingFirmId, assignments))) {
        throw fieldError('validation-failed', 'assignments', 'invalid-id');
      }
      await repo.insertMembership(tx, {
        accountingFirmId,
        userId: claim.userId,
        role: input.role,
        isGroupAdmin: input.is_group_admin,
        allVendors: input.all_vendors,
        readOnly: input.read_only,
        pending: !claim.owned,
        invitedProfile: claim.owned ? null : { firstname: input.firstname, lastname: input.lastname },
      });
      await repo.insertAssignments(tx, accountingFirmId, claim.userId, assignments);
      return claim;
    });
  } catch (error) {
    // Two invitations of the same person at once: the second meets the first's rows.
    if (uniqueViolation(error) !== null) throw fieldError('teammate-already-in-team', 'email');
    throw error;
  }
  await deliverInvitation(ctx, {
    claim: added,
    accountingFirmId,
    vendorId: null,
    senderId: actor.userId,
    email: input.email,
  });
  return memberDetail(ctx.db, accountingFirmId, added.userId);
}

/**
 * Changes a member's role and access; the firm keeps at least one administrator. The group admin
 * flag is the holding administrator's (or the super admin's) to give or take; nobody changes
 * their own rights.
 */
export async function updateMember(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  userId: number,
  input: UpdateMemberRequest,
): Promise<MemberDetail> {
  const { is_group_admin: groupAdmin, all_themes, theme_ids, ...rights } = input;
  const themes = { all_themes, theme_ids };
  if (choosesThemes(themes)) {
    await ctx.access.authorize(actor, 'firm.team.manage', firmScope(accountingFirmId));
    // Nobody widens their own access: one's themes are for another administrator to change.
    if (userId === actor.userId) throw new AppError('forbidden');
  }
  const scope = firmScope(accountingFirmId);
  if (Object.values(rights).some((v) => v !== undefined) || groupAdmin === undefined) {
    await ctx.access.authorize(actor, 'firm.team.manage', scope);
  }
  if (groupAdmin !== undefined) await ctx.access.authorize(actor, 'firm.team.group_admin', scope);
  const current = await repo.findMember(ctx.db, accountingFirmId, userId);
  if (!current) throw new AppError('not-found');
  const changes: Partial<repo.MembershipRow> = {};
  if (input.role !== undefined && input.role !== current.role) changes.role = input.role;
  if (input.all_vendors !== undefined && input.all_vendors !== current.allVendors)
    changes.allVendors = input.all_vendors;
  if (input.read_only !== undefined && input.read_only !== current.readOnly)
    changes.readOnly = input.read_only;
  if (groupAdmin !== undefined && groupAdmin !== current.isGroupAdmin) changes.isGroupAdmin = groupAdmin;
  if (Object.keys(changes).length && userId === actor.userId) throw new AppError('forbidden');
  if (Object.keys(changes).length || choosesThemes(themes)) {
    await ctx.db.transaction(async (tx) => {
      if (choosesThemes(themes)) await setMemberThemes(tx, accountingFirmId, userId, themes);
      if (changes.role === 'collaborator') {
        const admins = await repo.lockAdmins(tx, accountingFirmId);
        if (admins.includes(userId) && admins.length <= 1) {
          throw fieldError('validation-failed', 'role', 'last-admin');
        }
      }
      if (Object.keys(changes).length) await repo.updateMembership(tx, accountingFirmId, userId, changes);
      await ctx.audit.record(tx, {
        accountingFirmId,
        actorUserId: actor.userId,
        action: 'member.rights_changed',
        subject: { type: 'user', id: userId, name: current.email },
        details: {
          changes: Object.fromEntries(
            Object.entries(changes).map(([k, v]) => [k, { from: current[k as keyof typeof current], to: v }]),
          ),
          ...(choosesThemes(themes) ? { themes } : {}),
        },
      });
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
  const before = await memberDetail(ctx.db, accountingFirmId, userId);
  const assignments = uniqueAssignments(input.assignments);
  const key = (list: { vendorId: number; readOnly: boolean }[]) =>
    JSON.stringify(list.map((a) => [a.vendorId, a.readOnly]).sort((a, b) => Number(a[0]) - Number(b[0])));
  const unchanged =
    key(assignments) ===
    key(before.assignments.map((a) => ({ vendorId: a.vendor_id, readOnly: a.read_only })));
  // Nobody changes their own access, not even their assignments.
  if (userId === actor.userId && !unchanged) throw new AppError('forbidden');
  await ctx.db.transaction(async (tx) => {
    if (!(await allVendorsOfFirm(tx, accountingFirmId, assignments))) throw new AppError('not-found');
    await repo.deleteAssignments(tx, accountingFirmId, userId);
    await repo.insertAssignments(tx, accountingFirmId, userId, assignments);
    if (!unchanged) {
      await ctx.audit.record(tx, {
        accountingFirmId,
        actorUserId: actor.userId,
        action: 'member.rights_changed',
        subject: { type: 'user', id: userId, name: before.email },
        details: {
          assignments: {
            from: before.assignments.map((a) => ({ vendor_id: a.vendor_id, read_only: a.read_only })),
            to: assignments.map((a) => ({ vendor_id: a.vendorId, read_only: a.readOnly })),
          },
        },
      });
    }
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
    const member = await repo.findMember(tx, accountingFirmId, userId);
    if (!member || !(await repo.deleteMembership(tx, accountingFirmId, userId))) {
      throw new AppError('not-found');
    }
    if (member.pending || !member.passwordHash) {
      // An invitation nobody accepted: no account of a person to offer for deletion (a new one
      // nobody else invited goes away with it).
      await dropUnclaimedAccount(tx, userId);
      return { removed: true as const, last_access: false, user_deleted: false };
    }
    const lastAccess = !(await repo.hasOtherAccess(tx, userId, accountingFirmId));
    const userDeleted = deleteAccount && lastAccess;
    if (userDeleted) await deleteUser(tx, userId);
    return { removed: true as const, last_access: lastAccess, user_deleted: userDeleted };
  });
}

/**
 * Makes a person the administrator of a new firm, inside the caller's transaction: at once for
 * an account the firm owns (`claimPerson`), pending their acceptance for an existing one.
 */
export async function addAdministrator(
  tx: Db,
  accountingFirmId: number,
  claim: { userId: number; owned: boolean },
  typed: { firstname: string; lastname: string },
): Promise<void> {
  await repo.insertMembership(tx, {
    accountingFirmId,
    userId: claim.userId,
    role: 'admin',
    pending: !claim.owned,
    invitedProfile: claim.owned ? null : typed,
  });
}
