import { documentKeys } from '../../app/query-keys';
import type { RoutePrefetch } from '../../app/route-types';
import { fetchFolderChildren } from '../../app/shared-api';
import { folderQuery, nodesQuery } from './api';
import { fromNodeHash } from './hashes';

export { DocumentsPage } from './documents-page';

/** The root folder (the page waits for it), and the folder the address names with its content. */
export const prefetch: RoutePrefetch = ({ queryClient, vendorId, params }) => {
  if (vendorId === null) return;
  void queryClient.prefetchQuery({
    queryKey: documentKeys.tree(vendorId, null),
    queryFn: () => fetchFolderChildren(vendorId, null),
  });
  const folderId = fromNodeHash(params.folderHash);
  if (folderId === null) return;
  void queryClient.prefetchQuery(folderQuery(vendorId, folderId));
  void queryClient.prefetchInfiniteQuery(nodesQuery(vendorId, folderId));
};
