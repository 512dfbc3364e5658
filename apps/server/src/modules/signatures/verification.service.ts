import { buffer } from 'node:stream/consumers';
import { type PdfVerification, SIGNATURE_LIMITS, verifyPdfRequestSchema } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { streamFilePart } from '../../platform/uploads/file-part';
import * as tree from '../documents/tree/tree.service';
import { authorizeVendor } from '../documents/vendor-access.service';
import { fingerprintsOf } from './certificates.service';
import { type VerifiedSignature, verifyPdf } from './pades/verify';
import { readBlob } from './signatures.service';

/** "YYYYMMDDhhmmss" of a signature's /M (written in UTC) as ISO 8601. */
const isoOf = (m: string | null) =>
  m
    ? `${m.slice(0, 4)}-${m.slice(4, 6)}-${m.slice(6, 8)}T${m.slice(8, 10)}:${m.slice(10, 12)}:${m.slice(12, 14)}Z`
    : null;

/** Every signature of `pdf` checked, and whether its certificate is the portal's (now or before). */
export async function verificationOf(ctx: AppContext, firmId: number, pdf: Buffer): Promise<PdfVerification> {
  return asSeenBy(verifyPdf(pdf), await fingerprintsOf(ctx, firmId));
}

function asSeenBy(
  result: { valid: boolean; signatures: VerifiedSignature[] },
  ours: { current: string | null; earlier: Set<string> },
): PdfVerification {
  return {
    valid: result.valid,
    signatures: result.signatures.map((s) => ({
      signer_name: s.signer,
      signed_at: isoOf(s.signedAt),
      timestamped: s.timestamped,
      timestamped_at: s.timestampedAt,
      timestamp_valid: s.timestampValid,
      digest_valid: s.digestValid,
      signature_valid: s.signatureValid,
      covers_whole_file: s.coversWholeFile,
      certificate_subject: s.certificateSubject.replace(/\n/g, ', '),
      certificate_fingerprint_sha256: s.certificateFingerprint,
      certificate:
        s.certificateFingerprint && s.certificateFingerprint === ours.current
          ? 'current'
          : ours.earlier.has(s.certificateFingerprint)
            ? 'earlier'
            : 'other',
    })),
  };
}

/**
 * The uploaded PDF's signatures. The firm (whose certificates are "ours") is the form field
 * `accounting_firm_id`, sent before the file: the caller must belong to it (else 404) before a
 * byte of the file is read.
 */
export async function verifyUpload(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
): Promise<PdfVerification> {
  return streamFilePart(
    request,
    // Any name or declared type: the content says whether it is a PDF, once the caller is known.
    { field: 'file', maxBytes: SIGNATURE_LIMITS.pdfBytes },
    async (file, content) => {
      const parsed = verifyPdfRequestSchema.shape.accounting_firm_id.safeParse(
        file.fields.accounting_firm_id,
      );
      if (!parsed.success) {
        const key = file.fields.accounting_firm_id === undefined ? 'required' : 'invalid-id';
        throw fieldError('validation-failed', 'accounting_firm_id', key);
      }
      const firmId = parsed.data;
      await ctx.access.authorize(actor, 'signature.verify', { kind: 'firm', accountingFirmId: firmId });
      const pdf = await buffer(content);
      if (pdf.subarray(0, 1024).indexOf('%PDF-') < 0) throw fieldError('pdf-unreadable', 'file');
      return verificationOf(ctx, firmId, pdf);
    },
  );
}

/**
 * The signatures of each PDF version of a document, checked: who signed, when, and whether it
 * verifies. A version's check is kept by its blob key (its content), so a PDF is read once.
 */
export async function documentSignatures(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  documentId: number,
): Promise<(PdfVerification & { version_id: number })[]> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const doc = await tree.findDocument(ctx.db, scope.vendor, documentId);
  if (!doc) throw new AppError('not-found');
  const ours = await fingerprintsOf(ctx, scope.vendor.accountingFirmId);
  const answers: (PdfVerification & { version_id: number })[] = [];
  for (const version of await tree.listVersions(ctx.db, scope.vendor, doc.id)) {
    const pdf = version.mimeType === 'application/pdf' || /\.pdf$/i.test(version.originalName);
    if (!pdf || version.size > SIGNATURE_LIMITS.pdfBytes) continue;
    let checked = ctx.pdfSignatures.get(version.blobKey);
    if (!checked) {
      checked = verifyPdf(await readBlob(ctx, version.blobKey));
      ctx.pdfSignatures.set(version.blobKey, checked);
    }
    answers.push({ version_id: version.id, ...asSeenBy(checked, ours) });
  }
  return answers;
}
