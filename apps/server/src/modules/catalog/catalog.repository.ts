import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  catalogCategories,
  catalogOfferCategories,
  catalogOfferServices,
  catalogOffers,
  catalogServices,
} from '../../db/schema';
import { escapeLike } from '../../platform/db-like';
import { type PageRequest, pageOffset } from '../../platform/http/pagination';

export type CategoryRow = typeof catalogCategories.$inferSelect;
export type ServiceRow = typeof catalogServices.$inferSelect;
export type NewServiceRow = typeof catalogServices.$inferInsert;
export type OfferRow = typeof catalogOffers.$inferSelect;
export type NewOfferRow = typeof catalogOffers.$inferInsert;
export type OfferServiceRow = typeof catalogOfferServices.$inferSelect & {
  title: string;
  serviceUnitPriceCents: number;
};

// Categories -------------------------------------------------------------------------------------

// Spelled out: drizzle leaves columns unqualified in a one-table select, which a correlated
// subquery would read as its own.
const serviceCount = sql<number>`(select count(*)::int from catalog_services s
  where s.accounting_firm_id = "catalog_categories"."accounting_firm_id"
  and s.category_id = "catalog_categories"."id")`;

export async function listCategories(db: Db, accountingFirmId: number) {
  return db
    .select({ category: catalogCategories, serviceCount })
    .from(catalogCategories)
    .where(eq(catalogCategories.accountingFirmId, accountingFirmId))
    .orderBy(
      asc(catalogCategories.position),
      asc(sql`lower(${catalogCategories.name})`),
      asc(catalogCategories.id),
    );
}

export async function findCategory(db: Db, accountingFirmId: number, categoryId: number) {
  const [row] = await db
    .select({ category: catalogCategories, serviceCount })
    .from(catalogCategories)
    .where(
      and(eq(catalogCategories.accountingFirmId, accountingFirmId), eq(catalogCategories.id, categoryId)),
    );
  return row;
}

/** The position after the firm's last category. */
export async function nextCategoryPosition(db: Db, accountingFirmId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${catalogCategories.position})` })
    .from(catalogCategories)
    .where(eq(catalogCategories.accountingFirmId, accountingFirmId));
  return row?.max == null ? 0 : Number(row.max) + 1;
}

export async function insertCategory(db: Db, values: typeof catalogCategories.$inferInsert) {
  const [row] = await db.insert(catalogCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: Db,
  accountingFirmId: number,
  categoryId: number,
  values: Partial<typeof catalogCategories.$inferInsert>,
) {
  const [row] = await db
    .update(catalogCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(eq(catalogCategories.accountingFirmId, accountingFirmId), eq(catalogCategories.id, categoryId)),
    )
    .returning();
  return row;
}

/** Deletes a category without services (false: gone, or it has some). */
export async function deleteEmptyCategory(db: Db, accountingFirmId: number, categoryId: number) {
  const rows = await db
    .delete(catalogCategories)
    .where(
      and(
        eq(catalogCategories.accountingFirmId, accountingFirmId),
        eq(catalogCategories.id, categoryId),
        sql`not exists (select 1 from ${catalogServices} where ${catalogServices.accountingFirmId} = ${accountingFirmId} and ${catalogServices.categoryId} = ${categoryId})`,
      ),
    )
    .returning({ id: catalogCategories.id });
  return rows.length > 0;
}

/** Of these ids, the firm's categories, locked until the commit (so none goes meanwhile). */
export async function lockCategoriesOfFirm(db: Db, accountingFirmId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: catalogCategories.id })
    .from(catalogCategories)
    .where(and(eq(catalogCategories.accountingFirmId, accountingFirmId), inArray(catalogCategories.id, ids)))
    .for('share');
}

// Services ---------------------------------------------------------------------------------------

function serviceFilter(accountingFirmId: number, filter: { search?: string; category_id?: number }) {
  const where: SQL[] = [eq(catalogServices.accountingFirmId, accountingFirmId)];
  if (filter.category_id !== undefined) where.push(eq(catalogServices.categoryId, filter.category_id));
  if (filter.search?.trim()) {
    const like = `%${escapeLike(filter.search.trim())}%`;
    where.push(
      or(
        ilike(catalogServices.title, like),
        ilike(catalogServices.reference, like),
        ilike(catalogServices.abbreviation, like),
      )!,
    );
  }
  return and(...where);
}

export async function listServices(
  db: Db,
  accountingFirmId: number,
  filter: { search?: string; category_id?: number },
  page: PageRequest,
): Promise<{ rows: ServiceRow[]; total: number }> {
  const where = serviceFilter(accountingFirmId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(catalogServices)
      .where(where)
      .orderBy(
        sql`${catalogServices.archivedAt} is not null`,
        asc(sql`lower(${catalogServices.title})`),
        asc(catalogServices.id),
      )
      .limit(page.per_page)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(catalogServices).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findService(db: Db, accountingFirmId: number, serviceId: number) {
  const [row] = await db
    .select()
    .from(catalogServices)
    .where(and(eq(catalogServices.accountingFirmId, accountingFirmId), eq(catalogServices.id, serviceId)));
  return row;
}

export async function insertService(db: Db, values: NewServiceRow): Promise<ServiceRow> {
  const [row] = await db.insert(catalogServices).values(values).returning();
  return row!;
}

export async function updateService(
  db: Db,
  accountingFirmId: number,
  serviceId: number,
  values: Partial<NewServiceRow>,
) {
  const [row] = await db
    .update(catalogServices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(catalogServices.accountingFirmId, accountingFirmId), eq(catalogServices.id, serviceId)))
    .returning();
  return row;
}

/** How many offers hold the service (it is then archived, never deleted). */
export async function countOffersOfService(db: Db, accountingFirmId: number, serviceId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(catalogOfferServices)
    .where(
      and(
        eq(catalogOfferServices.accountingFirmId, accountingFirmId),
        eq(catalogOfferServices.serviceId, serviceId),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function deleteService(db: Db, accountingFirmId: number, serviceId: number) {
  const rows = await db
    .delete(catalogServices)
    .where(and(eq(catalogServices.accountingFirmId, accountingFirmId), eq(catalogServices.id, serviceId)))
    .returning({ id: catalogServices.id });
  return rows.length > 0;
}

/**
 * Of these ids, the firm's services that are live or already in the offer (an archived one stays
 * where it is, never enters a new offer), locked until the commit.
 */
export async function lockUsableServicesOfFirm(
  db: Db,
  accountingFirmId: number,
  offerId: number,
  ids: number[],
) {
  if (ids.length === 0) return [];
  return db
    .select({ id: catalogServices.id })
    .from(catalogServices)
    .where(
      and(
        eq(catalogServices.accountingFirmId, accountingFirmId),
        inArray(catalogServices.id, ids),
        or(
          isNull(catalogServices.archivedAt),
          sql`exists (select 1 from ${catalogOfferServices} where ${catalogOfferServices.accountingFirmId} = ${accountingFirmId} and ${catalogOfferServices.offerId} = ${offerId} and ${catalogOfferServices.serviceId} = ${catalogServices.id})`,
        ),
      ),
    )
    .for('share');
}

// Offers -----------------------------------------------------------------------------------------

export async function listOffers(
  db: Db,
  accountingFirmId: number,
  filter: { search?: string },
  page: PageRequest,
): Promise<{ rows: OfferRow[]; total: number }> {
  const where: SQL[] = [eq(catalogOffers.accountingFirmId, accountingFirmId)];
  if (filter.search?.trim()) where.push(ilike(catalogOffers.name, `%${escapeLike(filter.search.trim())}%`));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(catalogOffers)
      .where(and(...where))
      .orderBy(asc(sql`lower(${catalogOffers.name})`), asc(catalogOffers.id))
      .limit(page.per_page)
      .offset(pageOffset(page)),
    db
      .select({ n: count() })
      .from(catalogOffers)
      .where(and(...where)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findOffer(db: Db, accountingFirmId: number, offerId: number) {
  const [row] = await db
    .select()
    .from(catalogOffers)
    .where(and(eq(catalogOffers.accountingFirmId, accountingFirmId), eq(catalogOffers.id, offerId)));
  return row;
}

/** The services and categories of these offers, in their order. */
export async function offerParts(db: Db, accountingFirmId: number, offerIds: number[]) {
  if (offerIds.length === 0) return { services: [] as OfferServiceRow[], categories: [] };
  const [services, categories] = await Promise.all([
    db
      .select({
        accountingFirmId: catalogOfferServices.accountingFirmId,
        offerId: catalogOfferServices.offerId,
        serviceId: catalogOfferServices.serviceId,
        position: catalogOfferServices.position,
        quantity: catalogOfferServices.quantity,
        unitPriceCents: catalogOfferServices.unitPriceCents,
        title: catalogServices.title,
        serviceUnitPriceCents: catalogServices.unitPriceCents,
      })
      .from(catalogOfferServices)
      .innerJoin(
        catalogServices,
        and(
          eq(catalogServices.accountingFirmId, catalogOfferServices.accountingFirmId),
          eq(catalogServices.id, catalogOfferServices.serviceId),
        ),
      )
      .where(
        and(
          eq(catalogOfferServices.accountingFirmId, accountingFirmId),
          inArray(catalogOfferServices.offerId, offerIds),
        ),
      )
      .orderBy(asc(catalogOfferServices.position)),
    db
      .select({ offerId: catalogOfferCategories.offerId, categoryId: catalogOfferCategories.categoryId })
      .from(catalogOfferCategories)
      .where(
        and(
          eq(catalogOfferCategories.accountingFirmId, accountingFirmId),
          inArray(catalogOfferCategories.offerId, offerIds),
        ),
      )
      .orderBy(asc(catalogOfferCategories.categoryId)),
  ]);
  return { services, categories };
}

export async function insertOffer(db: Db, values: NewOfferRow): Promise<OfferRow> {
  const [row] = await db.insert(catalogOffers).values(values).returning();
  return row!;
}

export async function updateOffer(
  db: Db,
  accountingFirmId: number,
  offerId: number,
  values: Partial<NewOfferRow>,
) {
  const [row] = await db
    .update(catalogOffers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(catalogOffers.accountingFirmId, accountingFirmId), eq(catalogOffers.id, offerId)))
    .returning();
  return row;
}

export async function replaceOfferServices(
  db: Db,
  accountingFirmId: number,
  offerId: number,
  services: { serviceId: number; quantity: number; unitPriceCents: number | null }[],
) {
  await db
    .delete(catalogOfferServices)
    .where(
      and(
        eq(catalogOfferServices.accountingFirmId, accountingFirmId),
        eq(catalogOfferServices.offerId, offerId),
      ),
    );
  if (services.length)
    await db
      .insert(catalogOfferServices)
      .values(services.map((s, position) => ({ accountingFirmId, offerId, position, ...s })));
}

export async function replaceOfferCategories(
  db: Db,
  accountingFirmId: number,
  offerId: number,
  ids: number[],
) {
  await db
    .delete(catalogOfferCategories)
    .where(
      and(
        eq(catalogOfferCategories.accountingFirmId, accountingFirmId),
        eq(catalogOfferCategories.offerId, offerId),
      ),
    );
  if (ids.length)
    await db
      .insert(catalogOfferCategories)
      .values(ids.map((categoryId) => ({ accountingFirmId, offerId, categoryId })));
}

export async function deleteOffer(db: Db, accountingFirmId: number, offerId: number) {
  const rows = await db
    .delete(catalogOffers)
    .where(and(eq(catalogOffers.accountingFirmId, accountingFirmId), eq(catalogOffers.id, offerId)))
    .returning({ id: catalogOffers.id });
  return rows.length > 0;
}

// For missions -----------------------------------------------------------------------------------

/** Of these ids, the firm's services (archived ones included), locked against deletion. */
export async function lockServicesOfFirm(db: Db, accountingFirmId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(catalogServices)
    .where(and(eq(catalogServices.accountingFirmId, accountingFirmId), inArray(catalogServices.id, ids)))
    .for('share');
}

/** Of these ids, the firm's offers. */
export async function offerIdsOfFirm(db: Db, accountingFirmId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: catalogOffers.id })
    .from(catalogOffers)
    .where(and(eq(catalogOffers.accountingFirmId, accountingFirmId), inArray(catalogOffers.id, ids)));
}
