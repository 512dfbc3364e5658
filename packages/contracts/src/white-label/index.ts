import { z } from 'zod';
import { idParam } from '../rules/ids';
import { colour, requiredText } from '../rules/text';
import { moduleSchema } from '../tenancy';

export const themeModeSchema = z.enum(['light', 'dark']);
export type ThemeMode = z.infer<typeof themeModeSchema>;

export const whiteLabelSchema = z.object({
  accounting_firm_id: z.number().int(),
  theme: themeModeSchema,
  name: z.string(),
  /** URL of the logo, or null when the firm has none. */
  logo: z.string().nullable(),
  primary_color: z.string(),
  secondary_color: z.string(),
  updated_at: z.string(),
});
export type WhiteLabel = z.infer<typeof whiteLabelSchema>;

/** A sign-in button: `url` starts the provider's flow (`GET /api/oauth/get-sso-link`). */
export const oauthProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  url: z.string(),
});

export const whiteLabelResponseSchema = z.object({
  accounting_firm: z.object({
    id: z.number().int(),
    name: z.string(),
    domain: z.string().nullable(),
    welcome_message: z.string().nullable(),
  }),
  white_labels: z.array(whiteLabelSchema),
  modules: z.array(moduleSchema),
  oauth_providers: z.array(oauthProviderSchema),
  /** The portal's public feature flags, their effective values (super admin's `sa/flags`). */
  flags: z.record(z.string(), z.boolean()),
  redirect: z.boolean().optional(),
  location: z.string().optional(),
});
export type WhiteLabelResponse = z.infer<typeof whiteLabelResponseSchema>;

export const whiteLabelQuerySchema = z.object({
  accounting_firm_id: idParam('accounting_firm').optional(),
});

export const whiteLabelIconParamsSchema = z.object({
  id: idParam('accounting_firm'),
  theme: themeModeSchema,
});
export const lastModifiedQuerySchema = z.object({
  last_modified: z.string().max(64).optional(),
});

/** Largest logo a firm may upload, in bytes (before base64). */
export const LOGO_MAX_BYTES = 512_000;
/** Image formats accepted for a logo (spec section 5). */
export const LOGO_FORMATS = ['gif', 'jpeg', 'png', 'webp', 'svg'] as const;

/**
 * Change one theme of a firm's branding: PUT /api/accounting-firms/{id}/white-labels/{theme}.
 * `logo`: base64 of the image to set, null to remove it, absent to keep it. The server checks
 * that the bytes really are one of LOGO_FORMATS (a corrupt or other file answers 422).
 */
export const updateWhiteLabelRequestSchema = z
  .object({
    name: requiredText(100),
    primary_color: colour(),
    secondary_color: colour(),
    logo: z
      .string()
      .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, { error: 'image-too-large' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'invalid-image' })
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ example: { name: 'Cabinet Exemple', primary_color: '#1565c0', secondary_color: '#0d2b4e' } });
export type UpdateWhiteLabelRequest = z.infer<typeof updateWhiteLabelRequestSchema>;
