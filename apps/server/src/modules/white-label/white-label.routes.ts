import {
  dataEnvelope,
  firmIdParamsSchema,
  lastModifiedQuerySchema,
  updateWhiteLabelRequestSchema,
  whiteLabelIconParamsSchema,
  whiteLabelQuerySchema,
  whiteLabelResponseSchema,
  whiteLabelSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import { updateWhiteLabel } from './branding.service';
import * as whiteLabel from './white-label.service';

const binary = { 200: z.any().describe('binary image') };

function sendIcon(
  reply: FastifyReply,
  icon: { body: Buffer; type: string; lastModified: Date },
  versioned: boolean,
) {
  reply.header('Last-Modified', icon.lastModified.toUTCString());
  reply.header('Cache-Control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
  reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  return reply.type(icon.type).send(icon.body);
}

export function whiteLabelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['white label'];

  r.get(
    '/api/',
    {
      schema: {
        tags,
        description: 'Public start-up data: white labels, modules, redirect (firm by id, else by host).',
        querystring: whiteLabelQuerySchema,
        response: { 200: dataEnvelope(whiteLabelResponseSchema) },
      },
    },
    async (request) => ({
      data: await whiteLabel.startupWhiteLabel(ctx, {
        accountingFirmId: request.query.accounting_firm_id,
        host: request.host,
        protocol: request.protocol,
        multiDomain: ctx.config.MULTI_DOMAIN,
      }),
    }),
  );

  r.get(
    '/api/accounting-firms/:id/white-labels',
    {
      schema: {
        tags,
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(z.array(whiteLabelSchema)) },
      },
    },
    async (request) => ({ data: await whiteLabel.firmWhiteLabels(ctx, request.params.id) }),
  );

  r.put(
    '/api/accounting-firms/:id/white-labels/:theme',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Changes one theme of the firm's branding (firm administrators): name, colours, and the logo " +
          '(base64 of a gif, jpeg, png, webp or svg image; null removes it; absent keeps it).',
        params: whiteLabelIconParamsSchema,
        body: updateWhiteLabelRequestSchema,
        response: { 200: dataEnvelope(whiteLabelSchema) },
      },
    },
    async (request) => ({
      data: await updateWhiteLabel(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.theme,
        request.body,
      ),
    }),
  );

  const icons = [
    ['favicon.ico', 'favicon'],
    ['apple-touch-icon', 'apple-touch-icon'],
    ['logo', 'logo'],
  ] as const;
  for (const [path, kind] of icons) {
    r.get(
      `/api/accounting-firms/:id/white-labels/:theme/${path}`,
      {
        schema: {
          tags,
          params: whiteLabelIconParamsSchema,
          querystring: lastModifiedQuerySchema,
          response: binary,
        },
      },
      async (request, reply) => {
        const icon = await whiteLabel.whiteLabelIcon(ctx, request.params.id, request.params.theme, kind);
        return sendIcon(reply, icon, Boolean(request.query.last_modified));
      },
    );
  }
}
