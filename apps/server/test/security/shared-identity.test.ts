import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequence } from '../factories';
import { createTestApp, type TestApp, UNLIMITED } from '../test-app';
import { NOT_CALLED, type Operation, operationsOf, PUBLIC_BY_DESIGN } from './operations';
import {
  buildVictims,
  dropPendingOf,
  type PersonField,
  personFields,
  personRequest,
  personSnapshot,
  type Victim,
} from './people';
import {
  buildTenant,
  SUPER_ADMIN_EMAIL,
  type Tenant,
  WORLD_PASSWORD,
  worldPasswordHash,
} from './tenant-world';

/**
 * The shared-identity walk. One account is one person, whatever portals they belong to: every
 * operation that names a person (an email, a user id: invitations, members, client users,
 * assignments, a new portal's administrator) is called by every user of tenant A, and by the
 * super admin, with a person tenant A does not know: the administrator of another portal of
 * A's holding, a client of another holding, the super admin. No answer may hold their names,
 * mobile number or birth data; adding them must answer exactly as for an email nobody has (no
 * existence oracle); and after the whole walk their account (profile, password, email) and
 * their places (memberships, holdings, assignments) are what they were, their own view too.
 * Operations are read from the OpenAPI document: a new route naming a person enters the walk.
 */
let t: TestApp;
let alpha: Tenant;
let victims: Victim[];
let operations: Operation[];
const tokens = new Map<string, string>();

/** Identity values a portal might try to write on someone (dotted paths; kept where the schema has them). */
const HOSTILE = {
  firstname: 'Hijackedfirst',
  lastname: 'Hijackedlast',
  civility: 'M.',
  mobile_number: '+33 7 66 66 66 66',
  birth_date: '2002-02-02',
  birth_city: 'Hijackville',
  title: 'Hijacked',
  locale: 'pt',
  'admin.firstname': 'Hijackedfirst',
  'admin.lastname': 'Hijackedlast',
};

/** A collection and its items (`/members`, `/members/{userId}`, `/members/{userId}/assignments`). */
function familyOf(op: Operation): string {
  const param = personFields(op).find((f) => f.in === 'path');
  return param ? op.path.slice(0, op.path.indexOf(`/{${param.name}}`)) : op.path;
}

/**
 * Routes no route of their family can put the person in (they act on someone the firm already
 * has), so the walk only sees them refuse; with the reason and where their success is tested.
 */
const NOTHING_ADDS: Record<string, string> = {
  'DELETE /api/accounting-firms/{id}/users/{userId}/sessions':
    'ends the sessions of a team member or client user the firm already has; member-sessions.routes.test.ts ends them for one the firm alone knows, and answers an invited or shared person',
};

/**
 * The holding area's people routes: a holding's administrators manage every person of the
 * holding's portals by design (the cousin of another portal of the holding is theirs to see and
 * change), so this walk's invariant does not hold there. Their own rules (404 for a person or
 * portal of another holding, nobody changes their own access) are tested in
 * modules/holdings/holdings.routes.test.ts, and the cross-tenant probe walks them.
 */
const HOLDING_SCOPE = (op: Operation) => op.path.startsWith('/api/holdings/');

/** Adds first, then reads and edits, then removes: each step meets what the one before left. */
const STEP: Record<string, number> = { POST: 0, GET: 1, PATCH: 2, PUT: 2, DELETE: 3 };

beforeAll(async () => {
  t = await createTestApp({ rateLimiter: UNLIMITED });
  const hash = await worldPasswordHash();
  alpha = await buildTenant(t, 'alpha', hash);
  victims = await buildVictims(t.database.db, alpha, hash);
  for (const email of [...alpha.actors.map((a) => a.email), ...victims.map((v) => v.email)]) {
    tokens.set(email, await t.signIn(email, WORLD_PASSWORD));
  }
  const all = operationsOf((await t.request({ method: 'GET', url: '/api/openapi.json' })).body);
  operations = all
    .filter((op) => !NOT_CALLED.has(op.key) && !HOLDING_SCOPE(op) && personFields(op).length > 0)
    .sort((a, b) => familyOf(a).localeCompare(familyOf(b)) || (STEP[a.method] ?? 1) - (STEP[b.method] ?? 1));
}, 120_000);
afterAll(() => t.close());

const leaks = (body: unknown, victim: Victim) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return victim.markers.filter((m) => text.includes(m));
};

/** What the person sees of themselves. */
async function ownView(victim: Victim) {
  const token = tokens.get(victim.email);
  const me = await t.request({ method: 'GET', url: '/api/users/me', token });
  const firms = await t.request({ method: 'GET', url: '/api/users/me/accounting-firms', token });
  return { me: me.body, firms: firms.body };
}

/** The callers: every user of tenant A, and the super admin (the only one the `/sa/` routes answer). */
const callers = () => [...alpha.actors, { role: 'super admin', email: SUPER_ADMIN_EMAIL }];

/** Values that differ from one request to the next whoever is named: new ids, fresh samples, times. */
const VARYING = new Set([
  'id',
  'user_id',
  'siret',
  'siren',
  'client_code',
  'domain',
  'created_at',
  'updated_at',
]);

/** An answer as another email would get it: the email and the varying values left out. */
function normalised(body: unknown, email: string) {
  return JSON.parse(
    JSON.stringify(body ?? null, (key, value) => (VARYING.has(key) ? '<varies>' : value)).replaceAll(
      email,
      '<email>',
    ),
  );
}

describe('shared identity: the walk covers every route that names a person', () => {
  it('finds them in the document and can put a person in each of their fields', async () => {
    const keys = operations.map((op) => op.key);
    for (const expected of [
      'POST /api/vendors/{id}/users',
      'PATCH /api/vendors/{id}/users/{childId}',
      'POST /api/accounting-firms/{id}/members',
      'PATCH /api/accounting-firms/{id}/members/{userId}',
      'PUT /api/accounting-firms/{id}/members/{userId}/assignments',
      'POST /api/sa/accounting-firms',
    ]) {
      expect(keys).toContain(expected);
    }
    const problems: string[] = [];
    for (const op of operations) {
      for (const field of personFields(op)) {
        const { missing } = await personRequest(op, alpha.ids, victims[0]!, field, HOSTILE);
        for (const m of missing) {
          problems.push(
            `${op.key}: ${m} — give the contract's example a value for it, or teach test/security/people.ts the field`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('shared identity: a person another portal, holding or the platform knows', () => {
  it('is neither read nor changed by any route, as any user of the tenant or the super admin', async () => {
    const failures: string[] = [];
    const succeeded = new Set<string>();
    for (const victim of victims) {
      const before = await personSnapshot(t.database.db, victim.id);
      const seenBefore = await ownView(victim);
      for (const caller of callers()) {
        if (caller.email === victim.email) continue; // The person themselves: the self walk.
        const token = tokens.get(caller.email) ?? (await signIn(caller.email));
        let family = '';
        for (const op of operations) {
          // Each family of routes (a collection and its items) from a clean slate: being invited
          // as a client user keeps one out of the firm's team, and the other way round.
          if (familyOf(op) !== family) await dropPendingOf(t.database.db, victim.id);
          family = familyOf(op);
          for (const field of personFields(op)) {
            const who = `${op.key} [${field.in} ${field.name}] as ${caller.role} on the ${victim.who}`;
            const { request } = await personRequest(op, alpha.ids, victim, field, HOSTILE);
            const res = await t.request({ ...request, token: PUBLIC_BY_DESIGN[op.key] ? undefined : token });
            if (res.status >= 500) failures.push(`${who} answered ${res.status}`);
            if (res.status < 300) succeeded.add(op.key);
            const leaked = leaks(res.body, victim);
            if (leaked.length) failures.push(`${who} revealed ${leaked.join(', ')}`);
          }
        }
        const after = await personSnapshot(t.database.db, victim.id);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          failures.push(
            `the ${victim.who}'s account or places changed during ${caller.role}'s calls: ${JSON.stringify(diff(before, after))}`,
          );
        }
        const seen = await ownView(victim);
        if (JSON.stringify(seen) !== JSON.stringify(seenBefore)) {
          failures.push(`the ${victim.who} sees themselves differently after ${caller.role}'s calls`);
        }
        // Whatever a caller's invitations left (pending, grants nothing) goes before the next.
        await dropPendingOf(t.database.db, victim.id);
      }
    }
    // The tenant's administrator (or the super admin) must get through each route with the
    // person: else the walk only met validation, and proved nothing.
    for (const op of operations) {
      if (!PUBLIC_BY_DESIGN[op.key] && !NOTHING_ADDS[op.key] && !succeeded.has(op.key)) {
        failures.push(`${op.key} never succeeded with the person named: fix its sample (people.ts)`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('shared identity: no existence oracle', () => {
  it('answers adding a person exactly as adding an email nobody has', async () => {
    const failures: string[] = [];
    for (const victim of victims) {
      for (const caller of callers()) {
        if (caller.email === victim.email) continue;
        const token = tokens.get(caller.email) ?? (await signIn(caller.email));
        for (const op of operations.filter((o) => o.method === 'POST')) {
          for (const field of personFields(op).filter((f) => f.kind === 'email')) {
            // Each from a clean slate: what an earlier invitation left is the tenant's own doing.
            await dropPendingOf(t.database.db, victim.id);
            const who = `${op.key} [${field.in} ${field.name}] as ${caller.role} on the ${victim.who}`;
            const { request } = await personRequest(op, alpha.ids, victim, field, HOSTILE);
            const res = await t.request({ ...request, token: PUBLIC_BY_DESIGN[op.key] ? undefined : token });
            failures.push(...(await sameAsNobody(op, field, victim, res, caller.email, who)));
          }
        }
      }
      await dropPendingOf(t.database.db, victim.id);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

async function signIn(email: string) {
  const token = await t.signIn(email, WORLD_PASSWORD);
  tokens.set(email, token);
  return token;
}

/**
 * Adding the person answers exactly as adding an email nobody has would (status, code, and the
 * answer itself once the email and the new ids are set aside): nothing tells the account exists.
 */
async function sameAsNobody(
  op: Operation,
  field: PersonField,
  victim: Victim,
  res: { status: number; body: unknown },
  callerEmail: string,
  who: string,
): Promise<string[]> {
  const nobody = { id: 2_147_483_000, email: `nobody-${sequence()}@nobody.test` };
  const { request } = await personRequest(op, alpha.ids, nobody, field, HOSTILE);
  const token = PUBLIC_BY_DESIGN[op.key] ? undefined : tokens.get(callerEmail);
  const other = await t.request({ ...request, token });
  const code = (b: unknown) => (b as { code?: string } | undefined)?.code;
  if (other.status !== res.status || code(other.body) !== code(res.body)) {
    return [
      `${who} answered ${res.status} ${code(res.body) ?? ''}, but ${other.status} ${code(other.body) ?? ''} for an email nobody has (an existence oracle)`,
    ];
  }
  const holdsEmail = JSON.stringify(res.body ?? '').includes(victim.email);
  if (res.status < 300 && holdsEmail) {
    const a = normalised(res.body, victim.email);
    const b = normalised(other.body, nobody.email);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      return [`${who} answered differently than for an email nobody has: ${JSON.stringify(diff(b, a))}`];
    }
  }
  return [];
}

/** The top-level entries that differ, for a readable failure. */
function diff(before: object, after: object) {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out[key] = { before: a[key], after: b[key] };
  }
  return out;
}
