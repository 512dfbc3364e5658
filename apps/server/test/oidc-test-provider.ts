import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestAccount = { email: string; email_verified: boolean };

/**
 * A real OpenID Connect provider (oidc-provider) on a random local port, for the SSO tests. The
 * interaction (login and consent) is answered at once for `signInAs`; `codeTtlSeconds` shortens
 * the authorization codes' life.
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}) {
  const accounts = new Map<string, TestAccount>();
  const settings = { signInAs: '', codeTtlSeconds: 60 };
  // biome-ignore lint/suspicious/noExplicitAny: oidc-provider is untyped.
  let provider: any;
  const server = http.createServer(async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return provider.callback()(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const accountId = settings.signInAs;
      const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['oidc-test-provider'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: {
      AuthorizationCode: () => settings.codeTtlSeconds,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  });
  provider.on('server_error', () => {});
  return {
    issuer,
    settings,
    accounts,
    /** Follows the provider's redirects from the authorization URL to the client's callback URL. */
    async authorize(authorizationUrl: string): Promise<URL> {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (url.startsWith(options.redirectUri)) return new URL(url);
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const cookie of res.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
        url = new URL(location, url).href;
      }
      throw new Error('too many redirects at the provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
