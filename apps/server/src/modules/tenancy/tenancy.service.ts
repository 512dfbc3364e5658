import type { AccountingFirmSummary, Module, VendorRoles, VendorSummary } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { reachesFirm } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import { compareFrench } from '../../platform/collation';
import { AppError } from '../../platform/errors/app-error';
import * as grants from './grants.repository';
import * as memberships from './memberships.repository';
import * as portalModules from './portal-modules.repository';

export const toModuleDto = (m: portalModules.ModuleRow): Module => ({
  id: m.id,
  key: m.key,
  name: m.name,
  priority: m.priority,
  is_home: m.isHome,
  is_navbar: m.isNavbar,
  is_settings: m.isSettings,
});

/**
 * The firms a user can work in: as a member, as a client user, as holding admin of their holding,
 * or every active firm for a super admin. Firms on `activeDomain` come first.
 */
export async function myAccountingFirms(
  ctx: AppContext,
  actor: Actor,
  query: { active_domain?: string; accountant?: boolean },
): Promise<AccountingFirmSummary[]> {
  const all = await grants.firmsOfUser(ctx.db, actor.userId, actor.isSuperAdmin);
  // A session bound to one portal (its SSO, its sign-in link) sees that portal only.
  const rows = actor.boundFirmId === null ? all : all.filter((r) => r.firm.id === actor.boundFirmId);
  const summaries = rows.map(({ firm: f, role, isGroupAdmin, holdingAdmin }) => ({
    id: f.id,
    name: f.name,
    domain: f.domain,
    holding_id: f.holdingId,
    is_accountant: role !== null,
    is_accountant_admin: role === 'admin',
    is_group_admin: Boolean(isGroupAdmin),
    is_holding_admin: holdingAdmin !== null,
  }));
  const filtered =
    query.accountant === undefined
      ? summaries
      : summaries.filter((s) => s.is_accountant === query.accountant);
  const domain = query.active_domain?.toLowerCase();
  return domain
    ? [...filtered].sort((a, b) => Number(b.domain === domain) - Number(a.domain === domain))
    : filtered;
}

/**
 * The client files a user may open in one firm (404 for a firm the user has nothing in). Without
 * a search it is every screen's first read: kept with the firm's cached reads, per person. What it
 * shows is announced at commit: the client files' listed columns (`portal_reads`, migration 0008)
 * and every membership, assignment and role (`portal_access`); the lifetime bounds a client
 * user's end of access passing at midnight.
 */
export function myVendors(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  search?: string,
): Promise<VendorSummary[]> {
  if (!reachesFirm(actor, accountingFirmId)) return Promise.reject(new AppError('not-found'));
  if (search) return loadMyVendors(ctx, actor, accountingFirmId, search);
  return ctx.reads.get(accountingFirmId, { key: `my-vendors:${actor.userId}`, shows: ['vendors'] }, () =>
    loadMyVendors(ctx, actor, accountingFirmId),
  );
}

async function loadMyVendors(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  search?: string,
): Promise<VendorSummary[]> {
  const rows = await grants.vendorsOfUser(ctx.db, actor.userId, { accountingFirmId, search });
  if (rows.length === 0 && !(await knowsFirm(ctx.db, actor.userId, accountingFirmId))) {
    // A firm listed to someone who is no member of it (the super admin, a holding's
    // administrator): they have no client file there, which is no error.
    const grant = await ctx.access.grantFor(actor, { kind: 'firm', accountingFirmId });
    if (grant.roles.includes('super_admin') || grant.roles.includes('holding_admin')) return [];
    throw new AppError('not-found');
  }
  const result = rows.map((v): VendorSummary => {
    const summary = {
      id: v.id,
      accounting_firm_id: v.accountingFirmId,
      company: v.company,
      corporate_name: v.corporateName,
      client_code: v.clientCode,
      siret: v.siret,
      status: v.status,
    };
    // The firm side wins over a client membership; an assignment's flag over the member's.
    if (v.memberRole && (v.assignedReadOnly !== null || v.memberRole === 'admin' || v.memberSeesAll)) {
      const readOnly = v.assignedReadOnly ?? (v.memberRole !== 'admin' && v.memberReadOnly === true);
      return { ...summary, role: 'accountant', read_only: readOnly };
    }
    return { ...summary, role: v.clientRole!, read_only: v.clientRole === 'guest' };
  });
  const deactivatedLast = (v: VendorSummary) => (v.status === 'active' ? 0 : 1);
  return result.sort(
    (a, b) => deactivatedLast(a) - deactivatedLast(b) || compareFrench(a.company, b.company) || a.id - b.id,
  );
}

/** Whether the user belongs to the firm: an accepted member, or a client user of an active client file. */
async function knowsFirm(db: Db, userId: number, accountingFirmId: number): Promise<boolean> {
  const memberships = await grants.firmMemberships(db, userId);
  if (memberships.some((m) => m.accountingFirmId === accountingFirmId)) return true;
  return (await grants.firmIdsAsClient(db, userId)).includes(accountingFirmId);
}

/** The user's role in one client file, and the modules it gives. */
export async function vendorRoles(ctx: AppContext, actor: Actor, vendorId: number): Promise<VendorRoles> {
  const grant = await ctx.access.authorize(actor, 'vendor.read', { kind: 'vendor', vendorId });
  const firmId = grant.accountingFirmId!;
  const isAccountant = grant.roles.includes('firm_admin') || grant.roles.includes('firm_collaborator');
  const clientRole = grant.roles.find((r) => r.startsWith('vendor_'))?.slice('vendor_'.length) as
    | 'admin'
    | 'collaborator'
    | 'guest'
    | undefined;
  return {
    vendor_id: vendorId,
    accounting_firm_id: firmId,
    role: isAccountant ? 'accountant' : (clientRole ?? 'guest'),
    read_only: grant.readOnly,
    modules: isAccountant
      ? await accountantModulesOf(ctx, firmId)
      : await clientModulesOf(ctx, firmId, vendorId),
  };
}

// Every screen asks for them and they seldom change: kept with the firm's cached reads, which a
// change of the firm's, the client file's or the platform's modules clears (migration 0015).
const accountantModulesOf = (ctx: AppContext, firmId: number) =>
  ctx.reads.get(firmId, { key: 'modules:accountant', shows: ['modules'] }, async () =>
    (await portalModules.firmModules(ctx.db, firmId, 'accountant')).map(toModuleDto),
  );
const clientModulesOf = (ctx: AppContext, firmId: number, vendorId: number) =>
  ctx.reads.get(firmId, { key: `modules:vendor:${vendorId}`, shows: ['modules'] }, async () =>
    (await portalModules.vendorModulesFor(ctx.db, firmId, vendorId)).map(toModuleDto),
  );

/** Modules of a firm for its members. */
export async function accountantModules(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<Module[]> {
  await ctx.access.authorize(actor, 'firm.read', { kind: 'firm', accountingFirmId });
  return accountantModulesOf(ctx, accountingFirmId);
}

/**
 * What a person already is in a firm, inside the caller's transaction: a member, and the client
 * files they are a client user of. Adding people (team, client users) refuses on these.
 */
export async function relationsToFirm(
  tx: Db,
  accountingFirmId: number,
  userId: number,
): Promise<{ member: boolean; clientVendorIds: number[] }> {
  return memberships.relationsToFirm(tx, accountingFirmId, userId);
}

/**
 * Whether a person is in the firm (its team, or a client file of it): `accepted` once any of
 * those places is, `pending` while they are only invited.
 */
export async function standingInFirm(
  db: Db,
  accountingFirmId: number,
  userId: number,
): Promise<'accepted' | 'pending' | 'none'> {
  return memberships.standingInFirm(db, accountingFirmId, userId);
}

/** The client files a member is assigned to in a firm, by name. */
export async function assignmentsOf(
  db: Db,
  accountingFirmId: number,
  userId: number,
): Promise<{ vendor_id: number; company: string; client_code: string; read_only: boolean }[]> {
  const rows = await grants.assignedVendors(db, userId, accountingFirmId);
  return rows.map((v) => ({
    vendor_id: v.id,
    company: v.company,
    client_code: v.clientCode,
    read_only: v.readOnly,
  }));
}

/**
 * Whether a client file has a module (by key): the firm's active client module, not switched off
 * for the file. Read afresh (a change must stop the next write at once, not after the cache).
 */
export async function vendorHasModule(
  db: Db,
  accountingFirmId: number,
  vendorId: number,
  key: string,
): Promise<boolean> {
  return (await portalModules.vendorModulesFor(db, accountingFirmId, vendorId)).some((m) => m.key === key);
}

/** The active modules of a firm (every audience), by priority. */
export async function firmModules(db: Db, accountingFirmId: number): Promise<Module[]> {
  return (await portalModules.firmModules(db, accountingFirmId)).map(toModuleDto);
}

/** Which of these users are members of the firm (invited ones included), inside a transaction. */
export async function firmMemberIds(tx: Db, accountingFirmId: number, userIds: number[]) {
  return memberships.firmMemberIds(tx, accountingFirmId, userIds);
}

/** Whether the person has any place on the platform (pending invitations included). */
export async function hasAnyRelation(tx: Db, userId: number): Promise<boolean> {
  return memberships.hasAnyRelation(tx, userId);
}

/**
 * Of these people, those who also belong somewhere outside the scope (a firm, or one client file
 * of it): another firm, a holding, or for a client file any firm or another client file. Pending
 * invitations count. Their identity is then theirs alone (docs/decisions.md, shared people).
 */
export async function peopleBeyond(
  db: Db,
  userIds: number[],
  scope: { accountingFirmId: number; vendorId?: number },
): Promise<Set<number>> {
  return new Set(await memberships.usersBeyond(db, [...new Set(userIds)], scope));
}

/** What a pending invitation offers (undefined once accepted, removed, or its portal closed). */
export async function pendingOffer(
  db: Db,
  userId: number,
  accountingFirmId: number,
  vendorId: number | null,
): Promise<
  | {
      accountingFirmId: number;
      firmName: string;
      vendorId: number | null;
      company: string | null;
      role: string;
    }
  | undefined
> {
  const row = await memberships.pendingOffer(db, userId, accountingFirmId, vendorId);
  return row && { ...row, accountingFirmId: row.firmId };
}

/**
 * The person accepts a pending invitation, inside the caller's transaction: the membership then
 * grants its rights. Returns the firm it is in (a client file may have moved), undefined when
 * there is no pending membership any more.
 */
export async function acceptMembership(
  tx: Db,
  userId: number,
  accountingFirmId: number,
  vendorId: number | null,
): Promise<number | undefined> {
  if (vendorId === null) {
    return (await memberships.acceptFirmMembership(tx, accountingFirmId, userId))
      ? accountingFirmId
      : undefined;
  }
  return memberships.acceptVendorMembership(tx, vendorId, userId);
}
