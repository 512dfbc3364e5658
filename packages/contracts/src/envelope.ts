import { z } from 'zod';

/** `{ data: T }`: the envelope of every non-paginated success answer. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** A paginated list answer: the whole body carries the page fields. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

export type Paginated<T> = {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
};

export const isPaginated = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'current_page' in body;
