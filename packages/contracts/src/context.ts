import { MAX_COMPANY_NUMBER } from './limits';

/**
 * The context in web routes: hexadecimal of (firm id x 1,000,000,000 + company id).
 * Company 0 means "no company". BigInt keeps large firm ids exact.
 */
export type Context = { accountingFirmId: number; vendorId: number | null };

const FACTOR = BigInt(MAX_COMPANY_NUMBER);

export function encodeContext(accountingFirmId: number, vendorId: number | null = null): string {
  if (!Number.isSafeInteger(accountingFirmId) || accountingFirmId < 0) {
    throw new RangeError('accounting firm id must be a non-negative integer');
  }
  const company = vendorId ?? 0;
  if (!Number.isSafeInteger(company) || company < 0 || company >= MAX_COMPANY_NUMBER) {
    throw new RangeError('company id must be an integer below 1,000,000,000');
  }
  return (BigInt(accountingFirmId) * FACTOR + BigInt(company)).toString(16);
}

/** Decodes a context; returns null for anything that is not a valid context. */
export function decodeContext(value: string | null | undefined): Context | null {
  if (!value || !/^[0-9a-fA-F]{1,16}$/.test(value)) return null;
  const n = BigInt(`0x${value}`);
  const firm = n / FACTOR;
  const company = n % FACTOR;
  if (firm > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { accountingFirmId: Number(firm), vendorId: company === 0n ? null : Number(company) };
}

/** Hexadecimal route ids (workflow, offer, category, service, document). */
export const toHexId = (id: number): string => id.toString(16);
export const fromHexId = (value: string): number | null =>
  /^[0-9a-fA-F]{1,12}$/.test(value) ? Number.parseInt(value, 16) : null;
