import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../locales/pt', import.meta.url));

/**
 * pt-BR addresses the person as "você" throughout (issue 25: one text said "tu"). The forms of
 * "tu" that a text would show: the pronouns and possessives, a "-te" clitic ("ajudar-te"), and the
 * second-person imperative of the old terms notice ("Lê-los").
 */
const TU =
  /(?<![\p{L}])(?:tu|teu|tua|teus|tuas|contigo|ti)(?![\p{L}-])|\p{L}-te(?![\p{L}])|(?<![\p{L}])lê-l[oa]s?(?![\p{L}])/iu;

function texts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    texts(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('Portuguese texts', () => {
  it('say "você", never "tu"', () => {
    const found = readdirSync(root)
      .filter((f) => f.endsWith('.json'))
      .flatMap((file) =>
        texts(JSON.parse(readFileSync(join(root, file), 'utf8')))
          .filter(([, text]) => TU.test(text))
          .map(([key, text]) => `${file}: ${key}: ${text}`),
      );
    expect(found).toEqual([]);
  });

  it('recognise a text in "tu"', () => {
    for (const text of ['Lê-los e aceita-os', 'O teu perfil', 'Podemos ajudar-te', 'Tu ainda não aceitaste'])
      expect(TU.test(text), text).toBe(true);
    for (const text of ['Você ainda não aceitou', 'Leia-os e aceite-os', 'Atualize o status', 'tutorial'])
      expect(TU.test(text), text).toBe(false);
  });
});
