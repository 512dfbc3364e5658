import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { prebuiltText } from './prebuilt-json';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * Answers are written by fast-json-stringify from each route's response schema (converted once
 * from its zod schema): it writes only the declared fields, like zod's parse did, at a fraction
 * of the cost of parsing every answer with zod then `JSON.stringify`. With `check` (tests and
 * development) the answer is first checked by the zod schema, so a service returning the wrong
 * shape still fails loudly where it is caught. An answer prebuilt as JSON (`prebuilt-json.ts`) is
 * sent as it is; with `check` it must parse to exactly what the schema would write.
 */
export function responseSerializer({ check }: { check: boolean }): SerializerCompiler {
  return ({ schema, method, url }) => {
    const zodSchema = schema as ZodType;
    const jsonSchema = z.toJSONSchema(zodSchema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    const stringify = fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]);
    if (!check) return (data) => prebuiltText(data) ?? stringify(data);
    return (data) => {
      const text = prebuiltText(data);
      if (text !== undefined) return checkedPrebuilt(text);
      const result = zodSchema.safeEncode(data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };

    function checkedPrebuilt(text: string) {
      const parsed: unknown = JSON.parse(text);
      const result = zodSchema.safeEncode(parsed as never);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (!isDeepStrictEqual(JSON.parse(stringify(result.data)), parsed)) {
        throw new Error(`${method} ${url}: prebuilt answer differs from its schema's: ${text.slice(0, 300)}`);
      }
      return text;
    }
  };
}
