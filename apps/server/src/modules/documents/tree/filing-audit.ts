import type { AuditAction } from '@portal/contracts';
import type { AuditSeam } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { VendorRef } from '../vendor-ref';

/** What a filing needs to write its acts into the audit log, in its own transaction. */
export type FilingAudit = {
  audit: AuditSeam | null;
  tx: Db;
  vendor: VendorRef;
  by: { userId: number | null; system?: string };
};

/**
 * Records one act of a filing (no-op for filings made without the audit seam: the system's own
 * folders). The subject's name is the one it has now, so the log still reads once it changes.
 */
export async function auditFiling(
  f: FilingAudit,
  action: AuditAction,
  subject: { type: 'document' | 'folder'; id: number; name: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  if (!f.audit) return;
  await f.audit.record(f.tx, {
    accountingFirmId: f.vendor.accountingFirmId,
    vendorId: f.vendor.id,
    actorUserId: f.by.userId,
    actorKind: f.by.userId === null ? 'system' : 'user',
    action,
    subject,
    details: f.by.system ? { ...details, system: f.by.system } : details,
  });
}
