import {
  cancelSignatureRequestSchema,
  createSignatureRequestSchema,
  dataEnvelope,
  mySignatureSchema,
  mySignaturesQuerySchema,
  paginated,
  refuseSignatureSchema,
  signatureAuditSchema,
  signatureListQuerySchema,
  signatureParamsSchema,
  signatureRequestSchema,
  signRequestSchema,
  vendorIdParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, requestLocale, requestMeta, typed } from '../../platform/http/route-helpers';
import { auditOf, currentContent } from './audit.service';
import { lifeRoutes } from './life.routes';
import { type SealJob, sealRequest } from './seal.service';
import { expireJob, reminderJob } from './signature-jobs';
import { EXPIRE_JOB, REMINDER_JOB, type RequestJob } from './signature-schedule';
import * as service from './signatures.service';
import { signingRoutes } from './signing.routes';
import { refuseFromAccount, signatureMailJobs, signFromAccount, waitingForMe } from './signing.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const success = { data: { success: true as const } };

/** The module's mails and its seal job (before the queue's `init`). */
export function registerSignatureJobs(ctx: AppContext): void {
  ctx.outbox.register(signatureMailJobs(ctx));
  ctx.jobs.register(service.SEAL_JOB, async (data) => sealRequest(ctx, data as SealJob));
  ctx.jobs.register(REMINDER_JOB, async (data) => reminderJob(ctx, data as RequestJob));
  ctx.jobs.register(EXPIRE_JOB, async (data) => expireJob(ctx, data as RequestJob));
}

/** The signature requests of a client file, signing from an account, and the outsiders' routes. */
export function signaturesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['signatures'], security: bearer };
  const one = { 200: dataEnvelope(signatureRequestSchema) };
  const meta = (q: Parameters<typeof requestMeta>[0]) => {
    const m = requestMeta(q);
    return { ip: m.ip, userAgent: m.userAgent };
  };

  r.get(
    '/api/vendors/:id/signatures',
    {
      schema: {
        ...tags,
        description: "The client file's signature requests, newest first, 15 a page.",
        params: vendorIdParamsSchema,
        querystring: signatureListQuerySchema,
        response: { 200: paginated(signatureRequestSchema) },
      },
    },
    async (q) => service.listRequests(ctx, requireActor(q), q.params.id, q.query),
  );
  r.post(
    '/api/vendors/:id/signatures',
    {
      schema: {
        ...tags,
        description:
          'Creates a draft request on a PDF document of the client file (its latest version by default).',
        params: vendorIdParamsSchema,
        body: createSignatureRequestSchema,
        response: { 201: dataEnvelope(signatureRequestSchema) },
      },
    },
    async (q, reply) =>
      reply.status(201).send({
        data: await service.createRequest(ctx, requireActor(q), q.params.id, q.body, requestLocale(q)),
      }),
  );
  r.get(
    '/api/vendors/:id/signatures/:signature_id',
    { schema: { ...tags, params: signatureParamsSchema, response: one } },
    async (q) => ({
      data: await service.getRequest(ctx, requireActor(q), q.params.id, q.params.signature_id),
    }),
  );
  r.delete(
    '/api/vendors/:id/signatures/:signature_id',
    {
      schema: {
        ...tags,
        description: 'Deletes a draft (409 once sent).',
        params: signatureParamsSchema,
        response: { 200: ok },
      },
    },
    async (q) => {
      await service.deleteRequest(ctx, requireActor(q), q.params.id, q.params.signature_id);
      return success;
    },
  );
  r.post(
    '/api/vendors/:id/signatures/:signature_id/send',
    {
      schema: {
        ...tags,
        description: 'Sends a draft: the first signatory (sequential) or every one (parallel) is asked.',
        params: signatureParamsSchema,
        response: one,
      },
    },
    async (q) => ({
      data: await service.sendRequest(ctx, requireActor(q), q.params.id, q.params.signature_id),
    }),
  );
  r.post(
    '/api/vendors/:id/signatures/:signature_id/cancel',
    { schema: { ...tags, params: signatureParamsSchema, body: cancelSignatureRequestSchema, response: one } },
    async (q) => ({
      data: await service.cancelRequest(
        ctx,
        requireActor(q),
        q.params.id,
        q.params.signature_id,
        q.body.reason,
      ),
    }),
  );
  r.get(
    '/api/vendors/:id/signatures/:signature_id/audit',
    {
      schema: {
        ...tags,
        description: "The request's events and whether their hash chain holds.",
        params: signatureParamsSchema,
        response: { 200: dataEnvelope(signatureAuditSchema) },
      },
    },
    async (q) => ({ data: await auditOf(ctx, requireActor(q), q.params.id, q.params.signature_id) }),
  );
  r.get(
    '/api/vendors/:id/signatures/:signature_id/content',
    {
      schema: {
        ...tags,
        description: 'The PDF as signed so far (the sealed one once completed).',
        params: signatureParamsSchema,
      },
    },
    async (q, reply) => {
      const pdf = await currentContent(ctx, requireActor(q), q.params.id, q.params.signature_id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="signature.pdf"')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(pdf);
    },
  );
  r.post(
    '/api/vendors/:id/signatures/:signature_id/sign',
    {
      schema: {
        ...tags,
        description: 'Signs as the signed-in signatory, when it is their turn.',
        params: signatureParamsSchema,
        body: signRequestSchema,
        response: { 200: ok },
      },
    },
    async (q) => {
      await signFromAccount(
        ctx,
        requireActor(q),
        q.params.id,
        q.params.signature_id,
        q.body.signature,
        meta(q),
        q.body.otp,
      );
      return success;
    },
  );
  r.post(
    '/api/vendors/:id/signatures/:signature_id/refuse',
    {
      schema: { ...tags, params: signatureParamsSchema, body: refuseSignatureSchema, response: { 200: ok } },
    },
    async (q) => {
      await refuseFromAccount(
        ctx,
        requireActor(q),
        q.params.id,
        q.params.signature_id,
        q.body.reason,
        meta(q),
      );
      return success;
    },
  );
  r.get(
    '/api/users/me/signatures',
    {
      schema: {
        ...tags,
        description: "The requests of the firm where it is the caller's turn to sign.",
        querystring: mySignaturesQuerySchema,
        response: { 200: dataEnvelope(z.array(mySignatureSchema)) },
      },
    },
    async (q) => ({ data: await waitingForMe(ctx, requireActor(q), q.query.accounting_firm_id) }),
  );
  lifeRoutes(app, ctx);
  signingRoutes(app, ctx);
}
