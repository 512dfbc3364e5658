import type { ListVendorsQuery } from '@portal/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siretRegistry, vendorAssignments, vendors } from '../../db/schema';
import { escapeLike } from '../../platform/db-like';
import type { VendorRow } from './vendor.mapper';

const SORTS: Record<NonNullable<ListVendorsQuery['sort']>, SQL> = {
  company: asc(vendors.company),
  '-company': desc(vendors.company),
  client_code: asc(vendors.clientCode),
  '-client_code': desc(vendors.clientCode),
  created_at: asc(vendors.createdAt),
  '-created_at': desc(vendors.createdAt),
};

/** A page of a firm's client files; `onlyAssignedTo` limits it to one member's assignments. */
export async function listVendors(
  db: Db,
  accountingFirmId: number,
  query: ListVendorsQuery,
  onlyAssignedTo?: number,
): Promise<{ rows: VendorRow[]; total: number }> {
  const search = query.search?.trim();
  const where = and(
    eq(vendors.accountingFirmId, accountingFirmId),
    query.status ? eq(vendors.status, query.status) : undefined,
    search
      ? or(
          ilike(vendors.company, `%${escapeLike(search)}%`),
          ilike(vendors.corporateName, `%${escapeLike(search)}%`),
          ilike(vendors.clientCode, `%${escapeLike(search)}%`),
          ilike(vendors.siren, `${escapeLike(search.replace(/\s/g, ''))}%`),
          ilike(vendors.siret, `${escapeLike(search.replace(/\s/g, ''))}%`),
        )
      : undefined,
    onlyAssignedTo === undefined
      ? undefined
      : inArray(
          vendors.id,
          db
            .select({ id: vendorAssignments.vendorId })
            .from(vendorAssignments)
            .where(
              and(
                eq(vendorAssignments.accountingFirmId, accountingFirmId),
                eq(vendorAssignments.userId, onlyAssignedTo),
              ),
            ),
        ),
  );
  const [totalRow] = await db.select({ n: count() }).from(vendors).where(where);
  const rows = await db
    .select()
    .from(vendors)
    .where(where)
    .orderBy(SORTS[query.sort ?? 'company'], asc(vendors.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { rows, total: Number(totalRow?.n ?? 0) };
}

export async function findVendor(db: Db, id: number): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
  return row;
}

export async function lockVendor(db: Db, id: number): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).for('update').limit(1);
  return row;
}

export async function insertVendor(db: Db, values: typeof vendors.$inferInsert): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(values).returning();
  return row!;
}

export async function updateVendor(db: Db, id: number, values: Partial<VendorRow>): Promise<VendorRow> {
  const [row] = await db
    .update(vendors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(vendors.id, id))
    .returning();
  return row!;
}

/**
 * Who holds a SIRET on the platform: the registry, else a client file written without it (the demo
 * seed inserts client files directly, and migration 0001 did not backfill the registry).
 */
export async function siretHolder(db: Db, siret: string): Promise<{ vendorId: number } | undefined> {
  const [row] = await db.select().from(siretRegistry).where(eq(siretRegistry.siret, siret)).limit(1);
  if (row) return row;
  const [vendor] = await db
    .select({ vendorId: vendors.id })
    .from(vendors)
    .where(eq(vendors.siret, siret))
    .limit(1);
  return vendor;
}

export async function registerSiret(db: Db, siret: string, accountingFirmId: number, vendorId: number) {
  await db.insert(siretRegistry).values({ siret, accountingFirmId, vendorId });
}

export async function releaseSiret(db: Db, vendorId: number) {
  await db.delete(siretRegistry).where(eq(siretRegistry.vendorId, vendorId));
}

export async function moveSiret(db: Db, vendorId: number, accountingFirmId: number) {
  await db.update(siretRegistry).set({ accountingFirmId }).where(eq(siretRegistry.vendorId, vendorId));
}

export async function deleteVendor(db: Db, id: number) {
  await db.delete(vendors).where(eq(vendors.id, id));
}
