import type { Db } from '../../db/client';

/**
 * What the client-file rules need from the document manager. The document manager (a later
 * module) registers its implementation; until it exists, a client file holds no documents, so
 * the answers below are true rather than faked.
 */
export type VendorDocuments = {
  /** Documents filed in an accounting period (deleting a period that holds some is refused). */
  countInPeriod(tx: Db, vendor: { id: number; accountingFirmId: number }, periodId: number): Promise<number>;
  /** Deletes every document and folder of a client file (permanent deletion). */
  deleteAll(tx: Db, vendor: { id: number; accountingFirmId: number }): Promise<void>;
  /** Creates the folders of the vendor's tree structure. */
  createFolders(
    tx: Db,
    vendor: { id: number; accountingFirmId: number; treeStructureId: number | null },
  ): Promise<void>;
};

let implementation: VendorDocuments = {
  countInPeriod: async () => 0,
  deleteAll: async () => {},
  createFolders: async () => {},
};

export const vendorDocuments = (): VendorDocuments => implementation;

export function registerVendorDocuments(documents: VendorDocuments): void {
  implementation = documents;
}
