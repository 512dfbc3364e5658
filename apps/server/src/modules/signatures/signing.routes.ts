import {
  dataEnvelope,
  refuseSignatureSchema,
  signingAccessSchema,
  signingLinkSchema,
  signingSessionSchema,
  signingTokenParamsSchema,
  signRequestSchema,
  verifyOtpSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requestMeta, typed } from '../../platform/http/route-helpers';
import {
  askCode,
  checkCode,
  linkInfo,
  outsiderDocument,
  outsiderSession,
  refuseAs,
  signAs,
  withAccess,
} from './signing.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const success = { data: { success: true as const } };
const accessHeader = {
  description: 'The access token the code gave, as `Authorization: Bearer <access_token>`.',
};

/** An outsider's signing by mailed link and one-time code (no account, no session). */
export function signingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['signing'] };
  const meta = (q: Parameters<typeof requestMeta>[0]) => {
    const m = requestMeta(q);
    return { ip: m.ip, userAgent: m.userAgent };
  };

  r.get(
    '/api/signing/:token',
    {
      schema: {
        ...tags,
        description:
          "A link's portal, request title and signatory state (nothing of the document). 410 once ended.",
        params: signingTokenParamsSchema,
        response: { 200: dataEnvelope(signingLinkSchema) },
      },
    },
    async (q) => ({ data: await linkInfo(ctx, q.params.token) }),
  );
  r.post(
    '/api/signing/:token/otp',
    {
      schema: {
        ...tags,
        description: 'Mails a 6-digit code (valid 10 minutes; one a minute, 5 an hour).',
        params: signingTokenParamsSchema,
        response: { 202: ok },
      },
    },
    async (q, reply) => {
      await askCode(ctx, q.params.token, meta(q));
      return reply.status(202).send(success);
    },
  );
  r.post(
    '/api/signing/:token/verify',
    {
      schema: {
        ...tags,
        description: 'Checks the code: a 30-minute access token for this signatory alone.',
        params: signingTokenParamsSchema,
        body: verifyOtpSchema,
        response: { 200: dataEnvelope(signingAccessSchema) },
      },
    },
    async (q) => ({ data: await checkCode(ctx, q.params.token, q.body.code, meta(q)) }),
  );
  r.get(
    '/api/signing/:token/session',
    {
      schema: {
        ...tags,
        ...accessHeader,
        params: signingTokenParamsSchema,
        response: { 200: dataEnvelope(signingSessionSchema) },
      },
    },
    async (q) => ({ data: await outsiderSession(ctx, q.params.token, q.headers.authorization) }),
  );
  r.get(
    '/api/signing/:token/document',
    { schema: { ...tags, ...accessHeader, params: signingTokenParamsSchema } },
    async (q, reply) => {
      const pdf = await outsiderDocument(ctx, q.params.token, q.headers.authorization);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="document.pdf"')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(pdf);
    },
  );
  r.post(
    '/api/signing/:token/sign',
    {
      schema: {
        ...tags,
        ...accessHeader,
        params: signingTokenParamsSchema,
        body: signRequestSchema,
        response: { 200: ok },
      },
    },
    async (q) => {
      const { request, signatory } = await withAccess(ctx, q.params.token, q.headers.authorization);
      await signAs(
        ctx,
        request.accountingFirmId,
        request.id,
        signatory.id,
        q.body.signature,
        'email_code',
        meta(q),
      );
      return success;
    },
  );
  r.post(
    '/api/signing/:token/refuse',
    {
      schema: {
        ...tags,
        ...accessHeader,
        params: signingTokenParamsSchema,
        body: refuseSignatureSchema,
        response: { 200: ok },
      },
    },
    async (q) => {
      const { request, signatory } = await withAccess(ctx, q.params.token, q.headers.authorization);
      await refuseAs(ctx, request.accountingFirmId, request.id, signatory.id, q.body.reason, meta(q));
      return success;
    },
  );
}
