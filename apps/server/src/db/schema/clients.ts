import {
  type AnyPgColumn,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accountingFirms } from './platform';
import { vendors } from './tenancy';

/** Child rows of a client file all reference (accounting_firm_id, vendor_id). */
const vendorKey = (t: { accountingFirmId: AnyPgColumn; vendorId: AnyPgColumn }) =>
  foreignKey({
    columns: [t.accountingFirmId, t.vendorId],
    foreignColumns: [vendors.accountingFirmId, vendors.id],
  })
    .onDelete('cascade')
    .onUpdate('cascade');

export const vendorBanks = pgTable(
  'vendor_banks',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    bankName: text('bank_name').notNull(),
    bankAddress: text('bank_address'),
    iban: text('iban').notNull(),
    bic: text('bic').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [vendorKey(t), index('vendor_banks_vendor_idx').on(t.accountingFirmId, t.vendorId)],
);

export const vendorAddresses = pgTable(
  'vendor_addresses',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    type: text('type', { enum: ['head_office', 'shop', 'billing', 'delivery', 'other'] }).notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    postCode: text('post_code').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [vendorKey(t), index('vendor_addresses_vendor_idx').on(t.accountingFirmId, t.vendorId)],
);

export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['ready', 'creating', 'deleting'] })
      .notNull()
      .default('ready'),
    createdAt: createdAt(),
  },
  (t) => [
    vendorKey(t),
    unique('accounting_periods_firm_id_key').on(t.accountingFirmId, t.id),
    index('accounting_periods_vendor_idx').on(t.accountingFirmId, t.vendorId, t.startDate),
  ],
);

/**
 * Platform-wide registry of SIRETs: a SIRET is unique across every portal, so the rule lives in
 * a global table rather than a unique index across tenants.
 */
export const siretRegistry = pgTable('siret_registry', {
  siret: text('siret').primaryKey(),
  accountingFirmId: integer('accounting_firm_id')
    .notNull()
    .references(() => accountingFirms.id),
  vendorId: integer('vendor_id').notNull(),
  createdAt: createdAt(),
});

/**
 * Folder templates applied at client creation. `accounting_firm_id` null means a platform-wide
 * structure (the default one ships with the product).
 */
export const treeStructures = pgTable(
  'tree_structures',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').references(() => accountingFirms.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    /** Folder tree: [{ name, children: [...] }]. */
    folders: jsonb('folders').$type<TreeFolder[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('tree_structures_firm_idx').on(t.accountingFirmId)],
);

export type TreeFolder = { name: string; children?: TreeFolder[] };
