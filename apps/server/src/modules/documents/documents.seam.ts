import type { DocumentsSeam } from '../../app-context';
import { assertNoLegalHold } from './storage-policy/legal-hold.service';
import { exchangeFolder, liveDocumentIds } from './tree/exchange-folder.service';
import * as tree from './tree/tree.service';

/** What client files need from the document manager (`ctx.documents`). */
export function documentsSeam(): DocumentsSeam {
  return {
    countInPeriod: (tx, vendor, periodId) => tree.countInPeriod(tx, vendor, periodId),
    // Folders, documents, versions and uploads go with the client file's row (foreign keys
    // cascade); the blobs no version refers to any more are queued for the cleanup.
    deleteAll: async (tx, vendor) => {
      await assertNoLegalHold(tx, vendor);
      await tree.queueVendorBlobs(tx, vendor);
      await tree.deleteVendorFolders(tx, vendor);
    },
    createFolders: async (tx, vendor) => {
      await tree.createFolders(tx, vendor);
    },
    exchangeFolder: (db, vendor, userId) => exchangeFolder(db, vendor, userId),
    liveDocumentIds: (db, vendor, ids) => liveDocumentIds(db, vendor, ids),
  };
}
