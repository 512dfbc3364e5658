/** Units of the quota fields: steps of 1000, as sizes are shown (spec section 9). */
export const SIZE_UNITS = [
  { key: 'MB', bytes: 1000 ** 2 },
  { key: 'GB', bytes: 1000 ** 3 },
  { key: 'TB', bytes: 1000 ** 4 },
] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number]['key'];

/** A byte count as a field shows it: the largest unit it makes at least 1 of (MB below). */
export function toField(bytes: number | null): { value: string; unit: SizeUnit } {
  if (bytes === null) return { value: '', unit: 'GB' };
  const unit = [...SIZE_UNITS].reverse().find((u) => bytes >= u.bytes) ?? SIZE_UNITS[0];
  return { value: String(Number((bytes / unit.bytes).toFixed(3))), unit: unit.key };
}

/**
 * A field's bytes: null when empty (and `emptyIs` null), undefined when it is no positive number
 * (or decimal comma) the server could take.
 */
export function fromField(value: string, unit: SizeUnit): number | null | undefined {
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const bytes = Math.round(Number(text) * SIZE_UNITS.find((u) => u.key === unit)!.bytes);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** A language's name of a unit (French: Mo, Go, To). */
export const unitLabel = (unit: SizeUnit, language: string): string =>
  language.startsWith('fr') ? unit.replace('B', 'o') : unit;
