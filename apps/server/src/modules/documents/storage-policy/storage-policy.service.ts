import type {
  PlatformStorage,
  StorageSettings,
  StorageUsage,
  UpdatePlatformStorage,
  UpdateStorageSettings,
} from '@portal/contracts';
import { MAX_OPEN_UPLOADS_PER_USER } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors/app-error';
import * as repo from './storage-policy.repository';

const PLATFORM = { kind: 'platform' } as const;

async function usageOf(
  ctx: AppContext,
  accountingFirmId: number,
  policy: repo.Policy,
): Promise<StorageUsage> {
  const { stored, reserved } = await repo.usageOf(ctx.db, accountingFirmId);
  return {
    stored_bytes: stored,
    reserved_bytes: reserved,
    used_bytes: stored + reserved,
    quota_bytes: policy.quotaBytes,
  };
}

/** The firm's retention settings and usage (firm administrators). */
export async function storageSettings(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<StorageSettings> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  const policy = await repo.policyOf(ctx.db, accountingFirmId);
  return {
    trash_retention_days: policy.trashRetentionDays,
    version_retention: policy.versionRetention,
    usage: await usageOf(ctx, accountingFirmId, policy),
  };
}

export async function updateStorageSettings(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: UpdateStorageSettings,
): Promise<StorageSettings> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  await repo.savePolicy(ctx.db, accountingFirmId, {
    ...(input.trash_retention_days === undefined ? {} : { trashRetentionDays: input.trash_retention_days }),
    ...(input.version_retention === undefined ? {} : { versionRetention: input.version_retention }),
  });
  return storageSettings(ctx, actor, accountingFirmId);
}

/**
 * A portal's usage and quota (null: unlimited), for a caller that reached the portal already (the
 * network drive's RFC 4331 properties): no authorization here.
 */
export async function portalQuota(
  ctx: AppContext,
  accountingFirmId: number,
): Promise<{ usedBytes: number; quotaBytes: number | null }> {
  const policy = await repo.policyOf(ctx.db, accountingFirmId);
  const usage = await usageOf(ctx, accountingFirmId, policy);
  return { usedBytes: usage.used_bytes, quotaBytes: policy.quotaBytes };
}

/** A portal's quota, per-person reservation limit and usage (super admin). */
export async function platformStorage(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<PlatformStorage> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  if (!(await repo.firmExists(ctx.db, accountingFirmId))) throw new AppError('not-found');
  const policy = await repo.policyOf(ctx.db, accountingFirmId);
  return {
    quota_bytes: policy.quotaBytes,
    user_reserved_bytes: policy.userReservedBytes,
    usage: await usageOf(ctx, accountingFirmId, policy),
  };
}

export async function updatePlatformStorage(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: UpdatePlatformStorage,
): Promise<PlatformStorage> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  if (!(await repo.firmExists(ctx.db, accountingFirmId))) throw new AppError('not-found');
  await repo.savePolicy(ctx.db, accountingFirmId, {
    ...(input.quota_bytes === undefined ? {} : { quotaBytes: input.quota_bytes }),
    ...(input.user_reserved_bytes === undefined ? {} : { userReservedBytes: input.user_reserved_bytes }),
  });
  return platformStorage(ctx, actor, accountingFirmId);
}

type Change = { open: number; bytes: number };

/** Refuses (`quota-exceeded`) when the person's and the portal's uploads, changed by `change`, pass a limit. */
async function checkLimits(ctx: AppContext, accountingFirmId: number, userId: number, change: Change) {
  const policy = await repo.policyOf(ctx.db, accountingFirmId);
  const mine = await repo.reservationsOf(ctx.db, accountingFirmId, userId);
  if (
    mine.open + change.open > MAX_OPEN_UPLOADS_PER_USER ||
    mine.bytes + change.bytes > policy.userReservedBytes
  )
    throw new AppError('quota-exceeded');
  if (policy.quotaBytes === null) return;
  const { stored, reserved } = await repo.usageOf(ctx.db, accountingFirmId);
  if (stored + reserved + change.bytes > policy.quotaBytes) throw new AppError('quota-exceeded');
}

/**
 * Checks an upload session just opened against the limits: the person's uploads under way (20)
 * and the bytes they reserve, and the portal's quota. The session is counted already, so two
 * sessions opened at once see each other: one may be refused for the other, never both let past.
 * Throws `quota-exceeded`; the caller then drops the session, before any byte is stored.
 */
export async function admitUpload(
  ctx: AppContext,
  upload: { accountingFirmId: number; userId: number },
): Promise<void> {
  await checkLimits(ctx, upload.accountingFirmId, upload.userId, { open: 0, bytes: 0 });
}

/**
 * Before an upload's session starts over for another file of `totalSize` bytes (the old one, if
 * not done, frees its place): refused before the old session or any byte is touched.
 */
export async function admitReplacement(
  ctx: AppContext,
  old: { accountingFirmId: number; userId: number; status: string; totalSize: number },
  totalSize: number,
): Promise<void> {
  const frees = old.status !== 'done';
  await checkLimits(ctx, old.accountingFirmId, old.userId, {
    open: frees ? 0 : 1,
    bytes: totalSize - (frees ? Number(old.totalSize) : 0),
  });
}
