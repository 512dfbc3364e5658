import { z } from 'zod';
import { idField, idParam, queryBoolean } from '../rules/ids';
import { whiteLabelSchema } from '../white-label';

/**
 * Share links (issue 28): a document or a folder of a client file, opened without an account at
 * `{portal origin}/s/{token}` until it expires, is revoked or runs out of downloads.
 */

/** Bounds of a firm's share-link settings, in hours (a year at most). */
export const SHARE_LINK_MAX_HOURS = 24 * 365;
export const SHARE_LINK_DEFAULT_HOURS = 24 * 7;
export const SHARE_LINK_DEFAULT_MAX_HOURS = 24 * 30;
/** The password header of the public routes (or the cookie the page gets once it was entered). */
export const SHARE_PASSWORD_HEADER = 'x-share-password';
export const SHARE_PASSWORD_MIN = 8;

const hours = () =>
  z
    .number({ error: 'invalid-value' })
    .int({ error: 'invalid-value' })
    .min(1, { error: 'out-of-range' })
    .max(SHARE_LINK_MAX_HOURS, { error: 'out-of-range' });

/** `/api/accounting-firms/{id}/share-link-settings`: a new link's default and longest life. */
export const shareLinkSettingsSchema = z.object({
  default_hours: z.number().int(),
  max_hours: z.number().int(),
});
export type ShareLinkSettings = z.infer<typeof shareLinkSettingsSchema>;

export const updateShareLinkSettingsSchema = z
  .object({ default_hours: hours(), max_hours: hours() })
  .strict()
  .refine((s) => s.default_hours <= s.max_hours, { error: 'out-of-range', path: ['default_hours'] })
  // The probe sends it to every portal: the defaults, which change nothing.
  .meta({ example: { default_hours: SHARE_LINK_DEFAULT_HOURS, max_hours: SHARE_LINK_DEFAULT_MAX_HOURS } });
export type UpdateShareLinkSettings = z.infer<typeof updateShareLinkSettingsSchema>;

/** `POST /api/vendors/{id}/share-links`: a document or a folder (exactly one). */
export const createShareLinkSchema = z
  .object({
    document_id: idField('document').optional(),
    folder_id: idField('folder').optional(),
    /** Within the firm's maximum; absent: the firm's default. */
    expires_in_hours: hours().optional(),
    password: z
      .string({ error: 'invalid-value' })
      .min(SHARE_PASSWORD_MIN, { error: 'password-too-short' })
      .max(200, { error: 'too-long' })
      .optional(),
    max_downloads: z
      .number({ error: 'invalid-value' })
      .int({ error: 'invalid-value' })
      .min(1, { error: 'out-of-range' })
      .max(1_000_000, { error: 'out-of-range' })
      .optional(),
  })
  .strict()
  .refine((b) => (b.document_id === undefined) !== (b.folder_id === undefined), {
    error: 'required',
    path: ['document_id'],
  })
  .meta({ example: { folder_id: 1, expires_in_hours: 24, max_downloads: 5 } });
export type CreateShareLink = z.infer<typeof createShareLinkSchema>;

export const shareLinkParamsSchema = z.object({
  id: idParam('vendor'),
  share_link_id: idParam('share_link'),
});
export const shareLinkListQuerySchema = z.object({
  /** Only the links of this document or folder (the share dialog of one item). */
  document_id: idParam('document').optional(),
  folder_id: idParam('folder').optional(),
  /** Revoked, expired and exhausted links too (default: live ones only). */
  all: queryBoolean().optional(),
});

export const shareLinkStateSchema = z.enum(['live', 'revoked', 'expired', 'exhausted']);
export type ShareLinkState = z.infer<typeof shareLinkStateSchema>;

export const shareLinkSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  document_id: z.number().int().nullable(),
  folder_id: z.number().int().nullable(),
  /** The shared item's name now. */
  name: z.string(),
  /** Only in the creation's answer: the token is kept hashed. */
  url: z.string().optional(),
  has_password: z.boolean(),
  expires_at: z.string(),
  max_downloads: z.number().int().nullable(),
  downloads: z.number().int(),
  state: shareLinkStateSchema,
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  revoked_at: z.string().nullable(),
});
export type ShareLinkDto = z.infer<typeof shareLinkSchema>;

export const shareLinkAccessSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  address: z.string(),
  user_agent: z.string(),
  kind: z.enum(['view', 'file', 'zip']),
  document_id: z.number().int().nullable(),
  version_id: z.number().int().nullable(),
  /** The document's name, or the folder's for a ZIP or a view of a folder (as it is now). */
  name: z.string().nullable(),
});
export type ShareLinkAccess = z.infer<typeof shareLinkAccessSchema>;

/** The public routes: `/api/public/shares/{token}...` (the token is the only credential). */
const token = () =>
  z
    .string()
    .min(16)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/);
export const publicShareParamsSchema = z.object({ token: token() });
export const publicShareFolderParamsSchema = z.object({ token: token(), folder_id: idParam('folder') });
export const publicShareDocumentParamsSchema = z.object({ token: token(), document_id: idParam('document') });

export const publicShareUnlockSchema = z
  .object({ password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200) })
  .strict()
  .meta({ example: { password: 'secret-pass' } });

export const publicShareEntrySchema = z.object({
  kind: z.enum(['folder', 'document']),
  id: z.number().int(),
  name: z.string(),
  size: z.number().int().nullable(),
  mime_type: z.string().nullable(),
  updated_at: z.string(),
});
export type PublicShareEntry = z.infer<typeof publicShareEntrySchema>;

export const publicShareFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The way down from the shared folder (itself first), for the page's breadcrumb. */
  path: z.array(z.object({ id: z.number().int(), name: z.string() })),
  entries: z.array(publicShareEntrySchema),
});
export type PublicShareFolder = z.infer<typeof publicShareFolderSchema>;

export const publicShareSchema = z.object({
  kind: z.enum(['folder', 'document']),
  name: z.string(),
  expires_at: z.string(),
  accounting_firm_id: z.number().int(),
  white_labels: z.array(whiteLabelSchema),
  /** For a document share. */
  document: publicShareEntrySchema.nullable(),
  /** For a folder share: its top level. */
  folder: publicShareFolderSchema.nullable(),
});
export type PublicShare = z.infer<typeof publicShareSchema>;
