import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accountingPeriods } from '../../../db/schema';
import { preparedPerDatabase } from '../../../platform/db-prepared';

export type PeriodRow = typeof accountingPeriods.$inferSelect;
export type PeriodValues = Pick<PeriodRow, 'name' | 'startDate' | 'endDate'>;
/** A client file as its children know it: its id and its firm. */
export type VendorRef = { id: number; accountingFirmId: number };

const ofVendor = (v: VendorRef) =>
  and(eq(accountingPeriods.accountingFirmId, v.accountingFirmId), eq(accountingPeriods.vendorId, v.id));

/** Row lock on the client file: serialises writes to its periods. */
export async function lockVendorPeriods(tx: Db, vendor: VendorRef): Promise<void> {
  await tx.execute(
    sql`SELECT 1 FROM vendors WHERE id = ${vendor.id} AND accounting_firm_id = ${vendor.accountingFirmId} FOR UPDATE`,
  );
}

const periodsOf = preparedPerDatabase((db) =>
  db
    .select()
    .from(accountingPeriods)
    .where(
      and(
        eq(accountingPeriods.accountingFirmId, sql.placeholder('firmId')),
        eq(accountingPeriods.vendorId, sql.placeholder('vendorId')),
      ),
    )
    .orderBy(asc(accountingPeriods.startDate))
    .prepare('vendor_periods'),
);

export async function listPeriods(db: Db, vendor: VendorRef): Promise<PeriodRow[]> {
  return periodsOf(db).execute({ firmId: vendor.accountingFirmId, vendorId: vendor.id });
}

export async function findPeriod(
  db: Db,
  vendor: VendorRef,
  periodId: number,
): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(accountingPeriods)
    .where(and(ofVendor(vendor), eq(accountingPeriods.id, periodId)));
  return row;
}

/** The period, its row locked until the transaction ends (a document filed in it meanwhile waits). */
export async function lockPeriod(
  tx: Db,
  vendor: VendorRef,
  periodId: number,
): Promise<PeriodRow | undefined> {
  const [row] = await tx
    .select()
    .from(accountingPeriods)
    .where(and(ofVendor(vendor), eq(accountingPeriods.id, periodId)))
    .for('update');
  return row;
}

/** Whether another period of the client file meets [startDate, endDate] (bounds included). */
export async function hasOverlap(
  db: Db,
  vendor: VendorRef,
  startDate: string,
  endDate: string,
  exceptId?: number,
): Promise<boolean> {
  const [clash] = await db
    .select({ id: accountingPeriods.id })
    .from(accountingPeriods)
    .where(
      and(
        ofVendor(vendor),
        lte(accountingPeriods.startDate, endDate),
        gte(accountingPeriods.endDate, startDate),
        exceptId === undefined ? undefined : ne(accountingPeriods.id, exceptId),
      ),
    )
    .limit(1);
  return clash !== undefined;
}

export async function insertPeriod(db: Db, vendor: VendorRef, values: PeriodValues): Promise<PeriodRow> {
  const [row] = await db
    .insert(accountingPeriods)
    .values({ accountingFirmId: vendor.accountingFirmId, vendorId: vendor.id, ...values })
    .returning();
  return row!;
}

export async function updatePeriod(
  db: Db,
  vendor: VendorRef,
  periodId: number,
  values: PeriodValues,
): Promise<PeriodRow> {
  const [row] = await db
    .update(accountingPeriods)
    .set(values)
    .where(and(ofVendor(vendor), eq(accountingPeriods.id, periodId)))
    .returning();
  return row!;
}

export async function deletePeriod(db: Db, vendor: VendorRef, periodId: number): Promise<void> {
  await db.delete(accountingPeriods).where(and(ofVendor(vendor), eq(accountingPeriods.id, periodId)));
}
