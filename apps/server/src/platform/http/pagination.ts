import type { Paginated } from '@portal/contracts';
import { prebuiltJson } from './prebuilt-json';

/** The page asked for, as the contracts' `pageQuery()` parses it (both from 1). */
export type PageRequest = { page: number; per_page: number };

/** Rows to skip before the asked page. */
export const pageOffset = ({ page, per_page }: PageRequest): number => (page - 1) * per_page;

/** An empty list still has one (empty) last page. */
const lastPage = (total: number, { per_page }: PageRequest) => Math.max(1, Math.ceil(total / per_page));

/** The spec's paginated envelope; an empty list still has one (empty) last page. */
export function paginated<T>(data: T[], request: PageRequest, total: number): Paginated<T> {
  return {
    data,
    current_page: request.page,
    per_page: request.per_page,
    total,
    last_page: lastPage(total, request),
  };
}

/** The same envelope around a page already written as a JSON array (`prebuiltJson`). */
export function paginatedJson<T>(dataJson: string, request: PageRequest, total: number): Paginated<T> {
  return prebuiltJson(
    `{"data":${dataJson},"current_page":${request.page},"per_page":${request.per_page},"total":${total},"last_page":${lastPage(total, request)}}`,
  );
}
