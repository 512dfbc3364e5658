import type { LegalHold } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors/app-error';
import { authorizeVendor, iso } from '../vendor-access.service';
import { lockForRemoval } from './retention.repository';
import * as repo from './storage-policy.repository';

async function holdOf(ctx: AppContext, vendor: repo.VendorRef): Promise<LegalHold> {
  const hold = await repo.activeHold(ctx.db, vendor);
  return hold
    ? { held: true, set_at: iso(hold.setAt), set_by: hold.setBy }
    : { held: false, set_at: null, set_by: null };
}

/** Whether the client file is under legal hold (whoever may open its documents may know). */
export async function legalHold(ctx: AppContext, actor: Actor, vendorId: number): Promise<LegalHold> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  return holdOf(ctx, scope.vendor);
}

/** Puts the client file under legal hold (firm administrators); recorded with who and when. */
export async function setLegalHold(ctx: AppContext, actor: Actor, vendorId: number): Promise<LegalHold> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.legal_hold');
  await repo.setHold(ctx.db, scope.vendor, actor.userId);
  return holdOf(ctx, scope.vendor);
}

/** Lifts the legal hold; the record keeps who lifted it and when. */
export async function liftLegalHold(ctx: AppContext, actor: Actor, vendorId: number): Promise<LegalHold> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.legal_hold');
  await repo.liftHold(ctx.db, scope.vendor, actor.userId);
  return holdOf(ctx, scope.vendor);
}

/**
 * In a transaction removing things for good: locks the client file's root (as the trash does)
 * and refuses with `legal-hold` while the client file is held.
 */
export async function assertNoLegalHold(tx: Db, vendor: repo.VendorRef): Promise<void> {
  if ((await lockForRemoval(tx, vendor)).held) throw new AppError('legal-hold');
}
