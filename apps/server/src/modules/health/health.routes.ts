import { APP_VERSION } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { typed } from '../../platform/http/route-helpers';

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
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, version: APP_VERSION, database: ctx.database.kind };
    },
  );
}
