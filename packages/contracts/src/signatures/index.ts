import { z } from 'zod';
import { idField, idParam } from '../rules/ids';
import { email, personName, requiredText, text } from '../rules/text';

/** The spec's signature states (section 4), snake_case; `loading` is a screen state only. */
export const SIGNATURE_STATUSES = [
  'created',
  'waiting',
  'in_progress',
  'finished',
  'completed',
  'refused',
  'canceled',
  'expired',
  'error',
] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];
/** The states a request can still change from by a signature. */
export const OPEN_SIGNATURE_STATUSES: readonly SignatureStatus[] = ['waiting', 'in_progress'];

export const SIGNATORY_STATUSES = ['waiting', 'in_progress', 'signed', 'refused', 'notsigned'] as const;
export type SignatoryStatus = (typeof SIGNATORY_STATUSES)[number];

export const SIGNATURE_LIMITS = {
  signatories: 20,
  nameLength: 190,
  maxExpiryDays: 365,
  defaultExpiryDays: 30,
  pdfBytes: 50 * 1024 * 1024,
  pdfPages: 500,
  imageBytes: 200 * 1024,
  minFieldWidth: 0.05,
  minFieldHeight: 0.02,
} as const;

const fraction = () =>
  z.number({ error: 'required' }).min(0, { error: 'invalid-value' }).max(1, { error: 'invalid-value' });

/** A signature area: page (1-based) and a box in fractions of the page, origin top-left. */
export const signatureFieldInputSchema = z
  .object({
    page: z
      .number({ error: 'required' })
      .int({ error: 'invalid-value' })
      .min(1, { error: 'invalid-value' })
      .max(10_000),
    x: fraction(),
    y: fraction(),
    width: fraction().min(SIGNATURE_LIMITS.minFieldWidth, { error: 'signature-field-too-small' }),
    height: fraction().min(SIGNATURE_LIMITS.minFieldHeight, { error: 'signature-field-too-small' }),
  })
  .strict()
  .superRefine((f, c) => {
    if (f.x + f.width > 1)
      c.addIssue({ code: 'custom', path: ['width'], message: 'signature-field-off-page' });
    if (f.y + f.height > 1)
      c.addIssue({ code: 'custom', path: ['height'], message: 'signature-field-off-page' });
  });
export type SignatureFieldInput = z.infer<typeof signatureFieldInputSchema>;

const fields = z.array(signatureFieldInputSchema).max(5);

/** A signatory: an account of the client file (member or client user), or an outsider. */
export const signatoryInputSchema = z.union([
  z.object({ user_id: idField('member'), fields }).strict(),
  z
    .object({
      email: email(),
      firstname: personName(100),
      lastname: personName(100),
      phone_number: text(30)
        .regex(/^\+?[0-9 .()-]{6,30}$/, { error: 'invalid-phone' })
        .nullable()
        .optional(),
      fields,
    })
    .strict(),
]);
export type SignatoryInput = z.infer<typeof signatoryInputSchema>;

const FIELD_EXAMPLE = { page: 1, x: 0.1, y: 0.7, width: 0.3, height: 0.1 };

/** Creates a draft request on a PDF document of the client file (its latest version by default). */
export const createSignatureRequestSchema = z
  .object({
    document_id: idField('pdf_document'),
    version_id: idField('document_version').optional(),
    name: requiredText(SIGNATURE_LIMITS.nameLength + 10).refine(
      (s) => s.length <= SIGNATURE_LIMITS.nameLength,
      {
        error: 'filename-too-long',
      },
    ),
    message: text(2000).nullable().optional(),
    ordering: z.enum(['sequential', 'parallel'], { error: 'invalid-value' }),
    expires_at: z.iso.datetime({ offset: true, error: 'invalid-date' }).optional(),
    reminder_every_days: z
      .number()
      .int()
      .min(1, { error: 'invalid-value' })
      .max(14, { error: 'invalid-value' })
      .nullable()
      .optional(),
    locale: z.enum(['fr', 'en', 'pt']).optional(),
    signatories: z
      .array(signatoryInputSchema)
      .min(1, { error: 'required' })
      .max(SIGNATURE_LIMITS.signatories, { error: 'too-many' }),
  })
  .strict()
  .meta({
    example: {
      document_id: 12,
      name: 'Lettre de mission 2026',
      ordering: 'sequential',
      signatories: [
        {
          email: 'jeanne.martin@exemple.fr',
          firstname: 'Jeanne',
          lastname: 'Martin',
          fields: [FIELD_EXAMPLE],
        },
      ],
    },
  });
export type CreateSignatureRequest = z.infer<typeof createSignatureRequestSchema>;

/**
 * A draft's changes: any field of the creation, checked as at creation against the draft's
 * other values (signatories and their fields are replaced whole when given).
 */
export const updateSignatureRequestSchema = createSignatureRequestSchema
  .partial()
  .strict()
  .meta({ example: { document_id: 12, name: 'Lettre de mission 2026 (v2)', reminder_every_days: 3 } });
export type UpdateSignatureRequest = z.infer<typeof updateSignatureRequestSchema>;

export const signatureFieldSchema = z.object({
  id: z.number().int(),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const signatorySchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  user_id: z.number().int().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  status: z.enum(SIGNATORY_STATUSES),
  signed_at: z.string().nullable(),
  refused_at: z.string().nullable(),
  fields: z.array(signatureFieldSchema),
});
export type Signatory = z.infer<typeof signatorySchema>;

export const signatureRequestSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  name: z.string(),
  message: z.string().nullable(),
  status: z.enum(SIGNATURE_STATUSES),
  ordering: z.enum(['sequential', 'parallel']),
  locale: z.enum(['fr', 'en', 'pt']),
  document_id: z.number().int(),
  version_id: z.number().int(),
  /** The version's number in its document (1 for the first), "signé à partir de la version N". */
  version_number: z.number().int(),
  source_sha256: z.string(),
  signed_version_id: z.number().int().nullable(),
  expires_at: z.string(),
  reminder_every_days: z.number().int().nullable(),
  origin: z.object({ kind: z.string(), id: z.number().int().nullable() }).nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
  signatories: z.array(signatorySchema),
});
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

export const signatureParamsSchema = z.object({ id: idParam('vendor'), signature_id: idParam('signature') });

const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(20)).optional();

export const signatureListQuerySchema = z.object({
  'status[]': queryArray(z.enum(SIGNATURE_STATUSES)),
  search: text(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const cancelSignatureRequestSchema = z
  .object({ reason: requiredText(500) })
  .strict()
  .meta({ example: { reason: 'Document remplacé' } });

export const refuseSignatureSchema = z
  .object({ reason: requiredText(500) })
  .strict()
  .meta({ example: { reason: 'Le montant est erroné' } });

/** A drawn signature (a PNG or JPEG data URL under 200 KB) or a typed name. */
export const signatureMarkSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('drawn'),
      image: z
        .string()
        .max(300_000, { error: 'signature-image-invalid' })
        .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, { error: 'signature-image-invalid' }),
    })
    .strict(),
  z.object({ type: z.literal('typed'), text: requiredText(100) }).strict(),
]);
export type SignatureMark = z.infer<typeof signatureMarkSchema>;

export const signRequestSchema = z
  .object({
    consent: z.literal(true, { error: 'consent-required' }),
    signature: signatureMarkSchema,
    /** The mailed one-time code, when the portal asks it of members and client users too. */
    otp: z
      .string()
      .regex(/^[0-9]{6}$/, { error: 'invalid-otp' })
      .optional(),
  })
  .strict()
  .meta({ example: { consent: true, signature: { type: 'typed', text: 'Jeanne Martin' } } });
export type SignRequest = z.infer<typeof signRequestSchema>;

export const signatureEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  at: z.string(),
  signatory_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  hash: z.string(),
});

export const signatureAuditSchema = z.object({
  events: z.array(signatureEventSchema),
  /** Whether every event's hash chains the previous one's. */
  chain_valid: z.boolean(),
});

/** What waits for the signed-in person: requests where it is their turn. */
export const mySignaturesQuerySchema = z.object({ accounting_firm_id: idParam('accounting_firm') });
export const mySignatureSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  company: z.string(),
  name: z.string(),
  signatory_id: z.number().int(),
  sent_at: z.string().nullable(),
  expires_at: z.string(),
  /** Whether signing asks the mailed code (the portal's setting for members and client users). */
  code_required: z.boolean(),
});

/** An outsider's link: a token of 256 bits, base64url. */
export const signingTokenParamsSchema = z.object({
  token: z
    .string()
    .min(20, { error: 'invalid-token' })
    .max(100, { error: 'invalid-token' })
    .regex(/^[A-Za-z0-9_-]+$/, {
      error: 'invalid-token',
    }),
});

/** What a link shows before its code: the portal, the request's title, the signatory's state. */
export const signingLinkSchema = z.object({
  portal: z.object({ id: z.number().int(), name: z.string() }),
  name: z.string(),
  request_status: z.enum(SIGNATURE_STATUSES),
  signatory: z.object({
    firstname: z.string(),
    lastname: z.string(),
    status: z.enum(SIGNATORY_STATUSES),
    /** Whether it is their turn. */
    can_sign: z.boolean(),
  }),
});

export const verifyOtpSchema = z
  .object({ code: z.string().regex(/^[0-9]{6}$/, { error: 'invalid-otp' }) })
  .strict()
  .meta({ example: { code: '123456' } });

export const signingAccessSchema = z.object({ access_token: z.string(), expires_in: z.number().int() });

/** The signing page's view once the code is checked: the fields to sign in. */
export const signingSessionSchema = signingLinkSchema.extend({
  fields: z.array(signatureFieldSchema),
});

export * from './certificates';
export * from './life';
