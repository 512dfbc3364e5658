import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { portalQuota } from '../documents/storage-policy/storage-policy.service';
import type { DavEntry, DavNode } from './dav.service';
import * as dav from './dav.service';
import { DAV_NS, type PropName } from './dav-xml';

/** RFC 4331's properties: asked by name only (never in allprop, as the RFC advises). */
export const QUOTA_PROPS = ['quota-available-bytes', 'quota-used-bytes'] as const;

export const asksQuota = (props: PropName[]) =>
  props.some((p) => p.ns === DAV_NS && (QUOTA_PROPS as readonly string[]).includes(p.name));

type Quota = NonNullable<DavEntry['quota']>;

async function quotaOf(ctx: AppContext, firmId: number): Promise<Quota> {
  const { usedBytes, quotaBytes } = await portalQuota(ctx, firmId);
  return { used: usedBytes, available: quotaBytes === null ? null : Math.max(0, quotaBytes - usedBytes) };
}

/**
 * Sets the portal's quota (the platform issue's storage accounting) on the collections of a
 * listing: below a workspace, its firm's; the root sums its workspaces' (available only when
 * every one has a quota). `entries[0]` is the node itself, the others its children.
 */
export async function withQuota(ctx: AppContext, actor: Actor, node: DavNode, entries: DavEntry[]) {
  const collections = entries.filter((e) => e.collection);
  if (collections.length === 0) return;
  if (node.kind === 'root') {
    const firms = await dav.workspaces(ctx, actor);
    const quotas = await Promise.all(firms.map((f) => quotaOf(ctx, f.id)));
    const byName = new Map(firms.map((f, i) => [f.name, quotas[i]!]));
    const unlimited = quotas.some((q) => q.available === null);
    entries[0]!.quota = {
      used: quotas.reduce((n, q) => n + q.used, 0),
      available: unlimited ? null : quotas.reduce((n, q) => n + q.available!, 0),
    };
    for (const entry of entries.slice(1)) entry.quota = byName.get(entry.name);
    return;
  }
  const firmId =
    node.kind === 'workspace' || node.kind === 'client'
      ? node.firmId
      : 'scope' in node
        ? node.scope.vendor.accountingFirmId
        : null;
  if (firmId === null) return;
  const quota = await quotaOf(ctx, firmId);
  for (const entry of collections) entry.quota = quota;
}
