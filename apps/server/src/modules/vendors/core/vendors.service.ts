import type {
  CreateVendorRequest,
  ListVendorsQuery,
  Paginated,
  UpdateVendorRequest,
  Vendor,
  VendorListItem,
} from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { can } from '../../../platform/access/access';
import type { Actor } from '../../../platform/auth/sessions';
import { uniqueViolation } from '../../../platform/db-errors';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { paginatedJson } from '../../../platform/http/pagination';
import { prebuiltJson } from '../../../platform/http/prebuilt-json';
import { checkInvitationQuota, deliverInvitation, type Invitee } from '../../identity/invitations.service';
import { firmMemberIds } from '../../tenancy/tenancy.service';
import { retagVendorFolders, vendorFolderTags } from '../../themes/theme-access.service';
import { releaseVendorThemes } from '../../themes/themes.service';
import { insertPeriods } from '../periods/periods.service';
import { addClientUser } from '../users/vendor-users.service';
import { defaultTreeStructureId } from './tree-structures.service';
import { toVendorColumns, toVendorDto } from './vendor.mapper';
import { changedFields } from './vendor-audit';
import * as repo from './vendors.repository';

/** Maps a unique violation on a vendor write to the spec's field error. */
function duplicateError(error: unknown): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === null) return null;
  if (constraint.includes('client_code')) return fieldError('client-code-already-used', 'client_code');
  if (constraint.includes('siret')) return fieldError('siret-already-used', 'siret');
  return new AppError('validation-failed');
}

/** The client files list of a firm; a collaborator sees only assigned ones unless given all. */
export async function listVendors(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  query: ListVendorsQuery,
): Promise<Paginated<VendorListItem>> {
  const grant = await ctx.access.authorize(actor, 'vendor.list', { kind: 'firm', accountingFirmId });
  const seesAll = grant.roles.includes('firm_admin') || grant.allVendors === true;
  const onlyAssignedTo = seesAll ? undefined : actor.userId;
  // Answered from the firm's cached reads (`ctx.reads`): the right was checked just above; a
  // client file created, deleted or changed in a listed column drops the answer, and so does a
  // change of who sees what.
  const key = `vendors:list:${onlyAssignedTo ?? 'all'}:${JSON.stringify(query)}`;
  return ctx.reads.get(accountingFirmId, { key, shows: ['vendors'] }, async () => {
    const { json, total } = await repo.listVendorsJson(ctx.db, accountingFirmId, query, onlyAssignedTo);
    return paginatedJson<VendorListItem>(json, query, total);
  });
}

async function checkSiretFree(db: Db, siret: string | undefined | null, exceptVendorId?: number) {
  if (!siret) return;
  const holder = await repo.siretHolder(db, siret);
  if (holder && holder.vendorId !== exceptVendorId) throw fieldError('siret-already-used', 'siret');
}

/**
 * The wizard's first step: whether a SIRET is still free on the whole platform, for someone who
 * may create a client file in the firm (the creation checks again). Taken: 422 `siret-already-used`.
 */
export async function checkSiret(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  siret: string,
): Promise<{ siret: string; available: true }> {
  await ctx.access.authorize(actor, 'vendor.create', { kind: 'firm', accountingFirmId });
  await checkSiretFree(ctx.db, siret);
  return { siret, available: true };
}

/**
 * Creates a client file with the wizard's data in one transaction: identifier, periods,
 * accountants, apps, tree structure and its administrator. The invitation mail leaves after
 * the commit.
 */
export async function createVendor(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: CreateVendorRequest,
): Promise<Vendor> {
  await ctx.access.authorize(actor, 'vendor.create', { kind: 'firm', accountingFirmId });
  const identifierType = input.identifier_type ?? (input.siret ? 'siret' : 'siren');
  const siret = identifierType === 'siret' ? input.siret : undefined;
  const siren = input.siren ?? (siret ? siret.slice(0, 9) : undefined);
  await checkSiretFree(ctx.db, siret);
  if (input.admin_email) await checkInvitationQuota(ctx, actor.userId, input.admin_email, 'client-file');
  let invite: Invitee | undefined;
  let vendor: repo.VendorRow;
  try {
    vendor = await ctx.db.transaction(async (tx) => {
      const { columns, fiscal } = toVendorColumns(input);
      const row = await repo.insertVendor(tx, {
        ...columns,
        company: input.company,
        clientCode: input.client_code,
        corporateName: input.corporate_name,
        accountingFirmId,
        siret: siret ?? null,
        siren: siren ?? null,
        identifierType,
        identifier:
          identifierType === 'duns' || identifierType === 'other' ? (input.identifier ?? null) : null,
        fiscal,
        treeStructureId: input.tree_structure_id ?? (await defaultTreeStructureId(tx, accountingFirmId)),
      });
      if (siret) await repo.registerSiret(tx, siret, accountingFirmId, row.id);
      if (input.accounting_periods?.length) await insertPeriods(tx, row, input.accounting_periods);
      if (input.accountant_ids?.length) await assignAccountants(tx, row, input.accountant_ids);
      if (input.module_keys?.length) await enableModules(tx, row, input.module_keys);
      if (input.admin_email) {
        const added = await addClientUser(
          tx,
          row,
          {
            email: input.admin_email,
            firstname: input.company,
            lastname: input.client_code,
            role: 'admin',
          },
          'admin_email',
        );
        invite = {
          claim: added,
          accountingFirmId,
          vendorId: row.id,
          senderId: actor.userId,
          email: input.admin_email,
        };
      }
      await ctx.documents.createFolders(tx, row);
      return row;
    });
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
  if (invite) await deliverInvitation(ctx, invite, 'client-file');
  return toVendorDto(vendor);
}

/** Assigns firm members to a new client file; an id that is not a member of the firm is refused. */
async function assignAccountants(tx: Db, vendor: repo.VendorRow, userIds: number[]) {
  const known = new Set(await firmMemberIds(tx, vendor.accountingFirmId, userIds));
  if (userIds.some((id) => !known.has(id)))
    throw fieldError('validation-failed', 'accountant_ids', 'invalid-id');
  await repo.insertAssignments(tx, vendor, [...known]);
}

/** Enables apps on a new client file; an unknown key is refused. */
async function enableModules(tx: Db, vendor: repo.VendorRow, keys: string[]) {
  const rows = await repo.modulesByKeys(tx, keys);
  if (rows.length !== new Set(keys).size)
    throw fieldError('validation-failed', 'module_keys', 'invalid-value');
  await repo.insertVendorModules(
    tx,
    vendor,
    rows.map((m) => m.id),
  );
}

export async function getVendor(ctx: AppContext, actor: Actor, vendorId: number): Promise<Vendor> {
  const grant = await ctx.access.authorize(actor, 'vendor.read', { kind: 'vendor', vendorId });
  const json = await repo.findVendorJson(ctx.db, grant.accountingFirmId!, vendorId);
  if (!json) throw new AppError('not-found');
  return prebuiltJson<Vendor>(json);
}

/** Edits any tab's fields; a new SIRET is checked against the platform registry. */
export async function updateVendor(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: UpdateVendorRequest,
): Promise<Vendor> {
  const grant = await ctx.access.authorize(actor, 'vendor.update', { kind: 'vendor', vendorId });
  const accountingFirmId = grant.accountingFirmId!;
  // The audit log's `vendor.updated`: the fields changed, old and new, in the change's transaction.
  const logChange = async (tx: Db, before: repo.VendorRow, after: repo.VendorRow) => {
    const changes = changedFields(
      input as Record<string, unknown>,
      toVendorDto(before) as unknown as Record<string, unknown>,
      toVendorDto(after) as unknown as Record<string, unknown>,
    );
    if (Object.keys(changes).length === 0) return;
    await ctx.audit.record(tx, {
      accountingFirmId,
      vendorId,
      actorUserId: actor.userId,
      action: 'vendor.updated',
      subject: { type: 'vendor', id: vendorId, name: after.company },
      details: { changes },
    });
  };
  try {
    if (input.siret === undefined) {
      // The everyday edit (notes, contacts, fiscal fields): the fiscal fields merged by the
      // database; the row read first, locked, for the audit log's old values.
      const { columns, fiscal } = toVendorColumns(input);
      const row = await ctx.db.transaction(async (tx) => {
        const current = await repo.lockVendor(tx, accountingFirmId, vendorId);
        if (!current) throw new AppError('not-found');
        const updated = await repo.updateVendorMerging(tx, accountingFirmId, vendorId, columns, fiscal);
        if (!updated) throw new AppError('not-found');
        await logChange(tx, current, updated);
        return updated;
      });
      return toVendorDto(row);
    }
    const row = await ctx.db.transaction(async (tx) => {
      const current = await repo.lockVendor(tx, accountingFirmId, vendorId);
      if (!current) throw new AppError('not-found');
      const { columns, fiscal } = toVendorColumns(input);
      if (input.siret !== undefined && input.siret !== current.siret) {
        await checkSiretFree(tx, input.siret, vendorId);
        await repo.releaseSiret(tx, vendorId);
        if (input.siret) await repo.registerSiret(tx, input.siret, current.accountingFirmId, vendorId);
        columns.identifierType = input.siret ? 'siret' : current.identifierType;
        // The SIREN is the SIRET's first nine digits, as at creation.
        if (input.siret && input.siren === undefined) columns.siren = input.siret.slice(0, 9);
      }
      const updated = await repo.updateVendor(tx, accountingFirmId, vendorId, {
        ...columns,
        fiscal: { ...current.fiscal, ...fiscal },
      });
      if (!updated) throw new AppError('not-found');
      await logChange(tx, current, updated);
      return updated;
    });
    return toVendorDto(row);
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

export async function setVendorStatus(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  status: 'active' | 'deactivated',
): Promise<Vendor> {
  const grant = await ctx.access.authorize(actor, 'vendor.deactivate', { kind: 'vendor', vendorId });
  const row = await repo.updateVendor(ctx.db, grant.accountingFirmId!, vendorId, {
    status,
    deactivatedAt: status === 'deactivated' ? new Date() : null,
  });
  // Deleted (or moved) since the access check.
  if (!row) throw new AppError('not-found');
  return toVendorDto(row);
}

/**
 * Moves a client file to another portal of the same holding. The actor needs the right on both
 * sides: to transfer the client file (its firm's administrator or group admin) and on the target
 * portal (its administrator or group admin); a portal the actor has no role in answers like one
 * that does not exist. The source firm's assignments and its themes on the tasks end; client
 * users, banks, addresses and periods follow (their keys cascade). A client file deleted meanwhile answers 404.
 */
export async function transferVendor(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  targetFirmId: number,
): Promise<Vendor> {
  const grant = await ctx.access.authorize(actor, 'vendor.transfer', { kind: 'vendor', vendorId });
  const sourceFirmId = grant.accountingFirmId!;
  const targetGrant = await ctx.access.grantFor(actor, { kind: 'firm', accountingFirmId: targetFirmId });
  if (targetGrant.roles.length === 0) throw new AppError('not-found');
  const source = await repo.findFirm(ctx.db, sourceFirmId);
  const target = await repo.findFirm(ctx.db, targetFirmId);
  if (!source || !target || target.deactivatedAt) throw new AppError('not-found');
  if (target.id === source.id) throw fieldError('validation-failed', 'accounting_firm_id', 'invalid-value');
  if (!source.holdingId || source.holdingId !== target.holdingId) {
    throw fieldError('transfer-outside-holding', 'accounting_firm_id');
  }
  if (!can(targetGrant, 'vendor.transfer')) throw new AppError('forbidden');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockVendor(tx, sourceFirmId, vendorId))) throw new AppError('not-found');
      await repo.deleteAssignments(tx, sourceFirmId, vendorId);
      // The source firm's themes stay there: its tasks lose them (their links would cross firms).
      // Its folders keep their themes by title, mapped onto the target's (never widening access).
      const tags = await vendorFolderTags(tx, { id: vendorId, accountingFirmId: sourceFirmId });
      await releaseVendorThemes(tx, sourceFirmId, vendorId);
      const moved = await repo.updateVendor(tx, sourceFirmId, vendorId, { accountingFirmId: target.id });
      if (!moved) throw new AppError('not-found');
      await retagVendorFolders(tx, target.id, tags);
      await repo.moveSiret(tx, vendorId, target.id);
      return moved;
    });
    return toVendorDto(row);
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

/**
 * Deletes a client file for good, with its documents, once the client code is typed as the
 * confirmation word.
 */
export async function deleteVendor(ctx: AppContext, actor: Actor, vendorId: number, confirmation: string) {
  const grant = await ctx.access.authorize(actor, 'vendor.delete', { kind: 'vendor', vendorId });
  const accountingFirmId = grant.accountingFirmId!;
  const afterCommit = await ctx.db.transaction(async (tx) => {
    const vendor = await repo.lockVendor(tx, accountingFirmId, vendorId);
    if (!vendor) throw new AppError('not-found');
    if (confirmation.trim() !== vendor.clientCode) throw fieldError('confirmation-mismatch', 'confirmation');
    // Its open signature requests end (their signatories and senders are told) before they go.
    const canceled = await ctx.signatures.cancelForVendor(tx, vendor, actor.userId);
    await ctx.documents.deleteAll(tx, vendor);
    await repo.releaseSiret(tx, vendorId);
    await repo.deleteVendor(tx, accountingFirmId, vendorId);
    return canceled;
  });
  afterCommit();
}
