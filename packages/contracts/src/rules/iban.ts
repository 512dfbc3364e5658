/** IBAN: country, check digits, BBAN; valid when the mod-97 of the rearranged number is 1. */
export function normaliseIban(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidIban(value: string): boolean {
  const iban = normaliseIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

export type IbanParts = {
  country_code: string;
  check_digits: string;
  bank_code: string | null;
  branch_code: string | null;
  account_number: string | null;
  national_key: string | null;
  bban: string;
};

/** Splits an IBAN for display; French-format IBANs (FR, MC and the overseas codes) in full. */
export function ibanParts(value: string): IbanParts {
  const iban = normaliseIban(value);
  const bban = iban.slice(4);
  const french = /^(FR|MC|GP|MQ|GF|RE|PF|TF|YT|NC|BL|MF|PM|WF)$/.test(iban.slice(0, 2)) && bban.length === 23;
  return {
    country_code: iban.slice(0, 2),
    check_digits: iban.slice(2, 4),
    bank_code: french ? bban.slice(0, 5) : null,
    branch_code: french ? bban.slice(5, 10) : null,
    account_number: french ? bban.slice(10, 21) : null,
    national_key: french ? bban.slice(21, 23) : null,
    bban,
  };
}

/** BIC/SWIFT: 4 letters bank, 2 letters country, 2 location, optional 3 branch. */
export const isValidBic = (value: string): boolean =>
  /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/\s/g, '').toUpperCase());
