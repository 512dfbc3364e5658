import type { AppContext } from '../../app-context';
import type { RequestRow } from './signatures.repository';

/** A signature request's event (the engagement letters mark a mission signed on `completed`). */
export type SignatureEvent = {
  accountingFirmId: number;
  vendorId: number;
  requestId: number;
  documentId: number;
  /** What the request was made for (`{ kind: 'mission', id }`), null for a request of its own. */
  origin: { kind: string; id: number | null } | null;
  /** The signatory concerned (signed, refused), null otherwise. */
  signatoryId: number | null;
  /** Who made the change (null for a job). */
  actorId: number | null;
};

export type SignatureEventKind = 'sent' | 'signed' | 'refused' | 'completed' | 'canceled' | 'expired';

declare module '../../platform/events/events' {
  interface AppEvents {
    'signature.sent': SignatureEvent;
    'signature.signed': SignatureEvent;
    'signature.refused': SignatureEvent;
    'signature.completed': SignatureEvent;
    'signature.canceled': SignatureEvent;
    'signature.expired': SignatureEvent;
  }
}

/** Emits after the commit. */
export function emitSignature(
  ctx: AppContext,
  kind: SignatureEventKind,
  request: RequestRow,
  who: { actorId?: number | null; signatoryId?: number | null } = {},
): void {
  ctx.events.emit(`signature.${kind}`, {
    accountingFirmId: request.accountingFirmId,
    vendorId: request.vendorId,
    requestId: request.id,
    documentId: request.documentId,
    origin: request.originKind ? { kind: request.originKind, id: request.originId } : null,
    signatoryId: who.signatoryId ?? null,
    actorId: who.actorId ?? null,
  });
}
