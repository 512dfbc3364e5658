import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { iso } from '../documents/vendor-access.service';
import { chainHolds } from './signature-events';
import * as repo from './signatures.repository';
import { readBlob, requestOf } from './signatures.service';

/** The request's events, and whether their chain holds (`signature.read`). */
export async function auditOf(ctx: AppContext, actor: Actor, vendorId: number, id: number) {
  const { row } = await requestOf(ctx, actor, vendorId, id, 'signature.read');
  const events = await repo.eventsOf(ctx.db, row.accountingFirmId, row.id);
  return {
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      at: iso(e.at)!,
      signatory_id: e.signatoryId,
      data: e.data,
      hash: e.hash,
    })),
    chain_valid: chainHolds(events),
  };
}

/** The PDF as signed so far (`signature.read`). */
export async function currentContent(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
): Promise<Buffer> {
  const { row } = await requestOf(ctx, actor, vendorId, id, 'signature.read');
  return readBlob(ctx, row.currentBlobKey);
}
