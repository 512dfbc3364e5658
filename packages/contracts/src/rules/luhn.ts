/** Luhn checksum over a string of digits (SIREN and SIRET keys). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** La Poste's SIRETs (SIREN 356000000) use a digit-sum rule instead of Luhn. */
const LA_POSTE_SIREN = '356000000';

export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && luhnValid(value);
}

export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith(LA_POSTE_SIREN) && value !== '35600000000048') {
    const sum = [...value].reduce((s, c) => s + Number(c), 0);
    return sum % 5 === 0;
  }
  return luhnValid(value);
}

/** Computes the Luhn check digit to append to `body` (for building test data). */
export function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return String(d);
  throw new Error('unreachable');
}
