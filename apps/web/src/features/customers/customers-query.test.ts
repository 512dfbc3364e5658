import { describe, expect, it } from 'vitest';
import { identifierOf, modelToSort, pageRange, sortToModel } from './customers-query';
import { rowErrorLines, sortReportRows } from './import/import-report';

describe('customers list', () => {
  it('maps sorts both ways', () => {
    expect(sortToModel('-client_code')).toEqual([{ field: 'client_code', sort: 'desc' }]);
    expect(modelToSort([{ field: 'created_at', sort: 'asc' }])).toBe('created_at');
    expect(modelToSort([{ field: 'company', sort: 'desc' }])).toBe('-company');
    expect(modelToSort([])).toBe('company');
    expect(modelToSort([{ field: 'status', sort: 'asc' }])).toBe('company');
  });
  it('computes the range shown', () => {
    expect(pageRange(2, 25, 60)).toEqual({ from: 26, to: 50 });
    expect(pageRange(3, 25, 60)).toEqual({ from: 51, to: 60 });
    expect(pageRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
  });
  it('shows the best identifier', () => {
    expect(identifierOf({ siret: null, siren: '732829320', identifier: null })).toBe('732829320');
    expect(identifierOf({ siret: null, siren: null, identifier: null })).toBe('');
  });
  it('lists refused rows first with their errors', () => {
    const rows = sortReportRows([
      { row: 2, status: 'created' as const },
      { row: 4, status: 'refused' as const },
      { row: 3, status: 'created' as const },
    ]);
    expect(rows.map((r) => r.row)).toEqual([4, 2, 3]);
    expect(
      rowErrorLines({ errors: { siret: ['SIRET invalide.'], row: ['Ligne vide'] } }, (f) => f.toUpperCase()),
    ).toEqual(['SIRET: SIRET invalide.', 'Ligne vide']);
  });
});
