import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import * as repo from './signatures.repository';

export const GENESIS_HASH = '0'.repeat(64);

export type EventKind =
  | 'created'
  | 'sent'
  | 'asked'
  | 'opened'
  | 'code_sent'
  | 'code_checked'
  | 'code_failed'
  | 'signed'
  | 'refused'
  | 'canceled'
  | 'finished'
  | 'completed'
  | 'error'
  | 'reminded'
  | 'expired'
  | 'retried';

/** JSON with sorted keys, so a hash does not depend on the order the fields were written. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

type EventBody = {
  kind: string;
  at: Date;
  signatoryId: number | null;
  ipAddress: string | null;
  data: unknown;
};

const eventHash = (previous: string, e: EventBody) =>
  createHash('sha256')
    .update(
      previous +
        canonicalJson({
          kind: e.kind,
          at: e.at.toISOString(),
          signatory_id: e.signatoryId,
          ip: e.ipAddress,
          data: e.data,
        }),
    )
    .digest('hex');

/** Appends an event to the request's chain (call under the request's row lock, or on a new request). */
export async function recordEvent(
  tx: Db,
  request: { accountingFirmId: number; id: number },
  kind: EventKind,
  extra: { signatoryId?: number | null; ipAddress?: string | null; data?: Record<string, unknown> } = {},
): Promise<void> {
  const previousHash = (await repo.lastEventHash(tx, request.accountingFirmId, request.id)) ?? GENESIS_HASH;
  const body: EventBody = {
    kind,
    // Milliseconds only: what the database keeps, so the hash can be recomputed from the row.
    at: new Date(Math.floor(Date.now())),
    signatoryId: extra.signatoryId ?? null,
    ipAddress: extra.ipAddress ?? null,
    data: extra.data ?? {},
  };
  await repo.insertEvent(tx, {
    accountingFirmId: request.accountingFirmId,
    requestId: request.id,
    signatoryId: body.signatoryId,
    kind,
    at: body.at,
    ipAddress: body.ipAddress,
    data: body.data as Record<string, unknown>,
    previousHash,
    hash: eventHash(previousHash, body),
  });
}

/** Whether each stored event's hash is the hash of its predecessor's and its own content. */
export function chainHolds(events: repo.EventRow[]): boolean {
  let previous = GENESIS_HASH;
  for (const e of events) {
    const at = e.at instanceof Date ? e.at : new Date(e.at);
    const expected = eventHash(previous, { ...e, at });
    if (e.previousHash !== previous || e.hash !== expected) return false;
    previous = e.hash;
  }
  return true;
}
