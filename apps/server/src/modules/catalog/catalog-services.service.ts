import {
  CATALOG_CURRENCY,
  type CatalogService,
  type CreateCatalogServiceRequest,
  DEFAULT_VAT_RATE,
  type ListCatalogServicesQuery,
  type Paginated,
  type UpdateCatalogServiceRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { foreignKeyViolation, uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import { paginated } from '../../platform/http/pagination';
import * as repo from './catalog.repository';
import { firmResource } from './catalog-categories.service';
import { checkTaskTemplate } from './task-template';

export const toServiceDto = (r: repo.ServiceRow): CatalogService => ({
  id: r.id,
  accounting_firm_id: r.accountingFirmId,
  category_id: r.categoryId,
  title: r.title,
  reference: r.reference,
  abbreviation: r.abbreviation,
  deliverable: r.deliverable,
  unit_price_cents: r.unitPriceCents,
  unit: r.unit,
  quantity: r.quantity,
  total_price_cents: r.unitPriceCents * r.quantity,
  currency: CATALOG_CURRENCY,
  vat_rate: r.vatRateBp / 100,
  duration_value: r.durationValue,
  duration_unit: r.durationUnit,
  time_allocation_minutes: r.timeAllocationMinutes,
  commercial_description: r.commercialDescription,
  contractual_description: r.contractualDescription,
  visibility: r.visibility,
  frequency: r.frequency,
  due_rule: { kind: r.dueRuleKind, day: r.dueRuleDay, days: r.dueRuleDays },
  lead_days: r.leadDays,
  tasks: r.tasks,
  archived: r.archivedAt !== null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** A reference, abbreviation taken, or a category gone meanwhile: 422 on the field. */
async function writeChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'catalog_services_firm_reference_key')
      throw fieldError('catalog-reference-already-used', 'reference');
    if (constraint === 'catalog_services_firm_abbreviation_key')
      throw fieldError('catalog-abbreviation-already-used', 'abbreviation');
    if (foreignKeyViolation(error)) throw fieldError('catalog-category-not-found', 'category_id');
    throw error;
  }
}

/** The columns of the fields given (undefined: unchanged). */
function serviceValues(input: UpdateCatalogServiceRequest): Partial<repo.NewServiceRow> {
  return {
    categoryId: input.category_id,
    title: input.title,
    reference: input.reference,
    abbreviation: input.abbreviation,
    deliverable: input.deliverable,
    unitPriceCents: input.unit_price_cents,
    unit: input.unit,
    quantity: input.quantity,
    vatRateBp: input.vat_rate === undefined ? undefined : Math.round(input.vat_rate * 100),
    durationValue: input.duration_value,
    durationUnit: input.duration_unit,
    timeAllocationMinutes: input.time_allocation_minutes,
    commercialDescription: input.commercial_description,
    contractualDescription: input.contractual_description,
    visibility: input.visibility,
    frequency: input.frequency,
    ...(input.due_rule && {
      dueRuleKind: input.due_rule.kind,
      dueRuleDay: input.due_rule.kind === 'day_of_period' ? (input.due_rule.day ?? null) : null,
      dueRuleDays: input.due_rule.kind === 'after_closing' ? (input.due_rule.days ?? null) : null,
    }),
    leadDays: input.lead_days,
    tasks: input.tasks && checkTaskTemplate(input.tasks),
    archivedAt: input.archived === undefined ? undefined : input.archived ? new Date() : null,
  };
}

/** A category of the firm, else 422 on `category_id` (another firm's is as unknown as none). */
async function assertCategory(ctx: AppContext, accountingFirmId: number, categoryId: number | undefined) {
  if (categoryId === undefined) return;
  if (!(await repo.findCategory(ctx.db, accountingFirmId, categoryId)))
    throw fieldError('catalog-category-not-found', 'category_id');
}

export async function listServices(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  query: ListCatalogServicesQuery,
): Promise<Paginated<CatalogService>> {
  await ctx.access.authorize(actor, 'catalog.read', firmResource(accountingFirmId));
  await assertCategory(ctx, accountingFirmId, query.category_id);
  const { rows, total } = await repo.listServices(ctx.db, accountingFirmId, query, query);
  return paginated(rows.map(toServiceDto), query, total);
}

export async function getService(ctx: AppContext, actor: Actor, accountingFirmId: number, serviceId: number) {
  await ctx.access.authorize(actor, 'catalog.read', firmResource(accountingFirmId));
  const row = await repo.findService(ctx.db, accountingFirmId, serviceId);
  if (!row) throw notFound();
  return toServiceDto(row);
}

export async function createService(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: CreateCatalogServiceRequest,
): Promise<CatalogService> {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  await assertCategory(ctx, accountingFirmId, input.category_id);
  const values = serviceValues({
    ...input,
    vat_rate: input.vat_rate ?? DEFAULT_VAT_RATE,
    due_rule: input.due_rule ?? { kind: 'first_due_date' },
    tasks: input.tasks ?? [],
  });
  const row = await writeChecked(
    repo.insertService(ctx.db, {
      ...values,
      accountingFirmId,
      categoryId: input.category_id,
      title: input.title,
      unitPriceCents: input.unit_price_cents,
      unit: input.unit,
    }),
  );
  return toServiceDto(row);
}

export async function updateService(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  serviceId: number,
  input: UpdateCatalogServiceRequest,
): Promise<CatalogService> {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  const current = await repo.findService(ctx.db, accountingFirmId, serviceId);
  if (!current) throw notFound();
  await assertCategory(ctx, accountingFirmId, input.category_id);
  const values = serviceValues(input);
  // Archiving again keeps the first date.
  if (input.archived === true && current.archivedAt) values.archivedAt = undefined;
  const row = await writeChecked(repo.updateService(ctx.db, accountingFirmId, serviceId, values));
  if (!row) throw notFound();
  return toServiceDto(row);
}

/** Deletes a service no offer (nor, later, mission) uses: else 409 `service-in-use` (archive it). */
export async function deleteService(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  serviceId: number,
) {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  if (!(await repo.findService(ctx.db, accountingFirmId, serviceId))) throw notFound();
  if ((await repo.countOffersOfService(ctx.db, accountingFirmId, serviceId)) > 0)
    throw new AppError('service-in-use');
  try {
    if (!(await repo.deleteService(ctx.db, accountingFirmId, serviceId))) throw notFound();
  } catch (error) {
    if (foreignKeyViolation(error)) throw new AppError('service-in-use');
    throw error;
  }
}
