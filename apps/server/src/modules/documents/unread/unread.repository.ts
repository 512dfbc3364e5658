import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { vendorIdsOpenedBy } from '../../tenancy/reach.sql';
import { rowsOf } from '../sql-rows';
import { unreadBy } from '../unread.sql';

/**
 * The caller's unread documents per client file of the firm they open, in one statement, by the
 * folders' rule (`unread.sql.ts`; nothing live is ever under a trashed folder, so a client file's
 * live documents are its root's subtree). Client files without any are left out.
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
     WHERE d.accounting_firm_id = ${accountingFirmId} AND d.deleted_at IS NULL
       AND d.vendor_id = ANY(${vendorIdsOpenedBy(accountingFirmId, userId)})
       AND ${unreadBy(userId)}
     GROUP BY d.vendor_id
     ORDER BY d.vendor_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    vendor_id: Number(r.vendor_id),
    unread: Number(r.unread),
  }));
}
