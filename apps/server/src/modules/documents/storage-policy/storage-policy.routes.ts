import {
  dataEnvelope,
  firmIdParamsSchema,
  legalHoldSchema,
  platformFirmParamsSchema,
  platformStorageSchema,
  storageSettingsSchema,
  updatePlatformStorageSchema,
  updateStorageSettingsSchema,
  vendorDocumentsParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as holds from './legal-hold.service';
import { retentionTimer } from './retention.service';
import * as storage from './storage-policy.service';

/** Storage rules: the firm's retention settings, the super admin's quota, legal holds. */
export function storagePolicyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const settings = dataEnvelope(storageSettingsSchema);
  r.get(
    '/api/accounting-firms/:id/storage-settings',
    {
      schema: {
        tags: ['accounting-firms'],
        security: bearer,
        description: "The portal's trash and version retention, and its storage usage (administrators).",
        params: firmIdParamsSchema,
        response: { 200: settings },
      },
    },
    async (q) => ({ data: await storage.storageSettings(ctx, requireActor(q), q.params.id) }),
  );
  r.patch(
    '/api/accounting-firms/:id/storage-settings',
    {
      schema: {
        tags: ['accounting-firms'],
        security: bearer,
        description:
          'Days the trash keeps items (0: for ever) and versions a document keeps (null: all); the retention job applies them.',
        params: firmIdParamsSchema,
        body: updateStorageSettingsSchema,
        response: { 200: settings },
      },
    },
    async (q) => ({ data: await storage.updateStorageSettings(ctx, requireActor(q), q.params.id, q.body) }),
  );

  const platform = dataEnvelope(platformStorageSchema);
  r.get(
    '/api/sa/accounting-firms/:id/storage',
    {
      schema: {
        tags: ['super admin'],
        security: bearer,
        description: "A portal's storage quota, per-person upload reservation limit and usage.",
        params: platformFirmParamsSchema,
        response: { 200: platform },
      },
    },
    async (q) => ({ data: await storage.platformStorage(ctx, requireActor(q), q.params.id) }),
  );
  r.patch(
    '/api/sa/accounting-firms/:id/storage',
    {
      schema: {
        tags: ['super admin'],
        security: bearer,
        description:
          'Sets the quota (null: unlimited) and the bytes one person may reserve; past them uploads answer `quota-exceeded`.',
        params: platformFirmParamsSchema,
        body: updatePlatformStorageSchema,
        response: { 200: platform },
      },
    },
    async (q) => ({ data: await storage.updatePlatformStorage(ctx, requireActor(q), q.params.id, q.body) }),
  );

  const hold = dataEnvelope(legalHoldSchema);
  const tags = { tags: ['documents: legal hold'], security: bearer };
  r.get(
    '/api/vendors/:id/legal-hold',
    { schema: { ...tags, params: vendorDocumentsParamsSchema, response: { 200: hold } } },
    async (q) => ({ data: await holds.legalHold(ctx, requireActor(q), q.params.id) }),
  );
  r.put(
    '/api/vendors/:id/legal-hold',
    {
      schema: {
        ...tags,
        description:
          'Puts the client file under legal hold (firm administrators): emptying its trash, deleting it and the retention job then stop (`legal-hold`).',
        params: vendorDocumentsParamsSchema,
        response: { 200: hold },
      },
    },
    async (q) => ({ data: await holds.setLegalHold(ctx, requireActor(q), q.params.id) }),
  );
  r.delete(
    '/api/vendors/:id/legal-hold',
    {
      schema: {
        ...tags,
        description: 'Lifts the legal hold (firm administrators); the record keeps who set and lifted it.',
        params: vendorDocumentsParamsSchema,
        response: { 200: hold },
      },
    },
    async (q) => ({ data: await holds.liftLegalHold(ctx, requireActor(q), q.params.id) }),
  );

  const timer = retentionTimer(ctx, app.log);
  app.addHook('onReady', async () => timer.start());
  app.addHook('onClose', async () => timer.stop());
}
