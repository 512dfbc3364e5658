import {
  CATALOG_CURRENCY,
  type CatalogOffer,
  type CreateCatalogOfferRequest,
  type ListCatalogOffersQuery,
  type Paginated,
  type UpdateCatalogOfferRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, type FieldErrors, fieldError, notFound } from '../../platform/errors/app-error';
import { paginated } from '../../platform/http/pagination';
import * as repo from './catalog.repository';
import { firmResource } from './catalog-categories.service';

type Parts = Awaited<ReturnType<typeof repo.offerParts>>;

function toOfferDto(r: repo.OfferRow, parts: Parts): CatalogOffer {
  const services = parts.services
    .filter((s) => s.offerId === r.id)
    .map((s) => ({
      service_id: s.serviceId,
      title: s.title,
      quantity: s.quantity,
      unit_price_cents: s.unitPriceCents,
      effective_unit_price_cents: s.unitPriceCents ?? s.serviceUnitPriceCents,
    }));
  const sum = services.reduce((total, s) => total + s.quantity * s.effective_unit_price_cents, 0);
  return {
    id: r.id,
    accounting_firm_id: r.accountingFirmId,
    name: r.name,
    description: r.description,
    category_ids: parts.categories.filter((c) => c.offerId === r.id).map((c) => c.categoryId),
    services,
    price_cents: r.priceCents,
    total_price_cents: r.priceCents ?? sum,
    currency: CATALOG_CURRENCY,
    duration_value: r.durationValue,
    duration_unit: r.durationUnit,
    visibility: r.visibility,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

async function nameChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (uniqueViolation(error) === 'catalog_offers_firm_name_key')
      throw fieldError('offer-name-already-used', 'name');
    throw error;
  }
}

async function offerDto(db: Db, row: repo.OfferRow) {
  return toOfferDto(row, await repo.offerParts(db, row.accountingFirmId, [row.id]));
}

/**
 * Inside the transaction: the offer's services (live ones of the firm, each once: else 422 on
 * `services.N.service_id`) and categories (the firm's: else 422 on `category_ids`), locked until
 * the commit so none is deleted meanwhile.
 */
async function setParts(
  tx: Db,
  accountingFirmId: number,
  offerId: number,
  input: Pick<UpdateCatalogOfferRequest, 'services' | 'category_ids'>,
) {
  const fields: FieldErrors = {};
  if (input.services) {
    const ids = input.services.map((s) => s.service_id);
    const live = new Set(
      (await repo.lockUsableServicesOfFirm(tx, accountingFirmId, offerId, ids)).map((s) => s.id),
    );
    ids.forEach((id, i) => {
      if (!live.has(id) || ids.indexOf(id) !== i)
        fields[`services.${i}.service_id`] = ['catalog-service-not-found'];
    });
  }
  if (input.category_ids) {
    const ids = [...new Set(input.category_ids)];
    const found = await repo.lockCategoriesOfFirm(tx, accountingFirmId, ids);
    if (found.length !== ids.length) fields.category_ids = ['catalog-category-not-found'];
  }
  if (Object.keys(fields).length) {
    const code = fields.category_ids ? 'catalog-category-not-found' : 'catalog-service-not-found';
    throw new AppError(code, { fields });
  }
  if (input.services)
    await repo.replaceOfferServices(
      tx,
      accountingFirmId,
      offerId,
      input.services.map((s) => ({
        serviceId: s.service_id,
        quantity: s.quantity ?? 1,
        unitPriceCents: s.unit_price_cents ?? null,
      })),
    );
  if (input.category_ids)
    await repo.replaceOfferCategories(tx, accountingFirmId, offerId, [...new Set(input.category_ids)]);
}

export async function listOffers(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  query: ListCatalogOffersQuery,
): Promise<Paginated<CatalogOffer>> {
  await ctx.access.authorize(actor, 'catalog.read', firmResource(accountingFirmId));
  const { rows, total } = await repo.listOffers(ctx.db, accountingFirmId, query, query);
  const parts = await repo.offerParts(
    ctx.db,
    accountingFirmId,
    rows.map((r) => r.id),
  );
  return paginated(
    rows.map((r) => toOfferDto(r, parts)),
    query,
    total,
  );
}

export async function getOffer(ctx: AppContext, actor: Actor, accountingFirmId: number, offerId: number) {
  await ctx.access.authorize(actor, 'catalog.read', firmResource(accountingFirmId));
  const row = await repo.findOffer(ctx.db, accountingFirmId, offerId);
  if (!row) throw notFound();
  return offerDto(ctx.db, row);
}

export async function createOffer(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: CreateCatalogOfferRequest,
): Promise<CatalogOffer> {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  const row = await nameChecked(
    ctx.db.transaction(async (tx) => {
      const offer = await repo.insertOffer(tx, {
        accountingFirmId,
        name: input.name,
        description: input.description ?? null,
        priceCents: input.price_cents ?? null,
        durationValue: input.duration_value ?? null,
        durationUnit: input.duration_unit ?? null,
        visibility: input.visibility ?? 'public',
      });
      await setParts(tx, accountingFirmId, offer.id, {
        services: input.services,
        category_ids: input.category_ids ?? [],
      });
      return offer;
    }),
  );
  return offerDto(ctx.db, row);
}

export async function updateOffer(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  offerId: number,
  input: UpdateCatalogOfferRequest,
): Promise<CatalogOffer> {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  const row = await nameChecked(
    ctx.db.transaction(async (tx) => {
      const offer = await repo.updateOffer(tx, accountingFirmId, offerId, {
        name: input.name,
        description: input.description,
        priceCents: input.price_cents,
        durationValue: input.duration_value,
        durationUnit: input.duration_unit,
        visibility: input.visibility,
      });
      if (!offer) throw notFound();
      await setParts(tx, accountingFirmId, offerId, input);
      return offer;
    }),
  );
  return offerDto(ctx.db, row);
}

export async function deleteOffer(ctx: AppContext, actor: Actor, accountingFirmId: number, offerId: number) {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  if (!(await repo.deleteOffer(ctx.db, accountingFirmId, offerId))) throw notFound();
}
