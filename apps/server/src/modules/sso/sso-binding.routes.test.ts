import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirmMember,
  buildHoldingAdmin,
  buildPortal,
  buildUser,
  buildVendor,
} from '../../../test/factories';
import { addProvider, signInThroughProvider, startTestIdp, type TestIdp } from '../../../test/sso';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 24, finding 1: a firm's own identity provider vouches for people other portals have. The
 * session it opens is bound to that firm: everything else answers 404, as if the person had no
 * place there; a person with TOTP on still gives it, unless that portal marked its provider.
 */
let t: TestApp;
let idp: TestIdp;
let hostile: { firmId: number; admin: string; providerId: number; vendorId: number };
let home: { firmId: number; holdingId: number; vendorId: number; sisterId: number };

beforeAll(async () => {
  [t, idp] = await Promise.all([
    createTestApp({ env: { SSO_ALLOW_INSECURE_ISSUERS: 'true' } }),
    startTestIdp(),
  ]);
  const db = t.database.db;
  const h = await buildPortal(db, { name: 'Hostile Firm' });
  const { user: hostileAdmin } = await buildUser(db);
  await buildFirmMember(db, { firm: h.firm, user: hostileAdmin, role: 'admin' });
  const { vendor: hostileVendor } = await buildVendor(db, { firm: h.firm, company: 'Hostile Company' });
  const admin = await t.signIn(hostileAdmin.email);
  hostile = {
    firmId: h.firm.id,
    admin,
    providerId: await addProvider(t, idp, admin, h.firm.id),
    vendorId: hostileVendor.id,
  };
  const p = await buildPortal(db, { name: 'Home Firm', holding: true });
  const { vendor } = await buildVendor(db, { firm: p.firm, company: 'Home Company' });
  // A portal of the home holding the person reaches as the holding's administrator only.
  const sister = await buildPortal(db, { name: 'Home Sister Firm', holding: p.holding });
  home = { firmId: p.firm.id, holdingId: p.holding.id, vendorId: vendor.id, sisterId: sister.firm.id };
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Someone who administers the home portal and its holding, and is a client user of the hostile firm. */
async function sharedPerson() {
  const db = t.database.db;
  const { user } = await buildUser(db);
  await buildFirmMember(db, { firm: { id: home.firmId }, user, role: 'admin' });
  await buildHoldingAdmin(db, { holding: { id: home.holdingId }, user });
  await buildClientUser(db, { vendor: { id: hostile.vendorId, accountingFirmId: hostile.firmId }, user });
  return user;
}

const get = (url: string, token: string) => t.request({ method: 'GET', url, token });

/** What the home portal answers this token, route by route. */
async function homeAnswers(token: string) {
  return {
    firm: (await get(`/api/accounting-firms/${home.firmId}/members`, token)).status,
    vendor: (await get(`/api/vendors/${home.vendorId}`, token)).status,
    vendors: (await get(`/api/accounting-firms/${home.firmId}/vendors`, token)).status,
    holding: (await get(`/api/accounting-firms/${home.sisterId}/themes`, token)).status,
  };
}

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

describe('a session opened through a firm’s own provider', () => {
  it('reaches that firm only: other portals, their client files and holdings answer 404', async () => {
    const person = await sharedPerson();
    const signedIn = await signInThroughProvider(t, idp, hostile.providerId, person.email);
    expect(signedIn.location).toBe('/oauth/callback');
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.access_token as string;
    expect(await homeAnswers(token)).toEqual({ firm: 404, vendor: 404, vendors: 404, holding: 404 });
    // The firm that opened it: its own client file is there.
    expect((await get(`/api/vendors/${hostile.vendorId}`, token)).status).toBe(200);
    const firms = await get('/api/users/me/accounting-firms', token);
    expect(firms.body.data.map((f: { id: number }) => f.id)).toEqual([hostile.firmId]);
    const login = await get('/api/retrievelogin', token);
    expect(login.body.data.bound_accounting_firm_id).toBe(hostile.firmId);

    // A refresh keeps the binding.
    const refreshed = await t.request({
      method: 'GET',
      url: `/api/autologin?refresh_token=${signedIn.body.data.refresh_token}`,
    });
    expect(refreshed.status).toBe(200);
    expect(await homeAnswers(refreshed.body.data.access_token)).toEqual({
      firm: 404,
      vendor: 404,
      vendors: 404,
      holding: 404,
    });

    // The same person with their password: the whole account, as before.
    const own = await t.signIn(person.email);
    expect(await homeAnswers(own)).toEqual({ firm: 200, vendor: 200, vendors: 200, holding: 200 });
    expect((await get('/api/retrievelogin', own)).body.data.bound_accounting_firm_id).toBeNull();
  });

  it("neither reads nor changes the account's security (password, TOTP, sessions) nor its identity: 404", async () => {
    const person = await sharedPerson();
    const signedIn = await signInThroughProvider(t, idp, hostile.providerId, person.email);
    const token = signedIn.body.data.access_token as string;
    const calls = [
      { method: 'GET', url: '/api/users/me/totp' },
      { method: 'POST', url: '/api/users/me/totp' },
      { method: 'POST', url: '/api/users/me/totp/confirm', payload: { code: '123456' } },
      { method: 'POST', url: '/api/users/me/totp/recovery-codes', payload: { code: '123456' } },
      { method: 'DELETE', url: '/api/users/me/totp', payload: { code: '123456' } },
      { method: 'GET', url: '/api/users/me/sessions' },
      { method: 'DELETE', url: '/api/users/me/sessions' },
      {
        method: 'POST',
        url: '/api/change_password',
        payload: { current_password: 'x', password: 'Another-password-2026', password_confirmation: 'x' },
      },
    ] as const;
    for (const call of calls) {
      const res = await t.request({ ...call, token });
      expect({ call: `${call.method} ${call.url}`, status: res.status }).toEqual({
        call: `${call.method} ${call.url}`,
        status: 404,
      });
    }
    // Nor the names other portals show; one's own preferences, yes.
    const renamed = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      token,
      payload: { lastname: 'Hijacked' },
    });
    expect(renamed.status).toBe(404);
    const dark = await t.request({
      method: 'PATCH',
      url: '/api/users/me',
      token,
      payload: { dark_mode: true },
    });
    expect(dark.status).toBe(200);
    // Its own sign-out still works.
    expect((await get('/api/logout', token)).status).toBe(200);
  });

  it('gives a super admin of the platform no super admin power', async () => {
    const { user } = await buildUser(t.database.db, { isSuperAdmin: true });
    await buildFirmMember(t.database.db, { firm: { id: hostile.firmId }, user });
    const signedIn = await signInThroughProvider(t, idp, hostile.providerId, user.email);
    const token = signedIn.body.data.access_token as string;
    expect((await get('/api/sa/accounting-firms', token)).status).toBe(404);
    expect((await get(`/api/vendors/${home.vendorId}`, token)).status).toBe(404);
    const firms = await get('/api/users/me/accounting-firms', token);
    expect(firms.body.data.map((f: { id: number }) => f.id)).toEqual([hostile.firmId]);
  });
});

describe('TOTP after SSO', () => {
  it('asks a person with TOTP on for their code; the session it then opens is bound too', async () => {
    const person = await sharedPerson();
    const own = await t.signIn(person.email);
    const started = await t.request({ method: 'POST', url: '/api/users/me/totp', token: own });
    const secret = started.body.data.secret as string;
    const on = await t.request({
      method: 'POST',
      url: '/api/users/me/totp/confirm',
      token: own,
      payload: { code: codeOf(secret) },
    });
    expect(on.status).toBe(200);

    const signedIn = await signInThroughProvider(t, idp, hostile.providerId, person.email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toEqual({
      mfa_required: true,
      mfa_token: expect.any(String),
      mfa_enrolment: false,
    });
    expect(signedIn.body.data.access_token).toBeUndefined();
    const wrong = await t.request({
      method: 'POST',
      url: '/api/login/mfa',
      payload: { mfa_token: signedIn.body.data.mfa_token, code: '000000' },
    });
    expect(wrong.status).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 100));
    const done = await t.request({
      method: 'POST',
      url: '/api/login/mfa',
      payload: { mfa_token: signedIn.body.data.mfa_token, code: codeOf(secret) },
    });
    expect(done.status).toBe(200);
    expect(await homeAnswers(done.body.data.access_token)).toEqual({
      firm: 404,
      vendor: 404,
      vendors: 404,
      holding: 404,
    });
    expect((await get(`/api/vendors/${hostile.vendorId}`, done.body.data.access_token)).status).toBe(200);
  }, 60_000);

  it("skips it when the portal's administrators mark their provider as carrying the second factor; only they can", async () => {
    const person = await sharedPerson();
    const own = await t.signIn(person.email);
    const started = await t.request({ method: 'POST', url: '/api/users/me/totp', token: own });
    await t.request({
      method: 'POST',
      url: '/api/users/me/totp/confirm',
      token: own,
      payload: { code: codeOf(started.body.data.secret) },
    });
    // The home portal's administrator cannot mark the hostile firm's provider.
    const url = `/api/accounting-firms/${hostile.firmId}/identity-providers/${hostile.providerId}`;
    const foreign = await t.request({
      method: 'PATCH',
      url,
      token: own,
      payload: { carries_second_factor: true },
    });
    expect(foreign.status).toBe(404);
    const marked = await t.request({
      method: 'PATCH',
      url,
      token: hostile.admin,
      payload: { carries_second_factor: true },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.data.carries_second_factor).toBe(true);
    try {
      const signedIn = await signInThroughProvider(t, idp, hostile.providerId, person.email);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.mfa_required).toBeUndefined();
      // The mark changes nothing for other portals: the session is still bound.
      expect(await homeAnswers(signedIn.body.data.access_token)).toEqual({
        firm: 404,
        vendor: 404,
        vendors: 404,
        holding: 404,
      });
    } finally {
      await t.request({
        method: 'PATCH',
        url,
        token: hostile.admin,
        payload: { carries_second_factor: false },
      });
    }
  });
});

describe('an invitation not accepted', () => {
  it('signs nobody in: neither a new account nor a person of another portal the firm just invited', async () => {
    const invite = (email: string) =>
      t.request({
        method: 'POST',
        url: `/api/accounting-firms/${hostile.firmId}/members`,
        token: hostile.admin,
        payload: { email, firstname: 'Invited', lastname: 'Person', role: 'collaborator', assignments: [] },
      });
    const { user: invitedOnly } = await buildUser(t.database.db);
    await buildFirmMember(t.database.db, { firm: { id: home.firmId }, user: invitedOnly });
    for (const email of ['brand-new@invited.test', invitedOnly.email]) {
      expect((await invite(email)).status).toBe(201);
      const signedIn = await signInThroughProvider(t, idp, hostile.providerId, email);
      expect(signedIn.location).toBe(
        `/sso-error/${encodeURIComponent(`IdP ${hostile.firmId}`)}?reason=not-added`,
      );
      expect(signedIn.status).toBe(422);
    }
  });
});
