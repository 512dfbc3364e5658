import type { IbanParts } from '@portal/contracts/rules/iban';

/** "FR7630006000011234567890189" -> "FR76 3000 6000 0112 3456 7890 189". */
export const formatIban = (iban: string): string =>
  iban
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');

export type IbanPartKey = Exclude<keyof IbanParts, 'bban'> | 'bban';

/**
 * The parts to show, in order: country, check digits, then bank, branch, account and key when the
 * IBAN has the French layout, else the whole BBAN.
 */
export function ibanPartRows(parts: IbanParts): { key: IbanPartKey; value: string }[] {
  const rows: { key: IbanPartKey; value: string }[] = [
    { key: 'country_code', value: parts.country_code },
    { key: 'check_digits', value: parts.check_digits },
  ];
  const detailed = (['bank_code', 'branch_code', 'account_number', 'national_key'] as const).filter(
    (k) => parts[k] !== null && parts[k] !== '',
  );
  if (detailed.length === 0) rows.push({ key: 'bban', value: parts.bban });
  for (const k of detailed) rows.push({ key: k, value: parts[k] as string });
  return rows;
}
