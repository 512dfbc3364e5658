import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accountingFirms, modules } from './platform';

/**
 * The super admin's catalogue (spec section 3): billed products bundling modules, feature flags
 * with per-portal overrides, and the platform's global parameters.
 */

/** A billed bundle of modules; a portal's products decide its modules. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** The payment provider's and the CRM's references (no payment is taken here). */
    paymentReference: text('payment_reference'),
    crmReference: text('crm_reference'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_name_key').on(t.name)],
);

export const productModules = pgTable(
  'product_modules',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.moduleId] })],
);

export const accountingFirmProducts = pgTable(
  'accounting_firm_products',
  {
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.productId] }),
    index('accounting_firm_products_product_idx').on(t.productId),
  ],
);

/** A feature flag: its default, and per-portal overrides. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(false),
    /** Sent to the web app in the white-label answer. */
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('feature_flags_name_key').on(t.name)],
);

export const featureFlagOverrides = pgTable(
  'feature_flag_overrides',
  {
    flagId: integer('flag_id')
      .notNull()
      .references(() => featureFlags.id, { onDelete: 'cascade' }),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.flagId, t.accountingFirmId] }),
    index('feature_flag_overrides_firm_idx').on(t.accountingFirmId),
  ],
);

/** The platform's key/value settings (spec: global parameter; `ecmAutoRefresh` tracked). */
export const globalParameters = pgTable('global_parameters', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** The platform's satisfaction survey settings (spec: NPS settings), one row (id 1). */
export const npsSettings = pgTable('nps_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(false),
  hideMessage: boolean('hide_message').notNull().default(false),
  /** The survey's form: one 0–10 question and optional comment questions. */
  form: jsonb('form').notNull(),
  minDays: integer('min_days').notNull().default(90),
  /** How many closes before the person is never asked again. */
  rejectionCount: integer('rejection_count').notNull().default(3),
  collectionId: text('collection_id'),
  updatedAt: updatedAt(),
});
