import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './identity';
import { accountingFirms } from './platform';
import { vendors } from './tenancy';

/** 50 GiB: what one person's uploads under way may reserve unless the super admin says otherwise. */
export const DEFAULT_USER_RESERVED_BYTES = 50 * 1024 ** 3;
export const DEFAULT_TRASH_RETENTION_DAYS = 30;

/**
 * A portal's storage rules; no row means the defaults. The super admin sets the quota (null:
 * unlimited) and what one person may reserve; the firm sets how long the trash keeps items (0:
 * for ever) and how many versions a document keeps (null: all).
 */
export const storagePolicies = pgTable('storage_policies', {
  accountingFirmId: integer('accounting_firm_id')
    .primaryKey()
    .references(() => accountingFirms.id, { onDelete: 'cascade' }),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }),
  userReservedBytes: bigint('user_reserved_bytes', { mode: 'number' })
    .notNull()
    .default(DEFAULT_USER_RESERVED_BYTES),
  trashRetentionDays: integer('trash_retention_days').notNull().default(DEFAULT_TRASH_RETENTION_DAYS),
  versionRetention: integer('version_retention'),
  updatedAt: updatedAt(),
});

/**
 * Legal holds on client files, kept once lifted (who set and lifted them, when). A client file is
 * held while it has a row without `lifted_at`: nothing in it is removed for good.
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
    setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('legal_holds_active_key')
      .on(t.accountingFirmId, t.vendorId)
      .where(sql`${t.liftedAt} IS NULL`),
    index('legal_holds_vendor_idx').on(t.accountingFirmId, t.vendorId, t.setAt),
  ],
);
