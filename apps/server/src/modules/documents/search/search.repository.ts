import { SEARCH_TYPE_EXTENSIONS, type SearchQuery } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray, rowsOf } from '../sql-rows.sql';
import { unreadBy } from '../unread.sql';
import { executePrepared } from './prepared.sql';

/**
 * Who searches where: the firm, the person (the unread filter), the client files they may open
 * and, among them, the themed folders they may not (`hiddenFolders`), both computed once and
 * cached by the service: the statement takes them as two int[] parameters.
 */
export type SearchReach = {
  accountingFirmId: number;
  userId: number;
  vendorIds: number[];
  /** The one client file searched (its route): an equality lets its index walk it newest first. */
  vendorId?: number;
  hidden: number[];
};

/** The client files of `opened` (an int[] SQL expression, `tenancy/reach.sql.ts`), as ids. */
export async function vendorIds(db: Db, opened: SQL): Promise<number[]> {
  const result = await db.execute(sql`SELECT unnest(${opened}) AS id`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * The themed folders of `vendorIds` that the theme rule `visibleFolder` (on the folder aliased
 * `f`, `theme-access.sql.ts`) does not open: few (a partial index holds the themed folders). A
 * rule that answers null hides the folder.
 */
export async function hiddenFolders(
  db: Db,
  accountingFirmId: number,
  vendorIds: number[],
  visibleFolder: SQL,
): Promise<number[]> {
  if (vendorIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT f.id FROM folders f
     WHERE f.accounting_firm_id = ${accountingFirmId} AND cardinality(f.effective_theme_ids) > 0
       AND f.vendor_id = ANY(${intArray(vendorIds)}) AND NOT coalesce(${visibleFolder}, false)`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

export type SearchRow = {
  id: number;
  vendor_id: number;
  folder_id: number;
  version_id: number;
  name: string;
  mime_type: string;
  updated_at: Date | string;
  excerpt: string;
  total: number;
};

/** Markers around the matches in `ts_headline`'s answer (taken out of every stored text). */
export const MARK_START = '\u27e6';
export const MARK_END = '\u27e7';
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
/**
 * Matches ranked per search at most (docs/decisions.md, "Search at a million documents"): the
 * search walks the matches newest first and ranks the first `MAX_MATCHES` it keeps; the total
 * then says "this many or more". A word found in most of a large firm's documents costs the
 * same as a rare one.
 */
export const MAX_MATCHES = 200;
/**
 * The newest index rows a search reads first: a word with `MAX_MATCHES` matches among them (a
 * common word) is answered from them; else (a rarer word) the full-text index gives all its
 * matches. Either way a search reads some thousands of rows at most at 1,000,000 documents.
 */
const WINDOW = 8_000;
/** The headline reads the text's beginning only (its cost grows with the text). */
const HEADLINE_CHARS = 60_000;

function filters(reach: SearchReach, query: SearchQuery): SQL[] {
  const parts: SQL[] = [];
  if (query.vendor_id) parts.push(sql`s.vendor_id = ${query.vendor_id}`);
  if (query.folder_id)
    parts.push(sql`s.folder_id IN (WITH RECURSIVE sub AS (
        SELECT sf.id FROM folders sf WHERE sf.accounting_firm_id = ${reach.accountingFirmId} AND sf.id = ${query.folder_id}
        UNION ALL
        SELECT c.id FROM folders c JOIN sub ON c.parent_id = sub.id
         WHERE c.accounting_firm_id = ${reach.accountingFirmId} AND c.deleted_at IS NULL)
      SELECT id FROM sub)`);
  if (query.type) {
    const extensions = `{${SEARCH_TYPE_EXTENSIONS[query.type].join(',')}}`;
    parts.push(sql`lower(substring(d.name from '\\.([^.]+)$')) = ANY(${extensions}::text[])`);
  }
  if (query.from) parts.push(sql`v.created_at >= ${query.from}::date`);
  if (query.to) parts.push(sql`v.created_at < ${query.to}::date + 1`);
  if (query.validated !== undefined)
    parts.push(query.validated ? sql`v.validated_at IS NOT NULL` : sql`v.validated_at IS NULL`);
  if (query.unread !== undefined)
    parts.push(query.unread ? unreadBy(reach.userId) : sql`NOT ${unreadBy(reach.userId)}`);
  return parts;
}

/** Whether a filter needs the document and its version joined to the index rows it walks. */
const needsDocument = (query: SearchQuery) =>
  Boolean(
    query.type || query.from || query.to || query.validated !== undefined || query.unread !== undefined,
  );

/**
 * One page of the documents matching `q` that the reach may open, ranked (name matches weigh
 * more than content ones), with an excerpt around the matches and the total.
 *
 * The matches (`MAX_MATCHES` at most, newest first) come from the index rows only: the client
 * file and folder they carry are checked against the reach. First among the `WINDOW` newest rows
 * (`recent`, walked on the primary key or the client file's index: a common word fills it);
 * when it falls short, from the full-text index over all rows (`older`, run only then: its
 * order is hidden from the planner, `document_id + 0`, so a rare word never walks the whole firm
 * when the statistics think it common). Only the page's hits are joined to their document, version and
 * text. Trashed documents have no index row; the join on `documents` checks it again.
 */
export async function search(db: Db, reach: SearchReach, query: SearchQuery): Promise<SearchRow[]> {
  const offset = (query.page - 1) * query.per_page;
  const tsquery = sql`(websearch_to_tsquery('portal_french', ${query.q})
                       || websearch_to_tsquery('portal_english', ${query.q}))`;
  const joins = needsDocument(query)
    ? sql`JOIN documents d ON d.accounting_firm_id = s.accounting_firm_id AND d.id = s.document_id
          JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id`
    : sql``;
  const extra = filters(reach, query);
  const vendor =
    reach.vendorId === undefined
      ? sql`s.vendor_id = ANY(${intArray(reach.vendorIds)})`
      : sql`s.vendor_id = ${reach.vendorId}`;
  const rule = sql`s.tsv @@ ${tsquery} AND s.folder_id <> ALL(${intArray(reach.hidden)})
         ${extra.length ? sql`AND ${sql.join(extra, sql` AND `)}` : sql``}`;
  // The fallback's estimate for a word the statistics think common is large: PostgreSQL's JIT
  // would compile it (hundreds of milliseconds) though it does not run; the search never gains
  // from JIT (docs/decisions.md).
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return executePrepared(
      tx,
      'search',
      sql`
    WITH recent AS MATERIALIZED (
      SELECT s.document_id, s.tsv
        FROM (SELECT * FROM document_search s
               WHERE s.accounting_firm_id = ${reach.accountingFirmId} AND ${vendor}
               ORDER BY s.document_id DESC LIMIT ${WINDOW}) s ${joins}
       WHERE ${rule}
       ORDER BY s.document_id DESC
       LIMIT ${MAX_MATCHES}),
    matches AS (
      SELECT * FROM recent WHERE (SELECT count(*) FROM recent) >= ${MAX_MATCHES}
      UNION ALL
      SELECT * FROM (
        SELECT s.document_id, s.tsv
          FROM document_search s ${joins}
         WHERE s.accounting_firm_id = ${reach.accountingFirmId} AND ${vendor} AND ${rule}
         ORDER BY s.document_id + 0 DESC
         LIMIT ${MAX_MATCHES}) older
       WHERE (SELECT count(*) FROM recent) < ${MAX_MATCHES}),
    q AS (SELECT ${tsquery} AS query),
    page AS (
      SELECT m.document_id AS id, ts_rank_cd(m.tsv, q.query, 1) AS rank FROM matches m CROSS JOIN q
       ORDER BY rank DESC, id DESC LIMIT ${query.per_page} OFFSET ${offset})
    SELECT d.id, d.vendor_id, d.folder_id, v.id AS version_id, d.name, v.mime_type, v.created_at AS updated_at,
           CASE WHEN coalesce(t.content, '') = '' THEN d.name
                ELSE ts_headline(CASE WHEN t.language = 'english' THEN 'portal_english' ELSE 'portal_french' END::regconfig,
                                 left(t.content, ${HEADLINE_CHARS}), q.query, ${HEADLINE}) END AS excerpt,
           (SELECT count(*) FROM matches)::int AS total
      FROM page p CROSS JOIN q
      JOIN documents d ON d.accounting_firm_id = ${reach.accountingFirmId} AND d.id = p.id AND d.deleted_at IS NULL
      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
      LEFT JOIN document_texts t ON t.source_key = v.blob_key
     ORDER BY p.rank DESC, p.id DESC`,
    );
  });
  return rowsOf<SearchRow>(result);
}

/** The number of matches when the asked page is past the last one (no row to carry it). */
export async function countOnly(db: Db, reach: SearchReach, query: SearchQuery): Promise<number> {
  const rows = await search(db, reach, { ...query, page: 1, per_page: 1 });
  return rows[0] ? Number(rows[0].total) : 0;
}
