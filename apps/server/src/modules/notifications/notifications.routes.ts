import {
  dataEnvelope,
  markAllReadRequestSchema,
  markAllReadSchema,
  notificationIdParamsSchema,
  notificationPreferencesRequestSchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationsQuerySchema,
  paginated,
  unreadCountQuerySchema,
  unreadCountSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as service from './notifications.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const success = { data: { success: true as const } };

/** The caller's bell (issue 31): their items, the unread count, reading and preferences. */
export function notificationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['notifications'];

  r.get(
    '/api/users/me/notifications',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The caller's notifications, newest first (filters: unread, portal, family). Texts are built by the web app from `kind` and `subject`.",
        querystring: notificationsQuerySchema,
        response: { 200: paginated(notificationSchema) },
      },
    },
    async (request) => service.listMine(ctx, requireActor(request), request.query),
  );

  r.get(
    '/api/users/me/notifications/unread-count',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The caller's unread count (of one portal when given), with an `ETag`: `If-None-Match` answers 304 while it is unchanged.",
        querystring: unreadCountQuerySchema,
        response: { 200: dataEnvelope(unreadCountSchema) },
      },
    },
    async (request, reply) => {
      const { unread, etag } = await service.unreadOf(
        ctx,
        requireActor(request),
        request.query.accounting_firm_id,
      );
      const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
      if (request.headers['if-none-match'] === etag) {
        // Unchanged: no body (nor its type) at all.
        reply.hijack();
        reply.raw.writeHead(304, headers).end();
        return reply;
      }
      reply.headers(headers);
      return { data: { unread } };
    },
  );

  r.post(
    '/api/users/me/notifications/read',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Marks the caller's unread notifications read (of one portal, up to `before_id`, when given).",
        body: markAllReadRequestSchema,
        response: { 200: dataEnvelope(markAllReadSchema) },
      },
    },
    async (request) => ({ data: await service.markAllRead(ctx, requireActor(request), request.body) }),
  );

  r.post(
    '/api/users/me/notifications/:id/read',
    {
      schema: {
        tags,
        security: bearer,
        description: "Marks one of the caller's notifications read (another person's answers 404).",
        params: notificationIdParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await service.markRead(ctx, requireActor(request), request.params.id);
      return success;
    },
  );

  r.delete(
    '/api/users/me/notifications/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: "Deletes one of the caller's notifications (another person's answers 404).",
        params: notificationIdParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await service.remove(ctx, requireActor(request), request.params.id);
      return success;
    },
  );

  r.get(
    '/api/users/me/notification-preferences',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The caller's notification preferences: each kind's in-app and mail choice (defaults where none), the client files followed, the digest hour and time zone.",
        response: { 200: dataEnvelope(notificationPreferencesSchema) },
      },
    },
    async (request) => ({ data: await service.preferences(ctx, requireActor(request)) }),
  );

  r.put(
    '/api/users/me/notification-preferences',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Sets any subset of the kinds (the others unchanged), the scope, the chosen client files, the digest hour and time zone; `reset` forgets every choice first. A security kind cannot turn its in-app item off (422 `notification-kind-mandatory`).',
        body: notificationPreferencesRequestSchema,
        response: { 200: dataEnvelope(notificationPreferencesSchema) },
      },
    },
    async (request) => ({ data: await service.setPreferences(ctx, requireActor(request), request.body) }),
  );
}
