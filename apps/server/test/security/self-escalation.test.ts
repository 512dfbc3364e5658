import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountingFirmMemberships,
  modules,
  users,
  vendorAssignments,
  vendorMemberships,
} from '../../src/db/schema';
import { createTestApp, type TestApp, UNLIMITED } from '../test-app';
import {
  buildUrl,
  encodeBody,
  type JsonSchema,
  NOT_CALLED,
  type Operation,
  operationsOf,
  SELF_ROUTES,
  sampleBody,
} from './operations';
import { isEmailField, personFields, personSnapshot } from './people';
import {
  buildTenant,
  createSuperAdmin,
  SUPER_ADMIN_EMAIL,
  type Tenant,
  WORLD_PASSWORD,
  worldPasswordHash,
} from './tenant-world';

/**
 * The self-escalation walk: nobody raises their own rights. Every route that addresses a member
 * or a user (an item with a person in its path, the collection it belongs to, and the caller's
 * own routes) is called by each user of the tenant, and the super admin, on themselves: each
 * privilege field of the body set, one at a time, to every value that differs from theirs. The
 * answer must be 403, 404 or 422, and their rights (account flags, memberships, holdings,
 * assignments) stay exactly as they were. Fields are read from the OpenAPI document: a new field
 * must be classified here, or the walk fails and says so.
 */

/** Body fields that carry a right. */
const PRIVILEGE_FIELDS = new Set([
  'role',
  'is_group_admin',
  'all_vendors',
  'read_only',
  'module_keys',
  'revoked_at',
  'assignments',
  'all_themes',
  'theme_ids',
  // The holding area (issue 32): holding-admin access, a workspace's assigned client files.
  'holding_admin',
  'vendor_ids',
]);
/** Body fields that carry no right (the person's identity, a label). */
const NEUTRAL_FIELDS = new Set([
  'email',
  // A second-factor code: proves the person, gives no right.
  'code',
  'firstname',
  'lastname',
  'civility',
  'title',
  'mobile_number',
  'birth_city',
  'birth_date',
  'job',
  'dark_mode',
  'locale',
  'address',
  'post_code',
  'city',
  'country',
  // A file-share password of one's own (issue 27): an app password to the rights one already has.
  'label',
  'password',
  'password_confirmation',
  // Network-drive preferences (issue 27): which of one's own firms the drive shows, and how it
  // names client folders; they narrow what one sees, never widen it.
  'visible_accounting_firm_ids',
  'folder_format',
  // Notification preferences and the bell (issue 31): what one is told of among what one may
  // already see (the client files followed are checked against one's own access).
  'kinds',
  'scope',
  'digest_hour',
  'time_zone',
  'reset',
  'before_id',
  // Marks one's own items read in one of one's portals.
  'accounting_firm_id',
]);
/**
 * Fields a right on one route and neutral on another: on these routes they carry no right. The
 * notification preferences' `vendor_ids` are the client files one follows, checked against one's
 * own access (issue 31); a holding's `vendor_ids` assign client files (issue 32).
 */
const NEUTRAL_ON: Record<string, ReadonlySet<string>> = {
  'PUT /api/users/me/notification-preferences': new Set(['vendor_ids']),
};
const carriesRight = (op: Operation, name: string) =>
  PRIVILEGE_FIELDS.has(name) && !NEUTRAL_ON[op.key]?.has(name);

/** Rights a caller might smuggle into any body, named as the API would (strict bodies refuse them). */
const SMUGGLED = { is_super_admin: true, is_group_admin: true, role: 'admin', all_vendors: true };

let t: TestApp;
let alpha: Tenant;
let walked: Operation[];
let moduleKeys: string[];
const tokens = new Map<string, string>();
let people: { role: string; email: string; id: number }[];

beforeAll(async () => {
  t = await createTestApp({ rateLimiter: UNLIMITED });
  const hash = await worldPasswordHash();
  alpha = await buildTenant(t, 'alpha', hash);
  await createSuperAdmin(t.database.db, hash);
  people = [];
  for (const actor of [...alpha.actors, { role: 'super admin', email: SUPER_ADMIN_EMAIL }]) {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, actor.email));
    people.push({ ...actor, id: row!.id });
    tokens.set(actor.email, await t.signIn(actor.email, WORLD_PASSWORD));
  }
  moduleKeys = (await t.database.db.select({ key: modules.key }).from(modules)).map((m) => m.key);
  const all = operationsOf((await t.request({ method: 'GET', url: '/api/openapi.json' })).body);
  const items = all.filter((op) => personFields(op).some((f) => f.in === 'path'));
  const collections = new Set(items.map((op) => op.path.slice(0, op.path.lastIndexOf('/{'))));
  walked = all.filter(
    (op) =>
      !NOT_CALLED.has(op.key) &&
      op.method !== 'GET' &&
      (items.includes(op) ||
        (op.method === 'POST' && collections.has(op.path)) ||
        (SELF_ROUTES[op.key] && op.body)),
  );
}, 120_000);
afterAll(() => t.close());

/** The values of a privilege field worth trying, from its schema. */
function candidates(name: string, schema: JsonSchema): unknown[] {
  if (schema.enum) return schema.enum;
  if (schema.type === 'boolean') return [true, false];
  if (schema.format === 'date') return [null, '2999-12-31', '2000-01-01'];
  if (schema.type === 'array' && schema.items?.properties?.vendor_id) {
    return [
      [{ vendor_id: alpha.ids.vendor, read_only: false }],
      [{ vendor_id: alpha.ids.vendor, read_only: true }],
      [],
    ];
  }
  if (schema.type === 'array') return [[], moduleKeys];
  throw new Error(`no candidate values for ${name}: teach candidates() in self-escalation.test.ts`);
}

/** The caller's current value of each privilege field, for the item a route addresses. */
async function currentRights(op: Operation, userId: number): Promise<Record<string, unknown> | undefined> {
  const param = personFields(op).find((f) => f.in === 'path');
  if (!param) return undefined;
  const db = t.database.db;
  const ref = op.parameters.find((p) => p.name === param.name)?.schema['x-ref'];
  if (ref === 'user') {
    const [m] = await db
      .select()
      .from(accountingFirmMemberships)
      .where(
        and(
          eq(accountingFirmMemberships.accountingFirmId, alpha.ids.accounting_firm),
          eq(accountingFirmMemberships.userId, userId),
        ),
      );
    const list = await db
      .select()
      .from(vendorAssignments)
      .where(
        and(
          eq(vendorAssignments.accountingFirmId, alpha.ids.accounting_firm),
          eq(vendorAssignments.userId, userId),
        ),
      );
    return m
      ? {
          role: m.role,
          is_group_admin: m.isGroupAdmin,
          all_vendors: m.allVendors,
          read_only: m.readOnly,
          assignments: list.map((a) => ({ vendor_id: a.vendorId, read_only: a.readOnly })),
        }
      : {};
  }
  if (ref === 'vendor_user') {
    const [m] = await db
      .select()
      .from(vendorMemberships)
      .where(and(eq(vendorMemberships.vendorId, alpha.ids.vendor), eq(vendorMemberships.userId, userId)));
    return m ? { role: m.role, module_keys: m.moduleKeys, revoked_at: m.revokedAt } : {};
  }
  throw new Error(`${op.key}: a person of kind '${ref}' — teach currentRights() in self-escalation.test.ts`);
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(Array.isArray(a) ? [...a].map((x) => JSON.stringify(x)).sort() : a) ===
  JSON.stringify(Array.isArray(b) ? [...b].map((x) => JSON.stringify(x)).sort() : b);

/** The caller's rights: account flags and every place they hold (not their own profile's fields). */
async function rights(userId: number) {
  const { account, ...places } = await personSnapshot(t.database.db, userId);
  return {
    account: {
      email: account?.email,
      passwordHash: account?.passwordHash,
      isSuperAdmin: account?.isSuperAdmin,
    },
    ...places,
  };
}

/** The request of `op` on the caller themselves, with `changes` over the sample body. */
async function selfRequest(
  op: Operation,
  me: { id: number; email: string },
  body: Record<string, unknown> | undefined,
) {
  // The routes whose person the probe's samples choose apart (`STATE_REFS`) name the caller too.
  const ids = { ...alpha.ids, user: me.id, vendor_user: me.id, holding_member: me.id };
  const { url } = buildUrl(op, ids);
  return { method: op.method as 'GET', url, ...(await encodeBody(body)) };
}

describe('self-escalation: the walk covers the member and user routes', () => {
  it('finds them and knows every field of their bodies', () => {
    const keys = walked.map((op) => op.key);
    for (const expected of [
      'PATCH /api/accounting-firms/{id}/members/{userId}',
      'PUT /api/accounting-firms/{id}/members/{userId}/assignments',
      'POST /api/accounting-firms/{id}/members',
      'PATCH /api/vendors/{id}/users/{childId}',
      'POST /api/vendors/{id}/users',
      'PATCH /api/users/me',
    ]) {
      expect(keys).toContain(expected);
    }
    const unknown = walked.flatMap((op) =>
      Object.keys(op.body?.properties ?? {})
        .filter((name) => !PRIVILEGE_FIELDS.has(name) && !NEUTRAL_FIELDS.has(name))
        .map(
          (name) =>
            `${op.key}: field '${name}' — add it to PRIVILEGE_FIELDS (it carries a right) or NEUTRAL_FIELDS in test/security/self-escalation.test.ts`,
        ),
    );
    expect(unknown).toEqual([]);
  });
});

describe('self-escalation: nobody raises their own rights', () => {
  it('refuses every change of a privilege field on oneself, and changes nothing', async () => {
    const failures: string[] = [];
    for (const me of people) {
      const token = tokens.get(me.email);
      for (const op of walked) {
        const current = await currentRights(op, me.id);
        const sample = ((await sampleBody(op, alpha.ids)) ?? {}) as Record<string, unknown>;
        const base: Record<string, unknown> = SELF_ROUTES[op.key] ? {} : { ...sample };
        for (const name of Object.keys(base)) if (isEmailField(name)) base[name] = me.email;
        // The sample's other rights as they are now, so that one field at a time changes.
        for (const name of Object.keys(base)) {
          if (carriesRight(op, name) && current && name in current && current[name] !== null) {
            base[name] = current[name];
          }
        }
        const tries: { label: string; body: Record<string, unknown> | undefined }[] = [];
        for (const [name, schema] of Object.entries(op.body?.properties ?? {})) {
          if (!carriesRight(op, name)) continue;
          for (const value of candidates(name, schema)) {
            if (current && name in current && same(current[name], value)) continue; // No change.
            tries.push({ label: `${name}=${JSON.stringify(value)}`, body: { ...base, [name]: value } });
          }
        }
        if (op.body) tries.push({ label: 'smuggled rights', body: { ...base, ...SMUGGLED } });
        if (op.method === 'DELETE') tries.push({ label: 'own access', body: undefined });
        for (const attempt of tries) {
          const before = await rights(me.id);
          const res = await t.request({ ...(await selfRequest(op, me, attempt.body)), token });
          const after = await rights(me.id);
          const who = `${op.key} ${attempt.label} by ${me.role} on themselves`;
          const smuggledOnly = attempt.label === 'smuggled rights';
          if (![403, 404, 422].includes(res.status) && !(smuggledOnly && res.status < 300)) {
            failures.push(`${who} answered ${res.status}`);
          }
          if (JSON.stringify(before) !== JSON.stringify(after)) {
            failures.push(
              `${who} changed their rights: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
