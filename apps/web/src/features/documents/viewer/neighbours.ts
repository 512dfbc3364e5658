import type { Node } from '@portal/contracts';
import type { Sort } from '../prefs';
import { sortNodes } from '../sort';

export type Neighbours = {
  previous: Node | undefined;
  next: Node | undefined;
  /** The loaded pages do not tell yet: load the folder's next page. */
  loadMore: boolean;
};

/**
 * The viewer's previous and next documents in the folder's listing, over the pages loaded so far
 * (from the first, in the server's order: the default sort). In the default sort (either way) the
 * pages loaded hold every document before the last one loaded, so only the document itself not
 * found yet, or being the last loaded, needs the next page. Another sort is made by the browser
 * over the whole listing: it needs every page first.
 */
export function neighbours(
  loaded: readonly Node[],
  sort: Sort,
  documentId: number,
  complete: boolean,
): Neighbours {
  const none = { previous: undefined, next: undefined };
  if (sort.field !== 'default' && !complete) return { ...none, loadMore: true };
  const documents = sortNodes(loaded, sort).filter((n) => n.type === 'document');
  const index = documents.findIndex((n) => n.id === documentId);
  if (index < 0) return { ...none, loadMore: !complete };
  const previous = documents[index - 1];
  const next = documents[index + 1];
  // Default sort: the pages not loaded come after the last document loaded (ascending), before
  // the first (descending).
  const atEdge = sort.order === 'asc' ? next === undefined : previous === undefined;
  return { previous, next, loadMore: !complete && atEdge };
}
