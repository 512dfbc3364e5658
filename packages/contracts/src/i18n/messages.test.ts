import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors';
import { LOCALES } from '../limits';
import { formatWait, isMessageKey, MESSAGES, translateMessage } from './messages';

describe('message catalogues', () => {
  const frKeys = Object.keys(MESSAGES.fr).sort();

  it('has a catalogue for every locale', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has exactly the same keys as fr', (locale) => {
    expect(Object.keys(MESSAGES[locale]).sort()).toEqual(frKeys);
  });

  it.each(LOCALES)('%s has a message for every error code', (locale) => {
    const missing = ERROR_CODES.filter((code) => !(code in MESSAGES[locale]));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty message', (locale) => {
    const empty = Object.entries(MESSAGES[locale]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('translates by key and keeps unknown keys as they are', () => {
    expect(translateMessage('required', 'fr')).toBe('Requis.');
    expect(translateMessage('required', 'en')).toBe('Required.');
    expect(translateMessage('terms-not-accepted', 'fr')).toBe(
      "Vous devez accepter les Conditions Générales d'Utilisation",
    );
    expect(translateMessage('not-found', 'pt')).toBe('Recurso desconhecido');
    expect(translateMessage('no-such-key', 'en')).toBe('no-such-key');
    expect(isMessageKey('no-such-key')).toBe(false);
    expect(isMessageKey('invalid-color')).toBe(true);
  });
});

describe('waits', () => {
  it('fills placeholders and says a wait in words', () => {
    expect(translateMessage('too-many-requests-wait', 'fr', { wait: formatWait(45, 'fr') })).toBe(
      'Trop de tentatives, veuillez réessayer dans 45 secondes.',
    );
    expect(formatWait(1, 'en')).toBe('1 second');
    expect(formatWait(0.2, 'en')).toBe('1 second');
    expect(formatWait(60, 'pt')).toBe('1 minuto');
    expect(formatWait(61, 'fr')).toBe('2 minutes');
    expect(formatWait(900, 'en')).toBe('15 minutes');
    expect(translateMessage('too-many-requests-wait', 'en')).toBe(
      'Too many attempts, please try again in {{wait}}.',
    );
  });
});
