import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirmMember,
  buildPortal,
  buildUser,
  buildVendor,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signInChallenges, users } from '../../db/schema';

/**
 * Issue 24's follow-ups: a session bound to a portal (its sign-in link here) neither enrols a
 * second factor nor shows super admin powers it does not have.
 */
let t: TestApp;
let hostile: { firmId: number; vendorId: number };
let home: { firmId: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const h = await buildPortal(db, { name: 'Hostile Firm' });
  const { vendor } = await buildVendor(db, { firm: h.firm });
  hostile = { firmId: h.firm.id, vendorId: vendor.id };
  // The person's home portal requires a second factor of its whole team.
  const p = await buildPortal(db, { name: 'Home Firm', mfaRule: 'team' });
  home = { firmId: p.firm.id };
});
afterAll(() => t?.close());

/** A client user of the hostile firm, member of the home portal's team unless `homeTeam` is false. */
async function sharedPerson({ homeTeam = true, isSuperAdmin = false } = {}) {
  const db = t.database.db;
  const { user } = await buildUser(db, { isSuperAdmin });
  if (homeTeam) await buildFirmMember(db, { firm: { id: home.firmId }, user });
  await buildClientUser(db, { vendor: { id: hostile.vendorId, accountingFirmId: hostile.firmId }, user });
  return user;
}

/** Signs in through a link of the hostile portal (the one its domain carries). */
async function throughHostileLink(email: string, headers: Record<string, string> = {}) {
  const asked = await t.request({
    method: 'POST',
    url: '/api/magic-links',
    payload: { email, accounting_firm_id: hostile.firmId },
  });
  expect(asked.status).toBe(202);
  const mail = [...t.mails].reverse().find((m) => m.to === email && m.link?.includes('/magic-link/'));
  const token = mail!.link!.split('/magic-link/')[1]!;
  return t.request({ method: 'POST', url: `/api/magic-links/${token}`, headers });
}

describe('a sign-in link when a portal requires a second factor', () => {
  it('asks for a password sign-in instead of enrolling', async () => {
    const person = await sharedPerson();
    const answer = await throughHostileLink(person.email);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('password-sign-in-required');
    expect(answer.body.message).toBe(
      "Votre compte doit activer la double authentification : connectez-vous avec votre mot de passe pour l'activer.",
    );
    expect(answer.body.data).toBeUndefined();
    // No challenge and no pending secret was left that the link's holder could complete.
    const challenges = await t.database.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, person.id));
    expect(challenges).toEqual([]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row!.totpSecret).toBeNull();
    expect(row!.totpEnabledAt).toBeNull();

    // The password still leads to the enrolment, its session whole.
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: TEST_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ mfa_required: true, mfa_enrolment: true });
    const enrolment = await t.request({
      method: 'POST',
      url: '/api/login/mfa/enrolment',
      payload: { mfa_token: signedIn.body.data.mfa_token },
    });
    expect(enrolment.status).toBe(200);
  });

  it('answers in the language asked', async () => {
    const person = await sharedPerson();
    const answer = await throughHostileLink(person.email, { 'accept-language': 'en' });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(
      'Your account must turn on two-factor authentication: sign in with your password to turn it on.',
    );
  });
});

describe('a super admin on a bound session', () => {
  it('is not shown as super admin', async () => {
    const person = await sharedPerson({ homeTeam: false, isSuperAdmin: true });
    const answer = await throughHostileLink(person.email);
    expect(answer.status).toBe(200);
    const token = answer.body.data.access_token as string;
    expect(token).toEqual(expect.any(String));
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.status).toBe(200);
    expect(me.body.data.is_super_admin).toBe(false);
    const login = await t.request({ method: 'GET', url: '/api/retrievelogin', token });
    expect(login.body.data.user.is_super_admin).toBe(false);
    expect(login.body.data.bound_accounting_firm_id).toBe(hostile.firmId);
    const saved = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      token,
      payload: { dark_mode: true },
    });
    expect(saved.body.data.is_super_admin).toBe(false);

    // The same person's password session still is.
    const own = await t.signIn(person.email);
    const whole = await t.request({ method: 'GET', url: '/api/users/me', token: own });
    expect(whole.body.data.is_super_admin).toBe(true);
  });
});
