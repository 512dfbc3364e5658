import { type SQL, sql } from 'drizzle-orm';

/**
 * Every column that names a blob of the blob store and keeps it alive: the cleanup deletes a
 * queued blob only when none of these names it. A table that stores a blob's key (previews,
 * extracted text, signed PDFs, thumbnails...) adds its column here; `blob-references.test.ts`
 * fails on a column that looks like a blob reference and is in neither list.
 */
export const BLOB_REFERENCES: readonly {
  table: string;
  column: string;
  what: string;
  /** A row that names the blob keeps it only while this holds (SQL on the row, aliased `x`). */
  aliveWhile?: string;
}[] = [
  { table: 'document_versions', column: 'blob_key', what: "a version's content" },
  { table: 'document_previews', column: 'pdf_key', what: "an office content's PDF preview" },
  {
    table: 'signature_requests',
    column: 'current_blob_key',
    what: "a signature request's PDF as signed so far",
  },
  {
    table: 'dav_scratch_files',
    column: 'blob_key',
    what: "a network drive's scratch file (.DS_Store, ~$doc, *.tmp) until it expires",
    aliveWhile: 'x.expires_at > now()',
  },
];

/** Columns that look like blob references and keep no blob alive, with the reason. */
export const NOT_BLOB_REFERENCES: readonly { table: string; column: string; why: string }[] = [
  { table: 'blob_deletions', column: 'blob_key', why: 'the queue of blobs that may go' },
  {
    table: 'document_previews',
    column: 'source_key',
    why: 'the blob a preview was made from: the preview goes with it, it does not keep it',
  },
  {
    table: 'document_texts',
    column: 'source_key',
    why: 'the blob a text was read from: the text goes with it (the cleanup), it does not keep it',
  },
];

/** True (SQL) when no registered column names `key`. */
export function blobUnreferenced(key: string): SQL {
  return sql.join(
    BLOB_REFERENCES.map(
      (r) =>
        sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(r.table)} x WHERE x.${sql.identifier(r.column)} = ${key}${
          r.aliveWhile ? sql.raw(` AND ${r.aliveWhile}`) : sql``
        })`,
    ),
    sql` AND `,
  );
}
