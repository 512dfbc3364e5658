import { describe, expect, it } from 'vitest';
import { renameByPattern, validRenamePattern } from './quickfolders';

const values = {
  date: '2026-03-09',
  client_code: 'BOUL01',
  company: 'Boulangerie / Martin',
  quickfolder: 'Tickets',
};

describe('the rename pattern of a quick-drop folder', () => {
  it('replaces the tokens and keeps the original extension', () => {
    expect(renameByPattern('{date} {client_code} {name}', 'ticket.PDF', values)).toBe(
      '2026-03-09 BOUL01 ticket.PDF',
    );
    expect(renameByPattern('{year}-{month} {quickfolder}', 'a.b.pdf', values)).toBe('2026-03 Tickets.pdf');
    expect(renameByPattern('{name}', 'sans-extension', values)).toBe('sans-extension');
  });

  it('makes a value safe for a name, and keeps the name when the result is empty', () => {
    expect(renameByPattern('{company} {name}', 'x.pdf', values)).toBe('Boulangerie - Martin x.pdf');
    expect(renameByPattern('', 'x.pdf', values)).toBe('x.pdf');
    expect(renameByPattern('  ', 'x.pdf', values)).toBe('x.pdf');
  });

  it('shortens a long result like any uploaded name', () => {
    const long = renameByPattern(`${'a'.repeat(195)} {name}`, 'x.pdf', values);
    expect([...long].length).toBe(190);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('accepts known tokens only, and no forbidden character outside them', () => {
    expect(validRenamePattern('{date} - {name}')).toBe(true);
    expect(validRenamePattern('{unknown}')).toBe(false);
    expect(validRenamePattern('{name')).toBe(false);
    expect(validRenamePattern('a/b {name}')).toBe(false);
    expect(validRenamePattern('')).toBe(true);
  });
});
