import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './columns';

export const holdings = pgTable('holdings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A portal: the tenant root. Its id is the `accounting_firm_id` of every tenant row. */
export const accountingFirms = pgTable(
  'accounting_firms',
  {
    id: serial('id').primaryKey(),
    holdingId: integer('holding_id').references(() => holdings.id),
    name: text('name').notNull(),
    domain: text('domain'),
    welcomeMessage: text('welcome_message'),
    leaderFirstname: text('leader_firstname'),
    leaderLastname: text('leader_lastname'),
    leaderEmail: text('leader_email'),
    /** "Firm marked accountant" of the workflow write rule (spec section 6). */
    isAccountant: boolean('is_accountant').notNull().default(false),
    /** Who must use a second factor: nobody, the administrators, the whole team. */
    mfaRule: text('mfa_rule', { enum: ['optional', 'administrators', 'team'] })
      .notNull()
      .default('optional'),
    /** "Send me a sign-in link" on this portal's sign-in page. */
    magicLinks: boolean('magic_links').notNull().default(true),
    /** Signature requests this portal may still send; null: unlimited (set by the super admin). */
    signatureBalance: integer('signature_balance'),
    /** The request editor's defaults, and whether members and client users sign with a mailed code. */
    signatureExpiryDays: integer('signature_expiry_days').notNull().default(30),
    signatureReminderDays: integer('signature_reminder_days'),
    signatureCodeForMembers: boolean('signature_code_for_members').notNull().default(false),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounting_firms_domain_key').on(t.domain),
    index('accounting_firms_holding_idx').on(t.holdingId),
  ],
);

export const whiteLabels = pgTable(
  'white_labels',
  {
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    theme: text('theme', { enum: ['light', 'dark'] }).notNull(),
    name: text('name').notNull(),
    logo: bytea('logo'),
    logoMime: text('logo_mime'),
    primaryColor: text('primary_color').notNull(),
    secondaryColor: text('secondary_color').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountingFirmId, t.theme] })],
);

export const modules = pgTable('modules', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  priority: integer('priority').notNull().default(0),
  isHome: boolean('is_home').notNull().default(false),
  isNavbar: boolean('is_navbar').notNull().default(true),
  isSettings: boolean('is_settings').notNull().default(false),
  /** Who gets the module: firm members, client users, or both. */
  audience: text('audience', { enum: ['accountant', 'client', 'both'] })
    .notNull()
    .default('both'),
});

export const accountingFirmModules = pgTable(
  'accounting_firm_modules',
  {
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.accountingFirmId, t.moduleId] })],
);
