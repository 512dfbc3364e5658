import { type SQL, sql } from 'drizzle-orm';

/**
 * The ids of a firm's client files a person opens, as the client file's grant decides
 * (`vendors/core/vendors.access.ts`): every one for an accepted administrator or member given
 * all of them, the assigned ones for another accepted member, and as a client user the active
 * ones whose membership is accepted and not ended. Tenancy's rule, lent to read queries that
 * count over many client files at once (`vendor_id = ANY(...)`): an uncorrelated `ARRAY(...)`,
 * computed once per statement. The firm itself (deactivated or not) is the caller's check.
 */
export function vendorIdsOpenedBy(accountingFirmId: number, userId: number): SQL {
  return sql`ARRAY(
    SELECT rv.id FROM vendors rv WHERE rv.accounting_firm_id = ${accountingFirmId}
       AND EXISTS (SELECT 1 FROM accounting_firm_memberships rm
                    WHERE rm.accounting_firm_id = ${accountingFirmId} AND rm.user_id = ${userId}
                      AND NOT rm.pending AND (rm.role = 'admin' OR rm.all_vendors))
    UNION
    SELECT ra.vendor_id FROM vendor_assignments ra
      JOIN accounting_firm_memberships rm ON rm.accounting_firm_id = ra.accounting_firm_id
                                          AND rm.user_id = ra.user_id AND NOT rm.pending
     WHERE ra.accounting_firm_id = ${accountingFirmId} AND ra.user_id = ${userId}
    UNION
    SELECT rc.vendor_id FROM vendor_memberships rc
      JOIN vendors rv ON rv.accounting_firm_id = rc.accounting_firm_id AND rv.id = rc.vendor_id
                     AND rv.status = 'active'
     WHERE rc.accounting_firm_id = ${accountingFirmId} AND rc.user_id = ${userId} AND NOT rc.pending
       AND (rc.revoked_at IS NULL OR rc.revoked_at > CURRENT_DATE))`;
}
