import { bankInputSchema, updateVendorRequestSchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { toFormValues, toPayload } from '../../../components/form/field-defs';
import { issuesByField } from '../../../components/form/field-errors';
import { ADMINISTRATION_FIELDS, FISCAL_FIELDS, GENERAL_FIELDS } from './vendor-fields';

describe("the client file's described forms", () => {
  it('turn an entity into strings and back into a payload', () => {
    const values = toFormValues(
      { company: 'Boulangerie', corporate_name: null, client_code: 'C1', capital: 1500, cfe: true },
      [...GENERAL_FIELDS, ...ADMINISTRATION_FIELDS, ...FISCAL_FIELDS],
    );
    expect(values.corporate_name).toBe('');
    expect(values.capital).toBe('1500');
    expect(values.cfe).toBe(true);
    expect(values.cga).toBe(false);
    const payload = toPayload({ ...values, capital: '2 500,5', tva_due_day: '' }, [
      ...GENERAL_FIELDS,
      ...ADMINISTRATION_FIELDS,
      ...FISCAL_FIELDS,
    ]);
    expect(payload).toMatchObject({
      company: 'Boulangerie',
      corporate_name: null,
      capital: 2500.5,
      cfe: true,
    });
    expect(payload.tva_due_day).toBeNull();
    expect(updateVendorRequestSchema.safeParse(payload).success).toBe(true);
  });

  it('keep a blank required field as a string so that the schema says required', () => {
    const payload = toPayload({ company: ' ', client_code: 'C1' }, GENERAL_FIELDS);
    const result = updateVendorRequestSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(issuesByField(result.error?.issues ?? [])).toMatchObject({ company: 'required' });
  });

  it('report a bad VAT day and a bad number with the contracts keys', () => {
    const payload = toPayload({ tva_due_day: '32' }, FISCAL_FIELDS);
    const errors = issuesByField(updateVendorRequestSchema.safeParse(payload).error?.issues ?? []);
    expect(errors.tva_due_day).toBe('invalid-vat-day');
    const bad = toPayload({ employee_number: 'abc' }, ADMINISTRATION_FIELDS);
    expect(bad.employee_number).toBe('abc');
    expect(updateVendorRequestSchema.safeParse(bad).success).toBe(false);
  });

  it('check IBAN and BIC with the contracts rules', () => {
    const base = { bank_name: 'Banque', bank_address: null, bic: 'BNPAFRPP' };
    const bad = bankInputSchema.safeParse({ ...base, iban: 'FR76 3000 6000 0112 3456 7890 188' });
    expect(issuesByField(bad.error?.issues ?? []).iban).toBe('invalid-iban');
    expect(bankInputSchema.safeParse({ ...base, iban: 'FR76 3000 6000 0112 3456 7890 189' }).success).toBe(
      true,
    );
  });
});
