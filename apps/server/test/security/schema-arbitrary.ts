import fc from 'fast-check';
import type { JsonSchema } from './operations';

/** Values that break inputs: wrong types, huge or hostile strings, out-of-range numbers. */
export const hostileValue = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.constant('x'.repeat(20_000)),
  fc.constant('../../../etc/passwd'),
  fc.constant("' OR 1=1 --"),
  fc.constant('<script>alert(1)</script>'),
  fc.constant('a\u0000b'),
  fc.constant('\u202e\ud83d\ude00\u00e9\u0301'),
  fc.constant(2_147_483_648),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant(-0),
  fc.constant(true),
  fc.constant([]),
  fc.constant({}),
  fc.constant([1, 'a', null]),
  fc.constant({ $ne: null }),
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** Values for a path or query parameter. */
export const hostileParam = fc.oneof(
  fc.constantFrom(
    'abc',
    '-1',
    '0',
    '1.5',
    '99999999999',
    '2147483648',
    '..%2F..%2Fetc',
    '%00',
    '%27%20OR%201%3D1',
    '1e3',
    ' ',
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);

/** An arbitrary that follows a JSON Schema loosely (the shapes our contracts produce). */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.fromEntries(
        Object.entries(props).map(([k, s]) => [k, fromSchema(s, depth + 1)]),
      );
      return fc.record(entries, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 });
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1000,
        max: Math.min(schema.maximum ?? 1000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date') return fc.constantFrom('2026-01-01', '2026-02-30', '1999-12-31');
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 40, 40) });
    default:
      return fc.constant(null);
  }
}
