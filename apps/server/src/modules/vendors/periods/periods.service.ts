import type { AccountingPeriod, PeriodInput } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import * as repo from './periods.repository';

type VendorRef = repo.VendorRef;

const toDto = (r: repo.PeriodRow): AccountingPeriod => ({
  id: r.id,
  vendor_id: r.vendorId,
  name: r.name,
  start_date: r.startDate,
  end_date: r.endDate,
  status: r.status,
});

const periodValues = (p: PeriodInput): repo.PeriodValues => ({
  name: p.name,
  startDate: p.start_date,
  endDate: p.end_date,
});

/** Refuses a period that overlaps another of the same client file (bounds included). */
async function checkNoOverlap(tx: Db, vendor: VendorRef, period: PeriodInput, exceptId?: number) {
  if (await repo.hasOverlap(tx, vendor, period.start_date, period.end_date, exceptId)) {
    throw fieldError('accounting-period-overlap', 'start_date');
  }
}

/** Inserts periods (wizard or tab) after checking they overlap neither each other nor existing ones. */
export async function insertPeriods(
  tx: Db,
  vendor: VendorRef,
  periods: PeriodInput[],
): Promise<repo.PeriodRow[]> {
  const created: repo.PeriodRow[] = [];
  for (const period of periods) {
    await checkNoOverlap(tx, vendor, period);
    created.push(await repo.insertPeriod(tx, vendor, periodValues(period)));
  }
  return created;
}

async function vendorRef(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  write: boolean,
): Promise<VendorRef> {
  const grant = await ctx.access.authorize(actor, write ? 'vendor.update' : 'vendor.read', {
    kind: 'vendor',
    vendorId,
  });
  return { id: vendorId, accountingFirmId: grant.accountingFirmId! };
}

export async function listPeriods(ctx: AppContext, actor: Actor, vendorId: number) {
  const vendor = await vendorRef(ctx, actor, vendorId, false);
  return (await repo.listPeriods(ctx.db, vendor)).map(toDto);
}

export async function createPeriod(ctx: AppContext, actor: Actor, vendorId: number, input: PeriodInput) {
  const vendor = await vendorRef(ctx, actor, vendorId, true);
  const [row] = await ctx.db.transaction(async (tx) => {
    // Serialises period writes of one client file so two overlapping inserts cannot both pass.
    await repo.lockVendorPeriods(tx, vendor);
    return insertPeriods(tx, vendor, [input]);
  });
  return toDto(row!);
}

export async function updatePeriod(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  periodId: number,
  input: PeriodInput,
) {
  const vendor = await vendorRef(ctx, actor, vendorId, true);
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockVendorPeriods(tx, vendor);
    if (!(await repo.findPeriod(tx, vendor, periodId))) throw new AppError('not-found');
    await checkNoOverlap(tx, vendor, input, periodId);
    return repo.updatePeriod(tx, vendor, periodId, periodValues(input));
  });
  return toDto(row);
}

/**
 * Deletes a period unless documents are filed in it (`accounting-period-contains-documents`). The
 * period's row is locked before the count: a document being filed in it (which holds the row
 * share-locked) is counted once committed, and one filed after the deletion finds no period.
 */
export async function deletePeriod(ctx: AppContext, actor: Actor, vendorId: number, periodId: number) {
  const vendor = await vendorRef(ctx, actor, vendorId, true);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockPeriod(tx, vendor, periodId))) throw new AppError('not-found');
    if ((await ctx.documents.countInPeriod(tx, vendor, periodId)) > 0) {
      throw new AppError('accounting-period-contains-documents');
    }
    await repo.deletePeriod(tx, vendor, periodId);
  });
}
