import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountingFirmModules, modules, vendorModules } from '../../db/schema';
import { preparedPerDatabase } from '../../platform/db-prepared';

/** The modules (apps) a firm has switched on, and those a client file's users get. */

export type ModuleRow = typeof modules.$inferSelect;

/** Active modules of a firm for an audience, by priority. */
const activeModulesOfFirm = preparedPerDatabase((db) =>
  db
    .select({ module: modules, audience: modules.audience })
    .from(accountingFirmModules)
    .innerJoin(modules, eq(modules.id, accountingFirmModules.moduleId))
    .where(
      and(
        eq(accountingFirmModules.accountingFirmId, sql.placeholder('firmId')),
        eq(accountingFirmModules.isActive, true),
        eq(modules.isActive, true),
      ),
    )
    .orderBy(asc(modules.priority), asc(modules.id))
    .prepare('firm_modules'),
);

export async function firmModules(db: Db, accountingFirmId: number, audience?: 'accountant' | 'client') {
  const rows = await activeModulesOfFirm(db).execute({ firmId: accountingFirmId });
  return rows
    .filter((r) => !audience || r.audience === audience || r.audience === 'both')
    .map((r) => r.module);
}

/**
 * The firm's active client modules with the client file's own setting of each: one round trip. A
 * client file that set none gets them all.
 */
const clientModulesOfVendor = preparedPerDatabase((db) => {
  const firmId = sql.placeholder('firmId');
  const vendorId = sql.placeholder('vendorId');
  return db
    .select({
      module: modules,
      enabled: vendorModules.isActive,
      vendorChose: sql<boolean>`exists (select 1 from ${vendorModules} where ${vendorModules.accountingFirmId} = ${firmId} and ${vendorModules.vendorId} = ${vendorId})`,
    })
    .from(accountingFirmModules)
    .innerJoin(modules, eq(modules.id, accountingFirmModules.moduleId))
    .leftJoin(
      vendorModules,
      and(
        eq(vendorModules.accountingFirmId, firmId),
        eq(vendorModules.vendorId, vendorId),
        eq(vendorModules.moduleId, modules.id),
      ),
    )
    .where(
      and(
        eq(accountingFirmModules.accountingFirmId, firmId),
        eq(accountingFirmModules.isActive, true),
        eq(modules.isActive, true),
        inArray(modules.audience, ['client', 'both']),
      ),
    )
    .orderBy(asc(modules.priority), asc(modules.id))
    .prepare('client_modules_of_vendor');
});

/** Modules a client user gets in one client file: the firm's client modules enabled for it. */
export async function vendorModulesFor(db: Db, accountingFirmId: number, vendorId: number) {
  const rows = await clientModulesOfVendor(db).execute({ firmId: accountingFirmId, vendorId });
  return rows.filter((r) => !r.vendorChose || r.enabled === true).map((r) => r.module);
}
