import type { ListVendorsQuery } from '@portal/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  siretRegistry,
  vendorAssignments,
  vendorMemberships,
  vendors,
} from '../../../db/schema';
import { escapeLike } from '../../../platform/db-like';
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

function prepareVendorGrant(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      accountingFirmId: vendors.accountingFirmId,
      status: vendors.status,
      firmDeactivatedAt: accountingFirms.deactivatedAt,
      firmRole: accountingFirmMemberships.role,
      isGroupAdmin: accountingFirmMemberships.isGroupAdmin,
      allVendors: accountingFirmMemberships.allVendors,
      membershipReadOnly: accountingFirmMemberships.readOnly,
      assigned: vendorAssignments.userId,
      assignmentReadOnly: vendorAssignments.readOnly,
      clientRole: vendorMemberships.role,
    })
    .from(vendors)
    .innerJoin(accountingFirms, eq(accountingFirms.id, vendors.accountingFirmId))
    .leftJoin(
      accountingFirmMemberships,
      and(
        eq(accountingFirmMemberships.accountingFirmId, vendors.accountingFirmId),
        eq(accountingFirmMemberships.userId, userId),
      ),
    )
    .leftJoin(
      vendorAssignments,
      and(
        eq(vendorAssignments.accountingFirmId, vendors.accountingFirmId),
        eq(vendorAssignments.vendorId, vendors.id),
        eq(vendorAssignments.userId, userId),
      ),
    )
    .leftJoin(
      vendorMemberships,
      and(
        eq(vendorMemberships.accountingFirmId, vendors.accountingFirmId),
        eq(vendorMemberships.vendorId, vendors.id),
        eq(vendorMemberships.userId, userId),
        or(isNull(vendorMemberships.revokedAt), gt(vendorMemberships.revokedAt, sql`CURRENT_DATE`)),
      ),
    )
    .where(eq(vendors.id, sql.placeholder('vendorId')))
    .limit(1)
    .prepare('grant_on_vendor');
}

const vendorGrantQueries = new WeakMap<Db, ReturnType<typeof prepareVendorGrant>>();

/**
 * Runs on almost every request, so prepared once per database: the client file, the user's firm
 * membership, assignment and (unexpired) client membership there, in one round trip.
 */
export async function vendorGrantRow(db: Db, userId: number, vendorId: number) {
  let query = vendorGrantQueries.get(db);
  if (!query) {
    query = prepareVendorGrant(db);
    vendorGrantQueries.set(db, query);
  }
  const [row] = await query.execute({ userId, vendorId });
  return row;
}
