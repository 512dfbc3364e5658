import type { Paginated, SearchHit, SearchQuery } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { paginated } from '../../../platform/http/pagination';
import { vendorIdsOpenedBy } from '../../tenancy/reach.sql';
import { visibleFolderParams, visibleFolderSql, visibleToUserSql } from '../theme-access.sql';
import { liveFolder } from '../tree/tree.service';
import { authorizeVendor, iso, type Scope } from '../vendor-access.service';
import * as repo from './search.repository';

/** The excerpt without its markers, and where the matches are in it. */
export function highlighted(marked: string): Pick<SearchHit, 'excerpt' | 'highlights'> {
  let excerpt = '';
  const highlights: SearchHit['highlights'] = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === repo.MARK_START) start = excerpt.length;
    else if (ch === repo.MARK_END) {
      if (start >= 0 && excerpt.length > start) highlights.push({ start, length: excerpt.length - start });
      start = -1;
    } else excerpt += ch;
  }
  return { excerpt, highlights };
}

/**
 * The reach of a firm-wide search: the client files the person opens and their themed folders
 * the person may not, read once and kept with the firm's cached reads, per person. What they show
 * is announced at commit: every membership, assignment, role and theme (`portal_access`, which
 * drops every cached read), the client files' status (`vendors`) and the folders' themes
 * (`documents`, of any client file); the lifetime bounds a client user's end of access passing
 * at midnight, as for `myVendors`.
 */
function firmReach(ctx: AppContext, accountingFirmId: number, userId: number): Promise<repo.SearchReach> {
  return ctx.reads.get(
    accountingFirmId,
    { key: `search-reach:${userId}`, shows: ['vendors', 'documents'] },
    async () => {
      const vendorIds = await repo.vendorIds(ctx.db, vendorIdsOpenedBy(accountingFirmId, userId));
      const visible = visibleToUserSql(accountingFirmId, userId, 'f');
      const hidden = await repo.hiddenFolders(ctx.db, accountingFirmId, vendorIds, visible);
      return { accountingFirmId, userId, vendorIds, hidden };
    },
  );
}

/**
 * The themed folders of one client file its grant's theme rule does not open, kept with the
 * firm's cached reads per client file and rule (the themes held and blocking): the folders'
 * themes are announced as that client file's `documents`, the themes themselves by
 * `portal_access` (which drops every cached read).
 */
function hiddenInVendor(ctx: AppContext, scope: Scope): Promise<number[]> {
  const { vendor } = scope;
  if (!vendor.themes) return Promise.resolve([]);
  const { held, blocking } = visibleFolderParams(vendor.themes);
  return ctx.reads.get(
    vendor.accountingFirmId,
    {
      key: `search-hidden:${vendor.id}:${held}:${blocking}`,
      shows: [{ kind: 'documents', scope: vendor.id }],
    },
    () =>
      repo.hiddenFolders(ctx.db, vendor.accountingFirmId, [vendor.id], visibleFolderSql(vendor.themes, 'f')),
  );
}

async function run(
  ctx: AppContext,
  reach: repo.SearchReach,
  query: SearchQuery,
): Promise<Paginated<SearchHit>> {
  const rows = await repo.search(ctx.db, reach, query);
  const total = rows[0]
    ? Number(rows[0].total)
    : query.page > 1
      ? await repo.countOnly(ctx.db, reach, query)
      : 0;
  const hits = rows.map(
    (r): SearchHit => ({
      id: Number(r.id),
      vendor_id: Number(r.vendor_id),
      folder_id: Number(r.folder_id),
      version_id: Number(r.version_id),
      name: r.name,
      mime_type: r.mime_type,
      updated_at: iso(r.updated_at)!,
      ...highlighted(r.excerpt ?? ''),
    }),
  );
  return paginated(hits, query, total);
}

/**
 * The filters' ids name what the caller may open, else 404 as ids that do not exist: the client
 * file (of this firm), the folder (live, in that client file, not hidden by themes; a folder
 * needs its client file on the firm's routes).
 */
async function checkFilters(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  query: SearchQuery,
  scope: Scope | null,
): Promise<void> {
  let within = scope;
  if (!within && query.vendor_id !== undefined) {
    within = await authorizeVendor(ctx, actor, query.vendor_id, 'documents.read');
    if (within.vendor.accountingFirmId !== accountingFirmId) throw new AppError('not-found');
  }
  if (query.folder_id === undefined) return;
  if (!within) throw fieldError('validation-failed', 'vendor_id', 'required');
  await liveFolder(ctx.db, within.vendor, query.folder_id);
}

/**
 * One client file's search (`documents.read`): its documents the caller may open, the theme rule
 * of their grant applied to every folder (a hidden folder's documents and excerpts never show).
 */
export async function searchVendor(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  query: SearchQuery,
): Promise<Paginated<SearchHit>> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  if (query.vendor_id !== undefined && query.vendor_id !== vendorId) throw new AppError('not-found');
  await checkFilters(ctx, actor, scope.vendor.accountingFirmId, query, scope);
  return run(
    ctx,
    {
      accountingFirmId: scope.vendor.accountingFirmId,
      userId: actor.userId,
      vendorIds: [vendorId],
      vendorId,
      hidden: await hiddenInVendor(ctx, scope),
    },
    query,
  );
}

/**
 * A firm-wide search: firm members (`documents.search`) across the client files they open, client
 * users (`documents.search_own`, the `users/me` route) across their companies; the client files
 * and the theme rule come from their memberships, as the unread counts do.
 */
export async function searchFirm(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  query: SearchQuery,
  side: 'firm' | 'client',
): Promise<Paginated<SearchHit>> {
  const action = side === 'firm' ? 'documents.search' : 'documents.search_own';
  await ctx.access.authorize(actor, action, { kind: 'firm', accountingFirmId });
  await checkFilters(ctx, actor, accountingFirmId, query, null);
  return run(ctx, await firmReach(ctx, accountingFirmId, actor.userId), query);
}
