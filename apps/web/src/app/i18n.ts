import { MESSAGES } from '@portal/contracts/i18n/messages';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enProfile from '../locales/en/profile.json';
import enShell from '../locales/en/shell.json';
import frAuth from '../locales/fr/auth.json';
import frCommon from '../locales/fr/common.json';
import frProfile from '../locales/fr/profile.json';
import frShell from '../locales/fr/shell.json';
import ptAuth from '../locales/pt/auth.json';
import ptCommon from '../locales/pt/common.json';
import ptProfile from '../locales/pt/profile.json';
import ptShell from '../locales/pt/shell.json';
import { pickLanguage } from './language';
import { readPref, STORAGE_KEYS, writePref } from './storage';

export const NAMESPACES = ['common', 'auth', 'shell', 'profile', 'errors'] as const;

/** The catalogues; `errors` is the contracts' message catalogue (error codes and validation keys). */
export const resources = {
  fr: { common: frCommon, auth: frAuth, shell: frShell, profile: frProfile, errors: MESSAGES.fr },
  en: { common: enCommon, auth: enAuth, shell: enShell, profile: enProfile, errors: MESSAGES.en },
  pt: { common: ptCommon, auth: ptAuth, shell: ptShell, profile: ptProfile, errors: MESSAGES.pt },
};

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
