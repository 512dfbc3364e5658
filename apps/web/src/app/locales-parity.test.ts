import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../locales', import.meta.url));
const LANGUAGES = ['fr', 'en', 'pt'];

/** Dotted keys of a nested catalogue, with the interpolation variables of each text. */
function flatten(value: unknown, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (typeof value === 'string') {
    out.set(prefix, [...value.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort());
    return out;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    for (const [key, vars] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(key, vars);
  }
  return out;
}

const read = (lng: string, file: string) => flatten(JSON.parse(readFileSync(join(root, lng, file), 'utf8')));

describe('locale catalogues', () => {
  const reference = readdirSync(join(root, 'fr')).filter((f) => f.endsWith('.json'));

  it('have the same namespaces in every language', () => {
    for (const lng of LANGUAGES) {
      expect(
        readdirSync(join(root, lng))
          .filter((f) => f.endsWith('.json'))
          .sort(),
      ).toEqual([...reference].sort());
    }
  });

  for (const file of reference) {
    it(`${file}: same keys and variables as fr, no empty text`, () => {
      const fr = read('fr', file);
      for (const lng of LANGUAGES) {
        const other = read(lng, file);
        expect([...other.keys()].sort(), `${lng}/${file}`).toEqual([...fr.keys()].sort());
        for (const [key, vars] of fr) expect(other.get(key), `${lng}/${file}: ${key}`).toEqual(vars);
        for (const [key] of other) expect(key.length).toBeGreaterThan(0);
      }
    });
  }
});
