import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import {
  buildUrl,
  EVERY_ROLE_WRITES,
  GHOST_ID,
  ghostIds,
  HAND_SAMPLES,
  isPlatformRoute,
  NAME_REFS,
  NOT_CALLED,
  nonPathRefs,
  type Operation,
  operationRefs,
  operationsOf,
  PLATFORM_REFS,
  PUBLIC_BY_DESIGN,
  probeRequest,
  READING_POSTS,
  refsIn,
  SELF_ROUTES,
  sampleBody,
} from './operations';
import { registeredRoutes, undocumentedRoutes } from './route-table';
import {
  buildTenant,
  sendUploadChunk,
  type Tenant,
  type TenantIds,
  WORLD_PASSWORD,
  worldPasswordHash,
} from './tenant-world';

/**
 * The cross-tenant probe: two tenants of identical shape; every operation of the OpenAPI document
 * is called by every user of tenant B with tenant A's ids. Only 401/403/404 may answer, and no
 * answer may carry tenant A's data. Then the same walk inside tenant A for role escalation.
 */
let t: TestApp;
let alpha: Tenant;
let bravo: Tenant;
let operations: Operation[];
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  const hash = await worldPasswordHash();
  alpha = await buildTenant(t, 'alpha', hash);
  bravo = await buildTenant(t, 'bravo', hash);
  for (const actor of [...alpha.actors, ...bravo.actors]) {
    tokens.set(actor.email, await t.signIn(actor.email, WORLD_PASSWORD));
  }
  operations = operationsOf((await t.request({ method: 'GET', url: '/api/openapi.json' })).body);
}, 120_000);
afterAll(() => t.close());

const REFUSED = new Set([401, 403, 404]);
const UPLOAD_OPERATIONS = [
  'POST /api/vendors/{id}/folders/{folder_id}/uploads',
  'GET /api/vendors/{id}/folders/{folder_id}/uploads',
];

async function call(op: Operation, tenant: Tenant, email: string) {
  return t.request({ ...(await probeRequest(op, tenant.ids)), token: tokens.get(email) });
}

const leaks = (body: unknown, tenant: Tenant) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return tenant.markers.filter((m) => text.includes(m));
};

describe('route inventory', () => {
  it('documents every registered route, and registers every documented one', () => {
    const documented = new Set(operations.map((op) => op.key));
    const registered = registeredRoutes(t.app);
    expect(registered.size).toBeGreaterThanOrEqual(documented.size);
    expect(
      undocumentedRoutes(registered, documented).map(
        (route) => `${route}: add it to the OpenAPI document (schema) or, with a reason, to UNDOCUMENTED`,
      ),
    ).toEqual([]);
    expect([...documented].filter((key) => !registered.has(key))).toEqual([]);
  });

  it('describes every operation: public, self, or addressed by tenant ids with a sample body', async () => {
    const problems: string[] = [];
    const ghost = ghostIds(alpha.ids);
    for (const op of operations) {
      if (PUBLIC_BY_DESIGN[op.key] || SELF_ROUTES[op.key]) continue;
      if (!op.secured) problems.push(`${op.key}: neither bearer-secured nor listed in PUBLIC_BY_DESIGN`);
      if (operationRefs(op).length === 0 && !isPlatformRoute(op)) {
        problems.push(
          `${op.key}: no tenant id (x-ref) — list it in SELF_ROUTES with a reason, or mark its ids`,
        );
      }
      const { missing } = buildUrl(op, alpha.ids);
      if (missing.length) problems.push(`${op.key}: the probe cannot fill ${missing.join(', ')}`);
      if (op.body && (await sampleBody(op, alpha.ids)) === undefined) {
        problems.push(
          `${op.key}: takes a body — give its request schema a valid example in packages/contracts, .meta({ example: {...} }) (ids are replaced by the probe's)`,
        );
      }
      // The mixed walk swaps the ids of the body: its sample must send some.
      const bodyRefs = refsIn(op.body).filter((ref) => !PLATFORM_REFS.includes(ref));
      const sent = JSON.stringify((await sampleBody(op, ghost)) ?? null).includes(String(GHOST_ID));
      if (bodyRefs.length && !sent) {
        problems.push(
          `${op.key}: its body takes tenant ids (${bodyRefs.join(', ')}) but its example has none`,
        );
      }
    }
    for (const key of Object.keys(HAND_SAMPLES)) {
      if (!operations.some((op) => op.key === key)) problems.push(`HAND_SAMPLES: ${key} is no operation`);
    }
    expect(problems).toEqual([]);
  });
});

describe('cross-tenant probe', () => {
  it("refuses every operation on tenant A's ids to every user of tenant B, as if they did not exist, without leaking", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      if (PUBLIC_BY_DESIGN[op.key] || NOT_CALLED.has(op.key)) continue;
      for (const actor of bravo.actors) {
        const res = await call(op, alpha, actor.email);
        const leaked = leaks(res.body, alpha);
        if (!SELF_ROUTES[op.key] && !REFUSED.has(res.status)) {
          failures.push(`${op.key} as ${actor.role} of B answered ${res.status}`);
        }
        const ghost = await call(op, { ...alpha, ids: ghostIds(alpha.ids) }, actor.email);
        if (!SELF_ROUTES[op.key] && (ghost.status !== res.status || ghost.body?.code !== res.body?.code)) {
          failures.push(
            `${op.key} as ${actor.role} of B answered ${res.status} ${res.body?.code} on A's ids but ${ghost.status} ${ghost.body?.code} on ids that do not exist (an existence oracle)`,
          );
        }
        if (leaked.length) failures.push(`${op.key} as ${actor.role} of B leaked ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('platform routes', () => {
  it('refuses every super admin operation to every user of both tenants, whatever their role', async () => {
    const failures: string[] = [];
    const platform = operations.filter(isPlatformRoute);
    expect(platform.length).toBeGreaterThanOrEqual(5);
    for (const op of platform) {
      for (const tenant of [alpha, bravo]) {
        for (const actor of tenant.actors) {
          const res = await call(op, alpha, actor.email);
          if (!REFUSED.has(res.status))
            failures.push(`${op.key} as ${actor.role} of ${tenant.label} answered ${res.status}`);
          const leaked = leaks(res.body, alpha);
          if (leaked.length) failures.push(`${op.key} as ${actor.role} leaked ${leaked.join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('mixed ids', () => {
  const callMixed = async (op: Operation, email: string, foreign: TenantIds) =>
    t.request({ ...(await probeRequest(op, bravo.ids, foreign)), token: tokens.get(email) });

  it("refuses tenant A's ids in the query or body of an operation on tenant B's own resources, exactly as ids that do not exist", async () => {
    const failures: string[] = [];
    const mixed = operations.filter(
      (op) => !PUBLIC_BY_DESIGN[op.key] && !NOT_CALLED.has(op.key) && nonPathRefs(op).length > 0,
    );
    expect(mixed.length).toBeGreaterThanOrEqual(3);
    // The chunk endpoint and its test GET take A's upload identifier (a name, in B's own folder).
    expect(mixed.filter((op) => nonPathRefs(op).includes('upload')).map((op) => op.key)).toEqual(
      expect.arrayContaining(UPLOAD_OPERATIONS),
    );
    for (const op of mixed) {
      // A name of A's (an upload identifier) names nothing of B's: not refused, answered as a ghost.
      const namesOnly = nonPathRefs(op).every((ref) => NAME_REFS.includes(ref));
      for (const actor of bravo.actors) {
        const res = await callMixed(op, actor.email, alpha.ids);
        const who = `${op.key} as ${actor.role} of B with A's ids in query/body`;
        if (res.status >= 500 || (!namesOnly && res.status < 400))
          failures.push(`${who} answered ${res.status}`);
        const ghost = await callMixed(op, actor.email, ghostIds(alpha.ids));
        if (ghost.status !== res.status || ghost.body?.code !== res.body?.code) {
          failures.push(
            `${who} answered ${res.status} ${res.body?.code}, but ${ghost.status} ${ghost.body?.code} for ids that do not exist (an existence oracle)`,
          );
        }
        const leaked = leaks(res.body, alpha);
        if (leaked.length) failures.push(`${op.key} as ${actor.role} of B leaked ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe("tenant A's upload under way", () => {
  it('is left as it was by the walks that sent its identifier: its chunk stored, and it completes', async () => {
    const admin = tokens.get('admin-alpha@probe.test')!;
    const { vendor, folder } = alpha.ids;
    const stored = (n: number) =>
      t.request({
        method: 'GET',
        url: `/api/vendors/${vendor}/folders/${folder}/uploads?flowChunkNumber=${n}&flowIdentifier=${alpha.upload.identifier}`,
        token: admin,
      });
    expect((await stored(1)).body).toEqual({ data: { chunks: [1], id: null } });
    expect((await stored(2)).status).toBe(204);
    const done = await sendUploadChunk(t, admin, alpha.ids, alpha.upload, 2);
    expect(done.status).toBe(200);
    expect(done.body.data.id).toEqual(expect.any(Number));
    const content = await t.request({
      method: 'GET',
      url: `/api/vendors/${vendor}/documents/${done.body.data.id}/content`,
      token: admin,
    });
    expect(content.body).toBe(alpha.upload.content.toString());
  });
});

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Operations only firm members may use, whatever the client user's role. */
const isFirmOnly = (op: Operation) =>
  (op.path.startsWith('/api/accounting-firms/{id}/') && !PUBLIC_BY_DESIGN[op.key]) ||
  /^POST \/api\/vendors\/\{id\}\/(deactivate|restore|transfer)$/.test(op.key) ||
  op.key === 'DELETE /api/vendors/{id}';

/** Operations addressed to one client file (`/api/vendors/{id}...`, or one of its tasks). */
const isVendorScoped = (op: Operation) =>
  op.path.startsWith('/api/vendors/{id}') || op.path.startsWith('/api/tasks/{id}');
/** The markers of the client file's own data (not the firm's name, which members may see). */
const vendorMarkers = (tenant: Tenant) =>
  tenant.markers.filter((m) =>
    /Company|secret note|Bank|Street| FY$| request$|task note| item$|^\d{14}$/.test(m),
  );

describe('role escalation inside one tenant', () => {
  it('refuses every write to a guest', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      if (
        !WRITE.has(op.method) ||
        PUBLIC_BY_DESIGN[op.key] ||
        SELF_ROUTES[op.key] ||
        EVERY_ROLE_WRITES[op.key] ||
        READING_POSTS[op.key]
      )
        continue;
      const res = await call(op, alpha, 'guest-alpha@probe.test');
      if (!REFUSED.has(res.status)) failures.push(`${op.key} as guest answered ${res.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses every write on a client file to a read-only collaborator', async () => {
    const failures: string[] = [];
    const writes = operations.filter(
      (op) => isVendorScoped(op) && WRITE.has(op.method) && !READING_POSTS[op.key],
    );
    expect(writes.length).toBeGreaterThanOrEqual(10);
    for (const op of writes) {
      const res = await call(op, alpha, 'collabreadonly-alpha@probe.test');
      if (!REFUSED.has(res.status))
        failures.push(`${op.key} as read-only collaborator answered ${res.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('keeps a client file closed to a firm member not assigned to it', async () => {
    const failures: string[] = [];
    const scoped = operations.filter(isVendorScoped);
    expect(scoped.length).toBeGreaterThanOrEqual(20);
    for (const op of scoped) {
      const res = await call(op, alpha, 'unassigned-alpha@probe.test');
      if (!REFUSED.has(res.status)) failures.push(`${op.key} as unassigned member answered ${res.status}`);
      const leaked = leaks(res.body, { ...alpha, markers: vendorMarkers(alpha) });
      if (leaked.length) failures.push(`${op.key} as unassigned member leaked ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses firm-only operations to client users, even their administrator', async () => {
    const failures: string[] = [];
    for (const op of operations.filter(isFirmOnly)) {
      for (const email of ['clientadmin-alpha@probe.test', 'clientcollab-alpha@probe.test']) {
        const res = await call(op, alpha, email);
        if (!REFUSED.has(res.status)) failures.push(`${op.key} as ${email} answered ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
