import {
  autologinQuerySchema,
  changePasswordRequestSchema,
  createPasswordRequestSchema,
  dataEnvelope,
  loginRequestSchema,
  passwordTokenInfoSchema,
  resetPasswordRequestSchema,
  retrieveLoginQuerySchema,
  retrieveLoginSchema,
  sendResetMailRequestSchema,
  sessionTokensSchema,
  tokenQuerySchema,
  updateMeRequestSchema,
  userSchema,
} from '@portal/contracts';
import { loginAnswerSchema } from '@portal/contracts/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { revokeFamily } from '../../platform/auth/sessions';
import { enveloped, prebuiltObject } from '../../platform/http/prebuilt-json';
import { bearer, requestLocale, requestMeta, typed } from '../../platform/http/route-helpers';
import { fileSharePasswordsRoutes } from './file-share-passwords.routes';
import * as identity from './identity.service';
import { invitationRoutes } from './invitations.routes';
import { magicLinkRoutes } from './magic-links.routes';
import { memberSessionsRoutes } from './member-sessions.routes';
import { mySessionsRoutes } from './my-sessions.routes';
import { twoFactorRoutes } from './two-factor.routes';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));

export function identityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['authentication'];

  r.post(
    '/api/login',
    {
      schema: {
        tags,
        description:
          'The tokens; or, when a second factor is needed, `mfa_required` and an `mfa_token` for `POST /api/login/mfa` (`mfa_enrolment`: the portal requires one and the person must enrol first).',
        body: loginRequestSchema,
        response: { 200: dataEnvelope(loginAnswerSchema) },
      },
    },
    async (request) => ({ data: await identity.login(ctx, request.body, requestMeta(request)) }),
  );

  r.get(
    '/api/autologin',
    {
      schema: {
        tags,
        description: 'Exchanges a refresh token for a new token pair (the refresh token is rotated).',
        querystring: autologinQuerySchema,
        response: { 200: dataEnvelope(sessionTokensSchema) },
      },
    },
    async (request) => ({
      data: await identity.refresh(ctx, request.query.refresh_token, requestMeta(request)),
    }),
  );

  r.get(
    '/api/retrievelogin',
    {
      schema: {
        tags,
        security: bearer,
        querystring: retrieveLoginQuerySchema,
        response: { 200: dataEnvelope(retrieveLoginSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const user = await identity.me(ctx, actor);
      return enveloped(
        prebuiltObject({
          user,
          expires_at: actor.expiresAt.toISOString(),
          bound_accounting_firm_id: actor.boundFirmId,
        }),
      );
    },
  );

  // A GET that writes (the spec's path): `mutates` makes it wait for the access cache like a POST.
  r.get(
    '/api/logout',
    { schema: { tags, security: bearer, response: { 200: ok } }, config: { mutates: true } },
    async (request) => {
      const actor = requireActor(request);
      await revokeFamily(ctx.db, actor.familyId);
      return { data: { success: true as const } };
    },
  );

  r.get(
    '/api/users/me',
    { schema: { tags: ['users'], security: bearer, response: { 200: dataEnvelope(userSchema) } } },
    async (request) => {
      const actor = requireActor(request);
      return enveloped(await identity.me(ctx, actor));
    },
  );

  r.patch(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        security: bearer,
        body: updateMeRequestSchema,
        response: { 200: dataEnvelope(userSchema) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return enveloped(await identity.updateMe(ctx, actor, request.body));
    },
  );

  r.post(
    '/api/change_password',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Needs the current password; ends every session and spends every reset link, and mails the person.',
        body: changePasswordRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await identity.changePassword(ctx, actor, request.body, {
        ...requestMeta(request),
        locale: requestLocale(request),
      });
      return { data: { success: true as const } };
    },
  );

  r.post(
    '/api/password-resets',
    {
      schema: {
        tags,
        description: 'Sends a reset mail when the account exists; the answer is the same either way.',
        body: sendResetMailRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await identity.sendResetMail(ctx, request.body.email, requestLocale(request), request.ip);
      return { data: { success: true as const } };
    },
  );

  r.get(
    '/api/password-resets',
    {
      schema: {
        tags,
        querystring: tokenQuerySchema,
        response: { 200: dataEnvelope(passwordTokenInfoSchema) },
      },
    },
    async (request) => ({
      data: await identity.tokenInfo(ctx, request.query.token, requestLocale(request)),
    }),
  );

  r.put(
    '/api/passwords',
    {
      schema: {
        tags,
        description: 'Submits a password reset; ends every session and spends every other link.',
        body: resetPasswordRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await identity.resetPassword(ctx, request.body, requestLocale(request));
      return { data: { success: true as const } };
    },
  );

  r.post(
    '/api/passwords',
    {
      schema: {
        tags,
        description: 'An invited user creates a password and accepts the terms; answers a new session.',
        body: createPasswordRequestSchema,
        response: { 200: dataEnvelope(sessionTokensSchema) },
      },
    },
    async (request) => ({
      data: await identity.createPassword(ctx, request.body, requestMeta(request)),
    }),
  );

  // Invitations of existing accounts (accept page).
  invitationRoutes(app, ctx);
  mySessionsRoutes(app, ctx);
  fileSharePasswordsRoutes(app, ctx);
  memberSessionsRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
  magicLinkRoutes(app, ctx);
}
