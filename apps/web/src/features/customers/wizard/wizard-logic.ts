import { type CreateVendorRequest, createVendorRequestSchema, type SiretLookup } from '@portal/contracts';
import { isBuilt } from '@portal/contracts/features';
import { issuesByField } from '../../../components/form/field-errors';

export const STEPS = ['basic', 'general', 'periods', 'admin', 'accountants', 'apps', 'tree'] as const;
export type StepKey = (typeof STEPS)[number];

/** Modules a client file can be given at creation (client-side modules of the firm). */
export const CLIENT_MODULE_KEYS = [
  'documents',
  'tasks',
  'service-requests',
  'quickfolders',
  'videoconference',
  'signatures',
] as const;

/** The firm's built modules that can be given to a client, in the firm's order. */
export const clientModules = <M extends { key: string }>(modules: readonly M[]): M[] =>
  modules.filter(
    (m) => (CLIENT_MODULE_KEYS as readonly string[]).includes(m.key) && isBuilt('modules', m.key),
  );

export type IdentifierType = 'siret' | 'siren' | 'duns' | 'other';
export type PeriodRow = { name: string; start_date: string; end_date: string };

export type WizardValues = {
  identifier_type: IdentifierType;
  siret: string;
  siren: string;
  identifier: string;
  company: string;
  corporate_name: string;
  client_code: string;
  contact_email: string;
  contact_phone: string;
  naf_code: string;
  legal_form: string;
  periods: PeriodRow[];
  admin_email: string;
  accountant_ids: number[];
  module_keys: string[];
  tree_structure_id: number | null;
};

/** A calendar year. */
export const calendarYear = (year: number): PeriodRow => ({
  name: String(year),
  start_date: `${year}-01-01`,
  end_date: `${year}-12-31`,
});

/** The period after the last one (the next calendar year), or the current year. */
export function nextPeriod(periods: readonly PeriodRow[], today = new Date()): PeriodRow {
  const last = periods.at(-1);
  const year = last ? Number(last.end_date.slice(0, 4)) + 1 : today.getFullYear();
  return calendarYear(Number.isFinite(year) ? year : today.getFullYear());
}

export const initialValues = (today = new Date(), moduleKeys: string[] = []): WizardValues => ({
  identifier_type: 'siret',
  siret: '',
  siren: '',
  identifier: '',
  company: '',
  corporate_name: '',
  client_code: '',
  contact_email: '',
  contact_phone: '',
  naf_code: '',
  legal_form: '',
  periods: [calendarYear(today.getFullYear())],
  admin_email: '',
  accountant_ids: [],
  module_keys: moduleKeys,
  tree_structure_id: null,
});

/** The request fields of each step (the form names `periods` what the API calls `accounting_periods`). */
const STEP_OF_FIELD: Record<string, number> = {
  identifier_type: 0,
  siret: 0,
  siren: 0,
  identifier: 0,
  company: 1,
  corporate_name: 1,
  client_code: 1,
  contact_email: 1,
  contact_phone: 1,
  naf_code: 1,
  legal_form: 1,
  accounting_periods: 2,
  periods: 2,
  admin_email: 3,
  accountant_ids: 4,
  module_keys: 5,
  tree_structure_id: 6,
};

/** The form field of a request field ("accounting_periods.0.end_date" -> "periods.0.end_date"). */
export const formFieldOf = (field: string): string =>
  field.replace(/^body\./, '').replace(/^accounting_periods(?=\.|$)/, 'periods');

/** The step showing a request field; null when no step has it. */
export function stepOfField(field: string): number | null {
  const first = formFieldOf(field).split('.')[0] ?? '';
  return STEP_OF_FIELD[first] ?? null;
}

const blankToUndefined = (s: string) => (s.trim() === '' ? undefined : s.trim());
const digits = (s: string) => s.replace(/\s/g, '');

/** The creation request of the wizard's values (only the identifier of the chosen type). */
export function toCreatePayload(v: WizardValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    identifier_type: v.identifier_type,
    company: v.company.trim(),
    corporate_name: v.corporate_name.trim(),
    client_code: v.client_code.trim(),
    contact_email: blankToUndefined(v.contact_email),
    contact_phone: blankToUndefined(v.contact_phone),
    naf_code: blankToUndefined(v.naf_code),
    legal_form: blankToUndefined(v.legal_form),
    accounting_periods: v.periods.map((p) => ({ ...p, name: p.name.trim() })),
    admin_email: blankToUndefined(v.admin_email),
    accountant_ids: v.accountant_ids,
    module_keys: v.module_keys,
    tree_structure_id: v.tree_structure_id ?? undefined,
  };
  if (v.identifier_type === 'siret') payload.siret = blankToUndefined(digits(v.siret));
  else if (v.identifier_type === 'siren') payload.siren = blankToUndefined(digits(v.siren));
  else payload.identifier = blankToUndefined(v.identifier);
  for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
  return payload;
}

/** Placeholders for the general step while the first step is checked alone. */
const GENERAL_PLACEHOLDERS = { company: 'A', corporate_name: 'A', client_code: 'A' };

/**
 * The errors (form field -> message key) of one step, checked with the contracts' creation
 * schema: later steps are left out, and only this step's fields are reported.
 */
export function validateStep(step: number, values: WizardValues): Record<string, string> {
  const payload = toCreatePayload(values);
  const partial: Record<string, unknown> = step === 0 ? { ...GENERAL_PLACEHOLDERS } : {};
  for (const [key, value] of Object.entries(payload)) {
    const s = stepOfField(key);
    if (s !== null && s <= step) partial[key] = value;
  }
  const result = createVendorRequestSchema.safeParse(partial);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(issuesByField(result.error.issues)))
    if (stepOfField(field) === step) out[formFieldOf(field)] = message;
  return out;
}

/** The whole request checked; the errors by form field and the first step that has one. */
export function validateAll(values: WizardValues): {
  payload: CreateVendorRequest | null;
  errors: Record<string, string>;
  firstStep: number | null;
} {
  const result = createVendorRequestSchema.safeParse(toCreatePayload(values));
  if (result.success) return { payload: result.data, errors: {}, firstStep: null };
  return { payload: null, ...mapErrorsToSteps(issuesByField(result.error.issues)) };
}

/** Server or schema errors (request field -> message) as form errors, with the step to show. */
export function mapErrorsToSteps(fields: Record<string, string>): {
  errors: Record<string, string>;
  firstStep: number | null;
} {
  const errors: Record<string, string> = {};
  let firstStep: number | null = null;
  for (const [field, message] of Object.entries(fields)) {
    const step = stepOfField(field);
    errors[formFieldOf(field)] = message;
    if (step !== null && (firstStep === null || step < firstStep)) firstStep = step;
  }
  return { errors, firstStep };
}

/** Fills blank fields from a SIRET lookup; returns the values to set (nothing when not found). */
export function fillFromLookup(values: WizardValues, lookup: SiretLookup): Partial<WizardValues> {
  if (!lookup.found) return {};
  const patch: Partial<WizardValues> = {};
  const fill = (key: 'company' | 'corporate_name' | 'naf_code' | 'legal_form', value: string | null) => {
    if (value && values[key].trim() === '') patch[key] = value;
  };
  fill('company', lookup.company);
  fill('corporate_name', lookup.corporate_name ?? lookup.company);
  fill('naf_code', lookup.naf_code);
  fill('legal_form', lookup.legal_form);
  return patch;
}
