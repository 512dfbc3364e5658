import type { GenerateTasksResult, MissionDetail, SignMissionRequest } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import * as catalog from '../catalog/catalog-missions.service';
import { createOccurrenceTasks, emitCreated, type TaskEvent } from '../tasks/mission-tasks.service';
import * as repo from './missions.repository';
import { missionDetail, missionWithAccess } from './missions.service';
import { occurrences, periodLabel } from './recurrence';

export const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * Creates, in the caller's transaction (the mission locked), every occurrence of the mission's
 * services whose creation date (due date minus lead time) has come by `today`: one per service
 * and period (a period already claimed is skipped, whatever retries or replays), each a parent
 * task with its template's tasks (through the tasks service). Never for a not-signed mission.
 */
export async function generateDue(
  tx: Db,
  mission: repo.MissionRow,
  today: string,
): Promise<{ created: number; events: TaskEvent[] }> {
  if (mission.status === 'not_signed') throw new AppError('mission-not-signed');
  if (mission.status === 'done') throw new AppError('mission-done');
  const firm = mission.accountingFirmId;
  const services = await repo.servicesOf(tx, firm, [mission.id]);
  const catalogRows = await catalog.servicesForMission(
    tx,
    firm,
    services.map((s) => s.serviceId),
  );
  const vendor = await repo.vendorDates(tx, firm, mission.vendorId);
  const collaboratorIds = (await repo.membersOf(tx, firm, [mission.id])).map((m) => m.userId);
  let created = 0;
  const events: TaskEvent[] = [];
  for (const ms of services) {
    const service = catalogRows.get(ms.serviceId);
    if (!service) continue;
    const due = occurrences({
      startDate: ms.startDate,
      endDate: ms.endDate,
      frequency: service.frequency,
      dueRule: { kind: service.dueRuleKind, day: service.dueRuleDay, days: service.dueRuleDays },
      leadDays: service.leadDays,
      firstDueDate: mission.firstDueDate,
      vatDueDay: vendor.vatDueDay,
      closingDate: vendor.closingDate,
    }).filter((o) => o.createOn <= today);
    for (const o of due) {
      const claimed = await repo.claimOccurrence(tx, {
        accountingFirmId: firm,
        missionServiceId: ms.id,
        periodStart: o.periodStart,
        dueDate: o.dueDate,
      });
      if (!claimed) continue;
      const made = await createOccurrenceTasks(tx, {
        accountingFirmId: firm,
        vendorId: mission.vendorId,
        missionId: mission.id,
        title: `${service.title} — ${periodLabel(service.frequency, o.periodStart, o.periodEnd)}`,
        dueDate: o.dueDate,
        note: `${mission.name}${mission.reference ? ` (${mission.reference})` : ''}`,
        managerId: mission.managerId,
        collaboratorIds,
        template: service.tasks,
      });
      await repo.setOccurrenceTask(tx, claimed.id, made.parent.id);
      events.push(...made.events);
      created++;
    }
  }
  return { created, events };
}

/** `POST .../generate-tasks`: creates now the occurrences whose creation date has passed. */
export async function generateTasks(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  missionId: number,
  today: string = todayIso(),
): Promise<GenerateTasksResult> {
  const { grant } = await missionWithAccess(ctx, actor, vendorId, missionId, 'mission.manage');
  const firm = grant.accountingFirmId!;
  const result = await ctx.db.transaction(async (tx) => {
    const mission = await repo.lockMission(tx, firm, vendorId, missionId);
    if (!mission) throw notFound();
    return generateDue(tx, mission, today);
  });
  emitCreated(ctx, result.events);
  const found = await repo.findMission(ctx.db, firm, vendorId, missionId);
  const detail = await missionDetail(ctx, found!);
  return { created: result.created, occurrences: detail.occurrences };
}

/**
 * Marks a not-signed mission signed (a paper letter: a document of the client file, when given),
 * then creates the occurrences already due, in one transaction.
 */
export async function signMission(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  missionId: number,
  input: SignMissionRequest,
  today: string = todayIso(),
): Promise<MissionDetail> {
  const { grant } = await missionWithAccess(ctx, actor, vendorId, missionId, 'mission.manage');
  const firm = grant.accountingFirmId!;
  const documentId = input.document_id ?? null;
  const events = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockMission(tx, firm, vendorId, missionId);
    if (!current) throw notFound();
    if (current.status !== 'not_signed') throw new AppError('mission-signed');
    if (documentId !== null) {
      const live = await ctx.documents.liveDocumentIds(tx, { id: vendorId, accountingFirmId: firm }, [
        documentId,
      ]);
      if (!live.has(documentId)) throw fieldError('validation-failed', 'document_id', 'invalid-id');
    }
    const signed = await repo.updateMission(tx, current, {
      status: 'signed',
      signedAt: new Date(),
      signedDocumentId: documentId,
    });
    return (await generateDue(tx, signed, today)).events;
  });
  emitCreated(ctx, events);
  ctx.events.emit('mission.signed', { accountingFirmId: firm, vendorId, missionId, actorId: actor.userId });
  const found = await repo.findMission(ctx.db, firm, vendorId, missionId);
  return missionDetail(ctx, found!);
}
