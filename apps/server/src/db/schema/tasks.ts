import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { documents } from './documents';
import { users } from './identity';
import { accountingFirms } from './platform';
import { accountingFirmMemberships, vendors } from './tenancy';

/**
 * A child of a task references (accounting_firm_id, task_id): never a task of another firm. A
 * transferred client file takes its tasks along (the firm id cascades from the vendor down).
 */
const taskKey = (t: { accountingFirmId: AnyPgColumn; taskId: AnyPgColumn }, name: string) =>
  foreignKey({
    name,
    columns: [t.accountingFirmId, t.taskId],
    foreignColumns: [tasks.accountingFirmId, tasks.id],
  })
    .onDelete('cascade')
    .onUpdate('cascade');

/**
 * A unit of work on a client file: a firm task, an internal one, an information request or a
 * service request. Sub-tasks point to their parent (one level); deleting a task deletes them.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    parentId: integer('parent_id'),
    /** The mission whose occurrence created it (issue 30); no foreign key: missions import tasks. */
    missionId: integer('mission_id'),
    title: text('title').notNull(),
    type: text('type', {
      enum: ['internal', 'firm_task', 'information_request', 'service_request'],
    }).notNull(),
    status: text('status', { enum: ['to_do', 'in_progress', 'done'] })
      .notNull()
      .default('to_do'),
    dueDate: date('due_date', { mode: 'string' }),
    note: text('note'),
    /** Never visible to client users. */
    internal: boolean('internal').notNull().default(false),
    reminderFrequency: text('reminder_frequency', { enum: ['none', 'day', 'week', 'two-weeks', 'month'] })
      .notNull()
      .default('none'),
    /** Bumped whenever the reminder schedule changes: older queued reminder jobs then do nothing. */
    reminderToken: integer('reminder_token').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('tasks_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      name: 'tasks_vendor_fk',
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'tasks_parent_fk',
      columns: [t.accountingFirmId, t.parentId],
      foreignColumns: [t.accountingFirmId, t.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // A sub-task's title is unique under its parent (case-insensitive).
    uniqueIndex('tasks_firm_parent_title_key')
      .on(t.accountingFirmId, t.parentId, sql`lower(${t.title})`)
      .where(sql`${t.parentId} IS NOT NULL`),
    index('tasks_firm_vendor_status_idx').on(t.accountingFirmId, t.vendorId, t.status, t.dueDate),
    index('tasks_firm_status_due_idx').on(t.accountingFirmId, t.status, t.dueDate),
    index('tasks_firm_parent_idx').on(t.accountingFirmId, t.parentId),
    index('tasks_mission_idx').on(t.missionId).where(sql`${t.missionId} IS NOT NULL`),
    // The home page's sections (open tasks by due date: overdue, due today, waiting requests)
    // read it in order and stop at the section's size.
    index('tasks_firm_open_due_idx')
      .on(t.accountingFirmId, t.dueDate, t.id)
      .where(sql`${t.status} <> 'done'`),
  ],
);

/** The people a task is assigned to (firm members, or client users of its client file). */
export const taskMembers = pgTable(
  'task_members',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    taskId: integer('task_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.taskId, t.userId] }),
    taskKey(t, 'task_members_task_fk'),
    index('task_members_user_idx').on(t.accountingFirmId, t.userId),
  ],
);

/** `task_id` cannot start before `depends_on_id` is done (same client file, no cycle). */
export const taskDependencies = pgTable(
  'task_dependencies',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    taskId: integer('task_id').notNull(),
    dependsOnId: integer('depends_on_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.taskId, t.dependsOnId] }),
    taskKey(t, 'task_dependencies_task_fk'),
    foreignKey({
      name: 'task_dependencies_depends_on_fk',
      columns: [t.accountingFirmId, t.dependsOnId],
      foreignColumns: [tasks.accountingFirmId, tasks.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('task_dependencies_depends_on_idx').on(t.accountingFirmId, t.dependsOnId),
    check('task_dependencies_not_self', sql`${t.taskId} <> ${t.dependsOnId}`),
  ],
);

/**
 * What an information request asks for, item by item: a document or an answer. The client
 * answers with text here; a file answer will link a document of the client's documents.
 */
export const taskItems = pgTable(
  'task_items',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    taskId: integer('task_id').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    kind: text('kind', { enum: ['document', 'answer'] })
      .notNull()
      .default('answer'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('task_items_firm_id_key').on(t.accountingFirmId, t.id),
    taskKey(t, 'task_items_task_fk'),
    index('task_items_task_idx').on(t.accountingFirmId, t.taskId, t.position),
  ],
);

/** A document of the client file's documents, by firm id (never a document of another firm). */
const documentKey = (t: { accountingFirmId: AnyPgColumn; documentId: AnyPgColumn }, name: string) =>
  foreignKey({
    name,
    columns: [t.accountingFirmId, t.documentId],
    foreignColumns: [documents.accountingFirmId, documents.id],
  })
    .onDelete('cascade')
    .onUpdate('cascade');

/**
 * A task's attachments: documents filed in its client file's documents and linked here. Deleting
 * the task removes the links only; a permanently deleted document takes its links along.
 */
export const taskAttachments = pgTable(
  'task_attachments',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    taskId: integer('task_id').notNull(),
    documentId: integer('document_id').notNull(),
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.taskId, t.documentId] }),
    taskKey(t, 'task_attachments_task_fk'),
    documentKey(t, 'task_attachments_document_fk'),
    index('task_attachments_document_idx').on(t.accountingFirmId, t.documentId),
  ],
);

/** The files a client answered an information request's item with (filed in their documents). */
export const taskItemDocuments = pgTable(
  'task_item_documents',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    itemId: integer('item_id').notNull(),
    documentId: integer('document_id').notNull(),
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.itemId, t.documentId] }),
    foreignKey({
      name: 'task_item_documents_item_fk',
      columns: [t.accountingFirmId, t.itemId],
      foreignColumns: [taskItems.accountingFirmId, taskItems.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    documentKey(t, 'task_item_documents_document_fk'),
    index('task_item_documents_document_idx').on(t.accountingFirmId, t.documentId),
  ],
);

/**
 * When a person last opened the home page of a firm: `previous_visit_at` is the visit before the
 * current one (a visit is a home page opened an hour or more after the last one), the start of
 * "documents received since the last visit".
 */
export const homeVisits = pgTable(
  'home_visits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }).notNull(),
    previousVisitAt: timestamp('previous_visit_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountingFirmId] })],
);

/**
 * A firm member's remembered task-list admin mode (every client file of the firm, firm
 * administrators only). No row: the default (on for an administrator assigned to no client file).
 * Leaving the firm removes it.
 */
export const taskPreferences = pgTable(
  'task_preferences',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    userId: integer('user_id').notNull(),
    adminMode: boolean('admin_mode').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.userId] }),
    foreignKey({
      name: 'task_preferences_membership_fk',
      columns: [t.accountingFirmId, t.userId],
      foreignColumns: [accountingFirmMemberships.accountingFirmId, accountingFirmMemberships.userId],
    }).onDelete('cascade'),
  ],
);
