import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { namesOf } from './tree/tree.service';
import type { VendorRef } from './vendor-ref';

export type DocumentNotificationKind =
  | 'document.created'
  | 'document.version_added'
  | 'document.deleted'
  | 'document.validated';

/**
 * Writes documents' notification events in the change's transaction (issue 31): each names the
 * document as it is now and its folder (the viewer's link); the fan-out job tells the client
 * file's readers once the change committed.
 */
export async function recordDocumentEvents(
  ctx: AppContext,
  tx: Db,
  vendor: VendorRef,
  by: { userId: number | null; system?: string },
  kind: DocumentNotificationKind,
  documentIds: number[],
): Promise<void> {
  const rows = await namesOf(tx, vendor, [...new Set(documentIds)]);
  if (rows.length === 0) return;
  await ctx.notifications.record(
    tx,
    rows.map((d) => ({
      accountingFirmId: vendor.accountingFirmId,
      vendorId: vendor.id,
      kind,
      subject: { type: 'document' as const, id: d.id, name: d.name },
      actorUserId: by.userId,
      ...(by.system ? { system: by.system } : {}),
      payload: { folder_id: d.folderId },
    })),
  );
}
