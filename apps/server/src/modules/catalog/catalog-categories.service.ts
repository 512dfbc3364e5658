import type {
  CatalogCategory,
  CreateCatalogCategoryRequest,
  UpdateCatalogCategoryRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { foreignKeyViolation, uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError, notFound } from '../../platform/errors/app-error';
import * as repo from './catalog.repository';

export const firmResource = (accountingFirmId: number) => ({ kind: 'firm' as const, accountingFirmId });

const toCategoryDto = ({ category: c, serviceCount }: { category: repo.CategoryRow; serviceCount: number }) =>
  ({
    id: c.id,
    accounting_firm_id: c.accountingFirmId,
    name: c.name,
    description: c.description,
    position: c.position,
    service_count: Number(serviceCount),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  }) satisfies CatalogCategory;

async function nameChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (uniqueViolation(error) === 'catalog_categories_firm_name_key')
      throw fieldError('category-name-already-used', 'name');
    throw error;
  }
}

export async function listCategories(ctx: AppContext, actor: Actor, accountingFirmId: number) {
  await ctx.access.authorize(actor, 'catalog.read', firmResource(accountingFirmId));
  return (await repo.listCategories(ctx.db, accountingFirmId)).map(toCategoryDto);
}

export async function getCategory(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  categoryId: number,
) {
  await ctx.access.authorize(actor, 'catalog.read', firmResource(accountingFirmId));
  const row = await repo.findCategory(ctx.db, accountingFirmId, categoryId);
  if (!row) throw notFound();
  return toCategoryDto(row);
}

export async function createCategory(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: CreateCatalogCategoryRequest,
): Promise<CatalogCategory> {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  const position = input.position ?? (await repo.nextCategoryPosition(ctx.db, accountingFirmId));
  const row = await nameChecked(
    repo.insertCategory(ctx.db, {
      accountingFirmId,
      name: input.name,
      description: input.description ?? null,
      position,
    }),
  );
  return toCategoryDto({ category: row, serviceCount: 0 });
}

export async function updateCategory(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  categoryId: number,
  input: UpdateCatalogCategoryRequest,
): Promise<CatalogCategory> {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  const row = await nameChecked(
    repo.updateCategory(ctx.db, accountingFirmId, categoryId, {
      name: input.name,
      description: input.description,
      position: input.position,
    }),
  );
  if (!row) throw notFound();
  return getCategory(ctx, actor, accountingFirmId, categoryId);
}

/** Deletes an empty category (one with services: 409 `category-not-empty`); its offers lose it. */
export async function deleteCategory(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  categoryId: number,
) {
  await ctx.access.authorize(actor, 'catalog.manage', firmResource(accountingFirmId));
  try {
    if (await repo.deleteEmptyCategory(ctx.db, accountingFirmId, categoryId)) return;
  } catch (error) {
    // A service added to it meanwhile (its key check holds the row).
    if (foreignKeyViolation(error)) throw new AppError('category-not-empty');
    throw error;
  }
  if (await repo.findCategory(ctx.db, accountingFirmId, categoryId)) throw new AppError('category-not-empty');
  throw notFound();
}
