import { z } from 'zod';

export const IMPORT_TEMPLATE_SHEET = 'Clients';
/** Columns understood by the import, in the template's order; only the first three are needed. */
export const IMPORT_COLUMNS = [
  'client_code',
  'company',
  'siret',
  'corporate_name',
  'email',
  'siren',
  'naf_code',
  'legal_form',
  'contact_email',
  'contact_phone',
  'capital',
  'employee_number',
  'rcs',
  'tva_intra_number',
] as const;
export const IMPORT_REQUIRED_COLUMNS = ['client_code', 'company', 'siret'] as const;

export const importRowResultSchema = z.object({
  row: z.number().int(),
  client_code: z.string().nullable(),
  status: z.enum(['created', 'refused']),
  vendor_id: z.number().int().nullable(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importReportSchema = z.object({
  created: z.number().int(),
  refused: z.number().int(),
  rows: z.array(importRowResultSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
