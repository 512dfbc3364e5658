import { z } from 'zod';
import { idParam } from '../rules/ids';

/** A portal's signing certificate, public part only: the private key never leaves the server. */
export const signingCertificateSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  issuer: z.string(),
  serial_number: z.string().describe('hexadecimal, as the certificate carries it'),
  not_before: z.string(),
  not_after: z.string(),
  fingerprint_sha256: z.string().describe('SHA-256 of the DER certificate, lowercase hex'),
  source: z.enum(['generated', 'imported']),
  key_type: z.string().describe('rsa-3072, ec-P-256...'),
  /** The certificate that signs now; earlier ones only verify. */
  active: z.boolean(),
  created_at: z.string(),
  retired_at: z.string().nullable(),
});
export type SigningCertificate = z.infer<typeof signingCertificateSchema>;

/** The current certificate (null until the first need) and the earlier ones, newest first. */
export const signingCertificatesSchema = z.object({
  current: signingCertificateSchema.nullable(),
  earlier: z.array(signingCertificateSchema),
  /** Where anyone can download the current certificate as PEM (no sign-in). */
  pem_url: z.string(),
});
export type SigningCertificates = z.infer<typeof signingCertificatesSchema>;

const binary = () => z.string().meta({ type: 'string', format: 'binary' });

/** Multipart body of the PKCS#12 import: the `.p12`/`.pfx` file and its password. */
export const importCertificateRequestSchema = z
  .object({
    password: z.string().max(1024, { error: 'invalid-value' }),
    file: binary(),
  })
  .meta({ example: { password: 'p12-password', file: 'not a pkcs12' } });

/** Multipart body of a verification: the firm whose certificates are "ours", and the PDF. */
export const verifyPdfRequestSchema = z
  .object({
    accounting_firm_id: idParam('accounting_firm'),
    file: binary(),
  })
  .meta({ example: { accounting_firm_id: 1, file: '%PDF-1.7 not really' } });

export const certificatePemQuerySchema = z.object({
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'invalid-value' })
    .optional()
    .describe("an earlier certificate's SHA-256 fingerprint; the current one when absent"),
});

/** One signature found in a PDF, checked. */
export const verifiedSignatureSchema = z.object({
  signer_name: z.string().nullable(),
  signed_at: z.string().nullable().describe('the /M of the signature dictionary, ISO 8601'),
  timestamped: z.boolean(),
  timestamped_at: z.string().nullable().describe("the time-stamp token's genTime"),
  timestamp_valid: z.boolean(),
  digest_valid: z.boolean(),
  signature_valid: z.boolean(),
  covers_whole_file: z.boolean().describe('from the first byte to the end of the file'),
  certificate_subject: z.string(),
  certificate_fingerprint_sha256: z.string(),
  /** `current`: this portal's signing certificate; `earlier`: one it used before; else `other`. */
  certificate: z.enum(['current', 'earlier', 'other']),
});
export type VerifiedSignature = z.infer<typeof verifiedSignatureSchema>;

export const pdfVerificationSchema = z.object({
  /** Every signature valid and the last one covering the whole file to its end. */
  valid: z.boolean(),
  signatures: z.array(verifiedSignatureSchema),
});
export type PdfVerification = z.infer<typeof pdfVerificationSchema>;

/** The signatures of one PDF version of a document (versions that are not PDFs are left out). */
export const versionSignaturesSchema = pdfVerificationSchema.extend({ version_id: z.number().int() });
export type VersionSignatures = z.infer<typeof versionSignaturesSchema>;
