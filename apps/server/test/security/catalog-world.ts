import {
  catalogCategories,
  catalogOfferCategories,
  catalogOfferServices,
  catalogOffers,
  catalogServices,
} from '../../src/db/schema';
import type { FactoryDb } from '../factories';

/** The catalogue of a tenant's firm (issue 30), one row per state the routes act on. */
export type CatalogIds = {
  /** A category holding the services. */
  catalog_category: number;
  /** A category without services: the walks delete it. */
  catalog_category_empty: number;
  /** A private service with a task template, in the offer. */
  catalog_service: number;
  /** A service in no offer: the walks delete it. */
  catalog_service_free: number;
  /** A private offer of the service. */
  catalog_offer: number;
};

export async function buildCatalogRows(
  tx: FactoryDb,
  o: { firmId: number; name: string },
): Promise<{ ids: CatalogIds; markers: string[] }> {
  const accountingFirmId = o.firmId;
  const [category, empty] = await tx
    .insert(catalogCategories)
    .values([
      { accountingFirmId, name: `${o.name} Catalog Category`, description: `${o.name} category text` },
      { accountingFirmId, name: `${o.name} Empty Category`, position: 1 },
    ])
    .returning();
  const service = (title: string, abbreviation: string) => ({
    accountingFirmId,
    categoryId: category!.id,
    title,
    reference: `${o.name}-${abbreviation}`,
    abbreviation: `${o.name.slice(0, 3)}${abbreviation}`,
    unitPriceCents: 4242,
    unit: 'declaration' as const,
    visibility: 'private' as const,
    frequency: 'month' as const,
    contractualDescription: `${o.name} contractual text`,
    tasks: [
      {
        key: 'collect',
        title: `${o.name} template task`,
        offset_days: -5,
        assignee: 'manager' as const,
        parent_key: null,
        depends_on: [],
      },
    ],
  });
  const [used, free] = await tx
    .insert(catalogServices)
    .values([service(`${o.name} Catalog Service`, 'S1'), service(`${o.name} Free Service`, 'S2')])
    .returning();
  const [offer] = await tx
    .insert(catalogOffers)
    .values({ accountingFirmId, name: `${o.name} Catalog Offer`, visibility: 'private', priceCents: 4343 })
    .returning();
  await tx
    .insert(catalogOfferServices)
    .values({ accountingFirmId, offerId: offer!.id, serviceId: used!.id, quantity: 2 });
  await tx
    .insert(catalogOfferCategories)
    .values({ accountingFirmId, offerId: offer!.id, categoryId: category!.id });
  return {
    ids: {
      catalog_category: category!.id,
      catalog_category_empty: empty!.id,
      catalog_service: used!.id,
      catalog_service_free: free!.id,
      catalog_offer: offer!.id,
    },
    markers: [
      `${o.name} Catalog Category`,
      `${o.name} category text`,
      `${o.name} Catalog Service`,
      `${o.name} contractual text`,
      `${o.name} template task`,
      `${o.name} Catalog Offer`,
    ],
  };
}
