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
      .offset((page - 1) * perPage),
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
});
