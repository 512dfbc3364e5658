import { ibanParts } from '@portal/contracts/rules/iban';
import { describe, expect, it } from 'vitest';
import { formatIban, ibanPartRows } from './iban-display';

describe('IBAN display', () => {
  it('groups by four', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  });
  it('splits a French IBAN into bank, branch, account and key', () => {
    const rows = ibanPartRows(ibanParts('FR7630006000011234567890189'));
    expect(rows).toEqual([
      { key: 'country_code', value: 'FR' },
      { key: 'check_digits', value: '76' },
      { key: 'bank_code', value: '30006' },
      { key: 'branch_code', value: '00001' },
      { key: 'account_number', value: '12345678901' },
      { key: 'national_key', value: '89' },
    ]);
  });
  it('shows the BBAN of another layout', () => {
    const rows = ibanPartRows(ibanParts('DE89370400440532013000'));
    expect(rows.map((r) => r.key)).toEqual(['country_code', 'check_digits', 'bban']);
    expect(rows[2]?.value).toBe('370400440532013000');
  });
});
