import { SEARCH_TYPE_EXTENSIONS, type SearchQuery } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../sql-rows.sql';
import { unreadBy } from '../unread.sql';

/**
 * Who searches where: the firm, the person (the unread filter), the client files they may open
 * (an int[] SQL expression) and the theme rule on the folder aliased `f` (`theme-access.sql.ts`).
 */
export type SearchReach = { accountingFirmId: number; userId: number; vendorIds: SQL; visibleFolder: SQL };

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
 * Matches ranked per search at most (docs/decisions.md, "Search"): a word found in most of a
 * large firm's documents is ranked among the first ones found, and the total says "this many or
 * more". Keeps a search's cost bounded whatever the firm's size.
 */
export const MAX_MATCHES = 10_000;
/** The headline reads the text's beginning only (its cost grows with the text). */
const HEADLINE_CHARS = 60_000;

function filters(reach: SearchReach, query: SearchQuery): SQL {
  const parts: SQL[] = [];
  if (query.vendor_id) parts.push(sql`d.vendor_id = ${query.vendor_id}`);
  if (query.folder_id)
    parts.push(sql`d.folder_id IN (WITH RECURSIVE sub AS (
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
  return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
}

/**
 * One page of the documents matching `q` that the reach may open, ranked (name matches weigh
 * more than content ones), with an excerpt around the matches and the total. Trashed documents
 * have no index row; the join on `documents` checks it again.
 */
export async function search(db: Db, reach: SearchReach, query: SearchQuery): Promise<SearchRow[]> {
  const offset = (query.page - 1) * query.per_page;
  const result = await db.execute(sql`
    WITH q AS MATERIALIZED (
      SELECT websearch_to_tsquery('portal_french', ${query.q})
             || websearch_to_tsquery('portal_english', ${query.q}) AS query),
    matches AS MATERIALIZED (
      SELECT d.id, d.vendor_id, d.folder_id, d.name, v.id AS version_id, v.blob_key, v.mime_type,
             v.created_at AS updated_at, ts_rank_cd(s.tsv, q.query, 1) AS rank
        FROM q
        JOIN document_search s ON s.tsv @@ q.query
        JOIN documents d ON d.accounting_firm_id = s.accounting_firm_id AND d.id = s.document_id
        JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
        JOIN folders f ON f.accounting_firm_id = d.accounting_firm_id AND f.id = d.folder_id
       WHERE s.accounting_firm_id = ${reach.accountingFirmId} AND d.deleted_at IS NULL
         AND d.vendor_id = ANY(${reach.vendorIds})
         AND ${reach.visibleFolder}
         ${filters(reach, query)}
       LIMIT ${MAX_MATCHES}),
    page AS (
      SELECT * FROM matches ORDER BY rank DESC, id DESC LIMIT ${query.per_page} OFFSET ${offset})
    SELECT p.id, p.vendor_id, p.folder_id, p.version_id, p.name, p.mime_type, p.updated_at,
           CASE WHEN coalesce(t.content, '') = '' THEN p.name
                ELSE ts_headline(CASE WHEN t.language = 'english' THEN 'portal_english' ELSE 'portal_french' END::regconfig,
                                 left(t.content, ${HEADLINE_CHARS}), q.query, ${HEADLINE}) END AS excerpt,
           (SELECT count(*) FROM matches)::int AS total
      FROM page p CROSS JOIN q
      LEFT JOIN document_texts t ON t.source_key = p.blob_key
     ORDER BY p.rank DESC, p.id DESC`);
  return rowsOf<SearchRow>(result);
}

/** The number of matches when the asked page is past the last one (no row to carry it). */
export async function countOnly(db: Db, reach: SearchReach, query: SearchQuery): Promise<number> {
  const rows = await search(db, reach, { ...query, page: 1, per_page: 1 });
  return rows[0] ? Number(rows[0].total) : 0;
}
