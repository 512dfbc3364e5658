import {
  createThemeRequestSchema,
  dataEnvelope,
  deleteThemeQuerySchema,
  firmIdParamsSchema,
  themeParamsSchema,
  themeSchema,
  updateThemeRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as themes from './themes.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));

/** A firm's access-rights themes: its members read them, its administrators change them. */
export function themesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['themes'];

  r.get(
    '/api/accounting-firms/:id/themes',
    {
      schema: {
        tags,
        security: bearer,
        description: "The firm's themes by title, each with how many tasks carry it (firm members).",
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(z.array(themeSchema)) },
      },
    },
    async (request) => ({ data: await themes.listThemes(ctx, requireActor(request), request.params.id) }),
  );

  r.post(
    '/api/accounting-firms/:id/themes',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Creates a theme (firm administrators): title unique in the firm, abbreviation too when given.',
        params: firmIdParamsSchema,
        body: createThemeRequestSchema,
        response: { 201: dataEnvelope(themeSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await themes.createTheme(ctx, requireActor(request), request.params.id, request.body),
      }),
  );

  r.patch(
    '/api/accounting-firms/:id/themes/:theme_id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Changes a theme (firm administrators).',
        params: themeParamsSchema,
        body: updateThemeRequestSchema,
        response: { 200: dataEnvelope(themeSchema) },
      },
    },
    async (request) => ({
      data: await themes.updateTheme(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.theme_id,
        request.body,
      ),
    }),
  );

  r.delete(
    '/api/accounting-firms/:id/themes/:theme_id',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Deletes a theme (firm administrators); the tasks carrying it lose it. One that folders or people carry is refused (422 `theme-in-use`, with the counts) unless `force=true`: its folders would then open to everyone the role lets in.',
        params: themeParamsSchema,
        querystring: deleteThemeQuerySchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await themes.deleteTheme(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.theme_id,
        request.query.force === true,
      );
      return { data: { success: true as const } };
    },
  );
}
