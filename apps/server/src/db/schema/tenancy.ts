import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { accountingFirms, holdings, modules } from './platform';
import type { VendorFiscal } from './vendor-fiscal';

/**
 * What a portal typed about a person it invited whose account already existed: shown to that
 * portal alone while the invitation is pending (the account's own identity stays the person's).
 */
export type InvitedProfile = {
  civility?: 'Mme' | 'M.' | null;
  firstname?: string | null;
  lastname?: string | null;
  birth_city?: string | null;
  birth_date?: string | null;
  mobile_number?: string | null;
};

/** A user's place in a firm: administrator or collaborator, possibly group admin. */
export const accountingFirmMemberships = pgTable(
  'accounting_firm_memberships',
  {
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'collaborator'] }).notNull(),
    isGroupAdmin: boolean('is_group_admin').notNull().default(false),
    /** Access to every client file of the firm (else only assigned ones). */
    allVendors: boolean('all_vendors').notNull().default(false),
    /** Read-only access to the client files reached through `all_vendors`. */
    readOnly: boolean('read_only').notNull().default(false),
    /** Sees every theme's folders (else only those of `member_themes`); administrators always do. */
    allThemes: boolean('all_themes').notNull().default(true),
    /** Invited, not accepted yet (an existing account): grants nothing until the person accepts. */
    pending: boolean('pending').notNull().default(false),
    /** While pending: the names the firm typed, shown to the firm instead of the account's. */
    invitedProfile: jsonb('invited_profile').$type<InvitedProfile>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.userId] }),
    index('firm_memberships_user_idx').on(t.userId),
  ],
);

export const holdingMemberships = pgTable(
  'holding_memberships',
  {
    holdingId: integer('holding_id')
      .notNull()
      .references(() => holdings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin'] })
      .notNull()
      .default('admin'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.holdingId, t.userId] }),
    index('holding_memberships_user_idx').on(t.userId),
  ],
);

/** A client file (company) of a firm. */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id),
    company: text('company').notNull(),
    corporateName: text('corporate_name'),
    clientCode: text('client_code').notNull(),
    siren: text('siren'),
    siret: text('siret'),
    identifierType: text('identifier_type', { enum: ['siret', 'siren', 'duns', 'other'] })
      .notNull()
      .default('siret'),
    identifier: text('identifier'),
    status: text('status', { enum: ['active', 'deactivated'] })
      .notNull()
      .default('active'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    colour: text('colour'),
    notes: text('notes'),
    nafCode: text('naf_code'),
    legalForm: text('legal_form'),
    capital: numeric('capital', { precision: 15, scale: 2, mode: 'number' }),
    employeeNumber: integer('employee_number'),
    rcs: text('rcs'),
    rum: text('rum'),
    creationDate: date('creation_date', { mode: 'string' }),
    closingDate: date('closing_date', { mode: 'string' }),
    missionLetterDate: date('mission_letter_date', { mode: 'string' }),
    treeStructureId: integer('tree_structure_id'),
    /** Every theme of the firm may tag this client file's folders and users (else `vendor_themes`). */
    allThemesAllowed: boolean('all_themes_allowed').notNull().default(true),
    notificationsCount: integer('notifications_count').notNull().default(0),
    fiscal: jsonb('fiscal').$type<VendorFiscal>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('vendors_firm_id_key').on(t.accountingFirmId, t.id),
    unique('vendors_firm_client_code_key').on(t.accountingFirmId, t.clientCode),
    index('vendors_firm_status_idx').on(t.accountingFirmId, t.status),
  ],
);

/** A firm member's access to one client file (shows as `accountant` in the vendor's roles). */
export const vendorAssignments = pgTable(
  'vendor_assignments',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    userId: integer('user_id').notNull(),
    readOnly: boolean('read_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.vendorId, t.userId] }),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      columns: [t.accountingFirmId, t.userId],
      foreignColumns: [accountingFirmMemberships.accountingFirmId, accountingFirmMemberships.userId],
    }).onDelete('cascade'),
    index('vendor_assignments_user_idx').on(t.accountingFirmId, t.userId),
  ],
);

/** A client user's place in a client file. */
export const vendorMemberships = pgTable(
  'vendor_memberships',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'collaborator', 'guest'] }).notNull(),
    job: text('job'),
    /** Module keys the user may open in this client file; null means all of the file's. */
    moduleKeys: jsonb('module_keys').$type<string[]>(),
    /** Access ends automatically on this date. */
    revokedAt: date('revoked_at', { mode: 'string' }),
    /** Sees every theme's folders shared with clients (else only those of `vendor_user_themes`). */
    allThemes: boolean('all_themes').notNull().default(true),
    /** Invited, not accepted yet (an existing account): grants nothing until the person accepts. */
    pending: boolean('pending').notNull().default(false),
    /** While pending: what the inviter typed, shown to the client file instead of the account's. */
    invitedProfile: jsonb('invited_profile').$type<InvitedProfile>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.vendorId, t.userId] }),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('vendor_memberships_user_idx').on(t.userId),
  ],
);

export const vendorModules = pgTable(
  'vendor_modules',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.vendorId, t.moduleId] }),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);
