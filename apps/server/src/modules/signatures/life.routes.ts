import {
  dataEnvelope,
  firmIdParamsSchema,
  signatureParamsSchema,
  signatureRequestSchema,
  signatureSettingsSchema,
  updateSignatureRequestSchema,
  updateSignatureSettingsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, requestMeta, typed } from '../../platform/http/route-helpers';
import * as life from './lifecycle.service';
import { askMemberCode } from './member-code.service';

/** A draft's edits, the sender's reminder and retry, the members' code, the portal's settings. */
export function lifeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['signatures'], security: bearer };
  const one = { 200: dataEnvelope(signatureRequestSchema) };
  const settings = { 200: dataEnvelope(signatureSettingsSchema) };

  r.patch(
    '/api/vendors/:id/signatures/:signature_id',
    {
      schema: {
        ...tags,
        description:
          'Changes a draft, checked as a creation (409 `signature-request-not-draft` once sent); given signatories replace the stored ones.',
        params: signatureParamsSchema,
        body: updateSignatureRequestSchema,
        response: one,
      },
    },
    async (q) => ({
      data: await life.updateDraft(ctx, requireActor(q), q.params.id, q.params.signature_id, q.body),
    }),
  );
  r.post(
    '/api/vendors/:id/signatures/:signature_id/remind',
    {
      schema: {
        ...tags,
        description:
          'Mails the signatories asked so far again (429 `signature-reminded-recently` within the hour of a reminder).',
        params: signatureParamsSchema,
        response: one,
      },
    },
    async (q) => ({
      data: await life.remindRequest(ctx, requireActor(q), q.params.id, q.params.signature_id),
    }),
  );
  r.post(
    '/api/vendors/:id/signatures/:signature_id/retry',
    {
      schema: {
        ...tags,
        description: 'Queues the seal again for a request in `error`.',
        params: signatureParamsSchema,
        response: one,
      },
    },
    async (q) => ({
      data: await life.retryRequest(ctx, requireActor(q), q.params.id, q.params.signature_id),
    }),
  );
  r.post(
    '/api/vendors/:id/signatures/:signature_id/otp',
    {
      schema: {
        ...tags,
        description:
          'Mails the signed-in signatory the one-time code their portal requires of members (202; at most one a minute, 5 an hour).',
        params: signatureParamsSchema,
        response: { 202: dataEnvelope(z.object({ success: z.literal(true) })) },
      },
    },
    async (q, reply) => {
      await askMemberCode(ctx, requireActor(q), q.params.id, q.params.signature_id, requestMeta(q).ip);
      return reply.status(202).send({ data: { success: true as const } });
    },
  );
  r.get(
    '/api/accounting-firms/:id/signature-settings',
    {
      schema: {
        ...tags,
        description: "The portal's signature defaults (expiry, reminders, code for members) and its balance.",
        params: firmIdParamsSchema,
        response: settings,
      },
    },
    async (q) => ({ data: await life.getSettings(ctx, requireActor(q), q.params.id) }),
  );
  r.patch(
    '/api/accounting-firms/:id/signature-settings',
    {
      schema: {
        ...tags,
        description:
          'Changes the signature defaults (firm administrators; the balance is set by the super admin).',
        params: firmIdParamsSchema,
        body: updateSignatureSettingsSchema,
        response: settings,
      },
    },
    async (q) => ({ data: await life.updateSettings(ctx, requireActor(q), q.params.id, q.body) }),
  );
}
