import {
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { documents } from './documents';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text extracted from a content, by its blob's key (shared by content across firms, like the
 * previews): read once per content, by the `document-text` job. `method` says how (`text`, `pdf`,
 * `office`, `ocr`, `none` when nothing could be read); `language` picks the text search
 * configuration (`portal_french` or `portal_english`, migration 0031).
 */
export const documentTexts = pgTable('document_texts', {
  sourceKey: text('source_key').primaryKey(),
  content: text('content').notNull().default(''),
  language: text('language').notNull().default('french'),
  method: text('method').notNull(),
  pages: integer('pages'),
  /** Why the extraction failed or was partial (the tool's message), for the operator. */
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The firm's search index: one row per live document with a current version, its name and its
 * content's text as a stored `tsvector` (`unaccent` is not immutable, so it cannot be a generated
 * column). Kept by the triggers of migration 0031 on `documents` and `document_texts`; a trashed
 * document has no row.
 */
export const documentSearch = pgTable(
  'document_search',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    documentId: integer('document_id').notNull(),
    /**
     * The document's client file and folder (migration 0037), copied so the access rule is checked
     * on the index row itself while a search walks it, without joining every match.
     */
    vendorId: integer('vendor_id').notNull(),
    folderId: integer('folder_id').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.documentId] }),
    foreignKey({
      columns: [t.accountingFirmId, t.documentId],
      foreignColumns: [documents.accountingFirmId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('document_search_tsv_idx').using('gin', t.tsv),
    index('document_search_vendor_idx').on(t.accountingFirmId, t.vendorId, t.documentId),
  ],
);
