import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors/app-error';
import { vendorHasModule } from '../tenancy/tenancy.service';

/**
 * Requests are created and sent only in a client file that has the `signatures` module (the
 * firm's, not switched off for the file): else 403, as any action the person may not take there.
 */
export async function requireModule(
  ctx: AppContext,
  vendor: { id: number; accountingFirmId: number },
): Promise<void> {
  if (!(await vendorHasModule(ctx.db, vendor.accountingFirmId, vendor.id, 'signatures')))
    throw new AppError('forbidden', { message: 'the signatures module is off for this client file' });
}
