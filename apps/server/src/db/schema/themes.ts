import { sql } from 'drizzle-orm';
import {
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
import { accountingFirms } from './platform';
import { tasks } from './tasks';

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
