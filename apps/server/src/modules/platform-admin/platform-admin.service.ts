import type {
  CreatePlatformFirmRequest,
  ListPlatformFirmsQuery,
  PlatformFirm,
  PlatformHolding,
  UpdatePlatformFirmRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { paginated } from '../../platform/http/pagination';
import { checkInvitationQuota, deliverInvitation } from '../identity/invitations.service';
import { claimPerson } from '../identity/people.service';
import { addAdministrator } from '../team/team.service';
import { insertFirstVersion } from '../terms/terms.service';
import * as repo from './platform-admin.repository';

const PLATFORM = { kind: 'platform' } as const;

async function firmDto(db: Db, id: number): Promise<PlatformFirm> {
  const row = await repo.firmRow(db, id);
  if (!row) throw new AppError('not-found');
  const keys = await repo.moduleKeysOf(db, [id]);
  return repo.toPlatformFirm(row, keys.get(id) ?? []);
}

export async function listFirms(ctx: AppContext, actor: Actor, query: ListPlatformFirmsQuery) {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  const filter = { search: query.search, includeDeactivated: query.include_deactivated };
  const { rows, total } = await repo.firmsPage(ctx.db, filter, query.page, query.per_page);
  const keys = await repo.moduleKeysOf(
    ctx.db,
    rows.map((r) => r.firm.id),
  );
  return paginated(
    rows.map((r) => repo.toPlatformFirm(r, keys.get(r.firm.id) ?? [])),
    query,
    total,
  );
}

export async function getFirm(ctx: AppContext, actor: Actor, id: number): Promise<PlatformFirm> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  return firmDto(ctx.db, id);
}

/** Module ids of the given keys (every active module when absent); an unknown key is a 422. */
async function moduleIds(db: Db, keys: string[] | undefined): Promise<number[]> {
  const all = await repo.allModules(db);
  if (keys === undefined) return all.filter((m) => m.isActive).map((m) => m.id);
  const wanted = [...new Set(keys)];
  const found = all.filter((m) => wanted.includes(m.key));
  if (found.length !== wanted.length) throw fieldError('validation-failed', 'module_keys', 'invalid-value');
  return found.map((m) => m.id);
}

const domainTaken = (error: unknown) =>
  uniqueViolation(error) === 'accounting_firms_domain_key'
    ? fieldError('domain-already-exists', 'domain')
    : null;

/**
 * Creates a portal with its modules, the default terms of use (version 1, which its
 * administrators then replace), and its first administrator, mailed after the commit: a new
 * account creates its password; an existing one (any other portal's member, the super admin)
 * administers the portal only once it accepts the invitation.
 */
export async function createFirm(
  ctx: AppContext,
  actor: Actor,
  input: CreatePlatformFirmRequest,
): Promise<PlatformFirm> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  await checkInvitationQuota(ctx, actor.userId, input.admin.email);
  let created: { firmId: number; claim: Awaited<ReturnType<typeof claimPerson>> };
  try {
    created = await ctx.db.transaction(async (tx) => {
      let holdingId: number | null = null;
      if (input.holding_id !== undefined) {
        if (!(await repo.holdingExists(tx, input.holding_id))) {
          throw fieldError('validation-failed', 'holding_id', 'invalid-id');
        }
        holdingId = input.holding_id;
      } else if (input.holding_name !== undefined) {
        holdingId = await repo.insertHolding(tx, input.holding_name);
      }
      const ids = await moduleIds(tx, input.module_keys);
      const firmId = await repo.insertFirm(tx, {
        name: input.name,
        domain: input.domain ?? null,
        welcomeMessage: input.welcome_message ?? null,
        signatureBalance: input.signature_balance ?? null,
        holdingId,
        leaderEmail: input.admin.email,
        leaderFirstname: input.admin.firstname,
        leaderLastname: input.admin.lastname,
      });
      await repo.replaceFirmModules(tx, firmId, ids);
      await insertFirstVersion(tx, firmId);
      // An existing account (even the super admin's own) is invited, never taken over.
      const claim = await claimPerson(tx, input.admin);
      await addAdministrator(tx, firmId, claim, input.admin);
      return { firmId, claim };
    });
  } catch (error) {
    throw domainTaken(error) ?? error;
  }
  await deliverInvitation(ctx, {
    claim: created.claim,
    accountingFirmId: created.firmId,
    vendorId: null,
    senderId: actor.userId,
    email: input.admin.email,
  });
  return firmDto(ctx.db, created.firmId);
}

export async function updateFirm(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdatePlatformFirmRequest,
): Promise<PlatformFirm> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockFirm(tx, id))) throw new AppError('not-found');
      await repo.updateFirm(tx, id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.domain === undefined ? {} : { domain: input.domain }),
        ...(input.welcome_message === undefined ? {} : { welcomeMessage: input.welcome_message }),
        ...(input.signature_balance === undefined ? {} : { signatureBalance: input.signature_balance }),
      });
      if (input.module_keys !== undefined)
        await repo.replaceFirmModules(tx, id, await moduleIds(tx, input.module_keys));
    });
  } catch (error) {
    throw domainTaken(error) ?? error;
  }
  return firmDto(ctx.db, id);
}

/** Deactivating closes the portal to its users (its data stays); restoring reopens it. */
export async function setFirmActive(
  ctx: AppContext,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<PlatformFirm> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  const updated = await repo.updateFirm(ctx.db, id, { deactivatedAt: active ? null : new Date() });
  if (!updated) throw new AppError('not-found');
  return firmDto(ctx.db, id);
}

export async function listHoldings(ctx: AppContext, actor: Actor): Promise<PlatformHolding[]> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  return repo.holdingsWithFirmCount(ctx.db);
}
