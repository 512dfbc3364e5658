import { describe, expect, it } from 'vitest';
import { excerptParts, parseSearchParams, searchParamsOf } from './search-params';

describe('search screen state', () => {
  it('reads the address, dropping what is not valid', () => {
    const state = parseSearchParams(
      new URLSearchParams('q=facture&page=3&type=pdf&unread=true&from=2031-01-01&to=nope'),
    );
    expect(state).toEqual({ q: 'facture', page: 3, type: 'pdf', unread: true, from: '2031-01-01' });
    expect(parseSearchParams(new URLSearchParams('page=-1&type=exe'))).toEqual({ q: '', page: 1 });
  });

  it('writes it back the same way', () => {
    const state = { q: 'loyer', page: 2, validated: true } as const;
    expect(parseSearchParams(searchParamsOf(state))).toEqual(state);
    expect(searchParamsOf({ q: 'a', page: 1 }).toString()).toBe('q=a');
  });

  it('cuts an excerpt into plain and marked parts', () => {
    expect(excerptParts('Facturé le 3 mars', [{ start: 0, length: 7 }])).toEqual([
      { text: 'Facturé', marked: true },
      { text: ' le 3 mars', marked: false },
    ]);
    expect(excerptParts('abc', [])).toEqual([{ text: 'abc', marked: false }]);
  });
});
