import { describe, expect, it } from 'vitest';
import {
  fillFromLookup,
  initialValues,
  mapErrorsToSteps,
  nextPeriod,
  stepOfField,
  toCreatePayload,
  validateAll,
  validateStep,
  type WizardValues,
} from './wizard-logic';

const today = new Date('2026-03-10T12:00:00');
const filled = (patch: Partial<WizardValues> = {}): WizardValues => ({
  ...initialValues(today),
  siret: '732 829 320 00074',
  company: 'Boulangerie Dupont',
  corporate_name: 'Dupont SARL',
  client_code: 'DUP-01',
  ...patch,
});

describe('creation wizard', () => {
  it('starts with one calendar year and adds the next one', () => {
    const v = initialValues(today);
    expect(v.periods).toEqual([{ name: '2026', start_date: '2026-01-01', end_date: '2026-12-31' }]);
    expect(nextPeriod(v.periods).name).toBe('2027');
    expect(nextPeriod([], today).start_date).toBe('2026-01-01');
  });

  it('checks the first step alone', () => {
    expect(validateStep(0, initialValues(today))).toEqual({ siret: 'required' });
    expect(validateStep(0, filled({ siret: '73282932000075' }))).toEqual({ siret: 'invalid-siret' });
    expect(validateStep(0, filled({ company: '' }))).toEqual({});
    expect(validateStep(0, { ...initialValues(today), identifier_type: 'duns', identifier: '12' })).toEqual({
      identifier: 'invalid-duns',
    });
    expect(
      validateStep(0, { ...initialValues(today), identifier_type: 'siren', siren: '732829320' }),
    ).toEqual({});
  });

  it('checks the general step and the periods', () => {
    expect(validateStep(1, filled({ company: '', client_code: 'a/b' }))).toEqual({
      company: 'required',
      client_code: 'invalid-characters',
    });
    const bad = filled({ periods: [{ name: '2026', start_date: '2026-12-31', end_date: '2026-01-01' }] });
    expect(validateStep(1, bad)).toEqual({});
    expect(validateStep(2, bad)).toEqual({ 'periods.0.end_date': 'period-end-before-start' });
    expect(validateStep(3, filled({ admin_email: 'nope' }))).toEqual({ admin_email: 'invalid-email' });
  });

  it('sends only the identifier of the chosen type', () => {
    const payload = toCreatePayload(
      filled({ siren: '123', tree_structure_id: 3, module_keys: ['documents'] }),
    );
    expect(payload).toMatchObject({
      identifier_type: 'siret',
      siret: '73282932000074',
      tree_structure_id: 3,
    });
    expect(payload).not.toHaveProperty('siren');
    expect(payload).not.toHaveProperty('admin_email');
    expect(validateAll(filled()).payload).not.toBeNull();
  });

  it('maps server errors to fields and to the first step that shows them', () => {
    expect(stepOfField('accounting_periods.1.start_date')).toBe(2);
    expect(stepOfField('admin_email')).toBe(3);
    expect(stepOfField('whatever')).toBeNull();
    expect(
      mapErrorsToSteps({
        admin_email: 'Cet e-mail est utilisé par un membre du cabinet.',
        client_code: 'déjà',
      }),
    ).toEqual({
      errors: { admin_email: 'Cet e-mail est utilisé par un membre du cabinet.', client_code: 'déjà' },
      firstStep: 1,
    });
    expect(mapErrorsToSteps({ siret: 'SIRET déjà utilisé' }).firstStep).toBe(0);
    const all = validateAll(filled({ company: '', admin_email: 'x' }));
    expect(all.firstStep).toBe(1);
    expect(all.errors).toMatchObject({ company: 'required', admin_email: 'invalid-email' });
  });

  it('fills blank fields from a SIRET lookup only', () => {
    const lookup = {
      found: true,
      company: 'Boulangerie',
      corporate_name: 'Boulangerie SAS',
      siren: '732829320',
      naf_code: '1071C',
      legal_form: 'SAS',
      address: null,
    };
    expect(fillFromLookup(filled({ company: 'Mine', corporate_name: '' }), lookup)).toEqual({
      corporate_name: 'Boulangerie SAS',
      naf_code: '1071C',
      legal_form: 'SAS',
    });
    expect(fillFromLookup(filled(), { ...lookup, found: false })).toEqual({});
  });
});
