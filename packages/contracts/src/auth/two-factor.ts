import { z } from 'zod';
import { idField } from '../rules/ids';
import { email, text } from '../rules/text';
import { sessionTokensSchema } from './tokens';

/** How long the step between the first factor and the session lasts (`mfa_token`). */
export const MFA_TOKEN_TTL_SECONDS = 10 * 60;
/** How many recovery codes an enrolment (or a regeneration) gives. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in link mailed by "send me a sign-in link" is good for. */
export const MAGIC_LINK_TTL_SECONDS = 15 * 60;

/** A portal's second-factor rule: nobody must, its administrators must, its whole team must. */
export const mfaRuleSchema = z.enum(['optional', 'administrators', 'team'], { error: 'invalid-value' });
export type MfaRule = z.infer<typeof mfaRuleSchema>;

/**
 * The sign-in's answer when a second factor is needed: `mfa_enrolment` says the person has none
 * yet and the portal's rule requires one (enrol with `POST /api/login/mfa/enrolment` first).
 */
export const mfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  mfa_enrolment: z.boolean(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** `POST /api/login` (and a magic link): the tokens, or the second-factor step. */
export const loginAnswerSchema = z.union([sessionTokensSchema, mfaChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const totpCode = () =>
  z
    .string({ error: 'required' })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'invalid-mfa-code' }));

export const mfaTokenRequestSchema = z.object({ mfa_token: text(200).pipe(z.string().min(1)) });

export const loginMfaRequestSchema = z
  .object({
    mfa_token: text(200).pipe(z.string().min(1, { error: 'required' })),
    code: totpCode().optional(),
    recovery_code: text(40).optional(),
  })
  .refine((v) => v.code !== undefined || Boolean(v.recovery_code), {
    error: 'required',
    path: ['code'],
  })
  .meta({ example: { mfa_token: '…', code: '123456' } });
export type LoginMfaRequest = z.infer<typeof loginMfaRequestSchema>;

/** The tokens; after an enrolment at sign-in, also the recovery codes (shown once). */
export const loginMfaAnswerSchema = sessionTokensSchema.extend({
  recovery_codes: z.array(z.string()).optional(),
});
export type LoginMfaAnswer = z.infer<typeof loginMfaAnswerSchema>;

export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** A PNG data URI of `otpauth_uri`. */
  qr_code: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpCodeRequestSchema = z.object({ code: totpCode() }).meta({ example: { code: '123456' } });
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** The portals' rule makes it compulsory for this person. */
  required: z.boolean(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

export const signInSettingsSchema = z.object({
  mfa_rule: mfaRuleSchema,
  magic_links: z.boolean(),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;

export const updateSignInSettingsSchema = z
  .object({ mfa_rule: mfaRuleSchema, magic_links: z.boolean({ error: 'invalid-value' }) })
  .partial()
  .strict()
  // The probe sends it to every portal: an example that changes nobody's sign-in.
  .meta({ example: { mfa_rule: 'optional', magic_links: true } });
export type UpdateSignInSettings = z.infer<typeof updateSignInSettingsSchema>;

export const magicLinkRequestSchema = z.object({
  email: email(),
  /** The portal the sign-in page shows; else the one of the request's host. */
  accounting_firm_id: idField('accounting_firm').optional(),
});
export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;

export const magicLinkParamsSchema = z.object({ token: text(200).pipe(z.string().min(1)) });
