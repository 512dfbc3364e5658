import {
  type CreateQuickfolder,
  fitFileName,
  type QuickfolderDrop,
  type QuickfolderDto,
  renameByPattern,
  type UpdateQuickfolder,
} from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { can } from '../../../platform/access/access';
import type { Actor } from '../../../platform/auth/sessions';
import { uniqueViolation } from '../../../platform/db-errors';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import type { FileContent, FilePart } from '../../../platform/uploads/file-part';
import { admitUpload } from '../storage-policy/storage-policy.service';
import { themeVerdict } from '../theme-access';
import { ContentUnavailable, fileContent, personFiling } from '../tree/filing.service';
import * as tree from '../tree/tree.service';
import { authorizeVendor, iso, type Scope } from '../vendor-access.service';
import type { VendorRef } from '../vendor-ref';
import * as repo from './quickfolders.repository';

/**
 * Quick-drop folders (issue 28): the firm administrators' CRUD (`documents.quickfolders`), the
 * list a person may drop into, and the drop, filed through the filing service with the
 * automations (name, period, themes) in the filing's transaction. A quick-drop whose folder is in
 * the trash or gone is disabled, not deleted ("needs a folder"): the state is read from the
 * folder, so restoring it enables the quick-drop again, and a firm administrator may rebind it.
 */

function toDto(row: repo.QuickfolderListRow): QuickfolderDto {
  return {
    id: row.id,
    vendor_id: row.vendorId,
    vendor_name: row.vendorName,
    name: row.name,
    folder_id: row.folderId,
    folder_name: row.folderName,
    rename_pattern: row.renamePattern,
    period_mode: row.periodMode,
    accounting_period_id: row.accountingPeriodId,
    theme_ids: row.themeIds,
    needs_folder: row.folderDeleted,
    created_at: iso(row.createdAt)!,
  };
}

/** Every quick-drop of the firm (the settings' manager). */
export async function listOfFirm(ctx: AppContext, actor: Actor, accountingFirmId: number) {
  await ctx.access.authorize(actor, 'documents.quickfolders', { kind: 'firm', accountingFirmId });
  return (await repo.listOfFirm(ctx.db, accountingFirmId)).map(toDto);
}

/** A live folder of the client file under its root (no document at root), else 422 on `folder_id`. */
async function assertTarget(ctx: AppContext, vendor: VendorRef, folderId: number) {
  const folder = await tree.findFolder(ctx.db, vendor, folderId);
  if (!folder || folder.deletedAt || folder.parentId === null)
    throw fieldError('validation-failed', 'folder_id', 'invalid-id');
}

/** The automations' references: a ready period of the client file, themes of the firm. */
async function assertAutomations(
  ctx: AppContext,
  vendor: VendorRef,
  input: Pick<CreateQuickfolder, 'period_mode' | 'accounting_period_id' | 'theme_ids'>,
) {
  if (input.period_mode === 'fixed' && input.accounting_period_id) {
    if (!(await repo.periodOf(ctx.db, vendor, { id: input.accounting_period_id })))
      throw fieldError('validation-failed', 'accounting_period_id', 'invalid-id');
  }
  const ids = [...new Set(input.theme_ids ?? [])];
  const known = await repo.firmThemeIds(ctx.db, vendor.accountingFirmId, ids);
  if (known.length !== ids.length) throw fieldError('validation-failed', 'theme_ids', 'invalid-id');
  return known;
}

/** The unique index of one quick-drop per folder, as the spec's answer. */
const folderTaken = (error: unknown) =>
  uniqueViolation(error) === 'quickfolders_folder_key'
    ? fieldError('quickfolder-folder-already-used', 'folder_id')
    : error;

async function found(ctx: AppContext, vendor: VendorRef, id: number) {
  const row = await repo.findOne(ctx.db, vendor, id);
  if (!row) throw new AppError('not-found');
  return row;
}

export async function create(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: CreateQuickfolder,
): Promise<QuickfolderDto> {
  const { vendor } = await authorizeVendor(ctx, actor, vendorId, 'documents.quickfolders');
  await assertTarget(ctx, vendor, input.folder_id);
  const themeIds = await assertAutomations(ctx, vendor, input);
  const mode = input.period_mode ?? 'none';
  const row = await repo
    .insert(ctx.db, {
      accountingFirmId: vendor.accountingFirmId,
      vendorId: vendor.id,
      name: input.name,
      folderId: input.folder_id,
      renamePattern: input.rename_pattern ?? '',
      periodMode: mode,
      accountingPeriodId: mode === 'fixed' ? (input.accounting_period_id ?? null) : null,
      themeIds,
      createdBy: actor.userId,
    })
    .catch((error: unknown) => {
      throw folderTaken(error);
    });
  return toDto(await found(ctx, vendor, row.id));
}

/** Changes a quick-drop; a new `folder_id` rebinds it (one that "needs a folder" is enabled again). */
export async function update(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
  input: UpdateQuickfolder,
): Promise<QuickfolderDto> {
  const { vendor } = await authorizeVendor(ctx, actor, vendorId, 'documents.quickfolders');
  const row = await found(ctx, vendor, id);
  if (input.folder_id !== undefined && input.folder_id !== row.folderId)
    await assertTarget(ctx, vendor, input.folder_id);
  const mode = input.period_mode ?? row.periodMode;
  const periodId =
    mode !== 'fixed'
      ? null
      : input.accounting_period_id !== undefined
        ? input.accounting_period_id
        : row.accountingPeriodId;
  if (mode === 'fixed' && !periodId)
    throw fieldError('validation-failed', 'accounting_period_id', 'required');
  const themeIds = await assertAutomations(ctx, vendor, {
    period_mode: mode,
    accounting_period_id: periodId,
    theme_ids: input.theme_ids ?? [],
  });
  await repo
    .update(ctx.db, vendor, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.folder_id !== undefined ? { folderId: input.folder_id } : {}),
      ...(input.rename_pattern !== undefined ? { renamePattern: input.rename_pattern } : {}),
      ...(input.theme_ids !== undefined ? { themeIds } : {}),
      periodMode: mode,
      accountingPeriodId: periodId,
    })
    .catch((error: unknown) => {
      throw folderTaken(error);
    });
  return toDto(await found(ctx, vendor, id));
}

export async function remove(ctx: AppContext, actor: Actor, vendorId: number, id: number): Promise<void> {
  const { vendor } = await authorizeVendor(ctx, actor, vendorId, 'documents.quickfolders');
  if (!(await repo.remove(ctx.db, vendor, id))) throw new AppError('not-found');
}

/** Whether the person may file in the folder: live, seen read-write by theme, not read-only for them. */
async function droppable(db: Db, scope: Scope, folderId: number) {
  const folder = await tree.findFolder(db, scope.vendor, folderId);
  if (!folder || folder.deletedAt) return false;
  if (themeVerdict(scope.vendor.themes, folder.effectiveThemeIds) !== 'write') return false;
  return !folder.readOnly || scope.mayValidate;
}

/**
 * The quick-drops the person may drop into in the client file (the drop zones): enabled, their
 * folder visible and writable to them. Empty for those who may only read (guests).
 */
export async function listForDrop(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
): Promise<QuickfolderDto[]> {
  const grant = await ctx.access.authorize(actor, 'documents.read', { kind: 'vendor', vendorId });
  if (!can(grant, 'documents.write')) return [];
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  const rows = await repo.listOfVendor(ctx.db, scope.vendor);
  const open: QuickfolderDto[] = [];
  for (const row of rows)
    if (!row.folderDeleted && (await droppable(ctx.db, scope, row.folderId))) open.push(toDto(row));
  return open;
}

/** The quick-drop a person drops into, checked before a byte is read. */
export async function authorizeDrop(ctx: AppContext, actor: Actor, vendorId: number, id: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  const row = await found(ctx, scope.vendor, id);
  if (row.folderDeleted) throw new AppError('quickfolder-needs-folder');
  // A live folder hidden by theme: as if the quick-drop did not exist for them.
  const folder = await tree.findFolder(ctx.db, scope.vendor, row.folderId);
  if (!folder) throw new AppError('not-found');
  tree.assertWritable(folder, scope);
  await admitUpload(ctx, { accountingFirmId: scope.vendor.accountingFirmId, userId: actor.userId });
  return { scope, quickfolder: row };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Files the dropped file in the quick-drop's folder: named by the pattern ("name (2)" on a
 * clash), and in the same transaction given its period and start date and its themes.
 */
export async function drop(
  ctx: AppContext,
  target: Awaited<ReturnType<typeof authorizeDrop>>,
  file: FilePart,
  content: FileContent,
): Promise<QuickfolderDrop> {
  const { scope, quickfolder: q } = target;
  const fitted = fitFileName(file.filename);
  if ('error' in fitted) throw fieldError('validation-failed', 'file', fitted.error);
  const day = today();
  const period =
    q.periodMode === 'fixed' && q.accountingPeriodId
      ? await repo.periodOf(ctx.db, scope.vendor, { id: q.accountingPeriodId })
      : q.periodMode === 'drop_date'
        ? await repo.periodOf(ctx.db, scope.vendor, { day })
        : undefined;
  const codes = await repo.vendorCodes(ctx.db, scope.vendor);
  const name = renameByPattern(q.renamePattern, fitted.name, {
    date: day,
    client_code: codes.clientCode,
    company: codes.company,
    quickfolder: q.name,
  });
  const themeIds = await repo.firmThemeIds(ctx.db, scope.vendor.accountingFirmId, q.themeIds);
  const dated = q.periodMode !== 'none';
  let filedName = name;
  const filing = fileContent(
    ctx,
    personFiling(scope),
    q.folderId,
    name,
    { stream: content },
    {
      conflict: 'rename',
      originalName: fitted.name,
      field: 'file',
      within: async (tx, { documentId }) => {
        if (dated)
          await tree.setDocumentPeriod(tx, scope.vendor, documentId, {
            accountingPeriodId: period?.id ?? null,
            startDate: day,
          });
        await repo.tagDocument(tx, scope.vendor.accountingFirmId, documentId, themeIds);
        filedName = (await tree.findDocument(tx, scope.vendor, documentId))?.name ?? name;
      },
    },
  );
  const filed = await filing.catch((error: unknown) => {
    // Nothing filed: the reading's own error (a body cut short answers 400).
    throw error instanceof ContentUnavailable ? error.reason : error;
  });
  return {
    document_id: filed.documentId,
    vendor_id: scope.vendor.id,
    folder_id: q.folderId,
    name: filedName,
    original_name: fitted.name,
    accounting_period_id: dated ? (period?.id ?? null) : null,
    start_date: dated ? day : null,
    theme_ids: themeIds,
  };
}

/** A document's metadata themes (the firm's still). */
export const documentThemeIds = (db: Db, accountingFirmId: number, documentId: number) =>
  repo.documentThemeIds(db, accountingFirmId, documentId);
