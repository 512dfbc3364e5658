import type { Db } from '../../../db/client';
import { AppError } from '../../../platform/errors/app-error';
import type { VendorRef } from '../vendor-ref';
import { filingIn, makeFolder } from './filing.service';
import * as folders from './folders.repository';
import { createFolders, findDocument } from './tree.service';

/**
 * The root-level folder where files exchanged around tasks and information requests are filed
 * (attachments, a client's file answers). Not part of any tree structure: made on first use.
 */
export const EXCHANGE_FOLDER_NAME = 'Échanges';

/** The live exchange folder of a client file, created (with the root if needed) on first use. */
export async function exchangeFolder(db: Db, vendor: VendorRef, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    let root = await folders.lockRoot(tx, vendor);
    if (!root) {
      await createFolders(tx, vendor);
      root = await folders.lockRoot(tx, vendor);
    }
    if (!root) throw new AppError('not-found');
    const existing = await folders.findChildByName(tx, vendor, root.id, EXCHANGE_FOLDER_NAME);
    if (existing) return existing.id;
    const f = filingIn(tx, { vendor, by: { userId }, mayForce: true });
    return (await makeFolder(f, root.id, EXCHANGE_FOLDER_NAME)).id;
  });
}

/**
 * Which of these ids are live documents (not in the trash) of the client file, that the person
 * sees when `vendor.themes` is given (the theme rule, through the tree service).
 */
export async function liveDocumentIds(db: Db, vendor: VendorRef, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const id of new Set(ids)) {
    const row = await findDocument(db, vendor, id);
    if (row && !row.deletedAt) found.add(id);
  }
  return found;
}
