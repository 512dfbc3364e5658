/** Local preferences (spec section 9: last firm, last company, dark mode, language). */
export const STORAGE_KEYS = {
  lastFirm: 'last_accounting_firm_id',
  lastCompany: 'last_vendor_id',
  darkMode: 'dark_mode',
  language: 'language',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const readPref = (key: Key): string | null => storage()?.getItem(key) ?? null;

export function writePref(key: Key, value: string | number | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, String(value));
}

export function readIdPref(key: Key): number | null {
  const n = Number(readPref(key));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
