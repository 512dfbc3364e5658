import { errorBodySchema } from '@portal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import {
  type Body,
  buildUrl,
  encodeBody,
  Multipart,
  NOT_CALLED,
  type Operation,
  operationsOf,
  sampleBody,
  toMultipart,
} from './operations';
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
  alpha = await buildTenant(t, 'alpha', hash);
  await buildTenant(t, 'bravo', hash);
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

/** The fields of a body a mutation may break: its schema's, or a multipart sample's parts. */
const fieldsOf = (op: Operation, sample: Body | undefined) =>
  sample instanceof Multipart ? Object.keys(sample.parts) : Object.keys(op.body?.properties ?? {});

function mutationsFor(op: Operation, sample: Body | undefined): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  if (op.body) options.push(fromSchema(op.body).map((body) => ({ kind: 'schema' as const, body })));
  if (op.body || sample !== undefined) {
    const fields = fieldsOf(op, sample);
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

/** A hostile value in a multipart part: as the text of a field, or as the content of a file. */
function withPart(sample: Multipart, field: string, value: unknown): Multipart {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const part = sample.parts[field];
  return new Multipart({
    ...sample.parts,
    [field]: part === undefined || typeof part === 'string' ? text : { ...part, content: text },
  });
}

async function requestFor(op: Operation, mutation: Mutation) {
  let { url } = buildUrl(op, alpha.ids);
  const sample = await sampleBody(op, alpha.ids);
  const fields = (sample ?? {}) as Record<string, unknown>;
  let body: Body = op.body || sample !== undefined ? (sample ?? {}) : undefined;
  if (mutation.kind === 'schema') {
    body = op.bodyType === 'multipart' ? toMultipart(op.body, mutation.body) : mutation.body;
  }
  if (mutation.kind === 'whole') body = mutation.value;
  if (mutation.kind === 'field') {
    body =
      sample instanceof Multipart
        ? withPart(sample, mutation.field, mutation.value)
        : { ...fields, [mutation.field]: mutation.value };
  }
  if (mutation.kind === 'drop') {
    if (sample instanceof Multipart) {
      const { [mutation.field]: _dropped, ...rest } = sample.parts;
      body = new Multipart(rest);
    } else {
      const { [mutation.field]: _dropped, ...rest } = fields;
      body = rest;
    }
  }
  if (mutation.kind === 'param') {
    const param = op.parameters.find((p) => p.name === mutation.name)!;
    if (param.in === 'path') {
      url = buildUrl({ ...op, path: op.path.replace(`{${param.name}}`, mutation.value) }, alpha.ids).url;
    } else {
      url += `${url.includes('?') ? '&' : '?'}${param.name}=${mutation.value}`;
    }
  }
  const encoded = body !== undefined && op.method !== 'GET' ? await encodeBody(body) : {};
  return { method: op.method as 'GET', url, token: tokenFor(op), ...encoded };
}

describe('multipart uploads cut short', () => {
  const multipartSamples = async () => {
    const found: { op: Operation; sample: Multipart }[] = [];
    for (const op of operations) {
      const sample = await sampleBody(op, alpha.ids);
      if (sample instanceof Multipart) found.push({ op, sample });
    }
    return found;
  };

  // Before the fuzzing, which may leave the tenant's portal deactivated or its client file gone.
  it('has multipart operations, whose whole bodies succeed', async () => {
    const found = await multipartSamples();
    expect(found.map(({ op }) => op.key)).toContain('POST /api/accounting-firms/{id}/vendors/import');
    for (const { op, sample } of found) {
      const res = await t.request({
        method: op.method as 'POST',
        url: buildUrl(op, alpha.ids).url,
        token: tokenFor(op),
        ...(await encodeBody(sample)),
      });
      expect(res.status, `${op.key}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  });

  /**
   * An upload whose connection drops mid-way ends its multipart stream early: a 4xx (the shared
   * upload reader maps busboy's "Unexpected end of multipart data"), never a 500.
   */
  it('refuse a stream cut short with a 4xx in the spec format, changing nothing', async () => {
    const failures: string[] = [];
    for (const { op, sample } of await multipartSamples()) {
      for (const keep of [0.1, 0.5, 0.99]) {
        const before = await businessSnapshot(t.database.db);
        const { payload, headers } = await encodeBody(sample);
        const res = await t.request({
          method: op.method as 'POST',
          url: buildUrl(op, alpha.ids).url,
          token: tokenFor(op),
          headers,
          payload: (payload as Buffer).subarray(0, Math.floor((payload as Buffer).length * keep)),
        });
        const where = `${op.key} cut at ${keep * 100} %`;
        if (res.status < 400 || res.status >= 500) failures.push(`${where} answered ${res.status}`);
        else if (!errorBodySchema.safeParse(res.body).success) {
          failures.push(`${where}: error body ${JSON.stringify(res.body)}`);
        }
        if ((await businessSnapshot(t.database.db)) !== before) failures.push(`${where} changed data`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('input fuzzing', () => {
  it('never answers 5xx, refuses in the spec format, and a refusal changes nothing', async () => {
    let baseline = await businessSnapshot(t.database.db);
    let sent = 0;
    for (const op of operations) {
      const sample = await sampleBody(op, alpha.ids);
      await fc.assert(
        fc.asyncProperty(mutationsFor(op, sample), async (mutation) => {
          const request = await requestFor(op, mutation);
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
