import type { Locale } from '../limits';
import type { Catalogue, MessageKey } from './catalogue';
import { en } from './messages-en';
import { fr } from './messages-fr';
import { pt } from './messages-pt';

export type { Catalogue, MessageKey, NoticeKey, ValidationKey } from './catalogue';

export const MESSAGES: Record<Locale, Catalogue> = { fr, en, pt };

export const isMessageKey = (key: string): key is MessageKey => key in fr;

/**
 * The localised text of a message key, or the key itself when it is not one; `{{name}}`
 * placeholders take `params` (the web app's i18next fills the same placeholders).
 */
export function translateMessage(key: string, locale: Locale, params: Record<string, string> = {}): string {
  const text = isMessageKey(key) ? MESSAGES[locale][key] : key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => params[name] ?? whole);
}

const UNITS: Record<Locale, { second: [string, string]; minute: [string, string] }> = {
  fr: { second: ['seconde', 'secondes'], minute: ['minute', 'minutes'] },
  en: { second: ['second', 'seconds'], minute: ['minute', 'minutes'] },
  pt: { second: ['segundo', 'segundos'], minute: ['minuto', 'minutos'] },
};

/** A wait in words: seconds under a minute, else whole minutes rounded up ("45 secondes", "3 minutes"). */
export function formatWait(seconds: number, locale: Locale): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] = s < 60 ? [s, UNITS[locale].second] : [Math.ceil(s / 60), UNITS[locale].minute];
  return `${n} ${n === 1 ? unit[0] : unit[1]}`;
}
