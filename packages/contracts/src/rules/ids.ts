import { z } from 'zod';
import { INT4_MAX } from '../limits';

/** What an id field refers to: the cross-tenant probe reads it from the OpenAPI document. */
export type IdRef =
  | 'accounting_firm'
  | 'vendor'
  | 'user'
  | 'holding'
  | 'bank'
  | 'address'
  | 'accounting_period'
  | 'vendor_user'
  | 'module'
  | 'tree_structure';

/** An id in a path or query (decimal string coerced), within the int4 column range. */
export const idParam = (ref: IdRef) =>
  z.coerce
    .number({ error: 'invalid-id' })
    .int({ error: 'invalid-id' })
    .min(1, { error: 'invalid-id' })
    .max(INT4_MAX, { error: 'invalid-id' })
    .meta({ 'x-ref': ref });

/** An id in a JSON body. */
export const idField = (ref: IdRef) =>
  z
    .number({ error: 'invalid-id' })
    .int({ error: 'invalid-id' })
    .min(1, { error: 'invalid-id' })
    .max(INT4_MAX, { error: 'invalid-id' })
    .meta({ 'x-ref': ref });

/** A boolean in a query string: 'true'/'false'/'1'/'0'. */
export const queryBoolean = () =>
  z.enum(['true', 'false', '1', '0'], { error: 'invalid-value' }).transform((v) => v === 'true' || v === '1');

export const pageQuery = () => ({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
