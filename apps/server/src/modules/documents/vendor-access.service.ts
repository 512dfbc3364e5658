import type { Action } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { can } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import type { VendorRef } from './vendor-ref';

/** The client file an action addresses, once the actor may do it there (404/403 otherwise). */
export type Scope = { vendor: VendorRef; actor: Actor; mayValidate: boolean };

export async function authorizeVendor(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  action: Action,
): Promise<Scope> {
  const grant = await ctx.access.authorize(actor, action, { kind: 'vendor', vendorId });
  return {
    // The grant carries the person's themes: the tree service applies the theme rule with them.
    vendor: { id: vendorId, accountingFirmId: grant.accountingFirmId!, themes: grant.themes ?? null },
    actor,
    mayValidate: can(grant, 'documents.validate'),
  };
}

/** ISO text of a timestamp however the driver returned it. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
