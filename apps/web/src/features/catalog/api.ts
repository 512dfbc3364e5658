import type {
  CreateCatalogCategoryRequest,
  CreateCatalogOfferRequest,
  CreateCatalogServiceRequest,
  UpdateCatalogCategoryRequest,
  UpdateCatalogOfferRequest,
  UpdateCatalogServiceRequest,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { catalogKeys } from '../../app/query-keys';

const base = (firmId: number) => `accounting-firms/${firmId}/catalog`;
/** The settings screens show at most this many services or offers a page, searched on the server. */
export const CATALOG_PAGE = 100;

export const useCategories = (firmId: number) =>
  useQuery({
    queryKey: catalogKeys.categories(firmId),
    queryFn: () => api.get(`${base(firmId)}/categories`, { contract: 'catalogCategorySchema[]' }),
  });

export const useServices = (firmId: number, categoryId: number | null, search: string) =>
  useQuery({
    queryKey: catalogKeys.services(firmId, categoryId, search),
    queryFn: () =>
      api.get(`${base(firmId)}/services`, {
        query: {
          per_page: String(CATALOG_PAGE),
          ...(categoryId ? { category_id: String(categoryId) } : {}),
          ...(search.trim() ? { search: search.trim() } : {}),
        },
        contract: 'page of catalogServiceSchema',
      }),
    placeholderData: keepPreviousData,
  });

export const useService = (firmId: number, serviceId: number | null) =>
  useQuery({
    queryKey: catalogKeys.service(firmId, serviceId ?? 0),
    queryFn: () => api.get(`${base(firmId)}/services/${serviceId}`, { contract: 'catalogServiceSchema' }),
    enabled: serviceId !== null,
  });

export const useOffers = (firmId: number, search: string) =>
  useQuery({
    queryKey: catalogKeys.offers(firmId, search),
    queryFn: () =>
      api.get(`${base(firmId)}/offers`, {
        query: { per_page: String(CATALOG_PAGE), ...(search.trim() ? { search: search.trim() } : {}) },
        contract: 'page of catalogOfferSchema',
      }),
    placeholderData: keepPreviousData,
  });

/** Writes of the catalogue; every list of it is fetched again. Errors are the caller's to show. */
export function useCatalogWrites(firmId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: catalogKeys.all(firmId) });
  const quiet = { showError: false } as const;
  return {
    createCategory: useMutation({
      mutationFn: (body: CreateCatalogCategoryRequest) =>
        api.post(`${base(firmId)}/categories`, body, { ...quiet, contract: 'catalogCategorySchema' }),
      onSuccess,
    }),
    updateCategory: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateCatalogCategoryRequest }) =>
        api.patch(`${base(firmId)}/categories/${id}`, body, { ...quiet, contract: 'catalogCategorySchema' }),
      onSuccess,
    }),
    deleteCategory: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${base(firmId)}/categories/${id}`),
      onSuccess,
    }),
    createService: useMutation({
      mutationFn: (body: CreateCatalogServiceRequest) =>
        api.post(`${base(firmId)}/services`, body, { ...quiet, contract: 'catalogServiceSchema' }),
      onSuccess,
    }),
    updateService: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateCatalogServiceRequest }) =>
        api.patch(`${base(firmId)}/services/${id}`, body, { ...quiet, contract: 'catalogServiceSchema' }),
      onSuccess,
    }),
    deleteService: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${base(firmId)}/services/${id}`),
      onSuccess,
    }),
    createOffer: useMutation({
      mutationFn: (body: CreateCatalogOfferRequest) =>
        api.post(`${base(firmId)}/offers`, body, { ...quiet, contract: 'catalogOfferSchema' }),
      onSuccess,
    }),
    updateOffer: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateCatalogOfferRequest }) =>
        api.patch(`${base(firmId)}/offers/${id}`, body, { ...quiet, contract: 'catalogOfferSchema' }),
      onSuccess,
    }),
    deleteOffer: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${base(firmId)}/offers/${id}`),
      onSuccess,
    }),
  };
}

/** Cents as the portal's currency in the language's format (EUR, spec section 9). */
export const formatCents = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** "12,50" or "12.50" typed in a field -> cents; null when it is not an amount. */
export function parseAmount(value: string): number | null {
  const clean = value.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

export const centsToInput = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
