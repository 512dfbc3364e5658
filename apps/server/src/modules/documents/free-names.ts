import { extensionOf, numberedFreeName } from '@portal/contracts';
import type { Db } from '../../db/client';
import * as docs from './documents/documents.repository';
import type { VendorRef } from './folders/folders.repository';
import * as folders from './folders/folders.repository';

/** "name.ext" -> "name (2).ext", the first free document name in the folder. */
export async function freeDocumentName(tx: Db, vendor: VendorRef, folderId: number, name: string) {
  const ext = extensionOf(name);
  const stem = ext ? name.slice(0, -(ext.length + 1)) : name;
  const taken = new Set(await docs.namesLike(tx, vendor, folderId, stem));
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext ? `.${name.slice(-ext.length)}` : ''}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** "name" -> "name (2)", the first free folder name in the parent. */
export async function freeFolderName(tx: Db, vendor: VendorRef, parentId: number, name: string) {
  return numberedFreeName(name, new Set(await folders.folderNamesLike(tx, vendor, parentId, name)));
}
