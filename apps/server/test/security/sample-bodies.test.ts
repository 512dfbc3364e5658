import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { NOT_CALLED, type Operation, operationsOf, PUBLIC_BY_DESIGN, probeRequest } from './operations';
import { inSafeOrder, signInOwners } from './owners';
import { buildTenant, type Tenant, worldPasswordHash } from './tenant-world';

/**
 * The probe's refusals only mean something if its requests are otherwise valid: here the firm
 * administrator of the tenant whose ids the probe sends (the super admin for `/api/sa/`) makes
 * every call, and must succeed. Destructive operations run last (`inSafeOrder`).
 */

let t: TestApp;
let alpha: Tenant;
let operations: Operation[];
let tokenFor: (op: Operation) => string;

beforeAll(async () => {
  t = await createTestApp();
  const hash = await worldPasswordHash();
  alpha = await buildTenant(t, 'alpha', hash);
  tokenFor = await signInOwners(t, alpha, hash);
  const all = operationsOf((await t.request({ method: 'GET', url: '/api/openapi.json' })).body);
  operations = inSafeOrder(all.filter((op) => !PUBLIC_BY_DESIGN[op.key] && !NOT_CALLED.has(op.key)));
}, 120_000);
afterAll(() => t.close());

describe("the probe's requests", () => {
  it("succeed for the tenant's own administrator, so that a refusal elsewhere is access control", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const res = await t.request({ ...(await probeRequest(op, alpha.ids)), token: tokenFor(op) });
      if (res.status >= 300) {
        failures.push(`${op.key} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
