import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountingPeriods } from './clients';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { vendors } from './tenancy';

const vendorKey = (t: { accountingFirmId: AnyPgColumn; vendorId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.accountingFirmId, t.vendorId],
    foreignColumns: [vendors.accountingFirmId, vendors.id],
  })
    .onDelete('cascade')
    .onUpdate('cascade');

/**
 * A client file's folders: one root (`parent_id` null), the folders of its tree structure
 * (`catalog_tree_folder_id`: their position in it, the first sort key) and the users' own.
 * A deleted folder keeps its place (`parent_id`) and is in the trash while `deleted_at` is set.
 */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    catalogTreeFolderId: integer('catalog_tree_folder_id'),
    readOnly: boolean('read_only').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the deletion of that folder took this item along (restored with it). */
    trashedWith: integer('trashed_with'),
    /** Live documents directly in this folder, kept by triggers on `documents` (migration 0007). */
    liveDocuments: integer('live_documents').notNull().default(0),
    /**
     * The folder's own themes, else its nearest tagged ancestor's (sorted ids; empty: untagged).
     * Kept by triggers of migration 0027 on `folder_themes` and on a change of `parent_id`.
     */
    effectiveThemeIds: integer('effective_theme_ids').array().notNull().default(sql`'{}'::int[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    vendorKey(t),
    unique('folders_firm_id_key').on(t.accountingFirmId, t.id),
    unique('folders_firm_vendor_id_key').on(t.accountingFirmId, t.vendorId, t.id),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId, t.parentId],
      foreignColumns: [t.accountingFirmId, t.vendorId, t.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('folders_root_key').on(t.accountingFirmId, t.vendorId).where(sql`${t.parentId} IS NULL`),
    uniqueIndex('folders_name_key')
      .on(t.accountingFirmId, t.parentId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL AND ${t.parentId} IS NOT NULL`),
    index('folders_parent_idx').on(t.accountingFirmId, t.vendorId, t.parentId),
    index('folders_trash_idx')
      .on(t.accountingFirmId, t.vendorId, t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    /** The themed folders, the only ones a search must check against the caller's themes. */
    index('folders_themed_idx')
      .on(t.accountingFirmId, t.vendorId)
      .where(sql`cardinality(${t.effectiveThemeIds}) > 0`),
  ],
);

/**
 * A document: its name in its folder and its chain of versions (the latest is
 * `current_version_id`). In the trash while `deleted_at` is set, `folder_id` keeping its place.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    folderId: integer('folder_id').notNull(),
    name: text('name').notNull(),
    currentVersionId: integer('current_version_id'),
    accountingPeriodId: integer('accounting_period_id'),
    startDate: date('start_date', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the deletion of that folder took this item along (restored with it). */
    trashedWith: integer('trashed_with'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    vendorKey(t),
    unique('documents_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId, t.folderId],
      foreignColumns: [folders.accountingFirmId, folders.vendorId, folders.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      columns: [t.accountingFirmId, t.accountingPeriodId],
      foreignColumns: [accountingPeriods.accountingFirmId, accountingPeriods.id],
    }).onUpdate('cascade'),
    uniqueIndex('documents_name_key')
      .on(t.accountingFirmId, t.folderId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
    index('documents_folder_idx').on(t.accountingFirmId, t.folderId, t.id),
    // A folder's page in the default sort (start date, id) and its count, live documents only.
    index('documents_page_idx')
      .on(t.accountingFirmId, t.folderId, t.startDate, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('documents_vendor_idx').on(t.accountingFirmId, t.vendorId),
    index('documents_period_idx')
      .on(t.accountingFirmId, t.accountingPeriodId)
      .where(sql`${t.accountingPeriodId} IS NOT NULL`),
  ],
);

/** One version of a document: its content (a blob), the names, who made and validated it. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    documentId: integer('document_id').notNull(),
    /** The version this one follows; null for the first. */
    ancestorId: integer('ancestor_id'),
    blobKey: text('blob_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    /** The name the client sent, as it was (the document's name is the cleaned one). */
    originalName: text('original_name').notNull(),
    /** Timestamp + random + extension (spec section 5): never the client's name. */
    storedName: text('stored_name').notNull(),
    md5: text('md5').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    validatedBy: integer('validated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('document_versions_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      columns: [t.accountingFirmId, t.documentId],
      foreignColumns: [documents.accountingFirmId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('document_versions_document_idx').on(t.accountingFirmId, t.documentId, t.id),
    // Which versions hold a blob, whatever the firm (blobs are shared by content).
    index('document_versions_blob_idx').on(t.blobKey),
  ],
);

/** When a user last opened a document (unread: never, or before its latest version). */
export const documentReads = pgTable(
  'document_reads',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    documentId: integer('document_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.documentId, t.userId] }),
    foreignKey({
      columns: [t.accountingFirmId, t.documentId],
      foreignColumns: [documents.accountingFirmId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * A one-use link to a ZIP (a browser follows a plain link without the Authorization header): the
 * request it stands for, whose session family must still be signed in when it is followed.
 */
export const archiveLinks = pgTable(
  'archive_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    request: jsonb('request').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [vendorKey(t), index('archive_links_expires_idx').on(t.expiresAt)],
);

/**
 * A chunked upload (flow.js) in progress: one per user, folder and flow identifier. Its chunks
 * live on disk under `DATA_DIR/uploads/<firm>/<user>/<id>/` (no path from the file's name).
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    folderId: integer('folder_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    filename: text('filename').notNull(),
    relativePath: text('relative_path').notNull(),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    totalChunks: integer('total_chunks').notNull(),
    /** Chunks whose bytes are on disk, counted as each is marked written: the last one assembles. */
    writtenChunks: integer('written_chunks').notNull().default(0),
    conflict: text('conflict', { enum: ['refuse', 'version', 'rename'] })
      .notNull()
      .default('refuse'),
    md5: text('md5'),
    status: text('status', { enum: ['receiving', 'assembling', 'done'] })
      .notNull()
      .default('receiving'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    documentId: integer('document_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('document_uploads_firm_id_key').on(t.accountingFirmId, t.id),
    unique('document_uploads_session_key').on(
      t.accountingFirmId,
      t.vendorId,
      t.folderId,
      t.userId,
      t.identifier,
    ),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId, t.folderId],
      foreignColumns: [folders.accountingFirmId, folders.vendorId, folders.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('document_uploads_updated_idx').on(t.updatedAt),
  ],
);

/** The chunks of an upload stored so far (their bytes sit at their offset in the upload's data file). */
export const documentUploadChunks = pgTable(
  'document_upload_chunks',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    uploadId: integer('upload_id').notNull(),
    number: integer('number').notNull(),
    size: integer('size').notNull(),
    /** Set while one request writes the chunk's bytes (its claim); null once they are on disk. */
    writingSince: timestamp('writing_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.uploadId, t.number] }),
    foreignKey({
      columns: [t.accountingFirmId, t.uploadId],
      foreignColumns: [documentUploads.accountingFirmId, documentUploads.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * Blobs whose last version may have gone (permanent deletion): the cleanup removes each one no
 * version refers to any more. Blobs are shared by content across firms, hence no firm here.
 */
export const blobDeletions = pgTable('blob_deletions', {
  blobKey: text('blob_key').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * PDF previews of office contents, by the source blob's key (shared by content across firms, like
 * blobs): `pdf_key` once converted, `failed_at` when the conversion failed (retried a day later).
 */
export const documentPreviews = pgTable(
  'document_previews',
  {
    sourceKey: text('source_key').primaryKey(),
    pdfKey: text('pdf_key'),
    pdfSize: bigint('pdf_size', { mode: 'number' }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Why the conversion failed (LibreOffice's message), for the operator. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_previews_pdf_idx').on(t.pdfKey)],
);
