import type { CreateVendorUserRequest, UpdateVendorUserRequest, VendorUser } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { compareFrench } from '../../../platform/collation';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { checkInvitationQuota, deliverInvitation } from '../../identity/invitations.service';
import {
  changedProfile,
  claimPerson,
  dropUnclaimedAccount,
  findPeople,
  type Person,
  type PersonProfile,
  profileOf,
  toPerson,
  updateOwnedProfile,
} from '../../identity/people.service';
import { peopleBeyond, relationsToFirm } from '../../tenancy/tenancy.service';
import { choosesThemes, clientUserThemes, setClientUserThemes } from '../../themes/theme-access.service';
import * as repo from './vendor-users.repository';

type MembershipRow = repo.MembershipRow;
type VendorRef = repo.VendorRef;
/** Where a viewer stands: the firm (its members), or one client file (its client users). */
type Scope = { accountingFirmId: number; vendorId?: number };

const NO_PROFILE: Required<PersonProfile> = {
  civility: null,
  firstname: null,
  lastname: null,
  birth_city: null,
  birth_date: null,
  mobile_number: null,
};

/**
 * A client user as the viewer may see them (docs/decisions.md, "shared people"):
 * - invited and not accepted yet: what the client file typed, nothing of the account;
 * - a person who also belongs outside the viewer's scope: their email, civility and names, not
 *   their mobile number nor their birth data, and no identity edits;
 * - otherwise (and always to themselves) the whole identity.
 */
function toVendorUser(m: repo.ShownMembership, person: Person, shared: boolean, self: boolean): VendorUser {
  let profile: Required<PersonProfile>;
  let editable: boolean;
  if (m.pending) {
    profile = { ...NO_PROFILE, ...(m.invitedProfile ?? {}) };
    editable = true;
  } else if (shared && !self) {
    const { civility, firstname, lastname } = person.profile;
    profile = { ...NO_PROFILE, civility, firstname, lastname };
    editable = false;
  } else {
    profile = person.profile;
    editable = true;
  }
  return {
    id: person.id,
    vendor_id: m.vendorId,
    email: person.email,
    ...profile,
    job: m.job,
    role: m.role,
    module_keys: m.moduleKeys ?? [],
    revoked_at: m.revokedAt,
    invitation_pending: m.pending || !person.hasPassword,
    profile_editable: editable,
    all_themes: m.allThemes,
    theme_ids: m.themeIds.map(Number),
  };
}

async function toVendorUsers(
  db: Db,
  scope: Scope,
  actorId: number,
  rows: MembershipRow[],
): Promise<VendorUser[]> {
  const ids = rows.map((m) => m.userId);
  const people = await findPeople(db, ids);
  const beyond = await peopleBeyond(db, ids, scope);
  const themes = await Promise.all(
    rows.map((m) => clientUserThemes(db, { id: m.vendorId, accountingFirmId: m.accountingFirmId }, m.userId)),
  );
  return rows.flatMap((m, i) => {
    const person = people.get(m.userId);
    if (!person) return [];
    const shared = person.isSuperAdmin || beyond.has(m.userId);
    return [toVendorUser({ ...m, themeIds: themes[i]!.ids }, person, shared, m.userId === actorId)];
  });
}

/** By last name (as shown), then id; people without a last name last. */
const byName = (a: VendorUser, b: VendorUser) =>
  a.lastname === b.lastname
    ? a.id - b.id
    : a.lastname === null
      ? 1
      : b.lastname === null
        ? -1
        : compareFrench(a.lastname, b.lastname) || a.id - b.id;

/**
 * Adds a client user to a client file, inside the caller's transaction. A new email creates the
 * account with what was typed; an existing account is the person's own: its membership here
 * stays pending (what was typed is kept on it, shown to this client file only) until they accept
 * the mailed invitation. A firm member's email is refused (`user-vendor-already-accountant`).
 */
export async function addClientUser(
  tx: Db,
  vendor: VendorRef,
  input: CreateVendorUserRequest,
  /** The request field that carried the email (the creation wizard calls it `admin_email`). */
  emailField = 'email',
): Promise<{ userId: number; owned: boolean; mail: 'create-password' | 'join' }> {
  const claim = await claimPerson(tx, input);
  const relations = await relationsToFirm(tx, vendor.accountingFirmId, claim.userId);
  if (relations.member) throw fieldError('user-vendor-already-accountant', emailField);
  if (relations.clientVendorIds.includes(vendor.id))
    throw fieldError('vendor-user-email-already-used', emailField);
  await repo.insertMembership(tx, {
    accountingFirmId: vendor.accountingFirmId,
    vendorId: vendor.id,
    userId: claim.userId,
    role: input.role,
    job: input.job ?? null,
    moduleKeys: input.module_keys ?? null,
    revokedAt: input.revoked_at ?? null,
    pending: !claim.owned,
    invitedProfile: claim.owned ? null : profileOf(input),
  });
  return claim;
}

async function vendorFor(ctx: AppContext, actor: Actor, vendorId: number, write: boolean) {
  const grant = await ctx.access.authorize(actor, write ? 'vendor.users.manage' : 'vendor.read', {
    kind: 'vendor',
    vendorId,
  });
  const vendor: VendorRef = { id: vendorId, accountingFirmId: grant.accountingFirmId! };
  const firmSide = grant.roles.includes('firm_admin') || grant.roles.includes('firm_collaborator');
  const scope: Scope = firmSide
    ? { accountingFirmId: vendor.accountingFirmId }
    : { accountingFirmId: vendor.accountingFirmId, vendorId };
  return { vendor, scope };
}

/**
 * A client file's users, as the caller may see them. Kept with the firm's cached reads, per
 * caller (what one may see of a person depends on who asks): a membership, a place elsewhere or a
 * role changing is announced on `portal_access`, a shown column of a person on `portal_reads`
 * for each firm they belong to (migration 0017).
 */
export async function listVendorUsers(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
): Promise<VendorUser[]> {
  const { vendor, scope } = await vendorFor(ctx, actor, vendorId, false);
  return ctx.reads.get(
    vendor.accountingFirmId,
    { key: `vendor-users:${vendorId}:${actor.userId}:${scope.vendorId ?? 0}`, shows: ['people'] },
    () => loadVendorUsers(ctx.db, vendor, scope, actor.userId),
  );
}

async function loadVendorUsers(
  db: Db,
  vendor: VendorRef,
  scope: Scope,
  actorId: number,
): Promise<VendorUser[]> {
  const rows = await repo.listClientUsers(db, vendor, scope.vendorId ?? null);
  return rows
    .map((r) => {
      const person = toPerson(r.person);
      return toVendorUser(
        r.membership,
        person,
        person.isSuperAdmin || r.beyond,
        r.membership.userId === actorId,
      );
    })
    .sort(byName);
}

async function oneVendorUser(
  db: Db,
  vendor: VendorRef,
  scope: Scope,
  actorId: number,
  userId: number,
): Promise<VendorUser> {
  const row = await repo.findMembership(db, vendor, userId);
  const [user] = row ? await toVendorUsers(db, scope, actorId, [row]) : [];
  if (!user) throw new AppError('not-found');
  return user;
}

export async function getVendorUser(ctx: AppContext, actor: Actor, vendorId: number, userId: number) {
  const { vendor, scope } = await vendorFor(ctx, actor, vendorId, false);
  return oneVendorUser(ctx.db, vendor, scope, actor.userId, userId);
}

/**
 * Invites a client user: a create-password mail for a new account, an invitation to accept for
 * an existing one. Invitation mails are limited per sender and per recipient (429).
 */
export async function createVendorUser(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: CreateVendorUserRequest,
): Promise<VendorUser> {
  const { vendor, scope } = await vendorFor(ctx, actor, vendorId, true);
  await checkInvitationQuota(ctx, actor.userId, input.email);
  const added = await ctx.db.transaction((tx) => addClientUser(tx, vendor, input));
  await deliverInvitation(ctx, {
    claim: added,
    accountingFirmId: vendor.accountingFirmId,
    vendorId: vendor.id,
    senderId: actor.userId,
    email: input.email,
  });
  return oneVendorUser(ctx.db, vendor, scope, actor.userId, added.userId);
}

const sameKeys = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/**
 * Changes a client user's place in this client file (role, job, apps, end of access) and, only
 * for a person this client file owns, their identity. Nobody changes their own rights here.
 */
export async function updateVendorUser(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  userId: number,
  input: UpdateVendorUserRequest,
): Promise<VendorUser> {
  const { vendor, scope } = await vendorFor(ctx, actor, vendorId, true);
  const current = await repo.findMembership(ctx.db, vendor, userId);
  const person = current && (await findPeople(ctx.db, [userId])).get(userId);
  if (!current || !person) throw new AppError('not-found');
  const self = userId === actor.userId;

  const rights: Partial<MembershipRow> = {};
  if (input.role !== undefined && input.role !== current.role) rights.role = input.role;
  if (input.module_keys !== undefined && !sameKeys(input.module_keys, current.moduleKeys))
    rights.moduleKeys = input.module_keys;
  if (input.revoked_at !== undefined && (input.revoked_at ?? null) !== current.revokedAt)
    rights.revokedAt = input.revoked_at ?? null;
  // One's own role, apps and end of access are for someone else to change.
  if (self && Object.keys(rights).length) throw new AppError('forbidden');

  const membership: Partial<MembershipRow> = { ...rights };
  if (input.job !== undefined) membership.job = input.job ?? null;
  const typed = profileOf(input);
  let identity: PersonProfile = {};
  if (current.pending) {
    // Not the person's account yet: what this client file typed, on its own membership.
    if (Object.keys(typed).length) membership.invitedProfile = { ...current.invitedProfile, ...typed };
  } else {
    identity = changedProfile(person, typed);
    if (Object.keys(identity).length && !self) {
      const shared = person.isSuperAdmin || (await peopleBeyond(ctx.db, [userId], scope)).has(userId);
      if (shared) throw new AppError('forbidden');
    }
  }
  const themes = { all_themes: input.all_themes, theme_ids: input.theme_ids };
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(membership).length) await repo.updateMembership(tx, vendor, userId, membership);
    if (choosesThemes(themes)) await setClientUserThemes(ctx, tx, actor, vendor, userId, themes);
    await updateOwnedProfile(tx, userId, identity);
  });
  return oneVendorUser(ctx.db, vendor, scope, actor.userId, userId);
}

/** Removes a client user's access to this client file (the account stays, if anyone uses it). */
export async function removeVendorUser(ctx: AppContext, actor: Actor, vendorId: number, userId: number) {
  const { vendor } = await vendorFor(ctx, actor, vendorId, true);
  if (userId === actor.userId) throw new AppError('cannot-delete-own-access');
  if (!(await repo.findMembership(ctx.db, vendor, userId))) throw new AppError('not-found');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteMembership(tx, vendor, userId);
    // An invitation nobody accepted leaves no account behind; an account in use stays.
    await dropUnclaimedAccount(tx, userId);
  });
}
