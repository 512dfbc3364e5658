import {
  dataEnvelope,
  firmIdParamsSchema,
  setTaskAdminModeRequestSchema,
  taskAdminModeSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as service from './task-admin-mode.service';

/** The caller's remembered admin mode on a firm's task lists and home page. */
export function taskAdminModeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['tasks'];
  const path = '/api/users/me/accounting-firms/:id/task-admin-mode';
  const response = { 200: dataEnvelope(taskAdminModeSchema) };

  r.get(
    path,
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The caller's admin mode in the firm: the task lists and home page cover every client file. Remembered per person; until they choose, on for an administrator assigned to no client file. `available`: the caller may switch it (firm administrators).",
        params: firmIdParamsSchema,
        response,
      },
    },
    async (q) => ({ data: await service.getAdminMode(ctx, requireActor(q), q.params.id) }),
  );

  r.put(
    path,
    {
      schema: {
        tags,
        security: bearer,
        description: "Switches and remembers the caller's admin mode in the firm (firm administrators).",
        params: firmIdParamsSchema,
        body: setTaskAdminModeRequestSchema,
        response,
      },
    },
    async (q) => ({
      data: await service.setAdminMode(ctx, requireActor(q), q.params.id, q.body.admin_mode),
    }),
  );
}
