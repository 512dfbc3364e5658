import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirmMember, buildPortal, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = TEST_PASSWORD;

/** The code of the step `offset` steps from now, as an authenticator app shows it. */
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

const login = (email: string, ip?: string) =>
  t.request({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD },
    ...(ip ? { remoteAddress: ip } : {}),
  });

const mfa = (payload: Record<string, unknown>, ip?: string) =>
  t.request({ method: 'POST', url: '/api/login/mfa', payload, ...(ip ? { remoteAddress: ip } : {}) });

async function tokensOf(email: string) {
  const res = await login(email);
  expect(res.status).toBe(200);
  return res.body.data as { access_token: string; refresh_token: string };
}

/** Enrols a person from the profile; answers the secret and the recovery codes. */
async function enrolled(email: string, token: string) {
  const started = await t.request({ method: 'POST', url: '/api/users/me/totp', token });
  expect(started.status).toBe(200);
  const secret = started.body.data.secret as string;
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/users/me/totp/confirm',
    token,
    payload: { code: codeOf(secret) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recovery_codes as string[], email };
}

async function person() {
  const { user } = await buildUser(t.database.db);
  return { email: user.email, token: (await tokensOf(user.email)).access_token };
}

describe('turning two-factor sign-in on from the profile', () => {
  it('gives a QR code and the secret, then ten recovery codes for a first code; other sessions end', async () => {
    const { email, token } = await person();
    const other = await tokensOf(email);
    const started = await t.request({ method: 'POST', url: '/api/users/me/totp', token });
    expect(started.status).toBe(200);
    const { secret, otpauth_uri, qr_code } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    // Not in force before it is confirmed: the sign-in still gives the tokens.
    expect((await login(email)).body.data.access_token).toBeTruthy();

    const wrong = await t.request({
      method: 'POST',
      url: '/api/users/me/totp/confirm',
      token,
      payload: { code: codeOf(secret, 10) },
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['code']);

    const confirmed = await t.request({
      method: 'POST',
      url: '/api/users/me/totp/confirm',
      token,
      payload: { code: codeOf(secret) },
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = await t.request({ method: 'GET', url: '/api/users/me/totp', token });
    expect(status.body.data).toEqual({ enabled: true, recovery_codes_left: 10, required: false });
    // The session that turned it on goes on; the other one is refused at once.
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: other.access_token })).status).toBe(
      401,
    );
    // Enrolling again is refused while it is on.
    expect((await t.request({ method: 'POST', url: '/api/users/me/totp', token })).status).toBe(422);
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the password; a code works once, a later one works', async () => {
    const { email, token } = await person();
    const { secret } = await enrolled(email, token);
    const first = await login(email);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      mfa_required: true,
      mfa_token: expect.any(String),
      mfa_enrolment: false,
    });
    expect(first.body.data.access_token).toBeUndefined();

    // The confirmation's code was spent: replaying it in its window is refused.
    const replay = await mfa({ mfa_token: first.body.data.mfa_token, code: codeOf(secret) });
    expect(replay.status).toBe(422);
    expect(Object.keys(replay.body.errors)).toEqual(['code']);

    const next = await mfa({ mfa_token: first.body.data.mfa_token, code: codeOf(secret, 1) });
    expect(next.status).toBe(200);
    expect(next.body.data.access_token).toBeTruthy();
    expect(next.body.data.recovery_codes).toBeUndefined();
    expect(
      (await t.request({ method: 'GET', url: '/api/users/me', token: next.body.data.access_token })).status,
    ).toBe(200);

    // The mfa_token is spent with its session.
    const again = await mfa({ mfa_token: first.body.data.mfa_token, code: codeOf(secret, 1) });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['mfa_token']);
    expect((await mfa({ mfa_token: 'forged', code: '123456' })).status).toBe(422);
  });

  it('takes a recovery code once', async () => {
    const { email, token } = await person();
    const { recoveryCodes } = await enrolled(email, token);
    const challenge = (await login(email)).body.data.mfa_token;
    const used = await mfa({ mfa_token: challenge, recovery_code: recoveryCodes[0]!.toUpperCase() });
    expect(used.status).toBe(200);
    const twice = await mfa({
      mfa_token: (await login(email)).body.data.mfa_token,
      recovery_code: recoveryCodes[0],
    });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors)).toEqual(['recovery_code']);
    const status = await t.request({
      method: 'GET',
      url: '/api/users/me/totp',
      token: used.body.data.access_token,
    });
    expect(status.body.data.recovery_codes_left).toBe(9);
  });

  it("refuses another person's recovery code", async () => {
    const a = await person();
    const b = await person();
    const codesOfA = (await enrolled(a.email, a.token)).recoveryCodes;
    await enrolled(b.email, b.token);
    const challengeOfB = (await login(b.email)).body.data.mfa_token;
    expect((await mfa({ mfa_token: challengeOfB, recovery_code: codesOfA[1] })).status).toBe(422);
  });

  it('throttles wrong codes like wrong passwords', async () => {
    const { email, token } = await person();
    const { secret } = await enrolled(email, token);
    const ip = '192.0.2.77';
    const challenge = (await login(email, ip)).body.data.mfa_token;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await mfa({ mfa_token: challenge, code: codeOf(secret, 20) }, ip)).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toContain(429);
    // Even the right code waits.
    expect((await mfa({ mfa_token: challenge, code: codeOf(secret, 1) }, ip)).status).toBe(429);
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs a fresh code; turning off ends the other sessions and the password alone signs in again', async () => {
    const { email, token } = await person();
    const { secret, recoveryCodes } = await enrolled(email, token);
    const challenge = (await login(email)).body.data.mfa_token;
    const other = (await mfa({ mfa_token: challenge, recovery_code: recoveryCodes[0] })).body.data;

    const withoutCode = await t.request({ method: 'DELETE', url: '/api/users/me/totp', token, payload: {} });
    expect(withoutCode.status).toBe(422);
    const wrong = await t.request({
      method: 'DELETE',
      url: '/api/users/me/totp',
      token,
      payload: { code: codeOf(secret, 15) },
    });
    expect(wrong.status).toBe(422);

    const regenerated = await t.request({
      method: 'POST',
      url: '/api/users/me/totp/recovery-codes',
      token,
      payload: { code: codeOf(secret, -1) },
    });
    // The step before the last accepted one: refused (a code never goes backwards).
    expect(regenerated.status).toBe(422);

    const off = await t.request({
      method: 'DELETE',
      url: '/api/users/me/totp',
      token,
      payload: { code: codeOf(secret, 1) },
    });
    expect(off.status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: other.access_token })).status).toBe(
      401,
    );
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).status).toBe(200);
    expect((await login(email)).body.data.access_token).toBeTruthy();
    expect(
      (await t.request({ method: 'DELETE', url: '/api/users/me/totp', token, payload: { code: '123456' } }))
        .status,
    ).toBe(422);
  });

  it('gives new recovery codes for a fresh code, the former ones stop working', async () => {
    const { email, token } = await person();
    const { secret, recoveryCodes } = await enrolled(email, token);
    const res = await t.request({
      method: 'POST',
      url: '/api/users/me/totp/recovery-codes',
      token,
      payload: { code: codeOf(secret, 1) },
    });
    expect(res.status).toBe(200);
    const fresh = res.body.data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const old = await mfa({
      mfa_token: (await login(email)).body.data.mfa_token,
      recovery_code: recoveryCodes[0],
    });
    expect(old.status).toBe(422);
    const ok = await mfa({ mfa_token: (await login(email)).body.data.mfa_token, recovery_code: fresh[0] });
    expect(ok.status).toBe(200);
  });
});

describe("the portal's rule", () => {
  it('an administrator chooses it; a person it names enrols right after the password', async () => {
    const { firm } = await buildPortal(t.database.db);
    const { user: admin } = await buildFirmMember(t.database.db, { firm, role: 'admin' });
    const { user: collaborator } = await buildFirmMember(t.database.db, { firm });
    const adminToken = (await tokensOf(admin.email)).access_token;
    const settingsUrl = `/api/accounting-firms/${firm.id}/sign-in-settings`;
    const patchSettings = (token: string, payload: object, url = settingsUrl) =>
      t.request({ method: 'PATCH', url, token, payload });
    expect((await t.request({ method: 'GET', url: settingsUrl, token: adminToken })).body.data).toEqual({
      mfa_rule: 'optional',
      magic_links: true,
    });
    const collaboratorToken = (await tokensOf(collaborator.email)).access_token;
    const refused = await patchSettings(collaboratorToken, { mfa_rule: 'team' });
    expect(refused.status).toBe(403);
    const { firm: otherFirm } = await buildPortal(t.database.db);
    const elsewhere = await patchSettings(
      adminToken,
      { mfa_rule: 'team' },
      `/api/accounting-firms/${otherFirm.id}/sign-in-settings`,
    );
    expect(elsewhere.status).toBe(404);
    const bad = await patchSettings(adminToken, { mfa_rule: 'all' });
    expect(bad.status).toBe(422);

    const set = await patchSettings(adminToken, { mfa_rule: 'administrators' });
    expect(set.status).toBe(200);
    expect(set.body.data.mfa_rule).toBe('administrators');
    // Collaborators are not named by this rule.
    expect((await login(collaborator.email)).body.data.access_token).toBeTruthy();

    const challenge = (await login(admin.email)).body.data;
    expect(challenge).toMatchObject({ mfa_required: true, mfa_enrolment: true });
    // A code cannot be given before enrolling.
    expect((await mfa({ mfa_token: challenge.mfa_token, code: '123456' })).status).toBe(422);
    const enrolment = await t.request({
      method: 'POST',
      url: '/api/login/mfa/enrolment',
      payload: { mfa_token: challenge.mfa_token },
    });
    expect(enrolment.status).toBe(200);
    const done = await mfa({ mfa_token: challenge.mfa_token, code: codeOf(enrolment.body.data.secret) });
    expect(done.status).toBe(200);
    expect(done.body.data.access_token).toBeTruthy();
    expect(done.body.data.recovery_codes).toHaveLength(10);
    const status = await t.request({
      method: 'GET',
      url: '/api/users/me/totp',
      token: done.body.data.access_token,
    });
    expect(status.body.data).toMatchObject({ enabled: true, required: true });
    // From now on, a code.
    expect((await login(admin.email)).body.data).toMatchObject({ mfa_required: true, mfa_enrolment: false });

    await t.request({
      method: 'PATCH',
      url: settingsUrl,
      token: done.body.data.access_token,
      payload: { mfa_rule: 'team' },
    });
    expect((await login(collaborator.email)).body.data).toMatchObject({
      mfa_required: true,
      mfa_enrolment: true,
    });
    // An enrolment token is not a verification token, and the reverse.
    const verify = (await login(admin.email)).body.data.mfa_token;
    expect(
      (await t.request({ method: 'POST', url: '/api/login/mfa/enrolment', payload: { mfa_token: verify } }))
        .status,
    ).toBe(422);
  });

  it('makes the super admin of a production server enrol (not the demo)', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: 'false' } });
    try {
      const { user } = await buildUser(prod.database.db, { isSuperAdmin: true });
      const res = await prod.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(res.body.data).toMatchObject({ mfa_required: true, mfa_enrolment: true });
    } finally {
      await prod.close();
    }
    const { user } = await buildUser(t.database.db, { isSuperAdmin: true });
    expect((await login(user.email)).body.data.access_token).toBeTruthy();
  });
});
