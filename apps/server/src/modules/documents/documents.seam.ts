import type { DocumentsSeam } from '../../app-context';
import { exchangeFolder, liveDocumentIds } from './exchange-folder';
import * as folders from './folders/folders.repository';
import { createFolders } from './folders/folders.service';
import { assertNoLegalHold } from './storage-policy/legal-hold.service';

/** What client files need from the document manager (`ctx.documents`). */
export function documentsSeam(): DocumentsSeam {
  return {
    countInPeriod: (tx, vendor, periodId) => folders.countInPeriod(tx, vendor, periodId),
    // Folders, documents, versions and uploads go with the client file's row (foreign keys
    // cascade); the blobs no version refers to any more are queued for the cleanup.
    deleteAll: async (tx, vendor) => {
      await assertNoLegalHold(tx, vendor);
      await folders.queueVendorBlobs(tx, vendor);
      await folders.deleteVendorFolders(tx, vendor);
    },
    createFolders: async (tx, vendor) => {
      await createFolders(tx, vendor);
    },
    exchangeFolder: (db, vendor, userId) => exchangeFolder(db, vendor, userId),
    liveDocumentIds: (db, vendor, ids) => liveDocumentIds(db, vendor, ids),
  };
}
