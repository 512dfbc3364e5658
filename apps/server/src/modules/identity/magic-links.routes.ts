import { dataEnvelope } from '@portal/contracts';
import {
  loginAnswerSchema,
  magicLinkParamsSchema,
  magicLinkRequestSchema,
} from '@portal/contracts/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requestLocale, requestMeta, typed } from '../../platform/http/route-helpers';
import { firmForHost } from '../white-label/white-label.service';
import * as magicLinks from './magic-links.service';

/** Sign-in links ("send me a sign-in link"): the request, and the sign-in with the mailed token. */
export function magicLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['authentication'];

  r.post(
    '/api/magic-links',
    {
      schema: {
        tags,
        description:
          "Mails a sign-in link (15 minutes, one use, this portal only) when the email belongs to a person of the portal (`accounting_firm_id`, else the request host's); the answer is the same either way.",
        body: magicLinkRequestSchema,
        response: { 202: dataEnvelope(z.object({ success: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      const accountingFirmId =
        request.body.accounting_firm_id ?? (await firmForHost(ctx, request.hostname))?.id;
      await magicLinks.requestMagicLink(
        ctx,
        { email: request.body.email, accountingFirmId },
        requestLocale(request),
        request.ip,
      );
      return reply.status(202).send({ data: { success: true as const } });
    },
  );

  r.post(
    '/api/magic-links/:token',
    {
      schema: {
        tags,
        description:
          'Signs in with a mailed link; answers like `POST /api/login` (a second factor may follow).',
        params: magicLinkParamsSchema,
        response: { 200: dataEnvelope(loginAnswerSchema) },
      },
    },
    async (request) => ({
      data: await magicLinks.signInWithMagicLink(ctx, request.params.token, requestMeta(request)),
    }),
  );
}
