import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { ACCOUNT_SECURITY_ROUTES } from '../../src/platform/auth/auth-plugin';
import { buildClientUser, buildFirmMember, buildPortal, buildUser, buildVendor } from '../factories';
import { addProvider, signInThroughProvider, startTestIdp, type TestIdp } from '../sso';
import { createTestApp, type TestApp, UNLIMITED } from '../test-app';
import { type Operation, operationsOf, PUBLIC_BY_DESIGN, probeRequest, SELF_ROUTES } from './operations';
import { personSnapshot } from './people';
import { buildTenant, type Tenant, worldPasswordHash } from './tenant-world';

/**
 * What a firm controls (issue 24). Every setting a firm administrator makes that produces a
 * credential or a session (an identity provider, sign-in links, invitations) is used to produce
 * one for each person of tenant A who is also known to the hostile firm; with it, every operation
 * of the OpenAPI document is called on tenant A's ids. Nothing of tenant A may answer 2xx (its
 * routes answer 404, as if the person had no place there), the account's security routes answer
 * 404, and the routes about the caller carry nothing of tenant A. Operations are read from the
 * document: a new route enters the walk by itself.
 */
let t: TestApp;
let idp: TestIdp;
let alpha: Tenant;
let operations: Operation[];
const userIds = new Map<string, number>();
let hostile: { firmId: number; adminToken: string; providerId: number; otherVendorId: number };

beforeAll(async () => {
  [t, idp] = await Promise.all([
    createTestApp({ rateLimiter: UNLIMITED, env: { SSO_ALLOW_INSECURE_ISSUERS: 'true' } }),
    startTestIdp(),
  ]);
  alpha = await buildTenant(t, 'alpha', await worldPasswordHash());
  const db = t.database.db;
  const { firm } = await buildPortal(db, { name: 'Hostile Firm' });
  const { user: admin } = await buildUser(db);
  await buildFirmMember(db, { firm, user: admin, role: 'admin' });
  const { vendor } = await buildVendor(db, { firm, company: 'Hostile Company' });
  const { vendor: other } = await buildVendor(db, { firm, company: 'Hostile Other Company' });
  // Every person of tenant A is a client user of the hostile firm too (someone two firms serve).
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  for (const actor of alpha.actors) {
    const user = people.find((p) => p.email === actor.email)!;
    userIds.set(actor.email, user.id);
    await buildClientUser(db, { vendor, user });
  }
  const adminToken = await t.signIn(admin.email);
  hostile = {
    firmId: firm.id,
    adminToken,
    providerId: await addProvider(t, idp, adminToken, firm.id),
    otherVendorId: other.id,
  };
  operations = operationsOf((await t.request({ method: 'GET', url: '/api/openapi.json' })).body);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

type Produced = { token: string } | { none: string };

/**
 * The settings a firm makes that yield a credential or a session, each producing one for `email`
 * the way the firm can have it made. File-share passwords and share links join when they exist.
 */
const PRODUCERS: Record<string, (email: string) => Promise<Produced>> = {
  'identity provider (SSO)': async (email) => {
    const res = await signInThroughProvider(t, idp, hostile.providerId, email);
    if (res.status !== 200 || !res.body.data.access_token)
      throw new Error(`SSO as ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.data.access_token };
  },
  'sign-in link (its link points at the portal’s own domain)': async (email) => {
    const asked = await t.request({
      method: 'POST',
      url: '/api/magic-links',
      payload: { email, accounting_firm_id: hostile.firmId },
    });
    if (asked.status !== 202) throw new Error(`sign-in link for ${email}: ${asked.status}`);
    const link = t.mails.findLast((m) => m.to === email && m.link?.includes('/magic-link/'))?.link;
    if (!link) throw new Error(`no sign-in link mailed to ${email}`);
    const used = await t.request({
      method: 'POST',
      url: `/api/magic-links/${link.split('/magic-link/')[1]}`,
    });
    if (used.status !== 200 || !used.body.data.access_token)
      throw new Error(`sign-in link of ${email}: ${used.status} ${JSON.stringify(used.body)}`);
    return { token: used.body.data.access_token };
  },
  invitation: async (email) => {
    // The firm invites the person to another of its client files; accepting (what the mailed
    // link does) opens no session for an account that has a password, as anyone in a second
    // portal has.
    const invited = await t.request({
      method: 'POST',
      url: `/api/vendors/${hostile.otherVendorId}/users`,
      token: hostile.adminToken,
      payload: { email, firstname: 'Invited', lastname: 'Person', role: 'collaborator' },
    });
    if (invited.status !== 201) throw new Error(`inviting ${email}: ${invited.status}`);
    const link = t.mails.findLast((m) => m.to === email && m.link?.includes('/accept-invitation/'))?.link;
    if (!link) throw new Error(`no invitation mailed to ${email}`);
    const accepted = await t.request({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: link.split('/accept-invitation/')[1] },
    });
    if (accepted.status !== 200) throw new Error(`accepting for ${email}: ${accepted.status}`);
    const text = JSON.stringify(accepted.body);
    return /access_token|refresh_token/.test(text)
      ? { token: accepted.body.data.access_token }
      : { none: 'accepting opens no session' };
  },
};

/** The account's security routes (a bound session must not reach them). */
const isAccountSecurity = (op: Operation) => ACCOUNT_SECURITY_ROUTES.some((p) => p.test(op.key));
/** Ends the very session walked with; it must keep working for a bound session. */
const SKIPPED = new Set(['GET /api/logout']);

const leaks = (body: unknown, markers: string[]) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return markers.filter((m) => text.includes(m));
};

describe('what a firm controls', () => {
  it('walks the settings the firm makes that yield a credential or a session', () => {
    expect(Object.keys(PRODUCERS)).toEqual(
      expect.arrayContaining([
        'identity provider (SSO)',
        'invitation',
        expect.stringMatching(/^sign-in link/),
      ]),
    );
  });

  it.each(Object.keys(PRODUCERS))(
    '%s: a session it yields for a person of another portal reaches nothing of that portal',
    async (producer) => {
      const failures: string[] = [];
      let walked = 0;
      for (const actor of alpha.actors) {
        const produced = await PRODUCERS[producer]!(actor.email);
        if ('none' in produced) continue;
        walked++;
        const token = produced.token;
        const before = await personSnapshot(t.database.db, userIds.get(actor.email)!);
        // The person's own email is theirs to see; the rest of tenant A's markers are not.
        const markers = alpha.markers.filter((m) => !actor.email.includes(m));
        const own = await t.request({ method: 'GET', url: '/api/users/me/accounting-firms', token });
        if (own.status !== 200 || own.body.data.length !== 1 || own.body.data[0].id !== hostile.firmId) {
          failures.push(
            `as ${actor.role}: the session does not see the hostile firm alone (${own.status} ${JSON.stringify(own.body)})`,
          );
        }
        for (const op of operations) {
          if (PUBLIC_BY_DESIGN[op.key] || SKIPPED.has(op.key)) continue;
          const res = await t.request({ ...(await probeRequest(op, alpha.ids)), token });
          const who = `${op.key} as ${actor.role} of A through the ${producer}`;
          const leaked = leaks(res.body, markers);
          if (leaked.length) failures.push(`${who} revealed ${leaked.join(', ')}`);
          if (SELF_ROUTES[op.key] && !isAccountSecurity(op)) {
            if (res.status >= 500) failures.push(`${who} answered ${res.status}`);
            continue;
          }
          if (res.status !== 404) failures.push(`${who} answered ${res.status}, not 404`);
        }
        // Their account and places (profile included: names other portals show) are as they were.
        const after = await personSnapshot(t.database.db, userIds.get(actor.email)!);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          failures.push(
            `as ${actor.role}: the walk through the ${producer} changed the person's account or places`,
          );
        }
      }
      expect(failures).toEqual([]);
      // Either every person got a session and was walked, or the setting yields none at all.
      expect([0, alpha.actors.length]).toContain(walked);
    },
    600_000,
  );
});
