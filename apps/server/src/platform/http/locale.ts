import { DEFAULT_LOCALE, LOCALES, type Locale } from '@portal/contracts';

/** Picks fr, en or pt from an Accept-Language header (fr by default). */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q);
  const found = ranked.find((x) => (LOCALES as readonly string[]).includes(x.lang));
  return (found?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}
