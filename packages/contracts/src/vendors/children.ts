import { z } from 'zod';
import { civilitySchema } from '../auth';
import { isValidBic, isValidIban, normaliseIban } from '../rules/iban';
import { idField, idParam } from '../rules/ids';
import { email, optionalText, personName, requiredText, text } from '../rules/text';
import { periodInputSchema } from './vendor';

/** `/api/vendors/{id}/<children>/{childId}` */
export const vendorChildParams = (ref: 'bank' | 'address' | 'accounting_period' | 'vendor_user') =>
  z.object({ id: idParam('vendor'), childId: idParam(ref) });

// Banks ------------------------------------------------------------------------------------------
export const bankInputSchema = z
  .object({
    bank_name: requiredText(150),
    bank_address: optionalText(255),
    iban: z
      .string({ error: 'required' })
      .transform(normaliseIban)
      .refine(isValidIban, { error: 'invalid-iban' }),
    bic: z
      .string({ error: 'required' })
      .transform((s) => s.replace(/\s/g, '').toUpperCase())
      .refine(isValidBic, { error: 'invalid-bic' }),
  })
  .strict()
  .meta({
    example: { bank_name: 'BNP Paribas', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPP' },
  });
export type BankInput = z.infer<typeof bankInputSchema>;

export const bankSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  bank_name: z.string(),
  bank_address: z.string().nullable(),
  iban: z.string(),
  bic: z.string(),
  iban_parts: z.object({
    country_code: z.string(),
    check_digits: z.string(),
    bank_code: z.string().nullable(),
    branch_code: z.string().nullable(),
    account_number: z.string().nullable(),
    national_key: z.string().nullable(),
    bban: z.string(),
  }),
});
export type Bank = z.infer<typeof bankSchema>;

// Addresses --------------------------------------------------------------------------------------
export const addressTypeSchema = z.enum(['head_office', 'shop', 'billing', 'delivery', 'other']);
export const addressInputSchema = z
  .object({
    type: addressTypeSchema,
    street: requiredText(255),
    city: requiredText(100),
    country: requiredText(100).default('France'),
    post_code: z.string({ error: 'required' }).regex(/^\d{5}$/, { error: 'invalid-post-code' }),
  })
  .strict()
  .meta({
    example: {
      type: 'billing',
      street: '2 rue de la Paix',
      city: 'Paris',
      country: 'France',
      post_code: '75002',
    },
  });
export type AddressInput = z.infer<typeof addressInputSchema>;
export const addressSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  type: addressTypeSchema,
  street: z.string(),
  city: z.string(),
  country: z.string(),
  post_code: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

// Accounting periods -----------------------------------------------------------------------------
export const periodStatusSchema = z.enum(['ready', 'creating', 'deleting']);
export { periodInputSchema };
export const accountingPeriodSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: periodStatusSchema,
});
export type AccountingPeriod = z.infer<typeof accountingPeriodSchema>;

// Client users -----------------------------------------------------------------------------------
export const clientRoleSchema = z.enum(['admin', 'collaborator', 'guest']);
const clientUserFields = {
  civility: civilitySchema.nullable().optional(),
  firstname: personName(100),
  lastname: personName(100),
  birth_city: optionalText(100),
  birth_date: z.iso.date({ error: 'invalid-date' }).nullable().optional(),
  job: optionalText(100),
  mobile_number: z
    .string()
    .regex(/^\+?[0-9 .()-]{6,20}$/, { error: 'invalid-phone' })
    .nullable()
    .optional(),
  role: clientRoleSchema,
  module_keys: z.array(text(50)).max(50).optional(),
  revoked_at: z.iso.date({ error: 'invalid-date' }).nullable().optional(),
};
export const createVendorUserRequestSchema = z
  .object({ email: email(), ...clientUserFields })
  .strict()
  .meta({
    example: {
      email: 'marie.martin@boulangerie-exemple.fr',
      firstname: 'Marie',
      lastname: 'Martin',
      role: 'collaborator',
    },
  });
export type CreateVendorUserRequest = z.infer<typeof createVendorUserRequestSchema>;
export const updateVendorUserRequestSchema = z
  .object({
    ...clientUserFields,
    /** Sees every theme's folders shared with clients (else only `theme_ids`'). */
    all_themes: z.boolean().optional(),
    theme_ids: z.array(idField('theme')).max(200).optional(),
  })
  .partial()
  .strict()
  .meta({ example: { job: 'Gérante', theme_ids: [1] } });
export type UpdateVendorUserRequest = z.infer<typeof updateVendorUserRequestSchema>;

export const vendorUserSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  email: z.string(),
  civility: civilitySchema.nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  birth_city: z.string().nullable(),
  birth_date: z.string().nullable(),
  job: z.string().nullable(),
  mobile_number: z.string().nullable(),
  role: clientRoleSchema,
  module_keys: z.array(z.string()),
  revoked_at: z.string().nullable(),
  /** Invited and not yet in: no password yet, or an existing account that has not accepted. */
  invitation_pending: z.boolean(),
  /**
   * Whether this client file may edit the person's identity (civility, names, mobile, birth):
   * a person who also belongs elsewhere keeps theirs to themselves, and the answer then leaves
   * out their mobile number and birth data.
   */
  profile_editable: z.boolean(),
  /** Sees every theme's folders shared with clients (else only those of `theme_ids`). */
  all_themes: z.boolean(),
  theme_ids: z.array(z.number().int()),
});
export type VendorUser = z.infer<typeof vendorUserSchema>;
