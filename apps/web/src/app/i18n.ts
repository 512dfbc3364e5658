import { MESSAGES } from '@portal/contracts/i18n/messages';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pickLanguage } from './language';
import { readPref, STORAGE_KEYS, writePref } from './storage';

type Catalogue = Record<string, unknown>;

/**
 * Every `locales/<lng>/<namespace>.json`, found at build time: a feature adds its catalogue
 * files and nothing here changes. `errors` is the contracts' message catalogue (error codes and
 * validation keys).
 */
const files = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<string, Record<string, Catalogue>> = {
  fr: { errors: MESSAGES.fr },
  en: { errors: MESSAGES.en },
  pt: { errors: MESSAGES.pt },
};
for (const [file, catalogue] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (lng && ns && resources[lng]) resources[lng][ns] = catalogue;
}

export const NAMESPACES = Object.keys(resources.fr ?? {});

/** Starts i18next: language from the stored choice, else the browser's languages, else fr. */
export function initI18n(): I18n {
  // Registered before init so that <html lang> follows from the very first language.
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  const lng = pickLanguage(readPref(STORAGE_KEYS.language), navigator.languages ?? [navigator.language]);
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'fr',
    supportedLngs: ['fr', 'en', 'pt'],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

/** Changes and remembers the language. */
export function setLanguage(lng: string): void {
  writePref(STORAGE_KEYS.language, lng);
  void i18next.changeLanguage(lng);
}

/** Translates an error code or validation key; null when the catalogue has none. */
export function translateErrorKey(key: string): string | null {
  if (i18next.exists(key, { ns: 'errors' })) return i18next.t(key, { ns: 'errors' });
  if (i18next.exists(`error.${key}`, { ns: 'common' })) return i18next.t(`error.${key}`, { ns: 'common' });
  return null;
}
