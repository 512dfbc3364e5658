import { errorBodySchema } from '@portal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { buildUrl, NOT_CALLED, type Operation, operationsOf, SAMPLE_BODIES } from './operations';
import { inSafeOrder, signInOwners } from './owners';
import { fromSchema, hostileParam, hostileValue } from './schema-arbitrary';
import { businessSnapshot } from './snapshot';
import { buildTenant, type Tenant, worldPasswordHash } from './tenant-world';

/**
 * Input fuzzing: for every operation, requests built from its OpenAPI schema and then broken
 * (wrong types, missing fields, huge or hostile strings, out-of-range numbers, bad ids). No answer
 * may be a 5xx, every refusal is in the spec's error format, and a refused request changes no
 * business table.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
let t: TestApp;
let alpha: Tenant;
/** The tenant's administrator, or the super admin for `/api/sa/` (anyone else is refused first). */
let tokenFor: (op: Operation) => string;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  const hash = await worldPasswordHash();
  alpha = await buildTenant(t.database.db, 'alpha', hash);
  await buildTenant(t.database.db, 'bravo', hash);
  tokenFor = await signInOwners(t, alpha, hash);
  operations = inSafeOrder(
    operationsOf((await t.request({ method: 'GET', url: '/api/openapi.json' })).body).filter(
      (op) => !NOT_CALLED.has(op.key),
    ),
  );
}, 120_000);
afterAll(() => t.close());

type Mutation =
  | { kind: 'schema'; body: unknown }
  | { kind: 'field'; field: string; value: unknown }
  | { kind: 'drop'; field: string }
  | { kind: 'whole'; value: unknown }
  | { kind: 'param'; name: string; value: string };

function mutationsFor(op: Operation): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  if (op.body) {
    const fields = Object.keys(op.body.properties ?? {});
    options.push(fromSchema(op.body).map((body) => ({ kind: 'schema' as const, body })));
    options.push(hostileValue.map((value) => ({ kind: 'whole' as const, value })));
    if (fields.length) {
      options.push(
        fc
          .record({ field: fc.constantFrom(...fields), value: hostileValue })
          .map((m) => ({ kind: 'field' as const, ...m })),
      );
      options.push(fc.constantFrom(...fields).map((field) => ({ kind: 'drop' as const, field })));
    }
  }
  const params = op.parameters.map((p) => p.name);
  if (params.length) {
    options.push(
      fc
        .record({ name: fc.constantFrom(...params), value: hostileParam })
        .map((m) => ({ kind: 'param' as const, ...m })),
    );
  }
  if (options.length === 0) options.push(fc.constant({ kind: 'whole' as const, value: undefined }));
  return fc.oneof(...options);
}

function requestFor(op: Operation, mutation: Mutation) {
  let { url } = buildUrl(op, alpha.ids);
  const sample = SAMPLE_BODIES[op.key]?.(alpha.ids) as Record<string, unknown> | undefined;
  let body: unknown = op.body ? (sample ?? {}) : undefined;
  if (mutation.kind === 'schema') body = mutation.body;
  if (mutation.kind === 'whole') body = mutation.value;
  if (mutation.kind === 'field') body = { ...(sample ?? {}), [mutation.field]: mutation.value };
  if (mutation.kind === 'drop') {
    const { [mutation.field]: _dropped, ...rest } = sample ?? {};
    body = rest;
  }
  if (mutation.kind === 'param') {
    const param = op.parameters.find((p) => p.name === mutation.name)!;
    if (param.in === 'path') {
      url = buildUrl({ ...op, path: op.path.replace(`{${param.name}}`, mutation.value) }, alpha.ids).url;
    } else {
      url += `${url.includes('?') ? '&' : '?'}${param.name}=${mutation.value}`;
    }
  }
  const hasBody = body !== undefined && op.method !== 'GET';
  return {
    method: op.method as 'GET',
    url,
    token: tokenFor(op),
    headers: hasBody ? { 'content-type': 'application/json' } : undefined,
    payload: hasBody ? JSON.stringify(body) : undefined,
  };
}

describe('input fuzzing', () => {
  it('never answers 5xx, refuses in the spec format, and a refusal changes nothing', async () => {
    let baseline = await businessSnapshot(t.database.db);
    let sent = 0;
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(mutationsFor(op), async (mutation) => {
          const request = requestFor(op, mutation);
          const res = await t.request(request);
          sent++;
          const where = `${op.key} with ${JSON.stringify(mutation).slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          const after = await businessSnapshot(t.database.db);
          if (res.status >= 400) {
            expect(
              errorBodySchema.safeParse(res.body).success,
              `${where}: error body ${JSON.stringify(res.body)}`,
            ).toBe(true);
            expect(after === baseline, `${where}: refused with ${res.status} but changed data`).toBe(true);
          }
          baseline = after;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(operations.length);
  }, 600_000);
});
