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
} from 'drizzle-orm/pg-core';
import { catalogOffers, catalogServices } from './catalog';
import { createdAt, updatedAt } from './columns';
import { documents } from './documents';
import { users } from './identity';
import { tasks } from './tasks';
import { vendors } from './tenancy';

/**
 * A mission (the spec's project) of a client file: the services agreed with the client, whose
 * recurrence generates its tasks once signed. A transferred client file takes its missions along
 * (the firm id cascades); the catalogue rows are then referred to by id alone.
 */
export const missions = pgTable(
  'missions',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    name: text('name').notNull(),
    reference: text('reference'),
    status: text('status', { enum: ['not_signed', 'signed', 'done'] })
      .notNull()
      .default('not_signed'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    renewal: boolean('renewal').notNull().default(false),
    recurrences: integer('recurrences').notNull().default(0),
    firstDueDate: date('first_due_date', { mode: 'string' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedDocumentId: integer('signed_document_id').references(() => documents.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('missions_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      name: 'missions_vendor_fk',
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('missions_vendor_name_idx').on(t.accountingFirmId, t.vendorId, sql`lower(${t.name})`),
    index('missions_firm_name_idx').on(t.accountingFirmId, sql`lower(${t.name})`),
    check('missions_dates', sql`${t.endDate} >= ${t.startDate}`),
    check('missions_recurrences', sql`${t.recurrences} BETWEEN 0 AND 99`),
  ],
);

const missionKey = (t: { accountingFirmId: AnyPgColumn; missionId: AnyPgColumn }, name: string) =>
  foreignKey({
    name,
    columns: [t.accountingFirmId, t.missionId],
    foreignColumns: [missions.accountingFirmId, missions.id],
  })
    .onDelete('cascade')
    .onUpdate('cascade');

/** The mission's collaborators (the manager is on the mission row). */
export const missionMembers = pgTable(
  'mission_members',
  {
    accountingFirmId: integer('accounting_firm_id').notNull(),
    missionId: integer('mission_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.accountingFirmId, t.missionId, t.userId] }),
    missionKey(t, 'mission_members_mission_fk'),
  ],
);

/** A service of a mission: price and quantity frozen at signature, own dates within the mission's. */
export const missionServices = pgTable(
  'mission_services',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    missionId: integer('mission_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => catalogServices.id),
    offerId: integer('offer_id').references(() => catalogOffers.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    unique('mission_services_firm_id_key').on(t.accountingFirmId, t.id),
    missionKey(t, 'mission_services_mission_fk'),
    index('mission_services_mission_idx').on(t.accountingFirmId, t.missionId, t.position),
    index('mission_services_service_idx').on(t.serviceId),
    check('mission_services_amounts', sql`${t.unitPriceCents} >= 0 AND ${t.quantity} >= 1`),
  ],
);

/**
 * One period of a mission service: its due date and the parent task created for it. Unique per
 * service and period, whatever retries or replays; the task deleted keeps the row (not recreated).
 */
export const missionOccurrences = pgTable(
  'mission_occurrences',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    missionServiceId: integer('mission_service_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('mission_occurrences_service_period_key').on(t.missionServiceId, t.periodStart),
    foreignKey({
      name: 'mission_occurrences_service_fk',
      columns: [t.accountingFirmId, t.missionServiceId],
      foreignColumns: [missionServices.accountingFirmId, missionServices.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('mission_occurrences_task_idx').on(t.taskId),
  ],
);
