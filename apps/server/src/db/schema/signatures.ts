import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { documents } from './documents';
import { users } from './identity';
import { accountingFirms } from './platform';
import { vendors } from './tenancy';

const requestKey = (t: { accountingFirmId: AnyPgColumn; requestId: AnyPgColumn }, name: string) =>
  foreignKey({
    name,
    columns: [t.accountingFirmId, t.requestId],
    foreignColumns: [signatureRequests.accountingFirmId, signatureRequests.id],
  })
    .onDelete('cascade')
    .onUpdate('cascade');

/** A portal's signing certificates: the active one signs, earlier ones stay for verification. */
export const signingCertificates = pgTable(
  'signing_certificates',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['generated', 'imported'] }).notNull(),
    certificatePem: text('certificate_pem').notNull(),
    /** The private key (PKCS#8 PEM) sealed by secret-box under the "signing-key" purpose. */
    privateKeySealed: text('private_key_sealed').notNull(),
    subject: text('subject').notNull(),
    fingerprint: text('fingerprint').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    /** When an import or a regeneration replaced it (it then only verifies). */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    unique('signing_certificates_firm_id_key').on(t.accountingFirmId, t.id),
    index('signing_certificates_firm_idx').on(t.accountingFirmId, t.active),
  ],
);

/** A request for signatures on one version of a GED document (the spec's signature campaign). */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    documentId: integer('document_id').notNull(),
    versionId: integer('version_id').notNull(),
    sourceSha256: text('source_sha256').notNull(),
    /** The PDF as signed so far (the source until the first signature): a blob. */
    currentBlobKey: text('current_blob_key').notNull(),
    name: text('name').notNull(),
    message: text('message'),
    ordering: text('ordering', { enum: ['sequential', 'parallel'] }).notNull(),
    locale: text('locale', { enum: ['fr', 'en', 'pt'] }).notNull(),
    status: text('status', {
      enum: [
        'created',
        'waiting',
        'in_progress',
        'finished',
        'completed',
        'refused',
        'canceled',
        'expired',
        'error',
      ],
    })
      .notNull()
      .default('created'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reminderEveryDays: smallint('reminder_every_days'),
    originKind: text('origin_kind'),
    originId: integer('origin_id'),
    signedVersionId: integer('signed_version_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('signature_requests_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      name: 'signature_requests_vendor_fk',
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'signature_requests_document_fk',
      columns: [t.accountingFirmId, t.documentId],
      foreignColumns: [documents.accountingFirmId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('signature_requests_vendor_idx').on(t.accountingFirmId, t.vendorId, t.id),
    index('signature_requests_document_idx').on(t.accountingFirmId, t.documentId),
    index('signature_requests_blob_idx').on(t.currentBlobKey),
  ],
);

/** A person asked to sign: an account (member or client user) or an outsider by email. */
export const signatories = pgTable(
  'signatories',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    requestId: integer('request_id').notNull(),
    position: smallint('position').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    locale: text('locale', { enum: ['fr', 'en', 'pt'] }),
    status: text('status', { enum: ['waiting', 'in_progress', 'signed', 'refused', 'notsigned'] })
      .notNull()
      .default('waiting'),
    /** sha256 of the mailed link's token (outsiders). */
    linkHash: text('link_hash'),
    otpHash: text('otp_hash'),
    otpTries: smallint('otp_tries').notNull().default(0),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }),
    /** sha256 of the 30-minute access token the right code gives. */
    accessHash: text('access_hash'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    askedAt: timestamp('asked_at', { withTimezone: true }),
    /** The last reminder mailed (at most one a day, whoever asks). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    refusalReason: text('refusal_reason'),
    method: text('method', { enum: ['account', 'email_code'] }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('signatories_firm_id_key').on(t.accountingFirmId, t.id),
    unique('signatories_position_key').on(t.requestId, t.position),
    requestKey(t, 'signatories_request_fk'),
    index('signatories_request_idx').on(t.accountingFirmId, t.requestId),
    index('signatories_user_idx').on(t.userId),
    /** The daily reminder cap is per person across requests: outsiders are known by email. */
    index('signatories_email_idx').on(t.accountingFirmId, sql`lower(${t.email})`),
    unique('signatories_link_key').on(t.linkHash),
  ],
);

/** Where a signatory signs: a box on a page, fractions of the page from its top-left corner. */
export const signatureFields = pgTable(
  'signature_fields',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    requestId: integer('request_id').notNull(),
    signatoryId: integer('signatory_id').notNull(),
    page: integer('page').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
  },
  (t) => [
    requestKey(t, 'signature_fields_request_fk'),
    foreignKey({
      name: 'signature_fields_signatory_fk',
      columns: [t.accountingFirmId, t.signatoryId],
      foreignColumns: [signatories.accountingFirmId, signatories.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('signature_fields_request_idx').on(t.accountingFirmId, t.requestId),
  ],
);

/** The request's audit trail: each row's hash chains the previous one's. */
export const signatureEvents = pgTable(
  'signature_events',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    requestId: integer('request_id').notNull(),
    signatoryId: integer('signatory_id'),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    requestKey(t, 'signature_events_request_fk'),
    index('signature_events_request_idx').on(t.accountingFirmId, t.requestId, t.id),
  ],
);
