import {
  dataEnvelope,
  fileSharePasswordIdParamsSchema,
  fileSharePasswordRequestSchema,
  fileSharePasswordSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as fileShare from './file-share-passwords.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));

/** The caller's file-share passwords (the network drive's app passwords). */
export function fileSharePasswordsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['authentication'];

  r.get(
    '/api/users/me/file-share-passwords',
    {
      schema: {
        tags,
        security: bearer,
        description: "The caller's file-share passwords: label, creation and last use (never the password).",
        response: { 200: dataEnvelope(z.array(fileSharePasswordSchema)) },
      },
    },
    async (request) => ({ data: await fileShare.listMine(ctx, requireActor(request)) }),
  );

  r.put(
    '/api/users/me/file-share-password',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Sets the file-share password of a label (a new one, or a replacement): with the email, it signs in to the network drive (`/dav/`, Basic auth), even where the portal requires a second factor or SSO. At least 8 characters, none of `€ § ¤ £ °`.',
        body: fileSharePasswordRequestSchema,
        response: { 200: dataEnvelope(fileSharePasswordSchema) },
      },
    },
    async (request) => ({ data: await fileShare.setMine(ctx, requireActor(request), request.body) }),
  );

  r.delete(
    '/api/users/me/file-share-passwords/:id',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Revokes one of the caller's file-share passwords: refused at once by every server process.",
        params: fileSharePasswordIdParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await fileShare.revokeMine(ctx, requireActor(request), request.params.id);
      return { data: { success: true as const } };
    },
  );
}
