import * as client from 'openid-client';
import { guardedFetch, type IssuerPolicy } from './issuer-guard';

export type OidcProvider = {
  id: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  updatedAt: Date;
};

/** What the callback learnt about the person from the provider. */
export type OidcIdentity = { subject: string; email: string | null; emailVerified: boolean };

const CONFIG_TTL_MS = 60 * 60 * 1000;
const HTTP_TIMEOUT_SECONDS = 10;

/**
 * openid-client configurations by provider version, kept an hour (discovery is two requests).
 * `allowInsecure` (SSO_ALLOW_INSECURE_ISSUERS, refused in production) lets it use http:// issuers;
 * every request goes through `guardedFetch` (no private addresses unless the policy allows them).
 */
export function createOidcClients(allowInsecure: boolean, policy: IssuerPolicy) {
  const fetcher = guardedFetch(policy);
  const cache = new Map<string, { config: client.Configuration; at: number }>();

  async function configuration(provider: OidcProvider): Promise<client.Configuration> {
    const key = `${provider.id}:${provider.updatedAt.getTime()}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CONFIG_TTL_MS) return hit.config;
    const config = await client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      undefined,
      {
        execute: allowInsecure ? [client.allowInsecureRequests] : [],
        timeout: HTTP_TIMEOUT_SECONDS,
        [client.customFetch]: fetcher,
      },
    );
    for (const k of cache.keys()) if (k.startsWith(`${provider.id}:`)) cache.delete(k);
    cache.set(key, { config, at: Date.now() });
    return config;
  }

  return {
    /** The provider's authorization URL for this attempt (code flow, PKCE S256, state, nonce). */
    async authorizationUrl(
      provider: OidcProvider,
      attempt: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
    ): Promise<URL> {
      const config = await configuration(provider);
      return client.buildAuthorizationUrl(config, {
        redirect_uri: attempt.redirectUri,
        scope: 'openid email',
        response_type: 'code',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * Exchanges the code (checking state, issuer, PKCE, the ID token and its nonce) and reads the
     * email: from the ID token, else from the userinfo endpoint.
     */
    async identify(
      provider: OidcProvider,
      currentUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<OidcIdentity> {
      const config = await configuration(provider);
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      let email = typeof claims.email === 'string' ? claims.email : null;
      let verified = claims.email_verified === true;
      if (!email) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        verified = info.email_verified === true;
      }
      return { subject: claims.sub, email, emailVerified: verified };
    },
  };
}

export type OidcClients = ReturnType<typeof createOidcClients>;

export const randomState = client.randomState;
export const randomNonce = client.randomNonce;
export const randomCodeVerifier = client.randomPKCECodeVerifier;
