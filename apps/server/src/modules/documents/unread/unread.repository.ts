import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { vendorIdsOpenedBy } from '../../tenancy/reach.sql';
import { rowsOf } from '../sql-rows';

/**
 * The caller's unread documents per client file of the firm they open, in one statement: live
 * documents never opened by the user or opened before their latest version, the rule of the
 * folders' counters (`folders.repository.ts`, `unreadCounters`; nothing live is ever under a
 * trashed folder, so a client file's live documents are its root's subtree). Client files
 * without any are left out.
 */
export async function unreadPerVendor(
  db: Db,
  accountingFirmId: number,
  userId: number,
): Promise<{ vendor_id: number; unread: number }[]> {
  const result = await db.execute(sql`
    SELECT d.vendor_id, count(*)::int AS unread
      FROM documents d
      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
      LEFT JOIN document_reads r ON r.accounting_firm_id = d.accounting_firm_id AND r.document_id = d.id
                                AND r.user_id = ${userId}
     WHERE d.accounting_firm_id = ${accountingFirmId} AND d.deleted_at IS NULL
       AND d.vendor_id = ANY(${vendorIdsOpenedBy(accountingFirmId, userId)})
       AND (r.read_at IS NULL OR r.read_at < v.created_at)
     GROUP BY d.vendor_id
     ORDER BY d.vendor_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    vendor_id: Number(r.vendor_id),
    unread: Number(r.unread),
  }));
}
