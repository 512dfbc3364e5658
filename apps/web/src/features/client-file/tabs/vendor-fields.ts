import type { FieldDef } from '../../../components/form/field-defs';

/** The fields of the client-file tabs that edit the client file itself (PATCH /vendors/{id}). */
export const GENERAL_FIELDS: readonly FieldDef[] = [
  { name: 'company', required: true },
  { name: 'corporate_name' },
  { name: 'client_code', required: true },
  { name: 'contact_email', kind: 'email' },
  { name: 'contact_phone' },
  { name: 'colour' },
];

export const ADMINISTRATION_FIELDS: readonly FieldDef[] = [
  { name: 'siren', width: 6 },
  { name: 'siret', width: 6 },
  { name: 'naf_code', width: 6 },
  { name: 'legal_form', width: 6 },
  { name: 'capital', kind: 'number', width: 6 },
  { name: 'employee_number', kind: 'number', width: 6 },
  { name: 'rcs', width: 6 },
  { name: 'rum', width: 6 },
  { name: 'creation_date', kind: 'date', width: 4 },
  { name: 'closing_date', kind: 'date', width: 4 },
  { name: 'mission_letter_date', kind: 'date', width: 4 },
];

export const FISCAL_FLAGS = ['cfe', 'cga', 'cvae', 'das2', 'decloyer', 'dsi', 'ifu', 'irpp', 'tvts'] as const;

export const FISCAL_FIELDS: readonly FieldDef[] = [
  { name: 'fiscal_account' },
  { name: 'fiscal_status' },
  { name: 'fiscal_type' },
  { name: 'tva_type' },
  { name: 'tva_period', kind: 'select', options: ['monthly', 'quarterly', 'yearly', 'none'] },
  { name: 'tva_due_day', kind: 'number' },
  { name: 'tva_intra_number' },
  { name: 'tax_office' },
  { name: 'tax_comment', kind: 'multiline', width: 12 },
  ...FISCAL_FLAGS.map((name): FieldDef => ({ name, kind: 'bool', width: 4 })),
];

export const NOTES_FIELDS: readonly FieldDef[] = [{ name: 'notes', kind: 'multiline', width: 12 }];
