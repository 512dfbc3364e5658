import { startOidcProvider } from './oidc-test-provider';
import type { TestApp } from './test-app';

export const SSO_CLIENT = {
  clientId: 'portal',
  clientSecret: 'a client secret',
  redirectUri: 'http://portal.test/api/oauth/callback',
};

export type TestIdp = Awaited<ReturnType<typeof startOidcProvider>>;

/** The test provider of the SSO tests (its issuer is http://localhost: SSO_ALLOW_INSECURE_ISSUERS). */
export const startTestIdp = () => startOidcProvider(SSO_CLIENT);

/** Adds the test provider to a firm, as its administrator does from the settings. */
export async function addProvider(
  t: TestApp,
  idp: TestIdp,
  adminToken: string,
  firmId: number,
  extra: { name?: string; carries_second_factor?: boolean } = {},
): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `/api/accounting-firms/${firmId}/identity-providers`,
    token: adminToken,
    payload: {
      name: extra.name ?? `IdP ${firmId}`,
      issuer: idp.issuer,
      client_id: SSO_CLIENT.clientId,
      client_secret: SSO_CLIENT.clientSecret,
      button_label: 'Sign in',
      ...(extra.carries_second_factor === undefined
        ? {}
        : { carries_second_factor: extra.carries_second_factor }),
    },
  });
  if (res.status !== 201) throw new Error(`adding a provider: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

const cookieOf = (headers: Record<string, unknown>) => {
  const raw = [headers['set-cookie']].flat().find((c) => String(c).startsWith('portal_sso='));
  return raw ? String(raw).split(';')[0]! : undefined;
};

/**
 * A whole SSO sign-in as the browser makes it, the provider vouching for `email` (verified):
 * the link, the provider, the callback, then `POST /api/oauth/session`. Answers the callback's
 * redirect and the session's answer (tokens, or the TOTP step).
 */
export async function signInThroughProvider(t: TestApp, idp: TestIdp, providerId: number, email: string) {
  const account = `acct-${email}`;
  idp.accounts.set(account, { email, email_verified: true });
  idp.settings.signInAs = account;
  const link = await t.request({ method: 'GET', url: `/api/oauth/get-sso-link?provider=${providerId}` });
  const cookie = cookieOf(link.headers);
  if (!cookie) throw new Error(`the sign-in did not start: ${String(link.headers.location)}`);
  const back = await idp.authorize(String(link.headers.location));
  const callback = await t.request({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  const session = await t.request({ method: 'POST', url: '/api/oauth/session', headers: { cookie } });
  return { location: String(callback.headers.location), status: session.status, body: session.body };
}
