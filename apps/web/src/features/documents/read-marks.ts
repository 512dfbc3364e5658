import type { Node, Paginated } from '@portal/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** A folder's cached listing pages with `documentId` marked read (the same data when absent). */
export function markReadInPages(
  data: InfiniteData<Paginated<Node>> | undefined,
  documentId: number,
): InfiniteData<Paginated<Node>> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some((n) => n.type === 'document' && n.id === documentId && n.unread)) return page;
    changed = true;
    return {
      ...page,
      data: page.data.map((n) =>
        n.type === 'document' && n.id === documentId ? { ...n, unread: false } : n,
      ),
    };
  });
  return changed ? { ...data, pages } : data;
}
