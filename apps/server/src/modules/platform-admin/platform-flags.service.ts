import {
  type CreateFeatureFlagRequest,
  type FeatureFlag,
  GLOBAL_PARAMETER_KEYS,
  GLOBAL_PARAMETERS,
  type GlobalParameter,
  type GlobalParameterKey,
  type UpdateFeatureFlagRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError } from '../../platform/errors/app-error';
import * as repo from './platform-catalog.repository';

/**
 * The super admin's feature flags (a default, per-portal overrides, public ones sent to the web
 * app) and global parameters (typed per key).
 */

const PLATFORM = { kind: 'platform' } as const;
const authorize = (ctx: AppContext, actor: Actor) => ctx.access.authorize(actor, 'platform.manage', PLATFORM);

/**
 * Each portal's effective flags, for `isFlagOn` and the white-label answer: read once per portal
 * and kept on the app context until a flag changes (in this process) or a short lifetime passes (a
 * change made by another process).
 */
const FLAG_LIFETIME_MS = 30_000;

async function firmFlags(ctx: AppContext, firmId: number) {
  const hit = ctx.featureFlags.get(firmId);
  if (hit && hit.expires > Date.now()) return hit;
  const [all, pub] = await Promise.all([
    repo.effectiveFlags(ctx.db, firmId, false),
    repo.effectiveFlags(ctx.db, firmId, true),
  ]);
  const entry = { all, pub, expires: Date.now() + FLAG_LIFETIME_MS };
  ctx.featureFlags.set(firmId, entry);
  return entry;
}

/** Whether a flag is on for a portal (its override, else the default; unknown: off). */
export async function isFlagOn(ctx: AppContext, firmId: number, name: string): Promise<boolean> {
  return (await firmFlags(ctx, firmId)).all[name] ?? false;
}

/** The portal's public flags, as the web app gets them. */
export async function publicFlags(ctx: AppContext, firmId: number): Promise<Record<string, boolean>> {
  return (await firmFlags(ctx, firmId)).pub;
}

const clearFlags = (ctx: AppContext) => ctx.featureFlags.clear();

type FlagRow = Awaited<ReturnType<typeof repo.flagRows>>[number];
const toFlag = ({ flag, overrides }: FlagRow): FeatureFlag => ({
  id: flag.id,
  name: flag.name,
  description: flag.description,
  enabled: flag.enabled,
  public: flag.isPublic,
  overrides: overrides.map((o) => ({ accounting_firm_id: o.firmId, name: o.name, enabled: o.enabled })),
});

async function flagDto(db: Db, id: number): Promise<FeatureFlag> {
  const [row] = await repo.flagRows(db, id);
  if (!row) throw new AppError('not-found');
  return toFlag(row);
}

const nameTaken = (error: unknown) =>
  uniqueViolation(error) === 'feature_flags_name_key' ? fieldError('flag-name-already-used', 'name') : null;

export async function listFlags(ctx: AppContext, actor: Actor): Promise<FeatureFlag[]> {
  await authorize(ctx, actor);
  return (await repo.flagRows(ctx.db)).map(toFlag);
}

export async function createFlag(ctx: AppContext, actor: Actor, input: CreateFeatureFlagRequest) {
  await authorize(ctx, actor);
  let id: number;
  try {
    id = await repo.insertFlag(ctx.db, {
      name: input.name,
      description: input.description ?? null,
      enabled: input.enabled ?? false,
      isPublic: input.public ?? false,
    });
  } catch (error) {
    throw nameTaken(error) ?? error;
  }
  clearFlags(ctx);
  return flagDto(ctx.db, id);
}

export async function updateFlag(ctx: AppContext, actor: Actor, id: number, input: UpdateFeatureFlagRequest) {
  await authorize(ctx, actor);
  let found: boolean;
  try {
    found = await repo.updateFlag(ctx.db, id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(input.public === undefined ? {} : { isPublic: input.public }),
    });
  } catch (error) {
    throw nameTaken(error) ?? error;
  }
  if (!found) throw new AppError('not-found');
  clearFlags(ctx);
  return flagDto(ctx.db, id);
}

/** Deletes a flag once its name is typed (every portal falls back to "off"). */
export async function deleteFlag(ctx: AppContext, actor: Actor, id: number, confirm: string) {
  await authorize(ctx, actor);
  const flag = await repo.flagById(ctx.db, id);
  if (!flag) throw new AppError('not-found');
  if (confirm.trim() !== flag.name) throw fieldError('confirmation-mismatch', 'confirm');
  await repo.deleteFlag(ctx.db, id);
  clearFlags(ctx);
}

/** Sets (`enabled`) or removes (null) a portal's override of a flag. */
export async function setOverride(
  ctx: AppContext,
  actor: Actor,
  id: number,
  firmId: number,
  enabled: boolean | null,
): Promise<FeatureFlag> {
  await authorize(ctx, actor);
  if (!(await repo.flagById(ctx.db, id))) throw new AppError('not-found');
  if ((await repo.existingFirmIds(ctx.db, [firmId])).length === 0) throw new AppError('not-found');
  if (enabled === null) await repo.removeOverride(ctx.db, id, firmId);
  else await repo.setOverride(ctx.db, id, firmId, enabled);
  clearFlags(ctx);
  return flagDto(ctx.db, id);
}

// Global parameters --------------------------------------------------------------------------

export async function listGlobalParameters(ctx: AppContext, actor: Actor): Promise<GlobalParameter[]> {
  await authorize(ctx, actor);
  const rows = await repo.globalParameterRows(ctx.db);
  return GLOBAL_PARAMETER_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    const fallback = GLOBAL_PARAMETERS[key].default;
    return {
      key,
      value: row ? row.value : fallback,
      default: fallback,
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  });
}

export async function getGlobalParameter(ctx: AppContext, actor: Actor, key: GlobalParameterKey) {
  const all = await listGlobalParameters(ctx, actor);
  return all.find((p) => p.key === key)!;
}

/** Stores a parameter's value, checked against its key's schema (422 on `value`). */
export async function putGlobalParameter(
  ctx: AppContext,
  actor: Actor,
  key: GlobalParameterKey,
  value: unknown,
): Promise<GlobalParameter> {
  await authorize(ctx, actor);
  const parsed = GLOBAL_PARAMETERS[key].schema.safeParse(value);
  if (!parsed.success) throw fieldError('validation-failed', 'value', 'invalid-value');
  const row = await repo.putGlobalParameter(ctx.db, key, parsed.data);
  return {
    key,
    value: row.value,
    default: GLOBAL_PARAMETERS[key].default,
    updated_at: row.updatedAt.toISOString(),
  };
}
