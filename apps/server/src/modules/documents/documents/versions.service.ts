import type { VersionDto } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors/app-error';
import { recordDocumentEvents } from '../document-notifications';
import { addVersion, contentOf, emitFiled, filingIn, personFiling } from '../tree/filing.service';
import * as tree from '../tree/tree.service';
import { assertFolderWritable, assertWritable } from '../tree/tree.service';
import { authorizeVendor, type Scope } from '../vendor-access.service';
import { toVersion } from './documents.service';

declare module '../../../platform/events/events' {
  interface AppEvents {
    /** A version was validated (`validated` true) or its validation withdrawn (false). */
    'document.validated': {
      accountingFirmId: number;
      vendorId: number;
      documentId: number;
      versionId: number;
      userId: number;
      validated: boolean;
    };
  }
}

/** The live document and one of its versions, locked (404 when either is not there). */
async function lockedVersion(tx: Db, scope: Scope, documentId: number, versionId: number) {
  const doc = await tree.lockDocument(tx, scope.vendor, documentId);
  if (!doc || doc.deletedAt) throw new AppError('not-found');
  const version = await tree.findVersion(tx, scope.vendor, doc.id, versionId);
  if (!version) throw new AppError('not-found');
  return { doc, version };
}

async function versionDto(db: Db, scope: Scope, documentId: number, versionId: number): Promise<VersionDto> {
  const all = await tree.listVersions(db, scope.vendor, documentId);
  return toVersion(all.find((v) => v.id === versionId)!);
}

/**
 * Restores an older version: a new version with its content becomes the latest, chained after
 * the current one (the history is kept); the latest itself is copied as well.
 */
export async function restoreVersion(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  documentId: number,
  versionId: number,
): Promise<VersionDto> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  const filer = personFiling(scope);
  const { created, log } = await ctx.db.transaction(async (tx) => {
    const f = filingIn(tx, filer, ctx.jobs, ctx.audit);
    const first = await tree.findDocument(tx, scope.vendor, documentId);
    if (!first || first.deletedAt) throw new AppError('not-found');
    // The folder's lock serialises versions of its documents (as uploads do).
    const folder = (await tree.lockFolder(tx, scope.vendor, first.folderId))!;
    assertWritable(folder, scope);
    const { doc, version } = await lockedVersion(tx, scope, documentId, versionId);
    const { content } = await contentOf(f, doc, version.id);
    return { created: await addVersion(f, doc, content), log: f.log };
  });
  emitFiled(ctx, filer, log);
  return versionDto(ctx.db, scope, documentId, created.id);
}

/** Validates a version or withdraws its validation (firm members: `documents.validate`). */
export async function setValidated(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  documentId: number,
  versionId: number,
  validated: boolean,
): Promise<VersionDto> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.validate');
  const changed = await ctx.db.transaction(async (tx) => {
    const { doc, version } = await lockedVersion(tx, scope, documentId, versionId);
    // Validating is a change: refused in a folder read-only by theme.
    if (scope.vendor.themes)
      assertFolderWritable((await tree.findFolder(tx, scope.vendor, doc.folderId))!, scope);
    if ((version.validatedAt !== null) === validated) return false;
    await tree.setValidation(tx, scope.vendor, version.id, validated ? actor.userId : null);
    if (validated)
      await recordDocumentEvents(ctx, tx, scope.vendor, actor, 'document.validated', [documentId]);
    return true;
  });
  if (changed)
    ctx.events.emit('document.validated', {
      accountingFirmId: scope.vendor.accountingFirmId,
      vendorId: scope.vendor.id,
      documentId,
      versionId,
      userId: actor.userId,
      validated,
    });
  return versionDto(ctx.db, scope, documentId, versionId);
}
