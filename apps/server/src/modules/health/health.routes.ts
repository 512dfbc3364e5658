import { APP_VERSION } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { typed } from '../../platform/http/route-helpers';
import { ping } from './health.repository';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            version: z.string(),
            database: z.enum(['pglite', 'postgres']),
          }),
        },
      },
    },
    async () => {
      await ping(ctx.db);
      return { status: 'ok' as const, version: APP_VERSION, database: ctx.database.kind };
    },
  );
}
