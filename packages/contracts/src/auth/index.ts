import { z } from 'zod';
import { idField, idParam } from '../rules/ids';
import { password, withConfirmation } from '../rules/password';
import { email, optionalText, personName, requiredText, text } from '../rules/text';

export const loginRequestSchema = z
  .object({
    email: email(),
    password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'too-long' }),
  })
  .meta({ example: { email: 'expert@cabinet-exemple.fr', password: 'Mot-de-passe-2026' } });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export { type SessionTokens, sessionTokensSchema } from './tokens';

export const autologinQuerySchema = z.object({
  refresh_token: text(200).optional(),
});

export const retrieveLoginQuerySchema = z.object({
  is_mobile_app: z.enum(['true', 'false', '1', '0']).optional(),
});

export const civilitySchema = z.enum(['Mme', 'M.']);
export const localeSchema = z.enum(['fr', 'en', 'pt']);

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  fullname: z.string(),
  title: z.string().nullable(),
  civility: civilitySchema.nullable(),
  dark_mode: z.boolean().nullable(),
  locale: localeSchema.nullable(),
  mobile_number: z.string().nullable(),
  address: z.string().nullable(),
  post_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  birth_date: z.string().nullable(),
  birth_city: z.string().nullable(),
  is_super_admin: z.boolean(),
  is_accountant: z.boolean(),
  profile_complete: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const retrieveLoginSchema = z.object({
  user: userSchema,
  expires_at: z.string(),
  /**
   * The portal this session is bound to (opened through its SSO provider or its sign-in link): it
   * reaches nothing else, nor the account's security settings. Null: the whole account.
   */
  bound_accounting_firm_id: z.number().int().nullable(),
});
export type RetrieveLogin = z.infer<typeof retrieveLoginSchema>;

export const updateMeRequestSchema = z
  .object({
    firstname: personName(100),
    lastname: personName(100),
    title: optionalText(100),
    civility: civilitySchema.nullable().optional(),
    dark_mode: z.boolean().nullable(),
    locale: localeSchema.nullable(),
    mobile_number: z
      .string()
      .regex(/^\+?[0-9 .()-]{6,20}$/, { error: 'invalid-phone' })
      .nullable(),
    address: optionalText(255),
    post_code: z
      .string()
      .regex(/^\d{5}$/, { error: 'invalid-post-code' })
      .nullable(),
    city: optionalText(100),
    country: optionalText(100),
    birth_date: z.iso.date({ error: 'invalid-date' }).nullable(),
    birth_city: optionalText(100),
  })
  .partial()
  .strict()
  .meta({ example: { firstname: 'Émilie', lastname: 'Expert', locale: 'fr', dark_mode: false } });
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

/** Change one's password: the current one proves it is the person, not a stolen token. */
export const changePasswordRequestSchema = withConfirmation(
  z
    .object({
      current_password: z
        .string({ error: 'required' })
        .min(1, { error: 'required' })
        .max(200, { error: 'too-long' }),
      password: password(),
      password_confirmation: z.string({ error: 'required' }),
    })
    .strict(),
).meta({
  example: {
    current_password: 'Mot-de-passe-2026',
    password: 'Nouveau-mot-de-passe-2026',
    password_confirmation: 'Nouveau-mot-de-passe-2026',
  },
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const sendResetMailRequestSchema = z
  .object({
    email: email(),
    domains: z.array(text(255)).max(20).optional(),
  })
  .meta({ example: { email: 'client@boulangerie-exemple.fr' } });
export type SendResetMailRequest = z.infer<typeof sendResetMailRequestSchema>;

export const tokenQuerySchema = z.object({
  token: requiredText(200).meta({ example: 'the-token-of-the-mailed-link' }),
});

export const termsSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  version: z.number().int(),
  locale: localeSchema,
  title: z.string(),
  content: z.string(),
  published_at: z.string(),
});
export type Terms = z.infer<typeof termsSchema>;

export const passwordTokenInfoSchema = z.object({
  email: z.string(),
  purpose: z.enum(['reset', 'invite']),
  accounting_firm_id: z.number().int().nullable(),
  terms: termsSchema.nullable(),
});
export type PasswordTokenInfo = z.infer<typeof passwordTokenInfoSchema>;

/** Submit a reset: PUT /api/passwords. */
export const resetPasswordRequestSchema = withConfirmation(
  z
    .object({
      token: requiredText(200),
      password: password(),
      password_confirmation: z.string({ error: 'required' }),
    })
    .strict(),
).meta({
  example: {
    token: 'the-token-of-the-mailed-link',
    password: 'Nouveau-mot-de-passe-2026',
    password_confirmation: 'Nouveau-mot-de-passe-2026',
  },
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Create the password of an invited user, accepting the terms: POST /api/passwords. */
export const createPasswordRequestSchema = withConfirmation(
  z
    .object({
      token: requiredText(200),
      password: password(),
      password_confirmation: z.string({ error: 'required' }),
      cgu: z.literal(true, { error: 'terms-not-accepted' }),
    })
    .strict(),
).meta({
  example: {
    token: 'the-token-of-the-invitation-link',
    password: 'Mon-mot-de-passe-2026',
    password_confirmation: 'Mon-mot-de-passe-2026',
    cgu: true,
  },
});
export type CreatePasswordRequest = z.infer<typeof createPasswordRequestSchema>;

export const termsQuerySchema = z.object({
  accounting_firm_id: idParam('accounting_firm').optional(),
  locale: localeSchema.optional(),
});

/** Accept a version of a firm's terms: POST /api/users/me/terms. */
export const acceptTermsRequestSchema = z
  .object({
    accounting_firm_id: idField('accounting_firm'),
    version: z.number().int().min(1).max(1_000_000),
  })
  .meta({ example: { accounting_firm_id: 1, version: 1 } });
export type AcceptTermsRequest = z.infer<typeof acceptTermsRequestSchema>;

export const myTermsQuerySchema = z.object({
  accounting_firm_id: idParam('accounting_firm'),
  locale: localeSchema.optional(),
});

/** A firm's current terms and where the signed-in user stands with them: GET /api/users/me/terms. */
export const myTermsSchema = z.object({
  terms: termsSchema.nullable(),
  accepted_version: z.number().int().nullable(),
  accepted_at: z.string().nullable(),
  /**
   * Nothing for the user to accept: the latest version is accepted, the firm has none, or the
   * user is no one of the firm (the super admin visiting it).
   */
  up_to_date: z.boolean(),
});
export type MyTerms = z.infer<typeof myTermsSchema>;

/** One language of a firm's terms. */
export const termsTextSchema = z.object({
  title: requiredText(200),
  content: requiredText(50_000),
});
export type TermsText = z.infer<typeof termsTextSchema>;

/** Publish a new version of a firm's terms (French required): POST /api/accounting-firms/{id}/terms. */
export const publishTermsRequestSchema = z
  .object({
    fr: termsTextSchema,
    en: termsTextSchema.optional(),
    pt: termsTextSchema.optional(),
  })
  .strict()
  .meta({
    example: {
      fr: { title: "Conditions générales d'utilisation", content: 'Article 1 — Objet du portail…' },
      en: { title: 'Terms of use', content: 'Article 1 — Purpose of the portal…' },
    },
  });
export type PublishTermsRequest = z.infer<typeof publishTermsRequestSchema>;

/** A firm's current terms in every language it has, and how many people accepted them. */
export const firmTermsSchema = z.object({
  version: z.number().int().nullable(),
  published_at: z.string().nullable(),
  texts: z.array(termsSchema),
  accepted_count: z.number().int(),
});
export type FirmTerms = z.infer<typeof firmTermsSchema>;

/**
 * One of the person's signed-in sessions (a browser or device that signed in): where from, and
 * when it was first and last seen (last seen moves when the session renews its tokens).
 */
export const sessionSummarySchema = z.object({
  id: z.number().int(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device_type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
  ip: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionIdParamsSchema = z.object({ id: idParam('session') });

export * from './dav-preferences';
export * from './file-share';
