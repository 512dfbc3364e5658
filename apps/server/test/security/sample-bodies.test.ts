import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import {
  buildUrl,
  isPlatformRoute,
  NOT_CALLED,
  type Operation,
  operationsOf,
  PUBLIC_BY_DESIGN,
  SAMPLE_BODIES,
} from './operations';
import {
  buildTenant,
  createSuperAdmin,
  type Tenant,
  WORLD_PASSWORD,
  worldPasswordHash,
} from './tenant-world';

/**
 * The probe's refusals only mean something if its requests are otherwise valid: here the firm
 * administrator of the tenant whose ids the probe sends makes every call, and must succeed.
 * Destructive operations run last, in the order of `LAST`.
 */
const LAST = [
  'POST /api/vendors/{id}/deactivate',
  'POST /api/vendors/{id}/restore',
  'POST /api/vendors/{id}/transfer',
  'DELETE /api/vendors/{id}',
];

/** Operations the tenant's own administrator cannot make with the probe's ids, and why. */
const NOT_FOR_THE_OWNER: Record<string, string> = {
  'GET /api/siret-lookup': 'takes a SIRET, no tenant id (vendors.routes.test.ts)',
  'POST /api/accounting-firms/{id}/vendors/import':
    'multipart upload: the probe sends no file, access is checked before the file is read (import.routes.test.ts)',
};

let t: TestApp;
let alpha: Tenant;
let operations: Operation[];
let token: string;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const hash = await worldPasswordHash();
  alpha = await buildTenant(t.database.db, 'alpha', hash);
  token = await t.signIn('admin-alpha@probe.test', WORLD_PASSWORD);
  superToken = await t.signIn(await createSuperAdmin(t.database.db, hash), WORLD_PASSWORD);
  const all = operationsOf((await t.request({ method: 'GET', url: '/api/openapi.json' })).body);
  // Deletions after everything else, then the client file's own lifecycle.
  const rank = (op: Operation) =>
    LAST.includes(op.key) ? 2 + LAST.indexOf(op.key) : op.method === 'DELETE' ? 1 : 0;
  operations = all
    .filter((op) => !PUBLIC_BY_DESIGN[op.key] && !NOT_CALLED.has(op.key) && !NOT_FOR_THE_OWNER[op.key])
    .sort((a, b) => rank(a) - rank(b));
}, 120_000);
afterAll(() => t.close());

describe("the probe's requests", () => {
  it("succeed for the tenant's own administrator, so that a refusal elsewhere is access control", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const { url } = buildUrl(op, alpha.ids);
      const sample = SAMPLE_BODIES[op.key];
      const res = await t.request({
        method: op.method as 'GET',
        url,
        token: isPlatformRoute(op) ? superToken : token,
        payload: op.body && sample ? (sample(alpha.ids) as object) : undefined,
      });
      if (res.status >= 300) {
        failures.push(`${op.key} answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
