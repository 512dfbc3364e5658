import { aesGcmBox } from '../../platform/auth/secret-box';

/**
 * A provider's client secret sealed under the server's SSO key, bound to its firm (additional
 * data): a row copied to another firm does not open.
 */
const context = (accountingFirmId: number) => `identity-provider:${accountingFirmId}`;

export function sealSecret(key: Buffer, accountingFirmId: number, secret: string): string {
  return aesGcmBox(key).seal(secret, context(accountingFirmId));
}

/** The secret, or null when the key or the firm differ (or the value was tampered with). */
export function openSecret(key: Buffer, accountingFirmId: number, sealed: string): string | null {
  try {
    return aesGcmBox(key).open(sealed, context(accountingFirmId));
  } catch {
    return null;
  }
}
