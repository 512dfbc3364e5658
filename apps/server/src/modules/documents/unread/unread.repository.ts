import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { vendorIdsOpenedBy } from '../../tenancy/reach.sql';
import { rowsOf } from '../sql-rows.sql';
import { visibleToUserSql } from '../theme-access.sql';
import { unreadBy } from '../unread.sql';
import type { VendorRef } from '../vendor-ref';

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
      JOIN folders f ON f.accounting_firm_id = d.accounting_firm_id AND f.id = d.folder_id
     WHERE d.accounting_firm_id = ${accountingFirmId} AND d.deleted_at IS NULL
       AND d.vendor_id = ANY(${vendorIdsOpenedBy(accountingFirmId, userId)})
       AND ${unreadBy(userId)}
       AND ${visibleToUserSql(accountingFirmId, userId, 'f')}
     GROUP BY d.vendor_id
     ORDER BY d.vendor_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    vendor_id: Number(r.vendor_id),
    unread: Number(r.unread),
  }));
}

/**
 * Records that the user opened the document now, only if it was unread to them (the rule of
 * `unread.sql.ts` on its latest version): opening a document already read, or one whose latest
 * version the user added, writes nothing, so announces nothing to the cached reads. Whether a row
 * was written.
 */
export async function markReadIfUnread(
  db: Db,
  vendor: VendorRef,
  documentId: number,
  userId: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO document_reads (accounting_firm_id, document_id, user_id, read_at)
    SELECT d.accounting_firm_id, d.id, ${userId}, now()
      FROM documents d
      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
     WHERE d.accounting_firm_id = ${vendor.accountingFirmId} AND d.vendor_id = ${vendor.id}
       AND d.id = ${documentId} AND ${unreadBy(userId)}
    ON CONFLICT (accounting_firm_id, document_id, user_id) DO UPDATE SET read_at = excluded.read_at
    RETURNING 1`);
  return rowsOf(result).length > 0;
}
