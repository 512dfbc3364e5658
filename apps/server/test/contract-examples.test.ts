import * as contracts from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * The examples of the contracts (`.meta({ example })`, `.meta({ examples })`) are what the OpenAPI
 * document shows and what the probe sends: each must be valid for its own schema.
 */
const withExamples = Object.entries(contracts).flatMap(([name, value]) => {
  if (!(value instanceof z.ZodType)) return [];
  const meta = z.globalRegistry.get(value);
  const examples = [
    ...(meta?.example === undefined ? [] : [meta.example]),
    ...((meta?.examples as unknown[] | undefined) ?? []),
  ];
  return examples.map((example, i) => ({ name: `${name} #${i + 1}`, schema: value, example }));
});

describe('contract examples', () => {
  it('exist on the request schemas', () => {
    expect(withExamples.length).toBeGreaterThanOrEqual(20);
  });

  it.each(withExamples)('$name is valid', ({ schema, example }) => {
    const result = schema.safeParse(example);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });
});
