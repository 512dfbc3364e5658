import { dataEnvelope, oauthCallbackQuerySchema, ssoLinkQuerySchema } from '@portal/contracts';
import { loginAnswerSchema } from '@portal/contracts/auth/two-factor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requestMeta, typed } from '../../platform/http/route-helpers';
import { issuerPolicy } from './issuer-guard';
import { createOidcClients } from './oidc';
import { providerRoutes } from './providers.routes';
import * as sso from './sso.service';

const COOKIE = 'portal_sso';

function browserToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

/** HttpOnly, SameSite=Lax (sent on the provider's top-level redirect back), only under /api/oauth. */
function setBrowserCookie(ctx: AppContext, reply: FastifyReply, value: string | null): void {
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  const life = value === null ? 0 : sso.ATTEMPT_TTL_SECONDS;
  reply.header(
    'set-cookie',
    `${COOKIE}=${value ?? ''}; Path=/api/oauth; HttpOnly; SameSite=Lax; Max-Age=${life}${secure}`,
  );
}

const redirectAnswer = { 302: z.null().describe('Redirect (Location)') };

export function ssoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['single sign-on'];
  const oidc = createOidcClients(ctx.config.SSO_ALLOW_INSECURE_ISSUERS, issuerPolicy(ctx.config));

  providerRoutes(app, ctx);

  r.get(
    '/api/oauth/get-sso-link',
    {
      schema: {
        tags,
        description:
          "Starts a sign-in with a provider (the white label's `oauth_providers[].url`): sets the browser's " +
          'attempt cookie and redirects to the provider (PKCE, state, nonce).',
        querystring: ssoLinkQuerySchema,
        response: redirectAnswer,
      },
    },
    async (request, reply) => {
      const { location, browserToken: token } = await sso.startSignIn(ctx, oidc, request.log, {
        providerId: request.query.provider,
        redirect: request.query.redirect,
        ip: request.ip,
      });
      if (token) setBrowserCookie(ctx, reply, token);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  r.get(
    '/api/oauth/callback',
    {
      schema: {
        tags,
        description:
          "The provider's redirect back (PUBLIC_URL/api/oauth/callback): goes on to the web app's " +
          '`/oauth/callback`, or to `/sso-error/{vendor}?reason=not-added|failed`.',
        querystring: oauthCallbackQuerySchema,
        response: redirectAnswer,
      },
    },
    async (request, reply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const location = await sso.callback(
        ctx,
        oidc,
        request.log,
        browserToken(request),
        request.query,
        rawQuery,
      );
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  r.post(
    '/api/oauth/session',
    {
      schema: {
        tags,
        description:
          'The web app takes the session of a completed SSO sign-in, once, within 2 minutes, with the same ' +
          "browser's cookie; answers like `login`: the tokens, or the TOTP step (`POST /api/login/mfa`) for a " +
          'person with TOTP on, unless the portal marked its provider as carrying the second factor. The session ' +
          "is bound to the provider's portal: anything else answers 404.",
        response: { 200: dataEnvelope(loginAnswerSchema) },
      },
    },
    async (request, reply) => {
      const data = await sso.takeSession(ctx, browserToken(request), requestMeta(request));
      setBrowserCookie(ctx, reply, null);
      return { data };
    },
  );
}
