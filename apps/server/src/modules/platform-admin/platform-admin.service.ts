import type {
  CreatePlatformFirmRequest,
  ListPlatformFirmsQuery,
  PlatformFirm,
  PlatformHolding,
  PlatformModule,
  UpdatePlatformFirmRequest,
} from '@portal/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirmModules,
  accountingFirms,
  holdings,
  modules,
  terms,
} from '../../db/schema';
import { DEFAULT_TERMS } from '../../db/seed/terms-text';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { findOrCreateUser, sendInvitation } from '../identity/identity.service';
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
  return {
    data: rows.map((r) => repo.toPlatformFirm(r, keys.get(r.firm.id) ?? [])),
    current_page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

export async function getFirm(ctx: AppContext, actor: Actor, id: number): Promise<PlatformFirm> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  return firmDto(ctx.db, id);
}

/** Module ids of the given keys (every active module when absent); an unknown key is a 422. */
async function moduleIds(db: Db, keys: string[] | undefined): Promise<number[]> {
  const all = await db.select({ id: modules.id, key: modules.key, isActive: modules.isActive }).from(modules);
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
 * administrators then replace), and its first administrator, invited by mail after the commit
 * when the account has no password yet.
 */
export async function createFirm(
  ctx: AppContext,
  actor: Actor,
  input: CreatePlatformFirmRequest,
): Promise<PlatformFirm> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  let created: { firmId: number; adminId: number; invite: boolean };
  try {
    created = await ctx.db.transaction(async (tx) => {
      let holdingId: number | null = null;
      if (input.holding_id !== undefined) {
        const [holding] = await tx.select().from(holdings).where(eq(holdings.id, input.holding_id));
        if (!holding) throw fieldError('validation-failed', 'holding_id', 'invalid-id');
        holdingId = holding.id;
      } else if (input.holding_name !== undefined) {
        const [holding] = await tx.insert(holdings).values({ name: input.holding_name }).returning();
        holdingId = holding!.id;
      }
      const ids = await moduleIds(tx, input.module_keys);
      const [firm] = await tx
        .insert(accountingFirms)
        .values({
          name: input.name,
          domain: input.domain ?? null,
          welcomeMessage: input.welcome_message ?? null,
          holdingId,
          leaderEmail: input.admin.email,
          leaderFirstname: input.admin.firstname,
          leaderLastname: input.admin.lastname,
        })
        .returning();
      const firmId = firm!.id;
      if (ids.length) {
        await tx
          .insert(accountingFirmModules)
          .values(ids.map((moduleId) => ({ accountingFirmId: firmId, moduleId })));
      }
      await tx.insert(terms).values(
        (['fr', 'en', 'pt'] as const).map((locale) => ({
          accountingFirmId: firmId,
          version: 1,
          locale,
          ...DEFAULT_TERMS[locale],
        })),
      );
      const admin = await findOrCreateUser(tx, input.admin);
      await tx
        .insert(accountingFirmMemberships)
        .values({ accountingFirmId: firmId, userId: admin.userId, role: 'admin' });
      return { firmId, adminId: admin.userId, invite: admin.invite };
    });
  } catch (error) {
    throw domainTaken(error) ?? error;
  }
  if (created.invite) await sendInvitation(ctx, created.adminId, created.firmId);
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
      const [firm] = await tx
        .select({ id: accountingFirms.id })
        .from(accountingFirms)
        .where(eq(accountingFirms.id, id))
        .for('update');
      if (!firm) throw new AppError('not-found');
      await tx
        .update(accountingFirms)
        .set({
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.domain === undefined ? {} : { domain: input.domain }),
          ...(input.welcome_message === undefined ? {} : { welcomeMessage: input.welcome_message }),
          updatedAt: new Date(),
        })
        .where(eq(accountingFirms.id, id));
      if (input.module_keys !== undefined) {
        const ids = await moduleIds(tx, input.module_keys);
        await tx.delete(accountingFirmModules).where(eq(accountingFirmModules.accountingFirmId, id));
        if (ids.length) {
          await tx
            .insert(accountingFirmModules)
            .values(ids.map((moduleId) => ({ accountingFirmId: id, moduleId })));
        }
      }
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
  const [updated] = await ctx.db
    .update(accountingFirms)
    .set({ deactivatedAt: active ? null : new Date(), updatedAt: new Date() })
    .where(eq(accountingFirms.id, id))
    .returning({ id: accountingFirms.id });
  if (!updated) throw new AppError('not-found');
  return firmDto(ctx.db, id);
}

export async function listHoldings(ctx: AppContext, actor: Actor): Promise<PlatformHolding[]> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  const rows = await ctx.db
    .select({ id: holdings.id, name: holdings.name, firmCount: count(accountingFirms.id) })
    .from(holdings)
    .leftJoin(accountingFirms, eq(accountingFirms.holdingId, holdings.id))
    .groupBy(holdings.id, holdings.name)
    .orderBy(asc(holdings.name));
  return rows.map((r) => ({ id: r.id, name: r.name, firm_count: Number(r.firmCount) }));
}

export async function listModules(ctx: AppContext, actor: Actor): Promise<PlatformModule[]> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  const rows = await ctx.db
    .select({ key: modules.key, name: modules.name, audience: modules.audience })
    .from(modules)
    .where(eq(modules.isActive, true))
    .orderBy(asc(modules.priority), asc(modules.key));
  return rows;
}
