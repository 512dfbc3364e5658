import type { Node, VendorRoles } from '@portal/contracts';

/**
 * What the caller may do in a client file's documents, as the server decides it
 * (`documents.write`: not guests nor read-only access; `documents.validate`, and `documents.purge`
 * (empty the trash): firm members with write access). Unknown roles (still loading) write nothing.
 * The server checks every call again.
 */
export type DocumentRights = { canWrite: boolean; canValidate: boolean; canPurge: boolean };

/**
 * `documents.share`: firm members and client administrators and collaborators with read-write
 * access, never guests (share links, issue 28). Not narrowed by a folder's themes: sharing
 * what one sees is no change of the folder.
 */
export const canShare = (roles: Pick<VendorRoles, 'role' | 'read_only'> | null | undefined): boolean =>
  Boolean(roles && !roles.read_only && roles.role !== 'guest');

export function documentRights(
  roles: Pick<VendorRoles, 'role' | 'read_only'> | null | undefined,
): DocumentRights {
  if (!roles || roles.read_only || roles.role === 'guest')
    return { canWrite: false, canValidate: false, canPurge: false };
  const firm = roles.role === 'accountant';
  return { canWrite: true, canValidate: firm, canPurge: firm };
}

/**
 * The rights left in a folder the caller's themes make read-only (the server's `theme-read-only`):
 * reading only, whoever they are (firm administrators are never read-only by theme).
 */
export const withThemes = (rights: DocumentRights, themeReadOnly: boolean): DocumentRights =>
  themeReadOnly ? { ...rights, canWrite: false, canValidate: false } : rights;

/**
 * Validated documents, read-only folders and the documents of a read-only folder are neither
 * deleted nor moved (but by a forced deletion). `inReadOnly`: the node's folder is read-only.
 */
export const isProtected = (node: Pick<Node, 'type' | 'is_validated' | 'read_only'>, inReadOnly = false) =>
  node.is_validated || node.read_only || (inReadOnly && node.type === 'document');

/**
 * Whether the caller may change a folder's content (upload, create, rename, move, delete): a
 * read-only folder refuses it to everyone who may not validate (the server's `node-readonly`).
 */
export const canChangeIn = (
  rights: Pick<DocumentRights, 'canWrite' | 'canValidate'>,
  folderReadOnly: boolean,
) => rights.canWrite && (!folderReadOnly || rights.canValidate);

/** What the next step of a move or copy is after the server's refusal (spec section 5 conflicts). */
export type TransferStep = 'confirm-default-folders' | 'ask-documents' | 'ask-folders' | 'fail';

export function transferStep(
  error: { status: number; body: { code?: string; errors?: Record<string, string[]> } | null },
  selection: { document_ids: readonly number[] },
): TransferStep {
  const code = error.body?.code;
  if (error.status !== 422) return 'fail';
  if (code === 'default-folder-move') return 'confirm-default-folders';
  if (code !== 'node-name-conflict') return 'fail';
  const fields = error.body?.errors ?? {};
  if ('folder_ids' in fields) return 'ask-folders';
  if ('document_ids' in fields || selection.document_ids.length > 0) return 'ask-documents';
  return 'ask-folders';
}
