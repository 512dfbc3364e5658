import type { ErrorCode } from '../errors';
import type { Locale } from '../limits';
import { en } from './messages-en';
import { fr } from './messages-fr';
import { pt } from './messages-pt';

/** Validation message keys produced by the contracts' zod schemas. */
export type ValidationKey =
  | 'required'
  | 'too-long'
  | 'too-short'
  | 'nul-byte'
  | 'invalid-email'
  | 'invalid-color'
  | 'invalid-characters'
  | 'invalid-id'
  | 'invalid-value'
  | 'invalid-phone'
  | 'invalid-post-code'
  | 'invalid-date'
  | 'invalid-type'
  | 'out-of-range'
  | 'unknown-field'
  | 'invalid-siren'
  | 'invalid-siret'
  | 'invalid-iban'
  | 'invalid-bic'
  | 'invalid-duns'
  | 'invalid-vat-day'
  | 'identifier-required'
  | 'period-end-before-start'
  | 'last-admin'
  | 'invalid-image'
  | 'image-too-large'
  | 'svg-external-reference'
  | 'invalid-domain'
  | 'invalid-issuer'
  | 'private-issuer'
  | 'provider-name-taken'
  | 'password-too-weak'
  | 'password-personal-info'
  | 'current-password-invalid'
  | 'invalid-name'
  | 'invalid-path'
  | 'chunk-size-mismatch'
  | 'invalid-chunk-number'
  | 'folder-into-itself';

/** Messages that are neither a code nor a field's: `{{name}}` placeholders filled by `translateMessage`. */
export type NoticeKey = 'too-many-requests-wait';

export type MessageKey = ErrorCode | ValidationKey | NoticeKey;

export type Catalogue = Record<MessageKey, string>;

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
