import { toNodeHash } from './hashes';

/**
 * `documents/{context}/{folderHash}` (spec section 2): `?document_id=` points at a document,
 * `&version_id=` opens that version of it in the viewer.
 */
export function documentsPath(
  context: string,
  folderId?: number | null,
  documentId?: number | null,
  versionId?: number | null,
): string {
  const base = `/documents/${context}${folderId ? `/${toNodeHash(folderId)}` : ''}`;
  if (!documentId) return base;
  return `${base}?document_id=${documentId}${versionId ? `&version_id=${versionId}` : ''}`;
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
