import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { documents, folders } from './documents';
import { users } from './identity';
import { accountingFirms } from './platform';
import { vendors } from './tenancy';

/**
 * A workflow: the firm's (`vendor_id` null, usable in every client file) or one client file's.
 * Name unique per owner ignoring case.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id'),
    name: text('name').notNull(),
    sharing: text('sharing', { enum: ['shared', 'private_firm', 'private_vendor'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflows_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      name: 'workflows_vendor_fk',
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('workflows_owner_name_key').on(
      t.accountingFirmId,
      sql`coalesce(${t.vendorId}, 0)`,
      sql`lower(${t.name})`,
    ),
    check(
      'workflows_private_vendor_check',
      sql`${t.sharing} <> 'private_vendor' OR ${t.vendorId} IS NOT NULL`,
    ),
  ],
);

/** The ordered statuses of a workflow (`position` from 0; one initial). */
export const workflowStatuses = pgTable(
  'workflow_statuses',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    workflowId: integer('workflow_id').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    position: integer('position').notNull(),
    isInitial: boolean('is_initial').notNull().default(false),
    isFinal: boolean('is_final').notNull().default(false),
  },
  (t) => [
    unique('workflow_statuses_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      name: 'workflow_statuses_workflow_fk',
      columns: [t.accountingFirmId, t.workflowId],
      foreignColumns: [workflows.accountingFirmId, workflows.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('workflow_statuses_key_key').on(t.workflowId, t.key),
  ],
);

/** A move allowed between two statuses of one workflow, by whom (`movers`) and, if named, whom. */
export const workflowTransitions = pgTable(
  'workflow_transitions',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    workflowId: integer('workflow_id').notNull(),
    fromStatusId: integer('from_status_id').notNull(),
    toStatusId: integer('to_status_id').notNull(),
    movers: text('movers').array().notNull(),
    userIds: integer('user_ids').array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [
    foreignKey({
      name: 'workflow_transitions_workflow_fk',
      columns: [t.accountingFirmId, t.workflowId],
      foreignColumns: [workflows.accountingFirmId, workflows.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'workflow_transitions_from_fk',
      columns: [t.accountingFirmId, t.fromStatusId],
      foreignColumns: [workflowStatuses.accountingFirmId, workflowStatuses.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'workflow_transitions_to_fk',
      columns: [t.accountingFirmId, t.toStatusId],
      foreignColumns: [workflowStatuses.accountingFirmId, workflowStatuses.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('workflow_transitions_pair_key').on(t.workflowId, t.fromStatusId, t.toStatusId),
  ],
);

/** A workflow activated on a folder: it applies to the subtree, down to a folder with its own. */
export const folderWorkflows = pgTable(
  'folder_workflows',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    folderId: integer('folder_id').notNull(),
    workflowId: integer('workflow_id').notNull(),
    activatedBy: integer('activated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.folderId] }),
    foreignKey({
      name: 'folder_workflows_folder_fk',
      columns: [t.accountingFirmId, t.vendorId, t.folderId],
      foreignColumns: [folders.accountingFirmId, folders.vendorId, folders.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'folder_workflows_workflow_fk',
      columns: [t.accountingFirmId, t.workflowId],
      foreignColumns: [workflows.accountingFirmId, workflows.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('folder_workflows_workflow_idx').on(t.accountingFirmId, t.workflowId),
  ],
);

/** The current status of a document or a folder (exactly one of the two ids). */
export const nodeStatuses = pgTable(
  'node_statuses',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    documentId: integer('document_id'),
    folderId: integer('folder_id'),
    statusId: integer('status_id').notNull(),
    setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('node_statuses_one_node_check', sql`(${t.documentId} IS NULL) <> (${t.folderId} IS NULL)`),
    foreignKey({
      name: 'node_statuses_document_fk',
      columns: [t.accountingFirmId, t.documentId],
      foreignColumns: [documents.accountingFirmId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'node_statuses_folder_fk',
      columns: [t.accountingFirmId, t.folderId],
      foreignColumns: [folders.accountingFirmId, folders.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'node_statuses_status_fk',
      columns: [t.accountingFirmId, t.statusId],
      foreignColumns: [workflowStatuses.accountingFirmId, workflowStatuses.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('node_statuses_document_key')
      .on(t.accountingFirmId, t.documentId)
      .where(sql`${t.documentId} IS NOT NULL`),
    uniqueIndex('node_statuses_folder_key')
      .on(t.accountingFirmId, t.folderId)
      .where(sql`${t.folderId} IS NOT NULL`),
    index('node_statuses_status_idx').on(t.accountingFirmId, t.statusId),
  ],
);

/**
 * Every change of status of a node, with the names as they were (kept when the status or the
 * workflow goes); `sharing` is the workflow's then, so a client never reads a firm-only line.
 */
export const nodeStatusHistory = pgTable(
  'node_status_history',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    documentId: integer('document_id'),
    folderId: integer('folder_id'),
    workflowId: integer('workflow_id'),
    sharing: text('sharing', { enum: ['shared', 'private_firm', 'private_vendor'] }).notNull(),
    fromStatusId: integer('from_status_id'),
    fromName: text('from_name'),
    toStatusId: integer('to_status_id').notNull(),
    toName: text('to_name').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    check('node_status_history_one_node_check', sql`(${t.documentId} IS NULL) <> (${t.folderId} IS NULL)`),
    foreignKey({
      name: 'node_status_history_document_fk',
      columns: [t.accountingFirmId, t.documentId],
      foreignColumns: [documents.accountingFirmId, documents.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'node_status_history_folder_fk',
      columns: [t.accountingFirmId, t.folderId],
      foreignColumns: [folders.accountingFirmId, folders.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('node_status_history_document_idx')
      .on(t.accountingFirmId, t.documentId, t.createdAt)
      .where(sql`${t.documentId} IS NOT NULL`),
    index('node_status_history_folder_idx')
      .on(t.accountingFirmId, t.folderId, t.createdAt)
      .where(sql`${t.folderId} IS NOT NULL`),
  ],
);
