import type { Locale } from '@portal/contracts/limits';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pickLanguage } from './language';
import { readPref, STORAGE_KEYS, writePref } from './storage';

type Catalogue = Record<string, unknown>;

/**
 * The namespaces every page may use before the signed-in frame (`common`, `auth`, `shell`) and
 * those of the public pages anyone may open (a share link's `shares`, a signing link's
 * `signatures`), each its own small file loaded only when its language and namespace are used:
 * never the signed-in screens' texts on a signed-out page. `errors` is the contracts' message
 * catalogue (error codes and validation keys).
 */
const FILES = import.meta.glob<Catalogue>('../locales/*/{common,auth,shell,shares,signatures}.json', {
  import: 'default',
});

/**
 * Every other `locales/<lng>/<namespace>.json` (a feature adds its catalogue files and nothing here
 * changes): the signed-in screens' texts, one file a language (`screen-texts/`), loaded with the
 * frame. One request rather than one per namespace, queued with the frame's code.
 */
const SCREEN_TEXTS: Record<Locale, () => Promise<Record<string, Catalogue>>> = {
  fr: async () => (await import('./screen-texts/fr')).default,
  en: async () => (await import('./screen-texts/en')).default,
  pt: async () => (await import('./screen-texts/pt')).default,
};

const namespaceOf = (file: string) => /\/([\w-]+)\.json$/.exec(file)?.[1] ?? '';

/** The contracts' error and validation messages, one file a language. */
const ERROR_CATALOGUES: Record<Locale, () => Promise<Catalogue>> = {
  fr: async () => (await import('@portal/contracts/i18n/messages-fr')).fr,
  en: async () => (await import('@portal/contracts/i18n/messages-en')).en,
  pt: async () => (await import('@portal/contracts/i18n/messages-pt')).pt,
};

async function readCatalogue(lng: string, ns: string): Promise<Catalogue> {
  if (ns === 'errors') {
    const load = ERROR_CATALOGUES[lng as Locale];
    if (load) return load();
  }
  const file = FILES[`../locales/${lng}/${ns}.json`];
  if (file) return file();
  const screens = SCREEN_TEXTS[lng as Locale];
  const catalogue = screens && Object.entries(await screens()).find(([f]) => namespaceOf(f) === ns)?.[1];
  if (!catalogue) throw new Error(`no catalogue ${lng}/${ns}`);
  return catalogue;
}

/** Loads catalogues on demand: a browser downloads only the language and namespaces it uses. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    readCatalogue(lng, ns).then(
      (catalogue) => callback(null, catalogue),
      (error: Error) => callback(error, false),
    );
  },
};

/** Namespaces every screen uses: loaded before the first render. */
const FIRST_NAMESPACES = ['common', 'errors'];

/**
 * The namespaces of the signed-out screens (their layout shows the version label: `shell`); the
 * public pages load theirs (`shares`, `signatures`) when they render.
 */
export const ANONYMOUS_NAMESPACES = ['auth', 'shell'];

/**
 * Loads the namespaces of the signed-in screens, every catalogue but the first ones, before the
 * signed-in frame renders: the signed-out ones and those of the language's screen texts.
 */
export async function loadShellNamespaces(): Promise<void> {
  const screens = SCREEN_TEXTS[i18next.language as Locale] ?? SCREEN_TEXTS.fr;
  const names = Object.keys(await screens()).map(namespaceOf);
  await loadNamespaces(
    [...ANONYMOUS_NAMESPACES, 'shares', 'signatures', ...names].filter(
      (ns) => ns && !FIRST_NAMESPACES.includes(ns),
    ),
  );
}

/**
 * Loads namespaces of the current language before a layout renders (a component that uses one
 * not loaded yet suspends until it is).
 */
export const loadNamespaces = (namespaces: string[]): Promise<void> => i18next.loadNamespaces(namespaces);

/**
 * Starts i18next: language from the stored choice, else the browser's languages, else fr. `ready`
 * settles once the first namespaces are loaded: render after it. No fallback language is loaded:
 * every catalogue has every key of fr (`locales-parity.test.ts`; the contracts' messages are
 * typed), so a browser downloads one language.
 */
export function initI18n(): { i18n: I18n; ready: Promise<unknown> } {
  // Registered before init so that <html lang> follows from the very first language.
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  const lng = pickLanguage(readPref(STORAGE_KEYS.language), navigator.languages ?? [navigator.language]);
  const ready = i18next
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: ['fr', 'en', 'pt'],
      ns: FIRST_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  return { i18n: i18next, ready };
}

/**
 * Changes and remembers the language; settles once the texts are in that language (i18next loads
 * the namespaces already in use in the new language first).
 */
export async function setLanguage(lng: Locale): Promise<void> {
  writePref(STORAGE_KEYS.language, lng);
  await i18next.changeLanguage(lng);
}

/** Translates an error code or validation key; null when the catalogue has none. */
export function translateErrorKey(key: string): string | null {
  if (i18next.exists(key, { ns: 'errors' })) return i18next.t(key, { ns: 'errors' });
  if (i18next.exists(`error.${key}`, { ns: 'common' })) return i18next.t(`error.${key}`, { ns: 'common' });
  return null;
}
