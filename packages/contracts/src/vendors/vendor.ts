import { z } from 'zod';
import { VAT_DUE_DAY_MAX, VAT_DUE_DAY_MIN } from '../limits';
import { idField, pageQuery } from '../rules/ids';
import { isValidSiren, isValidSiret } from '../rules/luhn';
import { clientCode, colour, companyName, email, optionalText, text } from '../rules/text';

export const vendorStatusSchema = z.enum(['active', 'deactivated']);
export const identifierTypeSchema = z.enum(['siret', 'siren', 'duns', 'other']);
export const tvaPeriodSchema = z.enum(['monthly', 'quarterly', 'yearly', 'none']);

export const sirenField = () =>
  z
    .string()
    .transform((s) => s.replace(/\s/g, ''))
    .refine(isValidSiren, { error: 'invalid-siren' });
export const siretField = () =>
  z
    .string()
    .transform((s) => s.replace(/\s/g, ''))
    .refine(isValidSiret, { error: 'invalid-siret' });

const isoDate = () => z.iso.date({ error: 'invalid-date' });
const optionalDate = () => isoDate().nullable().optional();
const flag = () => z.boolean().optional();

/** Editable fields of a client file, by tab. Every field is optional in a PATCH. */
export const vendorGeneralFields = {
  company: companyName(),
  corporate_name: optionalText(150),
  client_code: clientCode(),
  contact_email: email().nullable().optional(),
  contact_phone: z
    .string()
    .regex(/^\+?[0-9 .()-]{6,20}$/, { error: 'invalid-phone' })
    .nullable()
    .optional(),
  colour: colour().nullable().optional(),
  notes: text(20_000).nullable().optional(),
};

export const vendorAdministrationFields = {
  naf_code: z
    .string()
    .regex(/^\d{2}\.?\d{2}[A-Z]$/i, { error: 'invalid-value' })
    .nullable()
    .optional(),
  legal_form: optionalText(100),
  capital: z
    .number({ error: 'invalid-type' })
    .min(0, { error: 'out-of-range' })
    .max(1e13)
    .nullable()
    .optional(),
  employee_number: z
    .number({ error: 'invalid-type' })
    .int({ error: 'invalid-type' })
    .min(0, { error: 'out-of-range' })
    .max(10_000_000, { error: 'out-of-range' })
    .nullable()
    .optional(),
  rcs: optionalText(100),
  rum: optionalText(100),
  creation_date: optionalDate(),
  closing_date: optionalDate(),
  mission_letter_date: optionalDate(),
};

export const vendorFiscalFields = {
  cfe: flag(),
  cga: flag(),
  cvae: flag(),
  das2: flag(),
  decloyer: flag(),
  dsi: flag(),
  ifu: flag(),
  irpp: flag(),
  tvts: flag(),
  fiscal_account: optionalText(100),
  fiscal_status: optionalText(100),
  fiscal_type: optionalText(100),
  tva_type: optionalText(100),
  tva_period: tvaPeriodSchema.nullable().optional(),
  tva_due_day: z
    .number({ error: 'invalid-type' })
    .int({ error: 'invalid-type' })
    .min(VAT_DUE_DAY_MIN, { error: 'invalid-vat-day' })
    .max(VAT_DUE_DAY_MAX, { error: 'invalid-vat-day' })
    .nullable()
    .optional(),
  tva_intra_number: z
    .string()
    .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, { error: 'invalid-value' })
    .nullable()
    .optional(),
  tax_office: optionalText(150),
  tax_comment: optionalText(2000),
};

export const updateVendorRequestSchema = z
  .object({
    ...vendorGeneralFields,
    ...vendorAdministrationFields,
    ...vendorFiscalFields,
    siren: sirenField().nullable().optional(),
    siret: siretField().nullable().optional(),
  })
  .partial()
  .strict()
  .meta({
    example: { contact_email: 'contact@boulangerie-exemple.fr', notes: 'Bilan à préparer avant fin mars.' },
  });
export type UpdateVendorRequest = z.infer<typeof updateVendorRequestSchema>;

const fiscalResponse = {
  cfe: z.boolean(),
  cga: z.boolean(),
  cvae: z.boolean(),
  das2: z.boolean(),
  decloyer: z.boolean(),
  dsi: z.boolean(),
  ifu: z.boolean(),
  irpp: z.boolean(),
  tvts: z.boolean(),
  fiscal_account: z.string().nullable(),
  fiscal_status: z.string().nullable(),
  fiscal_type: z.string().nullable(),
  tva_type: z.string().nullable(),
  tva_period: tvaPeriodSchema.nullable(),
  tva_due_day: z.number().int().nullable(),
  tva_intra_number: z.string().nullable(),
  tax_office: z.string().nullable(),
  tax_comment: z.string().nullable(),
};

export const vendorSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  company: z.string(),
  corporate_name: z.string().nullable(),
  client_code: z.string(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  identifier_type: identifierTypeSchema,
  identifier: z.string().nullable(),
  status: vendorStatusSchema,
  deactivated_at: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  colour: z.string().nullable(),
  notes: z.string().nullable(),
  naf_code: z.string().nullable(),
  legal_form: z.string().nullable(),
  capital: z.number().nullable(),
  employee_number: z.number().int().nullable(),
  rcs: z.string().nullable(),
  rum: z.string().nullable(),
  creation_date: z.string().nullable(),
  closing_date: z.string().nullable(),
  mission_letter_date: z.string().nullable(),
  tree_structure_id: z.number().int().nullable(),
  notifications_count: z.number().int(),
  ...fiscalResponse,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorListItemSchema = vendorSchema.pick({
  id: true,
  accounting_firm_id: true,
  company: true,
  corporate_name: true,
  client_code: true,
  siren: true,
  siret: true,
  identifier_type: true,
  identifier: true,
  status: true,
  deactivated_at: true,
  created_at: true,
});
export type VendorListItem = z.infer<typeof vendorListItemSchema>;

export const vendorSortSchema = z.enum([
  'company',
  '-company',
  'client_code',
  '-client_code',
  'created_at',
  '-created_at',
]);

export const listVendorsQuerySchema = z.object({
  search: text(100).optional(),
  status: vendorStatusSchema.optional(),
  sort: vendorSortSchema.optional(),
  ...pageQuery(),
});
export type ListVendorsQuery = z.infer<typeof listVendorsQuerySchema>;

export const periodInputSchema = z
  .object({
    name: text(100).pipe(z.string().trim().min(1, { error: 'required' })),
    start_date: isoDate(),
    end_date: isoDate(),
  })
  .refine((p) => p.start_date < p.end_date, { error: 'period-end-before-start', path: ['end_date'] })
  // Two years apart: a create takes the first, an update the last, so both succeed in one run.
  .meta({
    examples: [
      { name: 'Exercice 2030', start_date: '2030-01-01', end_date: '2030-12-31' },
      { name: 'Exercice 2031', start_date: '2031-01-01', end_date: '2031-12-31' },
    ],
  });
export type PeriodInput = z.infer<typeof periodInputSchema>;

/**
 * Create a client file: company, corporate name, client code and ONE official identifier (SIRET,
 * SIREN, or another type such as DUNS with its value). The wizard's other steps are optional.
 */
export const createVendorRequestSchema = z
  .object({
    ...vendorGeneralFields,
    ...vendorAdministrationFields,
    ...vendorFiscalFields,
    corporate_name: companyName(),
    siren: sirenField().optional(),
    siret: siretField().optional(),
    identifier_type: identifierTypeSchema.optional(),
    identifier: text(50).optional(),
    accounting_periods: z.array(periodInputSchema).max(20).optional(),
    admin_email: email().optional(),
    accountant_ids: z.array(idField('user')).max(200).optional(),
    module_keys: z.array(text(50)).max(50).optional(),
    tree_structure_id: idField('tree_structure').nullable().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const type = v.identifier_type ?? (v.siret ? 'siret' : v.siren ? 'siren' : undefined);
    if (!type) {
      ctx.addIssue({ code: 'custom', message: 'identifier-required', path: ['siret'] });
    } else if (type === 'siret' && !v.siret) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['siret'] });
    } else if (type === 'siren' && !v.siren) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['siren'] });
    } else if ((type === 'duns' || type === 'other') && !v.identifier?.trim()) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['identifier'] });
    } else if (type === 'duns' && !/^\d{9}$/.test(v.identifier ?? '')) {
      ctx.addIssue({ code: 'custom', message: 'invalid-duns', path: ['identifier'] });
    }
  })
  .meta({
    example: {
      company: 'Boulangerie Exemple',
      corporate_name: 'Boulangerie Exemple SARL',
      client_code: 'EXEMPLE01',
      siret: '73282932000074',
      accountant_ids: [1],
    },
  });
export type CreateVendorRequest = z.infer<typeof createVendorRequestSchema>;

/** The client code of the client file, typed again to confirm. */
export const vendorDeleteRequestSchema = z
  .object({ confirmation: text(30) })
  .strict()
  .meta({ example: { confirmation: 'EXEMPLE01' } });
/** The target portal: another portal of the same holding. */
export const vendorTransferRequestSchema = z
  .object({ accounting_firm_id: idField('accounting_firm') })
  .strict()
  .meta({ example: { accounting_firm_id: 2 } });

export const siretLookupQuerySchema = z.object({
  siret: siretField().meta({ example: '73282932000074' }),
});
/** A SIRET free on the whole platform (a taken one answers 422 `siret-already-used`). */
export const siretCheckSchema = z.object({ siret: z.string(), available: z.literal(true) });
export type SiretCheck = z.infer<typeof siretCheckSchema>;

export const siretLookupSchema = z.object({
  found: z.boolean(),
  company: z.string().nullable(),
  corporate_name: z.string().nullable(),
  siren: z.string().nullable(),
  naf_code: z.string().nullable(),
  legal_form: z.string().nullable(),
  address: z
    .object({ street: z.string(), post_code: z.string(), city: z.string(), country: z.string() })
    .nullable(),
});
export type SiretLookup = z.infer<typeof siretLookupSchema>;
