import type { VendorSort } from './api';

export type SortField = 'company' | 'client_code' | 'created_at';
export const SORTABLE: readonly SortField[] = ['company', 'client_code', 'created_at'];

/** The grid's sort model of an API sort ("-company" = company descending). */
export function sortToModel(sort: VendorSort): { field: SortField; sort: 'asc' | 'desc' }[] {
  const desc = sort.startsWith('-');
  return [{ field: (desc ? sort.slice(1) : sort) as SortField, sort: desc ? 'desc' : 'asc' }];
}

/** The API sort of a grid sort model; no sort (or an unsortable field) falls back to company. */
export function modelToSort(model: readonly { field: string; sort?: 'asc' | 'desc' | null }[]): VendorSort {
  const first = model[0];
  if (!first?.sort || !(SORTABLE as readonly string[]).includes(first.field)) return 'company';
  return (first.sort === 'desc' ? `-${first.field}` : first.field) as VendorSort;
}

/** "26–50 / 120": the rows shown on a page (1-based page). */
export function pageRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * perPage + 1;
  return { from: Math.min(from, total), to: Math.min(page * perPage, total) };
}

/** The official identifier shown in lists: SIRET, else SIREN, else the other identifier. */
export const identifierOf = (v: { siret: string | null; siren: string | null; identifier: string | null }) =>
  v.siret ?? v.siren ?? v.identifier ?? '';
