import { dataEnvelope, firmIdParamsSchema } from '@portal/contracts';
import {
  loginMfaAnswerSchema,
  loginMfaRequestSchema,
  mfaTokenRequestSchema,
  recoveryCodesSchema,
  signInSettingsSchema,
  totpCodeRequestSchema,
  totpEnrolmentSchema,
  totpStatusSchema,
  updateSignInSettingsSchema,
} from '@portal/contracts/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, requestMeta, typed } from '../../platform/http/route-helpers';
import * as twoFactor from './two-factor.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));

/** Two-factor sign-in (TOTP): the sign-in's second step, the profile's enrolment, the portal's rule. */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['authentication'];

  r.post(
    '/api/login/mfa',
    {
      schema: {
        tags,
        description:
          'The second step of a sign-in: the `mfa_token` with a code or a recovery code. After an enrolment asked at sign-in, the answer also holds the recovery codes (shown once).',
        body: loginMfaRequestSchema,
        response: { 200: dataEnvelope(loginMfaAnswerSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.completeSignIn(ctx, request.body, requestMeta(request)) }),
  );

  r.post(
    '/api/login/mfa/enrolment',
    {
      schema: {
        tags,
        description:
          'When the sign-in answered `mfa_enrolment: true`: a new secret to enrol; `POST /api/login/mfa` with its first code confirms it.',
        body: mfaTokenRequestSchema,
        response: { 200: dataEnvelope(totpEnrolmentSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.enrolAtSignIn(ctx, request.body.mfa_token) }),
  );

  r.get(
    '/api/users/me/totp',
    { schema: { tags, security: bearer, response: { 200: dataEnvelope(totpStatusSchema) } } },
    async (request) => ({ data: await twoFactor.status(ctx, requireActor(request)) }),
  );

  r.post(
    '/api/users/me/totp',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Starts an enrolment: a new secret, in force once a first code confirms it.',
        response: { 200: dataEnvelope(totpEnrolmentSchema) },
      },
    },
    async (request) => ({ data: await twoFactor.enrol(ctx, requireActor(request)) }),
  );

  r.post(
    '/api/users/me/totp/confirm',
    {
      schema: {
        tags,
        security: bearer,
        description: "Turns two-factor sign-in on with a first code; ends the person's other sessions.",
        body: totpCodeRequestSchema,
        response: { 200: dataEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({
      data: await twoFactor.confirm(ctx, requireActor(request), request.body.code, request.ip),
    }),
  );

  r.post(
    '/api/users/me/totp/recovery-codes',
    {
      schema: {
        tags,
        security: bearer,
        description: 'New recovery codes for a fresh code; the former ones stop working.',
        body: totpCodeRequestSchema,
        response: { 200: dataEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({
      data: await twoFactor.regenerateRecoveryCodes(
        ctx,
        requireActor(request),
        request.body.code,
        request.ip,
      ),
    }),
  );

  r.delete(
    '/api/users/me/totp',
    {
      schema: {
        tags,
        security: bearer,
        description: "Turns two-factor sign-in off for a fresh code; ends the person's other sessions.",
        body: totpCodeRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await twoFactor.disable(ctx, requireActor(request), request.body.code, request.ip);
      return { data: { success: true as const } };
    },
  );

  r.get(
    '/api/accounting-firms/:id/sign-in-settings',
    {
      schema: {
        tags: ['accounting-firms'],
        security: bearer,
        description:
          "The portal's second-factor rule and whether sign-in links are offered (administrators).",
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(signInSettingsSchema) },
      },
    },
    async (request) => ({
      data: await twoFactor.signInSettings(ctx, requireActor(request), request.params.id),
    }),
  );

  r.patch(
    '/api/accounting-firms/:id/sign-in-settings',
    {
      schema: {
        tags: ['accounting-firms'],
        security: bearer,
        params: firmIdParamsSchema,
        body: updateSignInSettingsSchema,
        response: { 200: dataEnvelope(signInSettingsSchema) },
      },
    },
    async (request) => ({
      data: await twoFactor.updateSignInSettings(ctx, requireActor(request), request.params.id, request.body),
    }),
  );
}
