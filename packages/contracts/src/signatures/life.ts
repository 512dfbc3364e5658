import { z } from 'zod';

/** A portal's signature settings: the request editor's defaults, the members' code, the balance. */
export const signatureSettingsSchema = z.object({
  default_expiry_days: z.number().int(),
  default_reminder_every_days: z.number().int().nullable(),
  /** Members and client users sign with the mailed one-time code too. */
  code_for_members: z.boolean(),
  /** Requests the portal may still send; null: unlimited (set by the super admin). */
  signature_balance: z.number().int().nullable(),
});
export type SignatureSettings = z.infer<typeof signatureSettingsSchema>;

export const updateSignatureSettingsSchema = z
  .object({
    default_expiry_days: z
      .number({ error: 'required' })
      .int({ error: 'invalid-value' })
      .min(1, { error: 'invalid-value' })
      .max(365, { error: 'invalid-value' }),
    default_reminder_every_days: z
      .number()
      .int({ error: 'invalid-value' })
      .min(1, { error: 'invalid-value' })
      .max(14, { error: 'invalid-value' })
      .nullable(),
    code_for_members: z.boolean({ error: 'invalid-value' }),
  })
  .partial()
  .strict()
  .meta({ example: { default_expiry_days: 15, default_reminder_every_days: 3, code_for_members: true } });
export type UpdateSignatureSettings = z.infer<typeof updateSignatureSettingsSchema>;

/** The signature balance a super admin gives a portal: null for unlimited. */
export const signatureBalanceField = () =>
  z
    .number({ error: 'invalid-value' })
    .int({ error: 'invalid-value' })
    .min(0, { error: 'invalid-value' })
    .max(1_000_000, { error: 'invalid-value' })
    .nullable();
