import type {
  CreateSaProductRequest,
  FirmProducts,
  ModuleSubscriptions,
  SaModule,
  SaProduct,
  UpdateSaModuleRequest,
  UpdateSaProductRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { allModules } from './platform-admin.repository';
import * as repo from './platform-catalog.repository';

/**
 * The super admin's modules and products (spec sections 3 and 7): edit a module, subscribe or
 * unsubscribe portals to it, and billed products whose modules a portal gets with them.
 */

const PLATFORM = { kind: 'platform' } as const;
const authorize = (ctx: AppContext, actor: Actor) => ctx.access.authorize(actor, 'platform.manage', PLATFORM);

type ModuleRow = NonNullable<Awaited<ReturnType<typeof repo.moduleWithCount>>>;
const toSaModule = ({ module: m, firmCount }: ModuleRow): SaModule => ({
  id: m.id,
  key: m.key,
  name: m.name,
  is_active: m.isActive,
  priority: m.priority,
  is_home: m.isHome,
  is_navbar: m.isNavbar,
  is_settings: m.isSettings,
  audience: m.audience,
  firm_count: Number(firmCount),
});

/**
 * The firms' module answers are cached (read cache, kind `modules`): a change of the catalogue
 * touches every portal's, so every cached answer goes.
 */
const clearModuleAnswers = (ctx: AppContext) => ctx.reads.clear();

export async function listModules(ctx: AppContext, actor: Actor, includeInactive: boolean) {
  await authorize(ctx, actor);
  return (await repo.modulesWithCounts(ctx.db, includeInactive)).map(toSaModule);
}

export async function updateModule(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateSaModuleRequest,
): Promise<SaModule> {
  await authorize(ctx, actor);
  const found = await repo.updateModule(ctx.db, id, {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
    ...(input.priority === undefined ? {} : { priority: input.priority }),
    ...(input.is_home === undefined ? {} : { isHome: input.is_home }),
    ...(input.is_navbar === undefined ? {} : { isNavbar: input.is_navbar }),
    ...(input.is_settings === undefined ? {} : { isSettings: input.is_settings }),
    ...(input.audience === undefined ? {} : { audience: input.audience }),
  });
  const row = found ? await repo.moduleWithCount(ctx.db, id) : undefined;
  if (!row) throw new AppError('not-found');
  clearModuleAnswers(ctx);
  return toSaModule(row);
}

export async function moduleSubscriptions(ctx: AppContext, actor: Actor): Promise<ModuleSubscriptions[]> {
  await authorize(ctx, actor);
  return repo.subscriptions(ctx.db);
}

/** Portal ids that all exist (else a 422 on the field), without duplicates. */
async function knownFirms(db: Db, ids: number[], field = 'accounting_firm_ids'): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const found = await repo.existingFirmIds(db, wanted);
  if (found.length !== wanted.length) throw fieldError('validation-failed', field, 'invalid-id');
  return wanted;
}

/** Subscribes (or unsubscribes) the portals to the module; answers its subscriptions after. */
export async function setSubscription(
  ctx: AppContext,
  actor: Actor,
  moduleId: number,
  firmIds: number[],
  subscribed: boolean,
): Promise<ModuleSubscriptions> {
  await authorize(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.moduleExists(tx, moduleId))) throw new AppError('not-found');
    const ids = await knownFirms(tx, firmIds);
    if (subscribed) await repo.subscribeFirms(tx, [moduleId], ids);
    else await repo.unsubscribeFirms(tx, [moduleId], ids);
  });
  clearModuleAnswers(ctx);
  const all = await repo.subscriptions(ctx.db);
  return all.find((s) => s.module_id === moduleId)!;
}

// Products -----------------------------------------------------------------------------------

type ProductRow = Awaited<ReturnType<typeof repo.productRows>>[number];
const toSaProduct = (r: ProductRow): SaProduct => ({
  id: r.product.id,
  name: r.product.name,
  description: r.product.description,
  payment_reference: r.product.paymentReference,
  crm_reference: r.product.crmReference,
  is_active: r.product.isActive,
  module_keys: r.moduleKeys,
  firm_count: Number(r.firmCount),
});

async function productDto(db: Db, id: number): Promise<SaProduct> {
  const [row] = await repo.productRows(db, id);
  if (!row) throw new AppError('not-found');
  return toSaProduct(row);
}

/** Module ids of the keys; an unknown key is a 422 on `module_keys`. */
async function moduleIdsOf(db: Db, keys: string[]): Promise<number[]> {
  const wanted = [...new Set(keys)];
  const found = (await allModules(db)).filter((m) => wanted.includes(m.key));
  if (found.length !== wanted.length) throw fieldError('validation-failed', 'module_keys', 'invalid-value');
  return found.map((m) => m.id);
}

const nameTaken = (error: unknown) =>
  uniqueViolation(error) === 'products_name_key' ? fieldError('product-name-already-used', 'name') : null;

export async function listProducts(ctx: AppContext, actor: Actor): Promise<SaProduct[]> {
  await authorize(ctx, actor);
  return (await repo.productRows(ctx.db)).map(toSaProduct);
}

export async function getProduct(ctx: AppContext, actor: Actor, id: number): Promise<SaProduct> {
  await authorize(ctx, actor);
  return productDto(ctx.db, id);
}

export async function createProduct(
  ctx: AppContext,
  actor: Actor,
  input: CreateSaProductRequest,
): Promise<SaProduct> {
  await authorize(ctx, actor);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const moduleIds = await moduleIdsOf(tx, input.module_keys);
      const productId = await repo.insertProduct(tx, {
        name: input.name,
        description: input.description ?? null,
        paymentReference: input.payment_reference ?? null,
        crmReference: input.crm_reference ?? null,
        isActive: input.is_active ?? true,
      });
      await repo.replaceProductModules(tx, productId, moduleIds);
      return productId;
    });
    return productDto(ctx.db, id);
  } catch (error) {
    throw nameTaken(error) ?? error;
  }
}

/**
 * Changes a product; modules it gains are subscribed by the portals that have it (those it loses
 * stay with them: the portal's modules are changed where they are, not behind its back).
 */
export async function updateProduct(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateSaProductRequest,
): Promise<SaProduct> {
  await authorize(ctx, actor);
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockProduct(tx, id))) throw new AppError('not-found');
      await repo.updateProduct(tx, id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.payment_reference === undefined ? {} : { paymentReference: input.payment_reference }),
        ...(input.crm_reference === undefined ? {} : { crmReference: input.crm_reference }),
        ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
      });
      if (input.module_keys !== undefined) {
        const moduleIds = await moduleIdsOf(tx, input.module_keys);
        await repo.replaceProductModules(tx, id, moduleIds);
        await repo.subscribeFirms(tx, moduleIds, await repo.firmsOfProduct(tx, id));
      }
    });
  } catch (error) {
    throw nameTaken(error) ?? error;
  }
  clearModuleAnswers(ctx);
  return productDto(ctx.db, id);
}

/** Deletes a product once its name is typed; the portals keep the modules it brought. */
export async function deleteProduct(ctx: AppContext, actor: Actor, id: number, confirm: string) {
  await authorize(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, id);
    if (!product) throw new AppError('not-found');
    if (confirm.trim() !== product.name) throw fieldError('confirmation-mismatch', 'confirm');
    await repo.deleteProduct(tx, id);
  });
}

async function firmProductsDto(db: Db, firmId: number): Promise<FirmProducts> {
  return {
    product_ids: await repo.productIdsOfFirm(db, firmId),
    module_keys: await repo.moduleKeysOfFirm(db, firmId),
  };
}

export async function getFirmProducts(ctx: AppContext, actor: Actor, firmId: number) {
  await authorize(ctx, actor);
  if ((await repo.existingFirmIds(ctx.db, [firmId])).length === 0) throw new AppError('not-found');
  return firmProductsDto(ctx.db, firmId);
}

/**
 * Sets a portal's products: it subscribes to the modules of the products it gains, and leaves
 * those of the products it loses that no product it keeps brings.
 */
export async function setFirmProducts(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
  productIds: number[],
): Promise<FirmProducts> {
  await authorize(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    if ((await repo.existingFirmIds(tx, [firmId])).length === 0) throw new AppError('not-found');
    const wanted = [...new Set(productIds)];
    if ((await repo.existingProductIds(tx, wanted)).length !== wanted.length)
      throw fieldError('validation-failed', 'product_ids', 'invalid-id');
    const before = await repo.productIdsOfFirm(tx, firmId);
    const removed = before.filter((id) => !wanted.includes(id));
    const kept = await repo.moduleIdsOfProducts(tx, wanted);
    const dropped = (await repo.moduleIdsOfProducts(tx, removed)).filter((id) => !kept.includes(id));
    await repo.setFirmProducts(tx, firmId, wanted);
    await repo.unsubscribeFirms(tx, dropped, [firmId]);
    await repo.subscribeFirms(tx, kept, [firmId]);
  });
  clearModuleAnswers(ctx);
  return firmProductsDto(ctx.db, firmId);
}
