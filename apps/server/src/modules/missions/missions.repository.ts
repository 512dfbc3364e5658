import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  catalogServices,
  missionMembers,
  missionOccurrences,
  missionServices,
  missions,
  tasks,
  vendorAssignments,
  vendors,
} from '../../db/schema';
import { type PageRequest, pageOffset } from '../../platform/http/pagination';

export type MissionRow = typeof missions.$inferSelect;
export type NewMissionRow = typeof missions.$inferInsert;
export type MissionServiceRow = typeof missionServices.$inferSelect & { title: string; frequency: string };
export type NewMissionServiceRow = typeof missionServices.$inferInsert;

const missionColumns = { mission: missions, company: vendors.company };
const byVendor = (accountingFirmId: number, vendorId: number) =>
  and(eq(missions.accountingFirmId, accountingFirmId), eq(missions.vendorId, vendorId));

export async function listMissions(
  db: Db,
  where: { accountingFirmId: number; vendorId?: number; vendorIds?: number[] | null; status?: string },
  page: PageRequest,
) {
  const cond = and(
    eq(missions.accountingFirmId, where.accountingFirmId),
    where.vendorId === undefined ? undefined : eq(missions.vendorId, where.vendorId),
    where.vendorIds ? inArray(missions.vendorId, where.vendorIds.length ? where.vendorIds : [0]) : undefined,
    where.status ? eq(missions.status, where.status as MissionRow['status']) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(missionColumns)
      .from(missions)
      .innerJoin(
        vendors,
        and(eq(vendors.accountingFirmId, missions.accountingFirmId), eq(vendors.id, missions.vendorId)),
      )
      .where(cond)
      .orderBy(asc(sql`lower(${missions.name})`), asc(missions.id))
      .limit(page.per_page)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(missions).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMission(db: Db, accountingFirmId: number, vendorId: number, id: number) {
  const [row] = await db
    .select(missionColumns)
    .from(missions)
    .innerJoin(
      vendors,
      and(eq(vendors.accountingFirmId, missions.accountingFirmId), eq(vendors.id, missions.vendorId)),
    )
    .where(and(byVendor(accountingFirmId, vendorId), eq(missions.id, id)));
  return row;
}

/** The mission locked until the commit (generation and changes are serialised per mission). */
export async function lockMission(db: Db, accountingFirmId: number, vendorId: number, id: number) {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(byVendor(accountingFirmId, vendorId), eq(missions.id, id)))
    .for('update');
  return row;
}

export async function insertMission(db: Db, values: NewMissionRow): Promise<MissionRow> {
  const [row] = await db.insert(missions).values(values).returning();
  return row!;
}

export async function updateMission(db: Db, row: MissionRow, values: Partial<NewMissionRow>) {
  const [updated] = await db
    .update(missions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(missions.accountingFirmId, row.accountingFirmId), eq(missions.id, row.id)))
    .returning();
  return updated!;
}

export async function deleteMission(db: Db, row: MissionRow) {
  await db
    .delete(missions)
    .where(and(eq(missions.accountingFirmId, row.accountingFirmId), eq(missions.id, row.id)));
}

export async function membersOf(db: Db, accountingFirmId: number, missionIds: number[]) {
  if (missionIds.length === 0) return [];
  return db
    .select({ missionId: missionMembers.missionId, userId: missionMembers.userId })
    .from(missionMembers)
    .where(
      and(
        eq(missionMembers.accountingFirmId, accountingFirmId),
        inArray(missionMembers.missionId, missionIds),
      ),
    )
    .orderBy(asc(missionMembers.userId));
}

export async function setMembers(db: Db, row: MissionRow, userIds: number[]) {
  const key = { accountingFirmId: row.accountingFirmId, missionId: row.id };
  await db
    .delete(missionMembers)
    .where(
      and(
        eq(missionMembers.accountingFirmId, key.accountingFirmId),
        eq(missionMembers.missionId, key.missionId),
      ),
    );
  if (userIds.length) await db.insert(missionMembers).values(userIds.map((userId) => ({ ...key, userId })));
}

export async function servicesOf(
  db: Db,
  accountingFirmId: number,
  missionIds: number[],
): Promise<MissionServiceRow[]> {
  if (missionIds.length === 0) return [];
  const rows = await db
    .select({ s: missionServices, title: catalogServices.title, frequency: catalogServices.frequency })
    .from(missionServices)
    .innerJoin(catalogServices, eq(catalogServices.id, missionServices.serviceId))
    .where(
      and(
        eq(missionServices.accountingFirmId, accountingFirmId),
        inArray(missionServices.missionId, missionIds),
      ),
    )
    .orderBy(asc(missionServices.position), asc(missionServices.id));
  return rows.map((r) => ({ ...r.s, title: r.title, frequency: r.frequency }));
}

export async function replaceServices(db: Db, row: MissionRow, values: NewMissionServiceRow[]) {
  await db
    .delete(missionServices)
    .where(
      and(eq(missionServices.accountingFirmId, row.accountingFirmId), eq(missionServices.missionId, row.id)),
    );
  if (values.length) await db.insert(missionServices).values(values);
}

/** Which of these users are firm members reaching the client file (admins, all files, assigned). */
export async function staffOfVendor(db: Db, accountingFirmId: number, vendorId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const m = accountingFirmMemberships;
  const rows = await db
    .select({ id: m.userId })
    .from(m)
    .where(
      and(
        eq(m.accountingFirmId, accountingFirmId),
        inArray(m.userId, userIds),
        eq(m.pending, false),
        sql`(${m.role} = 'admin' or ${m.allVendors} or exists (select 1 from ${vendorAssignments} a
          where a.accounting_firm_id = ${accountingFirmId} and a.vendor_id = ${vendorId} and a.user_id = ${m.userId}))`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** What the due rules read of the client file. */
export async function vendorDates(db: Db, accountingFirmId: number, vendorId: number) {
  const [row] = await db
    .select({ closingDate: vendors.closingDate, fiscal: vendors.fiscal })
    .from(vendors)
    .where(and(eq(vendors.accountingFirmId, accountingFirmId), eq(vendors.id, vendorId)));
  return { closingDate: row?.closingDate ?? null, vatDueDay: row?.fiscal.tva_due_day ?? null };
}

export async function occurrencesOf(db: Db, accountingFirmId: number, missionId: number) {
  return db
    .select({
      o: missionOccurrences,
      taskTitle: tasks.title,
      taskStatus: tasks.status,
      subtaskCount: sql<number>`(select count(*)::int from ${tasks} st where st.accounting_firm_id = ${accountingFirmId} and st.parent_id = ${missionOccurrences.taskId})`,
    })
    .from(missionOccurrences)
    .innerJoin(
      missionServices,
      and(
        eq(missionServices.accountingFirmId, missionOccurrences.accountingFirmId),
        eq(missionServices.id, missionOccurrences.missionServiceId),
      ),
    )
    .leftJoin(tasks, and(isNotNull(missionOccurrences.taskId), eq(tasks.id, missionOccurrences.taskId)))
    .where(
      and(eq(missionServices.accountingFirmId, accountingFirmId), eq(missionServices.missionId, missionId)),
    )
    .orderBy(asc(missionOccurrences.dueDate), asc(missionOccurrences.id));
}

/**
 * Claims a service's period: the row when this call made it, undefined when it was there already
 * (one occurrence per service and period, whatever retries or replays).
 */
export async function claimOccurrence(
  db: Db,
  values: { accountingFirmId: number; missionServiceId: number; periodStart: string; dueDate: string },
) {
  const [row] = await db.insert(missionOccurrences).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setOccurrenceTask(db: Db, id: number, taskId: number) {
  await db.update(missionOccurrences).set({ taskId }).where(eq(missionOccurrences.id, id));
}

/** The client files a member is assigned to in the firm. */
export async function assignedVendorIds(db: Db, accountingFirmId: number, userId: number) {
  const rows = await db
    .select({ id: vendorAssignments.vendorId })
    .from(vendorAssignments)
    .where(
      and(eq(vendorAssignments.accountingFirmId, accountingFirmId), eq(vendorAssignments.userId, userId)),
    );
  return rows.map((r) => r.id);
}
