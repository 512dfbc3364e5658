import type { AppContext, SignaturesSeam } from '../../app-context';
import { recordEvent } from './signature-events';
import { emitSignature } from './signatures.events';
import * as repo from './signatures.repository';
import { endRequest } from './signatures.service';

/** The signatures' hold on documents under an open request, and the end of a deleted client file's. */
export function signaturesSeam(context: () => AppContext): SignaturesSeam {
  return {
    inSignature: (tx, vendor, documentIds) => repo.documentsInSignature(tx, vendor, documentIds),
    async cancelForVendor(tx, vendor, actorId) {
      const ctx = context();
      const ended: repo.RequestRow[] = [];
      for (const request of await repo.lockOpenRequestsOf(tx, vendor)) {
        // No reason in the mails (they are in each person's language): the event says why.
        await recordEvent(tx, request, 'canceled', { data: { by: actorId, reason: 'client-file-deleted' } });
        await endRequest(ctx, tx, request, 'canceled', null);
        ended.push(request);
      }
      return () => {
        for (const request of ended) emitSignature(ctx, 'canceled', request, { actorId });
        if (ended.length) ctx.outbox.kick();
      };
    },
  };
}
