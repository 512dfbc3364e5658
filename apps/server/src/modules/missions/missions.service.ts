import {
  CATALOG_CURRENCY,
  type CreateMissionRequest,
  type ListMissionsQuery,
  type Mission,
  type MissionDetail,
  type MissionServiceInput,
  type Paginated,
  type UpdateMissionRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, type FieldErrors, fieldError, notFound } from '../../platform/errors/app-error';
import { paginated } from '../../platform/http/pagination';
import * as catalog from '../catalog/catalog-missions.service';
import type {} from './missions.events';
import * as repo from './missions.repository';

/**
 * A client file's missions (issue 30): created not signed with their services from the firm's
 * catalogue; a signed mission's services and prices are frozen (409 `mission-signed`), it is
 * stopped (`done`), never deleted. Generation and signature: `mission-generation.service.ts`.
 */
const vendorResource = (vendorId: number) => ({ kind: 'vendor' as const, vendorId });

export async function toMissionDtos(
  db: Db,
  accountingFirmId: number,
  rows: { mission: repo.MissionRow; company: string }[],
) {
  const ids = rows.map((r) => r.mission.id);
  const [members, services] = await Promise.all([
    repo.membersOf(db, accountingFirmId, ids),
    repo.servicesOf(db, accountingFirmId, ids),
  ]);
  return rows.map(({ mission: m, company }): Mission => {
    const own = services.filter((s) => s.missionId === m.id);
    const dtos = own.map((s) => ({
      id: s.id,
      service_id: s.serviceId,
      offer_id: s.offerId,
      title: s.title,
      frequency: s.frequency,
      quantity: s.quantity,
      unit_price_cents: s.unitPriceCents,
      total_cents: s.quantity * s.unitPriceCents,
      start_date: s.startDate,
      end_date: s.endDate,
    }));
    return {
      id: m.id,
      accounting_firm_id: m.accountingFirmId,
      vendor_id: m.vendorId,
      company,
      name: m.name,
      reference: m.reference,
      status: m.status,
      start_date: m.startDate,
      end_date: m.endDate,
      manager_id: m.managerId,
      collaborator_ids: members.filter((x) => x.missionId === m.id).map((x) => x.userId),
      renewal: m.renewal,
      recurrences: m.recurrences,
      first_due_date: m.firstDueDate,
      signed_at: m.signedAt?.toISOString() ?? null,
      signed_document_id: m.signedDocumentId,
      total_cents: dtos.reduce((sum, s) => sum + s.total_cents, 0),
      currency: CATALOG_CURRENCY,
      services: dtos,
      created_at: m.createdAt.toISOString(),
      updated_at: m.updatedAt.toISOString(),
    };
  });
}

export async function missionDetail(ctx: AppContext, row: { mission: repo.MissionRow; company: string }) {
  const [dto] = await toMissionDtos(ctx.db, row.mission.accountingFirmId, [row]);
  const occurrences = await repo.occurrencesOf(ctx.db, row.mission.accountingFirmId, row.mission.id);
  return {
    ...dto!,
    occurrences: occurrences.map((o) => ({
      id: o.o.id,
      mission_service_id: o.o.missionServiceId,
      period_start: o.o.periodStart,
      due_date: o.o.dueDate,
      task_id: o.o.taskId,
      task_title: o.taskTitle,
      task_status: o.taskStatus,
      subtask_count: o.subtaskCount,
    })),
  } satisfies MissionDetail;
}

/** The mission of the client file the actor may act on (404 for another's). */
export async function missionWithAccess(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  missionId: number,
  action: 'mission.read' | 'mission.manage',
) {
  const grant = await ctx.access.authorize(actor, action, vendorResource(vendorId));
  const found = await repo.findMission(ctx.db, grant.accountingFirmId!, vendorId, missionId);
  if (!found) throw notFound();
  return { found, grant };
}

export async function listVendorMissions(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  q: ListMissionsQuery,
): Promise<Paginated<Mission>> {
  const grant = await ctx.access.authorize(actor, 'mission.read', vendorResource(vendorId));
  const firm = grant.accountingFirmId!;
  const { rows, total } = await repo.listMissions(
    ctx.db,
    { accountingFirmId: firm, vendorId, status: q.status },
    q,
  );
  return paginated(await toMissionDtos(ctx.db, firm, rows), q, total);
}

/** The firm's missions (15 a page, by name): a collaborator sees those of their client files. */
export async function listFirmMissions(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  q: ListMissionsQuery,
): Promise<Paginated<Mission>> {
  const grant = await ctx.access.authorize(actor, 'mission.read', { kind: 'firm', accountingFirmId });
  const seesAll = grant.roles.includes('firm_admin') || grant.allVendors === true;
  const vendorIds = seesAll ? null : await repo.assignedVendorIds(ctx.db, accountingFirmId, actor.userId);
  const { rows, total } = await repo.listMissions(
    ctx.db,
    { accountingFirmId, vendorIds, status: q.status },
    q,
  );
  return paginated(await toMissionDtos(ctx.db, accountingFirmId, rows), q, total);
}

export async function getMission(ctx: AppContext, actor: Actor, vendorId: number, missionId: number) {
  const { found } = await missionWithAccess(ctx, actor, vendorId, missionId, 'mission.read');
  return missionDetail(ctx, found);
}

/** Manager and collaborators: firm members reaching the client file, else 422 on the field. */
async function checkStaff(
  tx: Db,
  firm: number,
  vendorId: number,
  managerId: number | null | undefined,
  collaboratorIds: number[] | undefined,
) {
  const ids = [...(managerId ? [managerId] : []), ...(collaboratorIds ?? [])];
  const staff = await repo.staffOfVendor(tx, firm, vendorId, ids);
  if (managerId && !staff.has(managerId)) throw fieldError('mission-member-not-allowed', 'manager_id');
  const bad = (collaboratorIds ?? []).findIndex((id) => !staff.has(id));
  if (bad >= 0) throw fieldError('mission-member-not-allowed', `collaborator_ids.${bad}`);
}

/** The services' rows: the firm's, live (archived only if kept), dates within the mission's. */
async function serviceRows(
  tx: Db,
  mission: { accountingFirmId: number; id: number; startDate: string; endDate: string },
  input: MissionServiceInput[],
  kept: Set<number>,
): Promise<repo.NewMissionServiceRow[]> {
  const firm = mission.accountingFirmId;
  const services = await catalog.servicesForMission(
    tx,
    firm,
    input.map((s) => s.service_id),
  );
  const offers = await catalog.offersOfFirm(
    tx,
    firm,
    input.flatMap((s) => (s.offer_id ? [s.offer_id] : [])),
  );
  const fields: FieldErrors = {};
  let code: 'catalog-service-not-found' | 'mission-service-dates' | undefined;
  const add = (field: string, c: typeof code & string, key: string = c) => {
    fields[field] = [...(fields[field] ?? []), key];
    code ??= c;
  };
  const rows = input.map((s, i): repo.NewMissionServiceRow => {
    const service = services.get(s.service_id);
    if (!service || (service.archivedAt && !kept.has(service.id)))
      add(`services.${i}.service_id`, 'catalog-service-not-found');
    if (s.offer_id && !offers.has(s.offer_id))
      add(`services.${i}.offer_id`, 'catalog-service-not-found', 'invalid-id');
    const start = s.start_date ?? mission.startDate;
    const end = s.end_date ?? mission.endDate;
    if (start < mission.startDate || start > mission.endDate)
      add(`services.${i}.start_date`, 'mission-service-dates');
    if (end > mission.endDate || end < start) add(`services.${i}.end_date`, 'mission-service-dates');
    return {
      accountingFirmId: firm,
      missionId: mission.id,
      serviceId: s.service_id,
      offerId: s.offer_id ?? null,
      position: i,
      quantity: s.quantity ?? service?.quantity ?? 1,
      unitPriceCents: s.unit_price_cents ?? service?.unitPriceCents ?? 0,
      startDate: start,
      endDate: end,
    };
  });
  if (code) throw new AppError(code, { fields });
  return rows;
}

export async function createMission(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: CreateMissionRequest,
): Promise<MissionDetail> {
  const grant = await ctx.access.authorize(actor, 'mission.manage', vendorResource(vendorId));
  const firm = grant.accountingFirmId!;
  const managerId = input.manager_id === undefined ? actor.userId : input.manager_id;
  const id = await ctx.db.transaction(async (tx) => {
    await checkStaff(tx, firm, vendorId, input.manager_id, input.collaborator_ids);
    const staff = managerId ? await repo.staffOfVendor(tx, firm, vendorId, [managerId]) : new Set<number>();
    const row = await repo.insertMission(tx, {
      accountingFirmId: firm,
      vendorId,
      name: input.name,
      reference: input.reference ?? null,
      startDate: input.start_date,
      endDate: input.end_date,
      managerId: managerId && staff.has(managerId) ? managerId : null,
      renewal: input.renewal ?? false,
      recurrences: input.recurrences ?? 0,
      firstDueDate: input.first_due_date ?? null,
      createdBy: actor.userId,
    });
    await repo.setMembers(tx, row, [...new Set(input.collaborator_ids ?? [])]);
    await repo.replaceServices(tx, row, await serviceRows(tx, row, input.services, new Set()));
    return row.id;
  });
  ctx.events.emit('mission.created', {
    accountingFirmId: firm,
    vendorId,
    missionId: id,
    actorId: actor.userId,
  });
  const found = await repo.findMission(ctx.db, firm, vendorId, id);
  return missionDetail(ctx, found!);
}

/** Changes a mission; `status: "done"` stops it. A signed one keeps its services, prices and dates. */
export async function updateMission(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  missionId: number,
  input: UpdateMissionRequest,
): Promise<MissionDetail> {
  const { found, grant } = await missionWithAccess(ctx, actor, vendorId, missionId, 'mission.manage');
  const firm = grant.accountingFirmId!;
  let done = false;
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockMission(tx, firm, vendorId, missionId);
    if (!current) throw notFound();
    const frozen =
      input.services !== undefined || input.start_date !== undefined || input.end_date !== undefined;
    if (current.status !== 'not_signed' && frozen) throw new AppError('mission-signed');
    if (current.status === 'done' && input.status === 'done') return;
    const startDate = input.start_date ?? current.startDate;
    const endDate = input.end_date ?? current.endDate;
    if (endDate < startDate) throw fieldError('validation-failed', 'end_date', 'period-end-before-start');
    await checkStaff(tx, firm, vendorId, input.manager_id, input.collaborator_ids);
    const row = await repo.updateMission(tx, current, {
      name: input.name,
      reference: input.reference,
      startDate,
      endDate,
      managerId: input.manager_id,
      renewal: input.renewal,
      recurrences: input.recurrences,
      firstDueDate: input.first_due_date,
      ...(input.status === 'done' ? { status: 'done' as const, doneAt: new Date() } : {}),
    });
    if (input.collaborator_ids !== undefined)
      await repo.setMembers(tx, row, [...new Set(input.collaborator_ids)]);
    if (input.services !== undefined || input.start_date !== undefined || input.end_date !== undefined) {
      const services =
        input.services ??
        (await repo.servicesOf(tx, firm, [row.id])).map((s) => ({
          service_id: s.serviceId,
          offer_id: s.offerId,
          quantity: s.quantity,
          unit_price_cents: s.unitPriceCents,
        }));
      const kept = new Set((await repo.servicesOf(tx, firm, [row.id])).map((s) => s.serviceId));
      await repo.replaceServices(tx, row, await serviceRows(tx, row, services, kept));
    }
    done = input.status === 'done';
  });
  if (done)
    ctx.events.emit('mission.done', { accountingFirmId: firm, vendorId, missionId, actorId: actor.userId });
  const reread = await repo.findMission(ctx.db, firm, vendorId, found.mission.id);
  if (!reread) throw notFound();
  return missionDetail(ctx, reread);
}

/** Deletes a not-signed mission; a signed one is marked done instead (409 `mission-signed`). */
export async function deleteMission(ctx: AppContext, actor: Actor, vendorId: number, missionId: number) {
  const { grant } = await missionWithAccess(ctx, actor, vendorId, missionId, 'mission.manage');
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockMission(tx, grant.accountingFirmId!, vendorId, missionId);
    if (!current) throw notFound();
    if (current.status !== 'not_signed') throw new AppError('mission-signed');
    await repo.deleteMission(tx, current);
  });
}
