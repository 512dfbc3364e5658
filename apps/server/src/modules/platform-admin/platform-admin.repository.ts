import type { PlatformFirm } from '@portal/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirmModules,
  accountingFirms,
  holdings,
  modules,
  vendors,
} from '../../db/schema';
import { escapeLike } from '../../platform/db-like';
import { pageOffset } from '../../platform/http/pagination';

export type FirmFilter = { search?: string; includeDeactivated?: boolean };

function firmWhere({ search, includeDeactivated }: FirmFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (!includeDeactivated) conditions.push(isNull(accountingFirms.deactivatedAt));
  if (search?.trim()) {
    const like = `%${escapeLike(search.trim())}%`;
    conditions.push(or(ilike(accountingFirms.name, like), ilike(accountingFirms.domain, like)));
  }
  return and(...conditions);
}

const memberCount = sql<number>`(select count(*)::int from ${accountingFirmMemberships} m where m.accounting_firm_id = ${accountingFirms.id})`;
const vendorCount = sql<number>`(select count(*)::int from ${vendors} v where v.accounting_firm_id = ${accountingFirms.id})`;

/** One page of portals, by name, with their holding and counts. */
export async function firmsPage(db: Db, filter: FirmFilter, page: number, perPage: number) {
  const where = firmWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        firm: accountingFirms,
        holdingName: holdings.name,
        memberCount,
        vendorCount,
      })
      .from(accountingFirms)
      .leftJoin(holdings, eq(holdings.id, accountingFirms.holdingId))
      .where(where)
      .orderBy(asc(accountingFirms.name), asc(accountingFirms.id))
      .limit(perPage)
      .offset(pageOffset({ page, per_page: perPage })),
    db.select({ n: count() }).from(accountingFirms).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function firmRow(db: Db, id: number) {
  const [row] = await db
    .select({ firm: accountingFirms, holdingName: holdings.name, memberCount, vendorCount })
    .from(accountingFirms)
    .leftJoin(holdings, eq(holdings.id, accountingFirms.holdingId))
    .where(eq(accountingFirms.id, id));
  return row;
}

/** Module keys per firm, for the given firms. */
export async function moduleKeysOf(db: Db, firmIds: number[]): Promise<Map<number, string[]>> {
  const byFirm = new Map<number, string[]>(firmIds.map((id) => [id, []]));
  if (firmIds.length === 0) return byFirm;
  const rows = await db
    .select({ firmId: accountingFirmModules.accountingFirmId, key: modules.key })
    .from(accountingFirmModules)
    .innerJoin(modules, eq(modules.id, accountingFirmModules.moduleId))
    .where(inArray(accountingFirmModules.accountingFirmId, firmIds))
    .orderBy(asc(modules.priority), asc(modules.key));
  for (const row of rows) byFirm.get(row.firmId)?.push(row.key);
  return byFirm;
}

export type FirmRow = NonNullable<Awaited<ReturnType<typeof firmRow>>>;

export const toPlatformFirm = (row: FirmRow, moduleKeys: string[]): PlatformFirm => ({
  id: row.firm.id,
  name: row.firm.name,
  domain: row.firm.domain,
  welcome_message: row.firm.welcomeMessage,
  holding: row.firm.holdingId === null ? null : { id: row.firm.holdingId, name: row.holdingName ?? '' },
  module_keys: moduleKeys,
  member_count: Number(row.memberCount),
  vendor_count: Number(row.vendorCount),
  deactivated_at: row.firm.deactivatedAt?.toISOString() ?? null,
  created_at: row.firm.createdAt.toISOString(),
  signature_balance: row.firm.signatureBalance,
});

export type NewFirm = typeof accountingFirms.$inferInsert;

export async function holdingExists(tx: Db, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: holdings.id }).from(holdings).where(eq(holdings.id, id));
  return Boolean(row);
}

export async function insertHolding(tx: Db, name: string): Promise<number> {
  const [row] = await tx.insert(holdings).values({ name }).returning({ id: holdings.id });
  return row!.id;
}

export async function allModules(db: Db) {
  return db.select({ id: modules.id, key: modules.key, isActive: modules.isActive }).from(modules);
}

export async function insertFirm(tx: Db, values: NewFirm): Promise<number> {
  const [row] = await tx.insert(accountingFirms).values(values).returning({ id: accountingFirms.id });
  return row!.id;
}

/** Locks the firm's row; whether it exists. */
export async function lockFirm(tx: Db, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: accountingFirms.id })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, id))
    .for('update');
  return Boolean(row);
}

export async function updateFirm(tx: Db, id: number, values: Partial<NewFirm>): Promise<boolean> {
  const updated = await tx
    .update(accountingFirms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accountingFirms.id, id))
    .returning({ id: accountingFirms.id });
  return updated.length > 0;
}

export async function replaceFirmModules(
  tx: Db,
  accountingFirmId: number,
  moduleIds: number[],
): Promise<void> {
  await tx.delete(accountingFirmModules).where(eq(accountingFirmModules.accountingFirmId, accountingFirmId));
  if (moduleIds.length) {
    await tx
      .insert(accountingFirmModules)
      .values(moduleIds.map((moduleId) => ({ accountingFirmId, moduleId })));
  }
}

export async function holdingsWithFirmCount(db: Db) {
  const rows = await db
    .select({ id: holdings.id, name: holdings.name, firmCount: count(accountingFirms.id) })
    .from(holdings)
    .leftJoin(accountingFirms, eq(accountingFirms.holdingId, holdings.id))
    .groupBy(holdings.id, holdings.name)
    .orderBy(asc(holdings.name));
  return rows.map((r) => ({ id: r.id, name: r.name, firm_count: Number(r.firmCount) }));
}
