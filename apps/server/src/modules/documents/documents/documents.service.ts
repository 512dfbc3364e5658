import type { Readable } from 'node:stream';
import type { DocumentDto, UpdateDocumentRequest, VersionDto } from '@portal/contracts';
import { extensionOf } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { visibleStatus } from '../../workflows/node-status.service';
import { filingIn, personFiling, renameDocument } from '../tree/filing.service';
import * as repo from '../tree/tree.service';
import { assertWritable, nameConflict } from '../tree/tree.service';
import { markOpened } from '../unread/unread.service';
import { isUnread } from '../unread.sql';
import { authorizeVendor } from '../vendor-access.service';
import { contentDisposition, mayShowInline } from './file-types';

/** A live document of the client file with its current version, or 404. */
async function liveDocument(ctx: AppContext, vendor: { id: number; accountingFirmId: number }, id: number) {
  const doc = await repo.findDocument(ctx.db, vendor, id);
  if (!doc || doc.deletedAt || doc.currentVersionId === null) throw new AppError('not-found');
  const version = (await repo.findVersion(ctx.db, vendor, doc.id, doc.currentVersionId))!;
  return { doc, version };
}

export function toDocument(doc: repo.DocumentRow, version: repo.VersionRow, unread = false): DocumentDto {
  return {
    id: doc.id,
    vendor_id: doc.vendorId,
    folder_id: doc.folderId,
    name: doc.name,
    extension: extensionOf(doc.name),
    mime_type: version.mimeType,
    size: version.size,
    version_id: version.id,
    is_validated: version.validatedAt !== null,
    validated_at: version.validatedAt?.toISOString() ?? null,
    accounting_period_id: doc.accountingPeriodId,
    start_date: doc.startDate,
    unread,
    created_at: doc.createdAt.toISOString(),
    updated_at: doc.updatedAt.toISOString(),
    deleted_at: doc.deletedAt?.toISOString() ?? null,
  };
}

export async function getDocument(ctx: AppContext, actor: Actor, vendorId: number, documentId: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const { doc, version } = await liveDocument(ctx, scope.vendor, documentId);
  const read = await repo.readAt(ctx.db, scope.vendor, doc.id, actor.userId);
  return {
    ...toDocument(doc, version, isUnread(version.authorId, version.createdAt, read, actor.userId)),
    workflow_status: await visibleStatus(ctx, actor, scope.vendor, { type: 'document', id: doc.id }),
  };
}

export type Download = { stream: Readable; size: number; type: string; disposition: string };

/**
 * The content of the latest version (or `versionId`), streamed from the blob store. Inline only
 * for types a browser cannot run (never HTML, SVG or XML); opening marks the document read if it
 * was unread to the caller.
 */
export async function content(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  documentId: number,
  options: { versionId?: number; inline?: boolean },
): Promise<Download> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const { doc, version: latest } = await liveDocument(ctx, scope.vendor, documentId);
  const version =
    options.versionId === undefined
      ? latest
      : await repo.findVersion(ctx.db, scope.vendor, doc.id, options.versionId);
  if (!version) throw new AppError('not-found');
  const stream = await ctx.blobs.get(version.blobKey);
  await markOpened(ctx, scope.vendor, doc.id, actor.userId);
  const inline = options.inline === true && mayShowInline(version.mimeType);
  // Written when the answer starts, batched: the download never waits on the log.
  ctx.audit.recordRead({
    accountingFirmId: scope.vendor.accountingFirmId,
    vendorId: scope.vendor.id,
    actorUserId: actor.userId,
    action: options.inline ? 'document.viewed' : 'document.downloaded',
    subject: { type: 'document', id: doc.id, name: doc.name },
    details: { version_id: version.id },
  });
  return {
    stream,
    size: version.size,
    type: inline ? version.mimeType : 'application/octet-stream',
    disposition: contentDisposition(inline ? 'inline' : 'attachment', doc.name),
  };
}

export function toVersion(v: repo.VersionWithPeople): VersionDto {
  return {
    id: v.id,
    document_id: v.documentId,
    ancestor_id: v.ancestorId,
    size: v.size,
    mime_type: v.mimeType,
    original_name: v.originalName,
    md5: v.md5,
    author: v.authorId && v.authorName !== null ? { id: v.authorId, fullname: v.authorName } : null,
    validator:
      v.validatedBy && v.validatorName !== null ? { id: v.validatedBy, fullname: v.validatorName } : null,
    is_validated: v.validatedAt !== null,
    validated_at: v.validatedAt?.toISOString() ?? null,
    created_at: v.createdAt.toISOString(),
  };
}

export async function listVersions(ctx: AppContext, actor: Actor, vendorId: number, documentId: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const { doc } = await liveDocument(ctx, scope.vendor, documentId);
  return (await repo.listVersions(ctx.db, scope.vendor, doc.id)).map(toVersion);
}

/**
 * Renames a document (the name rules; a same-name live document in its folder is a conflict) or
 * files it in an accounting period of the client file, with its start date.
 */
export async function updateDocument(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  documentId: number,
  input: UpdateDocumentRequest,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  const { vendor } = scope;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // Checked in the transaction, the period held until it ends (a deletion racing it waits).
      if (
        input.accounting_period_id != null &&
        !(await repo.periodOfVendor(tx, vendor, input.accounting_period_id))
      )
        throw fieldError('validation-failed', 'accounting_period_id', 'invalid-id');
      const first = await repo.findDocument(tx, vendor, documentId);
      if (!first || first.deletedAt) throw new AppError('not-found');
      // The folder's lock serialises the names in it (as uploads and creations do).
      assertWritable((await repo.lockFolder(tx, vendor, first.folderId))!, scope);
      const doc = await repo.lockDocument(tx, vendor, documentId);
      if (!doc || doc.deletedAt || doc.folderId !== first.folderId) throw new AppError('not-found');
      let row: repo.DocumentRow | undefined = doc;
      // The same folder: its name checked against its folders and documents, itself aside.
      if (input.name !== undefined && input.name !== doc.name)
        row = await renameDocument(filingIn(tx, personFiling(scope), null, ctx.audit), doc, input.name);
      if (input.accounting_period_id !== undefined || input.start_date !== undefined)
        row = await repo.setDocumentPeriod(tx, vendor, doc.id, {
          ...(input.accounting_period_id !== undefined
            ? { accountingPeriodId: input.accounting_period_id }
            : {}),
          ...(input.start_date !== undefined ? { startDate: input.start_date } : {}),
        });
      return row;
    });
    const version = (await repo.findVersion(ctx.db, vendor, row!.id, row!.currentVersionId!))!;
    return toDocument(row!, version);
  } catch (error) {
    throw nameConflict(error) ?? error;
  }
}
