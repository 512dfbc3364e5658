import { z } from 'zod';
import { idParam } from '../rules/ids';
import { requiredText, text } from '../rules/text';

/** An issuer URL: https (http only when the server allows insecure issuers, for tests and dev). */
const issuerUrl = () =>
  requiredText(500).refine((s) => /^https?:\/\/[^\s/?#]+[^\s?#]*$/i.test(s) && URL.canParse(s), {
    error: 'invalid-issuer',
  });

/** An identity provider as its firm's administrators see it: never the client secret. */
export const identityProviderSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  button_label: z.string(),
  /** Whether a client secret is stored (it is never sent back). */
  has_client_secret: z.boolean(),
  /**
   * The provider asks its own second factor: no TOTP follows a sign-in through it. Affects this
   * portal only (a session opened through a portal's provider reaches nothing else).
   */
  carries_second_factor: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const createIdentityProviderRequestSchema = z
  .object({
    name: requiredText(60).refine((s) => !/[/?#\u0000-\u001f]/.test(s), { error: 'invalid-characters' }),
    issuer: issuerUrl(),
    client_id: requiredText(255),
    client_secret: requiredText(1000),
    button_label: requiredText(60),
    carries_second_factor: z.boolean().optional(),
  })
  .strict()
  .meta({
    example: {
      name: 'Entra',
      issuer: 'https://login.microsoftonline.com/TENANT/v2.0',
      client_id: 'portal',
      client_secret: 'secret',
      button_label: 'Microsoft',
      carries_second_factor: false,
    },
  });
export type CreateIdentityProviderRequest = z.infer<typeof createIdentityProviderRequestSchema>;

/** Any subset; `client_secret` absent keeps the stored one (it is write-only). */
export const updateIdentityProviderRequestSchema = createIdentityProviderRequestSchema
  .partial()
  .strict()
  .meta({ example: { button_label: 'Microsoft 365' } });
export type UpdateIdentityProviderRequest = z.infer<typeof updateIdentityProviderRequestSchema>;

export const identityProviderParamsSchema = z.object({
  id: idParam('accounting_firm'),
  provider_id: idParam('identity_provider'),
});

export const ssoLinkQuerySchema = z.object({
  provider: idParam('identity_provider'),
  /** Where the web app goes once signed in (a path of the app; anything else is ignored). */
  redirect: text(2000).optional(),
});

export const oauthCallbackQuerySchema = z.object({
  code: text(4000).optional(),
  state: text(1000).optional(),
  iss: text(1000).optional(),
  error: text(200).optional(),
  error_description: text(2000).optional(),
  session_state: text(1000).optional(),
});

/** Why an SSO sign-in failed (`/sso-error/{vendor}?reason=`). */
export const SSO_ERROR_REASONS = ['not-added', 'failed'] as const;
export type SsoErrorReason = (typeof SSO_ERROR_REASONS)[number];
