import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/factories';
import { startOidcProvider } from '../../../test/oidc-test-provider';
import { buildPortalsWorld, type PortalsWorld } from '../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

const CLIENT = {
  clientId: 'portal',
  clientSecret: 'a client secret',
  redirectUri: 'http://portal.test/api/oauth/callback',
};

let t: TestApp;
let w: PortalsWorld;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let admin: string;
let firmId = 0;
let providerId = 0;

beforeAll(async () => {
  [t, idp] = await Promise.all([
    createTestApp({ env: { SSO_ALLOW_INSECURE_ISSUERS: 'true' } }),
    startOidcProvider(CLIENT),
  ]);
  w = await buildPortalsWorld(t);
  idp.accounts.set('client', { email: w.people.client.email, email_verified: true });
  idp.accounts.set('unverified', { email: w.people.client.email, email_verified: false });
  idp.accounts.set('stranger', { email: 'nobody@example.com', email_verified: true });
  idp.accounts.set('superadmin', { email: w.people.superadmin.email, email_verified: true });
  idp.accounts.set('collab', { email: w.people.collab.email, email_verified: true });
  admin = w.tokens.expert;
  firmId = w.firms.centre.id;
  const created = await t.request({
    method: 'POST',
    url: `/api/accounting-firms/${firmId}/identity-providers`,
    token: admin,
    payload: {
      name: 'TestID',
      issuer: idp.issuer,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      button_label: 'Test ID',
    },
  });
  expect(created.status).toBe(201);
  providerId = created.body.data.id;
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const cookieOf = (headers: Record<string, unknown>) => {
  const raw = [headers['set-cookie']].flat().find((c) => String(c).startsWith('portal_sso='));
  return raw ? String(raw).split(';')[0]! : undefined;
};

/** Starts a sign-in as `account` at the provider: the browser's cookie and the callback URL. */
async function throughProvider(account: string, provider = providerId, query = '') {
  idp.settings.signInAs = account;
  const link = await t.request({
    method: 'GET',
    url: `/api/oauth/get-sso-link?provider=${provider}${query}`,
  });
  expect(link.status).toBe(302);
  const cookie = cookieOf(link.headers);
  const location = String(link.headers.location);
  if (!cookie) return { cookie, location, callback: undefined };
  const callback = await idp.authorize(location);
  return { cookie, location, callback };
}

const callback = (url: URL, cookie?: string) =>
  t.request({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });

const takeSession = (cookie?: string) =>
  t.request({ method: 'POST', url: '/api/oauth/session', headers: cookie ? { cookie } : {} });

describe('identity providers (settings)', () => {
  it('never answers the client secret, and keeps it sealed in the database', async () => {
    const list = await t.request({
      method: 'GET',
      url: `/api/accounting-firms/${firmId}/identity-providers`,
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: providerId,
        name: 'TestID',
        button_label: 'Test ID',
        has_client_secret: true,
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(CLIENT.clientSecret);
    const rows = await t.database.db.execute(
      sql`select client_secret_sealed from identity_providers where id = ${providerId}`,
    );
    const sealed = JSON.stringify(rows);
    expect(sealed).toContain('v1.');
    expect(sealed).not.toContain(CLIENT.clientSecret);
  });

  it('refuses a second provider of the same name, and non-administrators', async () => {
    const payload = {
      name: 'testid',
      issuer: idp.issuer,
      client_id: 'x',
      client_secret: 'y',
      button_label: 'z',
    };
    const url = `/api/accounting-firms/${firmId}/identity-providers`;
    const taken = await t.request({ method: 'POST', url, token: admin, payload });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ name: [expect.any(String)] });
    const collab = await t.signIn(w.people.collab.email);
    expect(
      (await t.request({ method: 'POST', url, token: collab, payload: { ...payload, name: 'B' } })).status,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url, token: collab })).status).toBe(403);
    const client = await t.signIn(w.people.client.email);
    expect((await t.request({ method: 'GET', url, token: client })).status).toBe(404);
  });

  it('changes, adds and deletes providers; a PATCH without secret keeps it', async () => {
    const url = `/api/accounting-firms/${firmId}/identity-providers`;
    const patched = await t.request({
      method: 'PATCH',
      url: `${url}/${providerId}`,
      token: admin,
      payload: { button_label: 'Test ID!' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.button_label).toBe('Test ID!');
    const other = await t.request({
      method: 'POST',
      url,
      token: admin,
      payload: {
        name: 'Other',
        issuer: 'https://idp.example.com/',
        client_id: 'c',
        client_secret: 's',
        button_label: 'O',
      },
    });
    expect(other.status).toBe(201);
    expect(other.body.data.issuer).toBe('https://idp.example.com');
    const del = await t.request({ method: 'DELETE', url: `${url}/${other.body.data.id}`, token: admin });
    expect(del.status).toBe(200);
    expect(
      (await t.request({ method: 'DELETE', url: `${url}/${other.body.data.id}`, token: admin })).status,
    ).toBe(404);
    // The secret kept through the PATCH still signs in.
    const { cookie, callback: back } = await throughProvider('client');
    expect((await callback(back!, cookie)).headers.location).toBe('/oauth/callback');
  });

  it('lists the buttons in the white label, without secrets', async () => {
    const res = await t.request({ method: 'GET', url: `/api/?accounting_firm_id=${firmId}` });
    expect(res.body.data.oauth_providers).toEqual([
      {
        id: providerId,
        name: 'TestID',
        label: 'Test ID!',
        url: `/api/oauth/get-sso-link?provider=${providerId}`,
      },
    ]);
  });
});

describe('sign-in through the provider', () => {
  it('signs in a client user of the firm by verified email, and hands the session over once', async () => {
    const {
      cookie,
      location,
      callback: back,
    } = await throughProvider('client', providerId, '&redirect=%2Ftasks');
    const authorization = new URL(location);
    // The callback is rebuilt from PUBLIC_URL; PKCE, state and nonce are sent.
    expect(authorization.searchParams.get('redirect_uri')).toBe(CLIENT.redirectUri);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(cookie).toMatch(/^portal_sso=/);
    const res = await callback(back!, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/oauth/callback?redirect=%2Ftasks');
    const session = await takeSession(cookie);
    expect(session.status).toBe(200);
    const me = await t.request({
      method: 'GET',
      url: '/api/users/me',
      token: session.body.data.access_token,
    });
    expect(me.body.data.email).toBe(w.people.client.email);
    // Once only, and only with the browser's cookie.
    expect((await takeSession(cookie)).status).toBe(422);
    expect((await takeSession()).status).toBe(422);
  });

  it('asks no enrolment after SSO of a person without TOTP, even where the portal requires it; the password still asks', async () => {
    const rule = (mfa_rule: string) =>
      t.request({
        method: 'PATCH',
        url: `/api/accounting-firms/${firmId}/sign-in-settings`,
        token: admin,
        payload: { mfa_rule, magic_links: true },
      });
    expect((await rule('team')).status).toBe(200);
    try {
      const { cookie, callback: back } = await throughProvider('collab');
      expect((await callback(back!, cookie)).status).toBe(302);
      const session = await takeSession(cookie);
      expect(session.status).toBe(200);
      expect(session.body.data.mfa_required).toBeUndefined();
      const me = await t.request({
        method: 'GET',
        url: '/api/users/me',
        token: session.body.data.access_token,
      });
      expect(me.body.data.email).toBe(w.people.collab.email);
      // The same person with their password: the portal's rule applies (enrolment, no tokens).
      const login = await t.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: w.people.collab.email, password: TEST_PASSWORD },
      });
      expect(login.status).toBe(200);
      expect(login.body.data).toMatchObject({ mfa_required: true, mfa_enrolment: true });
      expect(login.body.data.access_token).toBeUndefined();
    } finally {
      expect((await rule('optional')).status).toBe(200);
    }
  });

  it('does not take the Host header for the callback address', async () => {
    const link = await t.request({
      method: 'GET',
      url: `/api/oauth/get-sso-link?provider=${providerId}`,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(new URL(String(link.headers.location)).searchParams.get('redirect_uri')).toBe(CLIENT.redirectUri);
  });

  it.each([
    ['a person the firm does not have', 'stranger'],
    ['an email the provider did not verify', 'unverified'],
    ['a super admin who is not in the firm', 'superadmin'],
  ])('refuses %s: SSO user not added by the firm', async (_, account) => {
    const { cookie, callback: back } = await throughProvider(account);
    const res = await callback(back!, cookie);
    expect(res.headers.location).toBe('/sso-error/TestID?reason=not-added');
    expect((await takeSession(cookie)).status).toBe(422);
  });

  it('refuses a replayed state, a forged one and another browser', async () => {
    const first = await throughProvider('client');
    expect((await callback(first.callback!, first.cookie)).headers.location).toBe('/oauth/callback');
    expect((await callback(first.callback!, first.cookie)).headers.location).toBe(
      '/sso-error/sso?reason=failed',
    );

    const second = await throughProvider('client');
    expect((await callback(second.callback!)).headers.location).toBe('/sso-error/sso?reason=failed');
    const forged = new URL(second.callback!);
    forged.searchParams.set('state', 'forged');
    expect((await callback(forged, second.cookie)).headers.location).toBe('/sso-error/TestID?reason=failed');
    expect((await takeSession(second.cookie)).status).toBe(422);

    // Another browser's callback with this browser's cookie.
    const mine = await throughProvider('client');
    const theirs = await throughProvider('client');
    expect((await callback(theirs.callback!, mine.cookie)).headers.location).toBe(
      '/sso-error/TestID?reason=failed',
    );
  });

  it('refuses a wrong issuer: in the answer, or in the configuration', async () => {
    const { cookie, callback: back } = await throughProvider('client');
    back!.searchParams.set('iss', 'http://attacker.example');
    expect((await callback(back!, cookie)).headers.location).toBe('/sso-error/TestID?reason=failed');

    const wrong = await t.request({
      method: 'POST',
      url: `/api/accounting-firms/${firmId}/identity-providers`,
      token: admin,
      payload: {
        name: 'Wrong',
        issuer: idp.issuer.replace('localhost', '127.0.0.1'),
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        button_label: 'Wrong',
      },
    });
    const link = await t.request({
      method: 'GET',
      url: `/api/oauth/get-sso-link?provider=${wrong.body.data.id}`,
    });
    expect(link.headers.location).toBe('/sso-error/Wrong?reason=failed');
    expect(cookieOf(link.headers)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    idp.settings.codeTtlSeconds = 1;
    try {
      const { cookie, callback: back } = await throughProvider('client');
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await callback(back!, cookie)).headers.location).toBe('/sso-error/TestID?reason=failed');
    } finally {
      idp.settings.codeTtlSeconds = 60;
    }
  });

  it('limits the sign-ins started from one address', async () => {
    const from = { remoteAddress: '10.250.250.250' };
    const start = () =>
      t.request({ method: 'GET', url: `/api/oauth/get-sso-link?provider=${providerId}`, ...from });
    for (let i = 0; i < 30; i++) expect((await start()).status).toBe(302);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown provider', async () => {
    expect((await t.request({ method: 'GET', url: '/api/oauth/get-sso-link?provider=999999' })).status).toBe(
      404,
    );
  });
});
