import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/** The request states during which a document is in signature (as `documentsInSignature`). */
const OPEN = sql.raw(`'waiting', 'in_progress', 'finished'`);

/**
 * The signature state of each document of a listing's page (`page` with `id`, `kind` 1 for a
 * document and `version_id` its latest version), joined once for the page rather than looked up
 * per row: columns `sg_pending` (a request is out for signature) and `sg_signed` (the latest
 * version is the signed PDF a completed request filed back: the spec's `has_signatures`), null
 * for folders and documents never sent. Lent to the documents listings (`signatureColumnsOf`
 * reads them back).
 */
export const pageSignatureJoin = (firm: number | Placeholder | SQL) =>
  sql`LEFT JOIN (SELECT sp.id AS document_id,
                        bool_or(sr.status IN (${OPEN})) AS pending,
                        bool_or(sr.status = 'completed' AND sr.signed_version_id = sp.version_id) AS signed
                   FROM page sp
                   JOIN signature_requests sr ON sr.accounting_firm_id = ${firm} AND sr.document_id = sp.id
                  WHERE sp.kind = 1
                  GROUP BY sp.id) sg ON page.kind = 1 AND sg.document_id = page.id`;

export const PAGE_SIGNATURE_COLUMNS = sql`sg.pending AS sg_pending, sg.signed AS sg_signed`;

/** The signature state of a row read with `PAGE_SIGNATURE_COLUMNS`. */
export function signatureColumnsOf(r: Record<string, unknown>) {
  return { has_signatures: r.sg_signed === true, in_signature: r.sg_pending === true };
}
