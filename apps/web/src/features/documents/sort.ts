import type { Node } from '@portal/contracts';
import type { Sort } from './prefs';

const nullsLast = (a: number | string | null, b: number | string | null): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
};

/**
 * The spec's default order (section 9, docs/decisions.md): tree-structure folders in their tree
 * order first, then start date, folders before documents, then id — what the server sends.
 */
export function compareDefault(a: Node, b: Node): number {
  return (
    nullsLast(a.catalog_tree_folder_id, b.catalog_tree_folder_id) ||
    nullsLast(a.start_date, b.start_date) ||
    (a.type === b.type ? 0 : a.type === 'folder' ? -1 : 1) ||
    a.id - b.id
  );
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Sorts a listing; folders always stay before documents except in the default order's own rule. */
export function sortNodes(nodes: readonly Node[], sort: Sort): Node[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  const by = (a: Node, b: Node): number => {
    switch (sort.field) {
      case 'name':
        return collator.compare(a.name, b.name);
      case 'date':
        return a.updated_at.localeCompare(b.updated_at);
      case 'size':
        return (a.size ?? 0) - (b.size ?? 0);
      default:
        return compareDefault(a, b);
    }
  };
  return [...nodes].sort((a, b) => {
    if (sort.field !== 'default' && a.type !== b.type) return a.type === 'folder' ? -1 : 1;
    return sign * by(a, b) || a.id - b.id;
  });
}
