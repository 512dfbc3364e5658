import type { GridLocaleText } from '@mui/x-data-grid';
import type { Locale } from '@portal/contracts/limits';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../app/language';

type LocaleText = Partial<GridLocaleText>;

/** The DataGrid's texts of each language, loaded only for the language in use. */
const LOADERS: Record<Locale, () => Promise<{ default: LocaleText }>> = {
  fr: () => import('./grid-locales/fr'),
  en: () => import('./grid-locales/en'),
  pt: () => import('./grid-locales/pt'),
};

const texts = new Map<Locale, LocaleText>();
let latest: LocaleText | undefined;
const localeOf = (language: string | undefined): Locale => (isLocale(language) ? language : 'fr');

async function load(lng: Locale): Promise<void> {
  if (texts.has(lng)) return;
  const text = (await LOADERS[lng]()).default;
  texts.set(lng, text);
  latest = text;
}

// The language in use is loaded with the grids: their first render is already in that language.
await load(localeOf(i18next.language)).catch(() => undefined);

/** The DataGrid's own texts in the interface language (another language's loads on a change). */
export function useGridLocaleText(): LocaleText | undefined {
  const { i18n } = useTranslation();
  const lng = localeOf(i18n.language);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!texts.has(lng)) void load(lng).then(() => setLoaded((n) => n + 1));
  }, [lng]);
  return texts.get(lng) ?? latest;
}
