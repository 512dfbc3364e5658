import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import type { VendorRef } from '../documents/tree/tree.service';
import { type DavEntry, resolve } from './dav.service';
import * as repo from './dav-locks.repository';
import { davHref } from './dav-paths';
import { findScratch, putScratch, scratchPlace } from './dav-scratch.service';
import { DavStatus, put } from './dav-writes.service';
import { BadXmlError, child, DAV_NS, escapeXml, parseXml } from './dav-xml';

/**
 * WebDAV locks (class 2, RFC 4918 section 6), stored in the database with their timeouts so every
 * process sees them: a write under a lock needs its token in the `If` header (423 otherwise).
 */

const DEFAULT_TIMEOUT = 600;
const MAX_TIMEOUT = 3600;

/** A lock's key: the segments below the client folder, lower-cased (names compare so). */
export const lockPath = (segments: string[]) =>
  segments
    .slice(2)
    .map((s) => s.toLowerCase())
    .join('/');

/** The lock tokens an `If` header submits (tagged or not; conditions beyond tokens are not read). */
export function submittedTokens(header: string | undefined): Set<string> {
  return new Set(
    [...(header ?? '').matchAll(/<((?:opaquelocktoken|urn:uuid):[^>\s]+)>/gi)].map((m) => m[1]!),
  );
}

function timeoutOf(header: string | undefined): number {
  const match = /Second-(\d+)/i.exec(header ?? '');
  if (match) return Math.max(1, Math.min(MAX_TIMEOUT, Number(match[1])));
  return /Infinite/i.test(header ?? '') ? MAX_TIMEOUT : DEFAULT_TIMEOUT;
}

async function vendorOf(ctx: AppContext, actor: Actor, segments: string[]): Promise<VendorRef | null> {
  if (segments.length < 2) return null;
  const node = await resolve(ctx, actor, segments.slice(0, 2));
  return 'scope' in node ? node.scope.vendor : null;
}

type Condition = { not: boolean; token?: string; etag?: string };

/** The lists of an `If` header (RFC 4918, section 10.4), each with its tag (a resource) if any. */
export function ifLists(header: string): { tag: string | null; conditions: Condition[] }[] | null {
  const lists: { tag: string | null; conditions: Condition[] }[] = [];
  const re = /\s*(?:<([^>]*)>\s*)?\(([^)]*)\)/gy;
  let consumed = 0;
  let tag: string | null = null;
  for (let match = re.exec(header); match; match = re.exec(header)) {
    consumed = re.lastIndex;
    if (match[1] !== undefined) tag = match[1];
    const conditions: Condition[] = [];
    const inner = /\s*(Not\s+)?(?:<([^>]*)>|\[([^\]]*)\])/giy;
    let used = 0;
    for (let c = inner.exec(match[2]!); c; c = inner.exec(match[2]!)) {
      used = inner.lastIndex;
      conditions.push(
        c[2] !== undefined ? { not: Boolean(c[1]), token: c[2] } : { not: Boolean(c[1]), etag: c[3] },
      );
    }
    if (match[2]!.slice(used).trim() || !conditions.length) return null;
    lists.push({ tag, conditions });
  }
  if (header.slice(consumed).trim() || !lists.length) return null;
  return lists;
}

/**
 * Evaluates the `If` header against the request's resource: some list must hold, each of its
 * conditions true (a token: a lock covering the resource; an entity tag: its current ETag). A
 * list tagged with another resource is left to that resource (taken as true). 412 otherwise.
 */
export async function assertIfHeader(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  header: string | undefined,
  etag: string | null,
): Promise<void> {
  if (!header) return;
  const lists = ifLists(header);
  if (!lists) throw new DavStatus(400);
  const vendor = await vendorOf(ctx, actor, segments);
  const tokens = new Set(
    vendor ? (await repo.locksAround(ctx.db, vendor, lockPath(segments), false)).map((l) => l.token) : [],
  );
  const self = `/dav/${segments.join('/')}`;
  const holds = lists.some(({ tag, conditions }) => {
    if (tag !== null) {
      let path = tag;
      try {
        path = decodeURIComponent(new URL(tag, 'http://x').pathname);
      } catch {}
      if (path.normalize('NFC').replace(/\/$/, '') !== self) return true;
    }
    return conditions.every((c) => {
      const value = c.token !== undefined ? tokens.has(c.token) : etag !== null && c.etag === `"${etag}"`;
      return c.not ? !value : value;
    });
  });
  if (!holds) throw new DavStatus(412);
}

/**
 * Refuses a write to `segments` (and, with `below`, to what is under it) that a lock holds and
 * whose token the request does not submit: 423 Locked.
 */
export async function assertUnlocked(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  ifHeader: string | undefined,
  below: boolean,
): Promise<void> {
  const vendor = await vendorOf(ctx, actor, segments);
  if (!vendor) return;
  const locks = await repo.locksAround(ctx.db, vendor, lockPath(segments), below);
  if (!locks.length) return;
  const tokens = submittedTokens(ifHeader);
  const exclusiveHeld = locks.filter((l) => l.scope === 'exclusive').every((l) => tokens.has(l.token));
  const shared = locks.filter((l) => l.scope === 'shared');
  const sharedHeld = shared.length === 0 || shared.some((l) => tokens.has(l.token));
  if (!exclusiveHeld || !sharedHeld) throw new DavStatus(423);
}

/** Whether the request submits the token of a lock of the person's own that covers `segments`. */
export async function underOwnLock(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  ifHeader: string | undefined,
): Promise<boolean> {
  const tokens = submittedTokens(ifHeader);
  if (!tokens.size) return false;
  const vendor = await vendorOf(ctx, actor, segments);
  if (!vendor) return false;
  const locks = await repo.locksAround(ctx.db, vendor, lockPath(segments), false);
  return locks.some((l) => l.userId === actor.userId && tokens.has(l.token));
}

/** Forgets the locks of an item that moved away or went to the trash. */
export async function dropLocks(ctx: AppContext, actor: Actor, segments: string[]): Promise<void> {
  const vendor = await vendorOf(ctx, actor, segments);
  if (vendor) await repo.dropLocks(ctx.db, vendor, lockPath(segments));
}

function activeLock(lock: repo.LockRow, segments: string[], collection: boolean): string {
  const scope = lock.scope === 'exclusive' ? '<D:exclusive/>' : '<D:shared/>';
  return (
    `<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope>${scope}</D:lockscope>` +
    `<D:depth>${lock.depth === '0' ? '0' : 'infinity'}</D:depth>` +
    (lock.owner ? `<D:owner>${lock.owner}</D:owner>` : '') +
    `<D:timeout>Second-${lock.timeoutSeconds}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(davHref(segments, collection))}</D:href></D:lockroot></D:activelock>`
  );
}

/**
 * Fills the `lockdiscovery` of a PROPFIND's entries (`segments` the requested path, `entries` its
 * own entry first, then its children): the live locks on each entry or on an ancestor with depth
 * infinity, read in one query. Outside a client folder nothing can be locked.
 */
export async function withLockDiscovery(
  ctx: AppContext,
  vendor: VendorRef | null,
  segments: string[],
  entries: DavEntry[],
): Promise<void> {
  if (!vendor || !entries.length) return;
  const locks = await repo.locksAround(ctx.db, vendor, lockPath(segments), entries.length > 1);
  if (!locks.length) return;
  const depthOf = (path: string) => (path === '' ? 0 : path.split('/').length);
  entries.forEach((entry, i) => {
    const own = i === 0 ? segments : [...segments, entry.name];
    const path = lockPath(own);
    const covering = locks.filter(
      (l) => l.path === path || (l.depth === 'infinity' && (l.path === '' || path.startsWith(`${l.path}/`))),
    );
    // A lock's root is the entry itself or one of the requested path's ancestors.
    entry.locks = covering
      .map((l) =>
        l.path === path
          ? activeLock(l, own, entry.collection)
          : activeLock(l, segments.slice(0, 2 + depthOf(l.path)), true),
      )
      .join('');
  });
}

const lockDiscovery = (inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:"><D:lockdiscovery>${inner}</D:lockdiscovery></D:prop>`;

/** The `<D:owner>` of a LOCK body as XML to give back (its href, else its text). */
function ownerXml(owner: ReturnType<typeof child>): string | null {
  if (!owner) return null;
  const href = child(owner, 'href');
  if (href) return `<D:href>${escapeXml(href.text.trim())}</D:href>`;
  return owner.text.trim() ? escapeXml(owner.text.trim()) : null;
}

export type LockAnswer = { status: 200 | 201; xml: string; token: string };

/** LOCK: a new lock (an unmapped URL gets an empty document, 201), or a refresh (empty body). */
export async function lock(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  body: string,
  headers: { depth?: string; timeout?: string; if?: string },
): Promise<LockAnswer> {
  if (segments.length < 2) throw new DavStatus(403);
  const node = await resolve(ctx, actor, segments, 'documents.write');
  const vendor = 'scope' in node ? node.scope.vendor : null;
  if (!vendor) throw new DavStatus(403);
  const path = lockPath(segments);
  const collection = node.kind === 'client' || node.kind === 'folder';
  const timeout = timeoutOf(headers.timeout);
  if (!body.trim()) {
    // A refresh: the lock its If header names, covering this path.
    const covering = await repo.locksAround(ctx.db, vendor, path, false);
    const tokens = submittedTokens(headers.if);
    const held = covering.find((l) => tokens.has(l.token));
    if (!held) throw new DavStatus(412);
    const refreshed = await repo.refresh(ctx.db, held.id, timeout);
    return {
      status: 200,
      xml: lockDiscovery(activeLock(refreshed, segments, collection)),
      token: held.token,
    };
  }
  const info = parseXml(body);
  if (info.ns !== DAV_NS || info.name !== 'lockinfo') throw new BadXmlError('not a lockinfo');
  const scopeEl = child(info, 'lockscope');
  const exclusive = Boolean(scopeEl && child(scopeEl, 'exclusive'));
  if (!scopeEl || (!exclusive && !child(scopeEl, 'shared'))) throw new BadXmlError('no lockscope');
  const depthHeader = (headers.depth ?? 'infinity').trim().toLowerCase();
  if (depthHeader !== '0' && depthHeader !== 'infinity') throw new DavStatus(400);
  const depth = collection ? (depthHeader as '0' | 'infinity') : '0';
  const conflicts = await repo.locksAround(ctx.db, vendor, path, depth === 'infinity');
  if (conflicts.some((l) => exclusive || l.scope === 'exclusive')) throw new DavStatus(423);
  let status: 200 | 201 = 200;
  const scratch = await scratchPlace(ctx, actor, segments, node);
  if (scratch) {
    // A scratch name: an empty scratch file when there is none yet.
    if (!(await findScratch(ctx, scratch))) {
      await putScratch(ctx, scratch, Readable.from([]));
      status = 201;
    }
  } else if (node.kind === 'missing') {
    // LOCK on an unmapped URL makes an empty document (RFC 4918, section 7.3).
    await put(ctx, actor, segments, Readable.from([]), () => {});
    status = 201;
  }
  const row = await repo.insertLock(ctx.db, {
    accountingFirmId: vendor.accountingFirmId,
    vendorId: vendor.id,
    token: `opaquelocktoken:${randomUUID()}`,
    path,
    depth,
    scope: exclusive ? 'exclusive' : 'shared',
    owner: ownerXml(child(info, 'owner')),
    userId: actor.userId,
    timeoutSeconds: timeout,
    expiresAt: new Date(Date.now() + timeout * 1000),
  });
  return { status, xml: lockDiscovery(activeLock(row, segments, collection)), token: row.token };
}

/** UNLOCK: the lock of the `Lock-Token` header, which must cover the path (409 otherwise). */
export async function unlock(ctx: AppContext, actor: Actor, segments: string[], header: string | undefined) {
  const token = /^\s*<([^>]+)>\s*$/.exec(header ?? '')?.[1];
  if (!token) throw new DavStatus(400);
  await resolve(ctx, actor, segments, 'documents.write');
  const vendor = await vendorOf(ctx, actor, segments);
  if (!vendor) throw new DavStatus(409);
  const covering = await repo.locksAround(ctx.db, vendor, lockPath(segments), false);
  const held = covering.find((l) => l.token === token);
  if (!held) throw new DavStatus(409);
  await repo.deleteLock(ctx.db, held.id);
}
