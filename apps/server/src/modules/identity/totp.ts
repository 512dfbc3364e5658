import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portal/contracts/auth/two-factor';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashToken } from '../../platform/auth/tokens';

const PERIOD = 30;

function totpOf(secret: string, label = '', issuer = 'Portail') {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });
}

/** A new secret (160 bits, base32 as authenticator apps expect). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export function otpauthUri(secret: string, email: string, issuer: string): string {
  return totpOf(secret, email, issuer).toString();
}

export const qrCodeDataUri = (uri: string): Promise<string> =>
  QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });

/**
 * The 30-second step of a valid code (the current one or a neighbour, for clocks a little off),
 * or null. The caller refuses a step not after the last accepted one (no replay).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

// No 0/O, 1/I/L: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7dm-q2xr-9fhp` (about 74 bits each), and the hashes stored. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/** The hash of a recovery code as typed: case, spaces and dashes do not matter. */
export const recoveryCodeHash = (typed: string): string =>
  hashToken(typed.toLowerCase().replace(/[\s-]/g, ''));
