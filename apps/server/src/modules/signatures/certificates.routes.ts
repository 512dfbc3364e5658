import {
  certificatePemQuerySchema,
  dataEnvelope,
  documentParamsSchema,
  firmIdParamsSchema,
  importCertificateRequestSchema,
  pdfVerificationSchema,
  signingCertificateSchema,
  signingCertificatesSchema,
  verifyPdfRequestSchema,
  versionSignaturesSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import { readFilePart } from '../../platform/uploads/file-part';
import { documentedBodyOnly, registerMultipart } from '../../platform/uploads/multipart-scope';
import * as certificates from './certificates.service';
import { documentSignatures, verifyUpload } from './verification.service';

/** A PKCS#12 is a few KB; 64 KB leaves room for long chains. */
const MAX_PKCS12_BYTES = 64 * 1024;

/** The portal's signing certificate (details, public PEM, import, regeneration) and verification. */
export function signatureCertificateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['signatures: certificate'];
  const one = { 201: dataEnvelope(signingCertificateSchema) };
  const r = typed(app);

  r.get(
    '/api/accounting-firms/:id/signature-certificates',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The portal's current signing certificate (null until its first signature) and the earlier ones, which only verify. Public parts only: no route returns a private key.",
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(signingCertificatesSchema) },
      },
    },
    async (q) => ({ data: await certificates.listCertificates(ctx, requireActor(q), q.params.id) }),
  );
  r.get(
    '/api/accounting-firms/:id/signature-certificate.pem',
    {
      schema: {
        tags,
        description:
          "The portal's current signing certificate as PEM, or an earlier one by its SHA-256 fingerprint. Public, so that anyone receiving a signed PDF can trust the certificate; 404 before the portal's first certificate.",
        params: firmIdParamsSchema,
        querystring: certificatePemQuerySchema,
        response: { 200: z.string().describe('PEM certificate') },
      },
    },
    async (q, reply) => {
      const pem = await certificates.publicPem(ctx, q.params.id, q.query.fingerprint);
      reply.header('Content-Disposition', `attachment; filename="signature-certificate-${q.params.id}.pem"`);
      reply.header('Cache-Control', 'no-cache');
      return reply.type('application/x-pem-file').send(pem);
    },
  );
  r.post(
    '/api/accounting-firms/:id/signature-certificates/regenerate',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Generates a new self-signed certificate (RSA 3072, 5 years) that signs from now on; the former one stays for verification. Firm administrators only.',
        params: firmIdParamsSchema,
        response: one,
      },
    },
    async (q, reply) =>
      reply
        .status(201)
        .send({ data: await certificates.regenerateCertificate(ctx, requireActor(q), q.params.id) }),
  );
  r.get(
    '/api/vendors/:id/documents/:document_id/signatures',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The signatures of each PDF version of a document, checked as POST /api/signatures/verifications does (against the client file's firm); versions that are not PDFs are left out. A version is read and checked once (by its content).",
        params: documentParamsSchema,
        response: { 200: dataEnvelope(z.array(versionSignaturesSchema)) },
      },
    },
    async (q) => ({
      data: await documentSignatures(ctx, requireActor(q), q.params.id, q.params.document_id),
    }),
  );

  app.register(async (scope) => {
    await registerMultipart(scope);
    const m = typed(scope);
    m.post(
      '/api/accounting-firms/:id/signature-certificates/import',
      {
        validatorCompiler: documentedBodyOnly,
        schema: {
          tags,
          security: bearer,
          consumes: ['multipart/form-data'],
          description:
            'Imports a PKCS#12 (`.p12`/`.pfx`, the multipart field `file` after the field `password`; OpenSSL 3 AES/PBKDF2 or legacy 3DES) as the certificate that signs from now on. Refused (422): `pkcs12-invalid-password`, `pkcs12-unreadable`, `certificate-expired` (or expiring within 30 days), `certificate-key-too-weak` (RSA under 2048 bits, EC other than P-256/P-384), `certificate-usage` (no digitalSignature or nonRepudiation). Firm administrators only.',
          params: firmIdParamsSchema,
          body: importCertificateRequestSchema,
          response: one,
        },
      },
      async (q, reply) => {
        const data = await certificates.importCertificate(ctx, requireActor(q), q.params.id, () =>
          readFilePart(q, { field: 'file', maxBytes: MAX_PKCS12_BYTES }),
        );
        return reply.status(201).send({ data });
      },
    );
    m.post(
      '/api/signatures/verifications',
      {
        validatorCompiler: documentedBodyOnly,
        schema: {
          tags,
          security: bearer,
          consumes: ['multipart/form-data'],
          description:
            "Checks every signature of a PDF (multipart: the field `accounting_firm_id`, then the file `file`, 50 MB at most): digest, signature, time-stamp, whether it covers the whole file, and whether its certificate is the firm's current or an earlier one. `valid` only when every signature is valid and the last one covers the file to its end (an unsigned change appended after the seal fails). The caller must belong to the firm.",
          body: verifyPdfRequestSchema,
          response: { 200: dataEnvelope(pdfVerificationSchema) },
        },
      },
      async (q) => ({ data: await verifyUpload(ctx, requireActor(q), q) }),
    );
  });
}
