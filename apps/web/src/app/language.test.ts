import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it('prefers the stored choice, then the browser list, then fr', () => {
    expect(pickLanguage('pt', ['en-US'])).toBe('pt');
    expect(pickLanguage(null, ['de-DE', 'en-GB', 'fr'])).toBe('en');
    expect(pickLanguage('xx', ['pt-BR'])).toBe('pt');
    expect(pickLanguage(null, ['de', 'es'])).toBe('fr');
    expect(pickLanguage(null, [])).toBe('fr');
  });
});
