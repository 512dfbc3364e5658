import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { documents, folders } from './documents';
import { users } from './identity';
import { accountingFirms } from './platform';
import { vendors } from './tenancy';

/** A firm's share-link settings; no row means the defaults (`SHARE_LINK_DEFAULT_*` of the contracts). */
export const shareLinkSettings = pgTable('share_link_settings', {
  accountingFirmId: integer('accounting_firm_id')
    .primaryKey()
    .references(() => accountingFirms.id, { onDelete: 'cascade' }),
  defaultHours: integer('default_hours').notNull(),
  maxHours: integer('max_hours').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A public link to a document or a folder of a client file (issue 28). The token is 256 random
 * bits kept as its sha256; the password as an argon2id hash. Dead when revoked, expired or out of
 * downloads; the row stays (its access log is the firm's record).
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    documentId: integer('document_id'),
    folderId: integer('folder_id'),
    tokenHash: text('token_hash').notNull().unique(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxDownloads: integer('max_downloads'),
    downloads: integer('downloads').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('share_links_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId, t.folderId],
      foreignColumns: [folders.accountingFirmId, folders.vendorId, folders.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      columns: [t.accountingFirmId, t.documentId],
      foreignColumns: [documents.accountingFirmId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    check('share_links_one_target', sql`(${t.documentId} IS NULL) <> (${t.folderId} IS NULL)`),
    index('share_links_vendor_idx').on(t.accountingFirmId, t.vendorId, t.id),
  ],
);

/** Each download through a share link: a file (document and version) or a folder's ZIP. */
export const shareLinkAccesses = pgTable(
  'share_link_accesses',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    shareLinkId: integer('share_link_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    address: text('address').notNull(),
    userAgent: text('user_agent').notNull(),
    kind: text('kind', { enum: ['view', 'file', 'zip'] }).notNull(),
    documentId: integer('document_id'),
    versionId: integer('version_id'),
    folderId: integer('folder_id'),
  },
  (t) => [
    foreignKey({
      columns: [t.accountingFirmId, t.shareLinkId],
      foreignColumns: [shareLinks.accountingFirmId, shareLinks.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // No key on the document or version: a version removed by the retention keeps its lines.
    index('share_link_accesses_link_idx').on(t.accountingFirmId, t.shareLinkId, t.id),
  ],
);
