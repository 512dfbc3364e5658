/** Units per language (spec section 9: steps of 1000, byte, Ko, Mo, Go, To, Po, Eo, Zo, Yo in French). */
const UNITS: Record<string, readonly string[]> = {
  fr: ['o', 'Ko', 'Mo', 'Go', 'To', 'Po', 'Eo', 'Zo', 'Yo'],
  en: ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
  pt: ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
};

/** A size in bytes as people read it: steps of 1000, at most 2 decimals, localised ("5,24 Mo"). */
export function formatSize(bytes: number, language: string): string {
  const lng = language.slice(0, 2);
  const units = UNITS[lng] ?? (UNITS.fr as readonly string[]);
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: unit === 0 ? 0 : 2 }).format(value);
  return `${number} ${units[unit]}`;
}
