import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmModules,
  accountingFirmProducts,
  accountingFirms,
  featureFlagOverrides,
  featureFlags,
  globalParameters,
  modules,
  productModules,
  products,
} from '../../db/schema';

/** The super admin's catalogue: modules, products, feature flags and global parameters. */

const firmCountOfModule = sql<number>`(select count(*)::int from ${accountingFirmModules} s where s.module_id = ${modules.id})`;

export async function modulesWithCounts(db: Db, includeInactive: boolean) {
  return db
    .select({ module: modules, firmCount: firmCountOfModule })
    .from(modules)
    .where(includeInactive ? undefined : eq(modules.isActive, true))
    .orderBy(asc(modules.priority), asc(modules.key));
}

export async function moduleWithCount(db: Db, id: number) {
  const [row] = await db
    .select({ module: modules, firmCount: firmCountOfModule })
    .from(modules)
    .where(eq(modules.id, id));
  return row;
}

export async function updateModule(db: Db, id: number, values: Partial<typeof modules.$inferInsert>) {
  if (Object.keys(values).length === 0) return true;
  const rows = await db.update(modules).set(values).where(eq(modules.id, id)).returning({ id: modules.id });
  return rows.length > 0;
}

export async function moduleExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, id));
  return Boolean(row);
}

/** Every module with the ids of the portals subscribing to it. */
export async function subscriptions(db: Db) {
  const [all, links] = await Promise.all([
    db
      .select({ id: modules.id, key: modules.key })
      .from(modules)
      .orderBy(asc(modules.priority), asc(modules.key)),
    db
      .select({ moduleId: accountingFirmModules.moduleId, firmId: accountingFirmModules.accountingFirmId })
      .from(accountingFirmModules)
      .orderBy(asc(accountingFirmModules.accountingFirmId)),
  ]);
  return all.map((m) => ({
    module_id: m.id,
    key: m.key,
    accounting_firm_ids: links.filter((l) => l.moduleId === m.id).map((l) => l.firmId),
  }));
}

/** Which of these portal ids exist. */
export async function existingFirmIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: accountingFirms.id })
    .from(accountingFirms)
    .where(inArray(accountingFirms.id, ids));
  return rows.map((r) => r.id);
}

export async function subscribeFirms(db: Db, moduleIds: number[], firmIds: number[]) {
  const values = firmIds.flatMap((accountingFirmId) =>
    moduleIds.map((moduleId) => ({ accountingFirmId, moduleId })),
  );
  if (values.length) await db.insert(accountingFirmModules).values(values).onConflictDoNothing();
}

export async function unsubscribeFirms(db: Db, moduleIds: number[], firmIds: number[]) {
  if (moduleIds.length === 0 || firmIds.length === 0) return;
  await db
    .delete(accountingFirmModules)
    .where(
      and(
        inArray(accountingFirmModules.moduleId, moduleIds),
        inArray(accountingFirmModules.accountingFirmId, firmIds),
      ),
    );
}

export async function moduleKeysOfFirm(db: Db, firmId: number): Promise<string[]> {
  const rows = await db
    .select({ key: modules.key })
    .from(accountingFirmModules)
    .innerJoin(modules, eq(modules.id, accountingFirmModules.moduleId))
    .where(eq(accountingFirmModules.accountingFirmId, firmId))
    .orderBy(asc(modules.priority), asc(modules.key));
  return rows.map((r) => r.key);
}

// Products -----------------------------------------------------------------------------------

export type ProductValues = typeof products.$inferInsert;

export async function productRows(db: Db, id?: number) {
  const rows = await db
    .select({
      product: products,
      firmCount: sql<number>`(select count(*)::int from ${accountingFirmProducts} p where p.product_id = ${products.id})`,
    })
    .from(products)
    .where(id === undefined ? undefined : eq(products.id, id))
    .orderBy(asc(products.name));
  const ids = rows.map((r) => r.product.id);
  const links = ids.length
    ? await db
        .select({ productId: productModules.productId, key: modules.key })
        .from(productModules)
        .innerJoin(modules, eq(modules.id, productModules.moduleId))
        .where(inArray(productModules.productId, ids))
        .orderBy(asc(modules.priority), asc(modules.key))
    : [];
  return rows.map((r) => ({
    ...r,
    moduleKeys: links.filter((l) => l.productId === r.product.id).map((l) => l.key),
  }));
}

export async function insertProduct(db: Db, values: ProductValues): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(db: Db, id: number, values: Partial<ProductValues>): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function lockProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function deleteProduct(db: Db, id: number) {
  await db.delete(products).where(eq(products.id, id));
}

export async function replaceProductModules(db: Db, productId: number, moduleIds: number[]) {
  await db.delete(productModules).where(eq(productModules.productId, productId));
  if (moduleIds.length)
    await db.insert(productModules).values(moduleIds.map((moduleId) => ({ productId, moduleId })));
}

export async function firmsOfProduct(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accountingFirmProducts.accountingFirmId })
    .from(accountingFirmProducts)
    .where(eq(accountingFirmProducts.productId, productId));
  return rows.map((r) => r.id);
}

export async function existingProductIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return rows.map((r) => r.id);
}

export async function productIdsOfFirm(db: Db, firmId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accountingFirmProducts.productId })
    .from(accountingFirmProducts)
    .where(eq(accountingFirmProducts.accountingFirmId, firmId))
    .orderBy(asc(accountingFirmProducts.productId));
  return rows.map((r) => r.id);
}

export async function moduleIdsOfProducts(db: Db, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: productModules.moduleId })
    .from(productModules)
    .where(inArray(productModules.productId, productIds));
  return rows.map((r) => r.id);
}

export async function setFirmProducts(db: Db, firmId: number, productIds: number[]) {
  await db
    .delete(accountingFirmProducts)
    .where(
      productIds.length
        ? and(
            eq(accountingFirmProducts.accountingFirmId, firmId),
            notInArray(accountingFirmProducts.productId, productIds),
          )
        : eq(accountingFirmProducts.accountingFirmId, firmId),
    );
  if (productIds.length)
    await db
      .insert(accountingFirmProducts)
      .values(productIds.map((productId) => ({ accountingFirmId: firmId, productId })))
      .onConflictDoNothing();
}

// Feature flags ------------------------------------------------------------------------------

export type FlagValues = typeof featureFlags.$inferInsert;

export async function flagRows(db: Db, id?: number) {
  const rows = await db
    .select()
    .from(featureFlags)
    .where(id === undefined ? undefined : eq(featureFlags.id, id))
    .orderBy(asc(featureFlags.name));
  const ids = rows.map((r) => r.id);
  const overrides = ids.length
    ? await db
        .select({
          flagId: featureFlagOverrides.flagId,
          firmId: featureFlagOverrides.accountingFirmId,
          name: accountingFirms.name,
          enabled: featureFlagOverrides.enabled,
        })
        .from(featureFlagOverrides)
        .innerJoin(accountingFirms, eq(accountingFirms.id, featureFlagOverrides.accountingFirmId))
        .where(inArray(featureFlagOverrides.flagId, ids))
        .orderBy(asc(accountingFirms.name))
    : [];
  return rows.map((flag) => ({ flag, overrides: overrides.filter((o) => o.flagId === flag.id) }));
}

export async function insertFlag(db: Db, values: FlagValues): Promise<number> {
  const [row] = await db.insert(featureFlags).values(values).returning({ id: featureFlags.id });
  return row!.id;
}

export async function updateFlag(db: Db, id: number, values: Partial<FlagValues>): Promise<boolean> {
  const rows = await db
    .update(featureFlags)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(featureFlags.id, id))
    .returning({ id: featureFlags.id });
  return rows.length > 0;
}

export async function flagById(db: Db, id: number) {
  const [row] = await db.select().from(featureFlags).where(eq(featureFlags.id, id));
  return row;
}

export async function deleteFlag(db: Db, id: number) {
  await db.delete(featureFlags).where(eq(featureFlags.id, id));
}

export async function setOverride(db: Db, flagId: number, firmId: number, enabled: boolean) {
  await db
    .insert(featureFlagOverrides)
    .values({ flagId, accountingFirmId: firmId, enabled })
    .onConflictDoUpdate({
      target: [featureFlagOverrides.flagId, featureFlagOverrides.accountingFirmId],
      set: { enabled },
    });
}

export async function removeOverride(db: Db, flagId: number, firmId: number) {
  await db
    .delete(featureFlagOverrides)
    .where(and(eq(featureFlagOverrides.flagId, flagId), eq(featureFlagOverrides.accountingFirmId, firmId)));
}

/** A portal's effective value of every flag (`publicOnly`: those sent to the web app). */
export async function effectiveFlags(db: Db, firmId: number, publicOnly: boolean) {
  const rows = await db
    .select({
      name: featureFlags.name,
      enabled: sql<boolean>`coalesce(${featureFlagOverrides.enabled}, ${featureFlags.enabled})`,
    })
    .from(featureFlags)
    .leftJoin(
      featureFlagOverrides,
      and(
        eq(featureFlagOverrides.flagId, featureFlags.id),
        eq(featureFlagOverrides.accountingFirmId, firmId),
      ),
    )
    .where(publicOnly ? eq(featureFlags.isPublic, true) : undefined);
  return Object.fromEntries(rows.map((r) => [r.name, Boolean(r.enabled)]));
}

export async function flagCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(featureFlags);
  return Number(row?.n ?? 0);
}

// Global parameters --------------------------------------------------------------------------

export async function globalParameterRows(db: Db) {
  return db.select().from(globalParameters);
}

export async function putGlobalParameter(db: Db, key: string, value: unknown) {
  const [row] = await db
    .insert(globalParameters)
    .values({ key, value })
    .onConflictDoUpdate({ target: globalParameters.key, set: { value, updatedAt: new Date() } })
    .returning();
  return row!;
}
