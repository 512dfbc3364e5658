import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prebuiltJson } from './prebuilt-json';
import { responseSerializer } from './serializer';

const schema = z.object({ id: z.number(), name: z.string(), at: z.string().nullable() });
const serializerFor = (check: boolean) =>
  responseSerializer({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

describe('response serializer', () => {
  it('writes only the declared fields', () => {
    expect(JSON.parse(serializerFor(true)({ id: 1, name: 'a', at: null, secret: 'x' }))).toEqual({
      id: 1,
      name: 'a',
      at: null,
    });
  });

  it('sends a prebuilt answer as it is', () => {
    const text = '{"id":1,"name":"a","at":"2026-11-25T10:00:00.000Z"}';
    expect(serializerFor(true)(prebuiltJson(text))).toBe(text);
    expect(serializerFor(false)(prebuiltJson(text))).toBe(text);
  });

  it('refuses, when checking, a prebuilt answer of the wrong shape or with a field the schema lacks', () => {
    expect(() => serializerFor(true)(prebuiltJson('{"id":"1","name":"a","at":null}'))).toThrow();
    expect(() =>
      serializerFor(true)(prebuiltJson('{"id":1,"name":"a","at":null,"password_hash":"x"}')),
    ).toThrow(/differs/);
  });
});
