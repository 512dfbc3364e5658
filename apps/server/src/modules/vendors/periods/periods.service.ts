import type { AccountingPeriod, PeriodInput } from '@portal/contracts';
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { accountingPeriods } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';

type VendorRef = { id: number; accountingFirmId: number };
type PeriodRow = typeof accountingPeriods.$inferSelect;

const toDto = (r: PeriodRow): AccountingPeriod => ({
  id: r.id,
  vendor_id: r.vendorId,
  name: r.name,
  start_date: r.startDate,
  end_date: r.endDate,
  status: r.status,
});

const ofVendor = (v: VendorRef) =>
  and(eq(accountingPeriods.accountingFirmId, v.accountingFirmId), eq(accountingPeriods.vendorId, v.id));

/** Refuses a period that overlaps another of the same client file (bounds included). */
async function checkNoOverlap(tx: Db, vendor: VendorRef, period: PeriodInput, exceptId?: number) {
  const [clash] = await tx
    .select({ id: accountingPeriods.id })
    .from(accountingPeriods)
    .where(
      and(
        ofVendor(vendor),
        lte(accountingPeriods.startDate, period.end_date),
        gte(accountingPeriods.endDate, period.start_date),
        exceptId === undefined ? undefined : ne(accountingPeriods.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw fieldError('accounting-period-overlap', 'start_date');
}

/** Inserts periods (wizard or tab) after checking they overlap neither each other nor existing ones. */
export async function insertPeriods(tx: Db, vendor: VendorRef, periods: PeriodInput[]): Promise<PeriodRow[]> {
  const created: PeriodRow[] = [];
  for (const period of periods) {
    await checkNoOverlap(tx, vendor, period);
    const [row] = await tx
      .insert(accountingPeriods)
      .values({
        accountingFirmId: vendor.accountingFirmId,
        vendorId: vendor.id,
        name: period.name,
        startDate: period.start_date,
        endDate: period.end_date,
      })
      .returning();
    created.push(row!);
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
  const rows = await ctx.db
    .select()
    .from(accountingPeriods)
    .where(ofVendor(vendor))
    .orderBy(asc(accountingPeriods.startDate));
  return rows.map(toDto);
}

export async function createPeriod(ctx: AppContext, actor: Actor, vendorId: number, input: PeriodInput) {
  const vendor = await vendorRef(ctx, actor, vendorId, true);
  const [row] = await ctx.db.transaction(async (tx) => {
    // Serialises period writes of one client file so two overlapping inserts cannot both pass.
    await tx.execute(sqlLockVendor(vendor.id));
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
    await tx.execute(sqlLockVendor(vendor.id));
    const [current] = await tx
      .select()
      .from(accountingPeriods)
      .where(and(ofVendor(vendor), eq(accountingPeriods.id, periodId)));
    if (!current) throw new AppError('not-found');
    await checkNoOverlap(tx, vendor, input, periodId);
    const [updated] = await tx
      .update(accountingPeriods)
      .set({ name: input.name, startDate: input.start_date, endDate: input.end_date })
      .where(eq(accountingPeriods.id, periodId))
      .returning();
    return updated!;
  });
  return toDto(row);
}

/** Deletes a period unless documents are filed in it (`accounting-period-contains-documents`). */
export async function deletePeriod(ctx: AppContext, actor: Actor, vendorId: number, periodId: number) {
  const vendor = await vendorRef(ctx, actor, vendorId, true);
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(accountingPeriods)
      .where(and(ofVendor(vendor), eq(accountingPeriods.id, periodId)));
    if (!current) throw new AppError('not-found');
    if ((await ctx.documents.countInPeriod(tx, vendor, periodId)) > 0) {
      throw new AppError('accounting-period-contains-documents');
    }
    await tx.delete(accountingPeriods).where(eq(accountingPeriods.id, periodId));
  });
}

/** Row lock on the client file: serialises writes to its periods. */
const sqlLockVendor = (vendorId: number) => sql`SELECT 1 FROM vendors WHERE id = ${vendorId} FOR UPDATE`;
