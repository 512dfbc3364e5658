import type { PutHoldingWorkspaceAccessRequest } from '@portal/contracts';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { relationsToFirm } from '../tenancy/tenancy.service';
import { setMemberThemes } from '../themes/theme-access.service';
import * as repo from './team.repository';

/**
 * A person's access to one portal as the holding area sets it (the holding service has checked
 * the holding grant, that the portal and the person belong to the holding, and that the caller
 * is not the person). Inside the caller's transaction.
 */
export async function setWorkspaceAccess(
  tx: Db,
  accountingFirmId: number,
  userId: number,
  input: PutHoldingWorkspaceAccessRequest,
): Promise<void> {
  const current = await repo.findMember(tx, accountingFirmId, userId);
  if (!current) {
    const relations = await relationsToFirm(tx, accountingFirmId, userId);
    if (relations.clientVendorIds.length) throw fieldError('user-vendor-already-accountant', 'role');
    // Spec §6: a person made group admin where they are not a member yet becomes a collaborator
    // there without themes; anyone added here starts without themes unless they are given.
    await repo.insertMembership(tx, {
      accountingFirmId,
      userId,
      role: input.role,
      isGroupAdmin: input.is_group_admin ?? false,
      allVendors: input.all_vendors ?? false,
      readOnly: input.read_only ?? false,
      allThemes: input.role === 'admin',
    });
  } else {
    const changes: Partial<repo.MembershipRow> = {};
    if (input.role !== current.role) changes.role = input.role;
    if (input.all_vendors !== undefined) changes.allVendors = input.all_vendors;
    if (input.read_only !== undefined) changes.readOnly = input.read_only;
    if (input.is_group_admin !== undefined) changes.isGroupAdmin = input.is_group_admin;
    if (changes.role === 'collaborator') {
      const admins = await repo.lockAdmins(tx, accountingFirmId);
      if (admins.includes(userId) && admins.length <= 1) {
        throw fieldError('validation-failed', 'role', 'last-admin');
      }
    }
    if (Object.keys(changes).length) await repo.updateMembership(tx, accountingFirmId, userId, changes);
  }
  if (input.vendor_ids !== undefined) {
    const ids = [...new Set(input.vendor_ids)];
    if (ids.length && (await repo.countFirmVendors(tx, accountingFirmId, ids)) !== ids.length) {
      throw new AppError('not-found');
    }
    await repo.deleteAssignments(tx, accountingFirmId, userId);
    await repo.insertAssignments(
      tx,
      accountingFirmId,
      userId,
      ids.map((vendorId) => ({ vendorId, readOnly: input.read_only ?? false })),
    );
  }
  if (input.all_themes !== undefined || input.theme_ids !== undefined) {
    await setMemberThemes(tx, accountingFirmId, userId, {
      all_themes: input.all_themes,
      theme_ids: input.theme_ids,
    });
  }
}

/**
 * Removes a person's access to one portal (their assignments go with it); the portal keeps one
 * administrator. Whether it was the person's last access anywhere.
 */
export async function removeWorkspaceAccess(
  tx: Db,
  accountingFirmId: number,
  userId: number,
): Promise<{ last_access: boolean }> {
  const current = await repo.findMember(tx, accountingFirmId, userId);
  if (!current) throw new AppError('not-found');
  if (current.role === 'admin') {
    const admins = await repo.lockAdmins(tx, accountingFirmId);
    if (admins.length <= 1) throw fieldError('validation-failed', 'role', 'last-admin');
  }
  await repo.deleteMembership(tx, accountingFirmId, userId);
  return { last_access: !(await repo.hasOtherAccess(tx, userId, accountingFirmId)) };
}

/** The people's current memberships in a portal (whether each is a member). */
export async function isMember(db: Db, accountingFirmId: number, userId: number): Promise<boolean> {
  return Boolean(await repo.findMember(db, accountingFirmId, userId));
}
