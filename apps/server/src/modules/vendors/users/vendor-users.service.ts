import type { CreateVendorUserRequest, UpdateVendorUserRequest, VendorUser } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { findOrCreateUser, sendInvitation } from '../../identity/identity.service';
import { relationsToFirm } from '../../tenancy/tenancy.service';
import * as repo from './vendor-users.repository';

type MembershipRow = repo.MembershipRow;
type UserRow = repo.UserRow;
type VendorRef = repo.VendorRef;

function toVendorUser(m: MembershipRow, u: UserRow): VendorUser {
  return {
    id: u.id,
    vendor_id: m.vendorId,
    email: u.email,
    civility: u.civility,
    firstname: u.firstname,
    lastname: u.lastname,
    birth_city: u.birthCity,
    birth_date: u.birthDate,
    job: m.job,
    mobile_number: u.mobileNumber,
    role: m.role,
    module_keys: m.moduleKeys ?? [],
    revoked_at: m.revokedAt,
    invitation_pending: !u.passwordHash,
  };
}

/**
 * Adds a client user to a client file, creating the account when the email is new. A firm
 * member's email is refused (`user-vendor-already-accountant`). Returns whether to send an
 * invitation once the transaction has committed.
 */
export async function addClientUser(
  tx: Db,
  vendor: VendorRef,
  input: CreateVendorUserRequest,
  /** The request field that carried the email (the creation wizard calls it `admin_email`). */
  emailField = 'email',
): Promise<{ userId: number; invite: boolean }> {
  const user = await findOrCreateUser(tx, input);
  const relations = await relationsToFirm(tx, vendor.accountingFirmId, user.userId);
  if (relations.member) throw fieldError('user-vendor-already-accountant', emailField);
  if (relations.clientVendorIds.includes(vendor.id))
    throw fieldError('vendor-user-email-already-used', emailField);
  await repo.insertMembership(tx, {
    accountingFirmId: vendor.accountingFirmId,
    vendorId: vendor.id,
    userId: user.userId,
    role: input.role,
    job: input.job ?? null,
    moduleKeys: input.module_keys ?? null,
    revokedAt: input.revoked_at ?? null,
  });
  return user;
}

async function vendorFor(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  write: boolean,
): Promise<VendorRef> {
  const grant = await ctx.access.authorize(actor, write ? 'vendor.users.manage' : 'vendor.read', {
    kind: 'vendor',
    vendorId,
  });
  return { id: vendorId, accountingFirmId: grant.accountingFirmId! };
}

export async function listVendorUsers(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
): Promise<VendorUser[]> {
  const vendor = await vendorFor(ctx, actor, vendorId, false);
  const rows = await repo.listMemberships(ctx.db, vendor);
  return rows.map((r) => toVendorUser(r.m, r.u));
}

async function oneVendorUser(db: Db, vendor: VendorRef, userId: number): Promise<VendorUser> {
  const row = await repo.findMembership(db, vendor, userId);
  if (!row) throw new AppError('not-found');
  return toVendorUser(row.m, row.u);
}

export async function getVendorUser(ctx: AppContext, actor: Actor, vendorId: number, userId: number) {
  return oneVendorUser(ctx.db, await vendorFor(ctx, actor, vendorId, false), userId);
}

/** Invites a client user (mail with a create-password link for a new account). */
export async function createVendorUser(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: CreateVendorUserRequest,
): Promise<VendorUser> {
  const vendor = await vendorFor(ctx, actor, vendorId, true);
  const added = await ctx.db.transaction((tx) => addClientUser(tx, vendor, input));
  if (added.invite) await sendInvitation(ctx, added.userId, vendor.accountingFirmId);
  return oneVendorUser(ctx.db, vendor, added.userId);
}

export async function updateVendorUser(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  userId: number,
  input: UpdateVendorUserRequest,
): Promise<VendorUser> {
  const vendor = await vendorFor(ctx, actor, vendorId, true);
  await oneVendorUser(ctx.db, vendor, userId);
  await ctx.db.transaction(async (tx) => {
    const membership: Partial<MembershipRow> = {};
    if (input.role !== undefined) membership.role = input.role;
    if (input.job !== undefined) membership.job = input.job ?? null;
    if (input.module_keys !== undefined) membership.moduleKeys = input.module_keys;
    if (input.revoked_at !== undefined) membership.revokedAt = input.revoked_at ?? null;
    if (Object.keys(membership).length) {
      await repo.updateMembership(tx, vendor, userId, membership);
    }
    const profile: Partial<UserRow> = {};
    if (input.firstname !== undefined) profile.firstname = input.firstname;
    if (input.lastname !== undefined) profile.lastname = input.lastname;
    if (input.civility !== undefined) profile.civility = input.civility ?? null;
    if (input.birth_city !== undefined) profile.birthCity = input.birth_city ?? null;
    if (input.birth_date !== undefined) profile.birthDate = input.birth_date ?? null;
    if (input.mobile_number !== undefined) profile.mobileNumber = input.mobile_number ?? null;
    if (Object.keys(profile).length) {
      await repo.updateUserProfile(tx, userId, profile);
    }
  });
  return oneVendorUser(ctx.db, vendor, userId);
}

/** Removes a client user's access to this client file (the account stays). */
export async function removeVendorUser(ctx: AppContext, actor: Actor, vendorId: number, userId: number) {
  const vendor = await vendorFor(ctx, actor, vendorId, true);
  if (userId === actor.userId) throw new AppError('cannot-delete-own-access');
  await oneVendorUser(ctx.db, vendor, userId);
  await repo.deleteMembership(ctx.db, vendor, userId);
}
