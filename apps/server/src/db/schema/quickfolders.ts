import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { documents } from './documents';
import { users } from './identity';
import { vendors } from './tenancy';

/**
 * A quick-drop folder (issue 28): a named drop target of a client file bound to one of its folders,
 * with the automations applied to each file filed through it (rename pattern, period, themes).
 * `folder_id` has no foreign key on purpose: a quick-drop whose folder is trashed or purged stays,
 * disabled ("needs a folder"), until the folder is restored or a firm administrator rebinds it
 * (docs/decisions.md, "Quick-drop folders"). Neither has the period nor the themes a key: a
 * period or theme deleted, or left behind by a transfer, is skipped when a file is filed.
 */
export const quickfolders = pgTable(
  'quickfolders',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    name: text('name').notNull(),
    folderId: integer('folder_id').notNull(),
    /** Tokens in braces (`{date}`, `{name}`, `{client_code}`...); empty: the file keeps its name. */
    renamePattern: text('rename_pattern').notNull().default(''),
    /** `none`, `drop_date` (the period holding the day of the drop) or `fixed` (`accounting_period_id`). */
    periodMode: text('period_mode', { enum: ['none', 'drop_date', 'fixed'] })
      .notNull()
      .default('none'),
    accountingPeriodId: integer('accounting_period_id'),
    /** Themes recorded on each filed document (`document_themes`). */
    themeIds: integer('theme_ids').array().notNull().default(sql`'{}'::int[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('quickfolders_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // One quick-drop per folder.
    uniqueIndex('quickfolders_folder_key').on(t.accountingFirmId, t.folderId),
    index('quickfolders_vendor_idx').on(t.accountingFirmId, t.vendorId, t.id),
  ],
);

/**
 * Themes a document carries as metadata (set by the quick-drop it came through). No key on the
 * theme: a transfer moves the document to another firm, where the row is read through a join on
 * the firm's themes (a theme of another firm, or deleted, reads as none).
 */
export const documentThemes = pgTable(
  'document_themes',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    documentId: integer('document_id').notNull(),
    themeId: integer('theme_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.documentId, t.themeId] }),
    foreignKey({
      columns: [t.accountingFirmId, t.documentId],
      foreignColumns: [documents.accountingFirmId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('document_themes_theme_idx').on(t.accountingFirmId, t.themeId),
  ],
);
