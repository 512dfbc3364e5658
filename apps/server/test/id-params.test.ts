import { translateMessage } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirmMember, buildPortal, buildUser, buildVendor, type FactoryDb } from './factories';
import { NAME_REFS, NOT_CALLED, type Operation, operationsOf } from './security/operations';
import { createTestApp, type TestApp } from './test-app';

/**
 * Ids in paths and queries are canonical decimal digits: `Number()` would read `1e0`, `0x1`,
 * ` 1` or `007` as an id, so one resource had many URLs and the refusals of bad ids had holes.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let vendorId: number;
let firmId: number;
const invalidId = translateMessage('invalid-id', 'fr');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db as FactoryDb;
  const { firm } = await buildPortal(db, { holding: true });
  firmId = firm.id;
  vendorId = (await buildVendor(db, { firm })).vendor.id;
  tokens.expert = await t.signIn((await buildFirmMember(db, { firm, role: 'admin' })).user.email);
  tokens.superadmin = await t.signIn((await buildUser(db, { isSuperAdmin: true })).user.email);
});
afterAll(() => t.close());

function get(url: string, who = 'expert') {
  return t.request({ method: 'GET', url, token: tokens[who] });
}

/** Spellings `Number()` reads as the id `n`, and that no route may take for it. */
const aliases = (n: number) => [
  `${n}e0`,
  `${n / 10}e1`,
  `0x${n.toString(16)}`,
  `0o${n.toString(8)}`,
  `0b${n.toString(2)}`,
  `00${n}`,
  `+${n}`,
  `%20${n}`,
  `${n}.0`,
];

describe('id parameters', () => {
  it('answer a client file for its id, and 422 invalid-id for another spelling of it', async () => {
    expect((await get(`/api/vendors/${vendorId}`)).status).toBe(200);
    for (const alias of aliases(vendorId)) {
      const res = await get(`/api/vendors/${alias}`);
      expect(res.status, alias).toBe(422);
      expect(res.body, alias).toEqual({
        message: translateMessage('validation-failed', 'fr'),
        code: 'validation-failed',
        errors: { id: [invalidId] },
      });
    }
    // The short forms of the finding, whatever the ids built are.
    for (const alias of ['1e0', '0x1', '01']) expect((await get(`/api/vendors/${alias}`)).status).toBe(422);
  });

  it('refuse another spelling of an id in a query parameter', async () => {
    const home = await t.request({ method: 'GET', url: `/api/?accounting_firm_id=${firmId}` });
    expect(home.status).toBe(200);
    for (const alias of aliases(firmId)) {
      const res = await t.request({ method: 'GET', url: `/api/?accounting_firm_id=${alias}` });
      expect(res.status, alias).toBe(422);
      expect(res.body.errors, alias).toEqual({ accounting_firm_id: [invalidId] });
    }
  });

  it('are refused in every operation of the document when spelt 1e0 or 0x1', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).body;
    const operations = operationsOf(doc).filter((op) => !NOT_CALLED.has(op.key));
    const checked: string[] = [];
    const failures: string[] = [];
    for (const op of operations) {
      // Ids only: a name (an upload identifier) may well be spelt `1e0`.
      const ids = op.parameters.filter((p) => p.schema['x-ref'] && !NAME_REFS.includes(p.schema['x-ref']));
      for (const param of ids) {
        for (const bad of ['1e0', '0x1']) {
          const res = await t.request({
            method: op.method as 'GET',
            url: urlWith(op, param.name, bad),
            token: tokens[op.path.startsWith('/api/sa/') ? 'superadmin' : 'expert'],
            ...(op.bodyType === 'json' && op.examples.length ? { payload: op.examples[0] as object } : {}),
          });
          if (res.status !== 422 || res.body.errors?.[param.name]?.[0] !== invalidId) {
            failures.push(
              `${op.key} ${param.name}=${bad}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
            );
          }
          checked.push(`${op.key} ${param.name}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(40);
  });
});

/** The operation's URL with `value` for the parameter `name` and 1 for every other id. */
function urlWith(op: Operation, name: string, value: string): string {
  let url = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    let v: string | undefined;
    if (p.name === name) v = value;
    else if (p.schema['x-ref']) v = '1';
    else if (p.schema.enum?.length) v = String(p.schema.enum[0]);
    else if (p.required && (p.example ?? p.schema.example) !== undefined)
      v = String(p.example ?? p.schema.example);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, v ?? 'x');
    else if (v !== undefined) query.push(`${p.name}=${v}`);
  }
  return query.length ? `${url}?${query.join('&')}` : url;
}
