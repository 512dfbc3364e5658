import { describe, expect, it } from 'vitest';
import { FORBIDDEN_NAME_CHARS, fitFileName, nodeName } from './names';

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const INVISIBLE = ['\u200e', '\u200f', '\u061c'];

describe('item names', () => {
  it('refuses the bidirectional and invisible format characters, like the other forbidden ones', () => {
    for (const c of [...BIDI, ...INVISIBLE]) {
      const name = `facture${c}fdp.exe`;
      expect(FORBIDDEN_NAME_CHARS.test(name), `U+${c.codePointAt(0)!.toString(16)}`).toBe(true);
      expect(nodeName().safeParse(name).error?.issues[0]?.message).toBe('invalid-name');
      expect(fitFileName(name)).toEqual({ error: 'invalid-name' });
    }
    expect(nodeName().safeParse('a:b').error?.issues[0]?.message).toBe('invalid-name');
  });

  it('keeps accepting names in right-to-left scripts and other letters', () => {
    for (const name of [
      'فاتورة.pdf',
      'חשבונית 2024.pdf',
      'relevé n°3 — mars.pdf',
      'emoji 📄.pdf',
      'a\u200db',
    ]) {
      expect(nodeName().safeParse(name).success, name).toBe(true);
      expect(fitFileName(name)).toEqual({ name });
    }
  });
});
