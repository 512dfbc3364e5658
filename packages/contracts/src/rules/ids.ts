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
  | 'tree_structure'
  | 'folder'
  | 'document'
  | 'document_version'
  | 'task'
  | 'task_item'
  /** A person already in the tenant (firm member or client user): task members, not people added. */
  | 'member'
  /** One of the caller's own signed-in sessions (a person's, not a tenant's). */
  | 'session'
  /** One of the caller's own file-share passwords (a person's, not a tenant's). */
  | 'file_share_password'
  /** An OpenID Connect provider of a portal. */
  | 'identity_provider'
  /** An access-rights theme of a firm. */
  | 'theme'
  /** A workflow of a client file (or the firm's, where a client file uses it). */
  | 'workflow'
  /** A workflow of the firm, on the firm's routes. */
  | 'firm_workflow'
  /** A status of a workflow. */
  | 'workflow_status'
  /** A share link of a client file. */
  | 'share_link'
  /** A quick-drop folder of a client file. */
  | 'quickfolder'
  /**
   * A flow.js upload identifier: a name the client gives its upload (per user and folder), not a
   * row id. Another tenant's must answer as one that names nothing.
   */
  | 'upload'
  /** A PDF document of a client file (what a signature request is made on). */
  | 'pdf_document'
  /** A signature request of a client file. */
  | 'signature'
  /** A category, service or offer of a firm's catalogue. */
  | 'catalog_category'
  | 'catalog_service'
  | 'catalog_offer'
  /** A mission (project) of a client file. */
  | 'mission'
  /** A billed product of the platform (super admin). */
  | 'product'
  /** A feature flag of the platform (super admin). */
  | 'feature_flag'
  /** One of the caller's own notifications (a person's, not a tenant's). */
  | 'notification';

/**
 * The only spelling of an id in a path or query: decimal digits without a sign, spaces, exponent,
 * radix prefix or leading zero. `Number()` alone would read `1e0`, `0x1`, ` 1` and `007` as ids.
 */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * An id in a path or query, within the int4 column range: canonical decimal digits only (anything
 * else answers `invalid-id`). The OpenAPI document shows it as an integer.
 */
export const idParam = (ref: IdRef) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && CANONICAL_ID.test(value) ? Number(value) : value),
      z
        .number({ error: 'invalid-id' })
        .int({ error: 'invalid-id' })
        .min(1, { error: 'invalid-id' })
        .max(INT4_MAX, { error: 'invalid-id' }),
    )
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
