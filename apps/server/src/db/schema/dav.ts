import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';
import { vendors } from './tenancy';

/**
 * A person's file-share passwords (app passwords of the network drive, issue 27): several per
 * person, each with a label, Argon2-hashed. Revocation deletes the row; a trigger then clears
 * every process's access cache, which holds the verified credentials.
 */
export const fileSharePasswords = pgTable(
  'file_share_passwords',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    passwordHash: text('password_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('file_share_passwords_user_idx').on(t.userId),
    uniqueIndex('file_share_passwords_label_key').on(t.userId, sql`lower(${t.label})`),
  ],
);

/**
 * WebDAV locks (class 2), in the database because several processes serve one portal. A lock
 * names a path below a client folder (its segments lower-cased, joined by `/`; '' the client
 * folder itself), whether or not an item is there yet, until it expires.
 */
export const davLocks = pgTable(
  'dav_locks',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    token: text('token').notNull(),
    path: text('path').notNull(),
    depth: text('depth', { enum: ['0', 'infinity'] }).notNull(),
    scope: text('scope', { enum: ['exclusive', 'shared'] }).notNull(),
    /** The client's `<D:owner>` XML, given back as it came. */
    owner: text('owner'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('dav_locks_token_key').on(t.token),
    index('dav_locks_path_idx').on(t.accountingFirmId, t.vendorId, t.path),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * WebDAV dead properties (PROPPATCH), in the database like the locks: per folder or document of
 * a client file, each property by namespace and name, its value kept as XML. COPY copies them.
 */
export const davProperties = pgTable(
  'dav_properties',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    nodeType: text('node_type', { enum: ['folder', 'document'] }).notNull(),
    nodeId: integer('node_id').notNull(),
    namespace: text('namespace').notNull(),
    name: text('name').notNull(),
    valueXml: text('value_xml').notNull(),
  },
  (t) => [
    unique('dav_properties_node_name_key').on(t.accountingFirmId, t.nodeType, t.nodeId, t.namespace, t.name),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * The network drive's scratch files (`.DS_Store`, `~$doc.docx`, `~WRL0001.tmp`, `.~lock.x#`...):
 * kept aside, never filed as documents, per person and GED folder, until they expire. Their blobs
 * are registered in `db/blob-references.ts` while they live; the purge job queues expired ones.
 * `fromDocumentId`: the document a MOVE turned into this scratch (an office save's backup).
 */
export const davScratchFiles = pgTable(
  'dav_scratch_files',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    folderId: integer('folder_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    blobKey: text('blob_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    fromDocumentId: integer('from_document_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('dav_scratch_files_name_key').on(
      t.accountingFirmId,
      t.vendorId,
      t.folderId,
      t.userId,
      sql`lower(${t.name})`,
    ),
    index('dav_scratch_files_expiry_idx').on(t.expiresAt),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * A person's network-drive preferences (issue 27): the workspaces the drive shows (null: all
 * their firms, those joined later too) and the parts of the client folders' names, in order.
 * Kept in the access cache with the credentials: a trigger clears every process's cache on change.
 */
export const davPreferences = pgTable('dav_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  visibleAccountingFirmIds: integer('visible_accounting_firm_ids').array(),
  folderFormat: text('folder_format').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
