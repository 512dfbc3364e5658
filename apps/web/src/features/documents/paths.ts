import { toNodeHash } from './hashes';

/** `documents/{context}/{folderHash}` (spec section 2), `?document_id=` to point at a document. */
export function documentsPath(context: string, folderId?: number | null, documentId?: number | null): string {
  const base = `/documents/${context}${folderId ? `/${toNodeHash(folderId)}` : ''}`;
  return documentId ? `${base}?document_id=${documentId}` : base;
}

/** `viewer/{context}/{folderHash}/{documentHash}/{versionId?}` (spec section 2). */
export function viewerPath(
  context: string,
  folderId: number,
  documentId: number,
  versionId?: number | null,
): string {
  return `/viewer/${context}/${toNodeHash(folderId)}/${toNodeHash(documentId)}${versionId ? `/${versionId}` : ''}`;
}

/** `documents/{context}?view=trash`: the client file's trash. */
export const TRASH_VIEW = 'trash';
