import type { TemplateTask } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accountingFirms } from './platform';

const firmId = () =>
  integer('accounting_firm_id')
    .notNull()
    .references(() => accountingFirms.id, { onDelete: 'cascade' });

/** A category of a firm's catalogue: name unique in the firm. */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: firmId(),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('catalog_categories_firm_id_key').on(t.accountingFirmId, t.id),
    uniqueIndex('catalog_categories_firm_name_key').on(t.accountingFirmId, sql`lower(${t.name})`),
  ],
);

/**
 * A service of a firm's catalogue, in one of its categories (the composite key keeps both in the
 * same firm; a category with services cannot go). Reference and abbreviation unique when given.
 * Missions (a later part of issue 30) refer to `(accounting_firm_id, id)`.
 */
export const catalogServices = pgTable(
  'catalog_services',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: firmId(),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    reference: text('reference'),
    abbreviation: text('abbreviation'),
    deliverable: text('deliverable'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    unit: text('unit', { enum: ['hour', 'day', 'month', 'declaration', 'unit'] }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Hundredths of a percent: 2000 is 20 %. */
    vatRateBp: integer('vat_rate_bp').notNull().default(2000),
    durationValue: integer('duration_value'),
    durationUnit: text('duration_unit', { enum: ['day', 'week', 'month', 'quarter', 'semester', 'year'] }),
    timeAllocationMinutes: integer('time_allocation_minutes'),
    commercialDescription: text('commercial_description'),
    contractualDescription: text('contractual_description'),
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    frequency: text('frequency', {
      enum: ['none', 'day', 'week', 'two-weeks', 'month', 'two-months', 'quarter', 'semester', 'year'],
    })
      .notNull()
      .default('none'),
    dueRuleKind: text('due_rule_kind', {
      enum: ['first_due_date', 'vat_due_day', 'after_closing', 'day_of_period'],
    })
      .notNull()
      .default('first_due_date'),
    dueRuleDay: integer('due_rule_day'),
    dueRuleDays: integer('due_rule_days'),
    leadDays: integer('lead_days').notNull().default(0),
    /** The task template, validated by the service (names, dependencies, no cycle). */
    tasks: jsonb('tasks').$type<TemplateTask[]>().notNull().default([]),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('catalog_services_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      name: 'catalog_services_category_fk',
      columns: [t.accountingFirmId, t.categoryId],
      foreignColumns: [catalogCategories.accountingFirmId, catalogCategories.id],
    }),
    uniqueIndex('catalog_services_firm_reference_key')
      .on(t.accountingFirmId, sql`lower(${t.reference})`)
      .where(sql`${t.reference} IS NOT NULL`),
    uniqueIndex('catalog_services_firm_abbreviation_key')
      .on(t.accountingFirmId, sql`lower(${t.abbreviation})`)
      .where(sql`${t.abbreviation} IS NOT NULL`),
    index('catalog_services_category_idx').on(t.accountingFirmId, t.categoryId),
    check('catalog_services_amounts', sql`${t.unitPriceCents} >= 0 AND ${t.quantity} >= 1`),
    check('catalog_services_lead_days', sql`${t.leadDays} BETWEEN 0 AND 366`),
  ],
);

/** An offer: services bundled with quantities, own prices, a package price or the sum. */
export const catalogOffers = pgTable(
  'catalog_offers',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: firmId(),
    name: text('name').notNull(),
    description: text('description'),
    /** Null: the sum of its services. */
    priceCents: integer('price_cents'),
    durationValue: integer('duration_value'),
    durationUnit: text('duration_unit', { enum: ['day', 'week', 'month', 'quarter', 'semester', 'year'] }),
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('catalog_offers_firm_id_key').on(t.accountingFirmId, t.id),
    uniqueIndex('catalog_offers_firm_name_key').on(t.accountingFirmId, sql`lower(${t.name})`),
  ],
);

/** The services of an offer; a service in an offer cannot be deleted (archived instead). */
export const catalogOfferServices = pgTable(
  'catalog_offer_services',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    offerId: integer('offer_id').notNull(),
    serviceId: integer('service_id').notNull(),
    position: integer('position').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    /** Null: the service's price. */
    unitPriceCents: integer('unit_price_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.offerId, t.serviceId] }),
    foreignKey({
      name: 'catalog_offer_services_offer_fk',
      columns: [t.accountingFirmId, t.offerId],
      foreignColumns: [catalogOffers.accountingFirmId, catalogOffers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'catalog_offer_services_service_fk',
      columns: [t.accountingFirmId, t.serviceId],
      foreignColumns: [catalogServices.accountingFirmId, catalogServices.id],
    }),
    index('catalog_offer_services_service_idx').on(t.accountingFirmId, t.serviceId),
  ],
);

/** The categories an offer is shown under (a category deleted leaves its offers). */
export const catalogOfferCategories = pgTable(
  'catalog_offer_categories',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    offerId: integer('offer_id').notNull(),
    categoryId: integer('category_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.offerId, t.categoryId] }),
    foreignKey({
      name: 'catalog_offer_categories_offer_fk',
      columns: [t.accountingFirmId, t.offerId],
      foreignColumns: [catalogOffers.accountingFirmId, catalogOffers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'catalog_offer_categories_category_fk',
      columns: [t.accountingFirmId, t.categoryId],
      foreignColumns: [catalogCategories.accountingFirmId, catalogCategories.id],
    }).onDelete('cascade'),
    index('catalog_offer_categories_category_idx').on(t.accountingFirmId, t.categoryId),
  ],
);
