import { useEffect } from 'react';
import { useAppNavigate } from '../../app/app-navigate';
import { useDocument } from './api';
import { viewerPath } from './paths';

/** A decimal id of the query, or null (absent or not an id). */
const idOf = (value: string | null): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * `documents/{context}/{folderHash?}?document_id=&version_id=` (spec section 2): with a
 * `version_id`, the document is opened in the viewer on that version (the latest one without a
 * version in the address), in the document's own folder whatever folder the link names; the
 * address is replaced, so going back leaves the link. `document_id` alone only points at the
 * document in the list.
 */
export function useVersionLink(vendorId: number, context: string, search: URLSearchParams): void {
  const navigate = useAppNavigate();
  const versionId = idOf(search.get('version_id'));
  const documentId = versionId === null ? null : idOf(search.get('document_id'));
  const doc = useDocument(vendorId, documentId).data;
  useEffect(() => {
    if (!doc || versionId === null || doc.id !== documentId) return;
    const shown = doc.version_id === versionId ? null : versionId;
    navigate(viewerPath(context, doc.folder_id, doc.id, shown), { replace: true });
  }, [doc, documentId, versionId, context, navigate]);
}
