import type { RoutePrefetch } from '../../../app/route-types';
import { documentQuery, nodesQuery } from '../api';
import { previewKindOf } from '../file-types';
import { fromNodeHash } from '../hashes';
import { contentQuery } from './use-content';

export { ViewerPage } from './viewer-page';

/**
 * The document's details, then its content when the viewer shows it itself (as `viewer-page.tsx`
 * asks: `previewKindOf`), and its folder's list (previous / next).
 */
export const prefetch: RoutePrefetch = ({ queryClient, vendorId, params }) => {
  const folderId = fromNodeHash(params.folderHash);
  const documentId = fromNodeHash(params.documentHash);
  if (vendorId === null || folderId === null || documentId === null) return;
  const versionId = params.versionId ? Number(params.versionId) || null : null;
  void queryClient.fetchQuery(documentQuery(vendorId, documentId)).then(
    (doc) => {
      if (previewKindOf(doc.extension) !== 'none')
        void queryClient.prefetchQuery(contentQuery(vendorId, documentId, versionId));
    },
    () => undefined,
  );
  void queryClient.prefetchInfiniteQuery(nodesQuery(vendorId, folderId));
};
