/** Display mode and sort of the document lists, kept in localStorage (spec section 9). */
export type DisplayMode = 'mosaic' | 'list' | 'detailed';
export type SortField = 'default' | 'name' | 'date' | 'size';
export type SortOrder = 'asc' | 'desc';
export type Sort = { field: SortField; order: SortOrder };

export const DISPLAY_MODES: readonly DisplayMode[] = ['mosaic', 'list', 'detailed'];
export const SORT_FIELDS: readonly SortField[] = ['default', 'name', 'date', 'size'];
export const DEFAULT_SORT: Sort = { field: 'default', order: 'asc' };

const MODE_KEY = 'documents_display_mode';
const SORT_KEY = 'documents_sort';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readDisplayMode(): DisplayMode {
  const value = storage()?.getItem(MODE_KEY);
  return DISPLAY_MODES.includes(value as DisplayMode) ? (value as DisplayMode) : 'list';
}

export const writeDisplayMode = (mode: DisplayMode): void => storage()?.setItem(MODE_KEY, mode);

export function readSort(): Sort {
  const [field, order] = (storage()?.getItem(SORT_KEY) ?? '').split(':');
  if (!SORT_FIELDS.includes(field as SortField) || (order !== 'asc' && order !== 'desc')) return DEFAULT_SORT;
  return { field: field as SortField, order };
}

export const writeSort = (sort: Sort): void => storage()?.setItem(SORT_KEY, `${sort.field}:${sort.order}`);
