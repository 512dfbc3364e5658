import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { folders } from './documents';
import { accountingFirms } from './platform';
import { tasks } from './tasks';
import { accountingFirmMemberships, vendorMemberships, vendors } from './tenancy';

/** A firm's access-rights themes: title unique in the firm, abbreviation too when given. */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    abbreviation: text('abbreviation'),
    colour: text('colour').notNull(),
    sharing: text('sharing', { enum: ['default', 'private_firm', 'private_company', 'shared'] })
      .notNull()
      .default('default'),
    rights: text('rights', { enum: ['read_only', 'read_write'] })
      .notNull()
      .default('read_write'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('themes_firm_id_key').on(t.accountingFirmId, t.id),
    uniqueIndex('themes_firm_title_key').on(t.accountingFirmId, sql`lower(${t.title})`),
    uniqueIndex('themes_firm_abbreviation_key')
      .on(t.accountingFirmId, sql`lower(${t.abbreviation})`)
      .where(sql`${t.abbreviation} IS NOT NULL`),
  ],
);

/**
 * The themes of a task, both of the same firm. Deleting the task or the theme deletes the link;
 * a client file moving to another portal drops its tasks' links first (the themes stay behind).
 */
export const taskThemes = pgTable(
  'task_themes',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    taskId: integer('task_id').notNull(),
    themeId: integer('theme_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.taskId, t.themeId] }),
    foreignKey({
      name: 'task_themes_task_fk',
      columns: [t.accountingFirmId, t.taskId],
      foreignColumns: [tasks.accountingFirmId, tasks.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'task_themes_theme_fk',
      columns: [t.accountingFirmId, t.themeId],
      foreignColumns: [themes.accountingFirmId, themes.id],
    }).onDelete('cascade'),
    // The list's theme filter and a theme's task count start from the theme.
    index('task_themes_theme_idx').on(t.accountingFirmId, t.themeId),
  ],
);

const themeKey = (name: string, t: { accountingFirmId: AnyPgColumn; themeId: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.accountingFirmId, t.themeId],
    foreignColumns: [themes.accountingFirmId, themes.id],
  }).onDelete('cascade');

/** A folder's own themes (its subtree inherits them unless a subfolder has its own). */
export const folderThemes = pgTable(
  'folder_themes',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    folderId: integer('folder_id').notNull(),
    themeId: integer('theme_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.folderId, t.themeId] }),
    foreignKey({
      name: 'folder_themes_folder_fk',
      columns: [t.accountingFirmId, t.folderId],
      foreignColumns: [folders.accountingFirmId, folders.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    themeKey('folder_themes_theme_fk', t),
    index('folder_themes_theme_idx').on(t.accountingFirmId, t.themeId),
  ],
);

/** The themes a firm member holds when their membership is not `all_themes`. */
export const memberThemes = pgTable(
  'member_themes',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    userId: integer('user_id').notNull(),
    themeId: integer('theme_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.userId, t.themeId] }),
    foreignKey({
      name: 'member_themes_member_fk',
      columns: [t.accountingFirmId, t.userId],
      foreignColumns: [accountingFirmMemberships.accountingFirmId, accountingFirmMemberships.userId],
    }).onDelete('cascade'),
    themeKey('member_themes_theme_fk', t),
    index('member_themes_theme_idx').on(t.accountingFirmId, t.themeId),
  ],
);

/** The themes a client user holds in one client file when their membership is not `all_themes`. */
export const vendorUserThemes = pgTable(
  'vendor_user_themes',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    userId: integer('user_id').notNull(),
    themeId: integer('theme_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.vendorId, t.userId, t.themeId] }),
    foreignKey({
      name: 'vendor_user_themes_membership_fk',
      columns: [t.accountingFirmId, t.vendorId, t.userId],
      foreignColumns: [
        vendorMemberships.accountingFirmId,
        vendorMemberships.vendorId,
        vendorMemberships.userId,
      ],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    themeKey('vendor_user_themes_theme_fk', t),
    index('vendor_user_themes_theme_idx').on(t.accountingFirmId, t.themeId),
  ],
);

/** The themes a client file allows, when `vendors.all_themes_allowed` is false. */
export const vendorThemes = pgTable(
  'vendor_themes',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    themeId: integer('theme_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.vendorId, t.themeId] }),
    foreignKey({
      name: 'vendor_themes_vendor_fk',
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    themeKey('vendor_themes_theme_fk', t),
    index('vendor_themes_theme_idx').on(t.accountingFirmId, t.themeId),
  ],
);
