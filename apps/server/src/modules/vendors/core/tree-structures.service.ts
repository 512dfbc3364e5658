import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import * as repo from './tree-structures.repository';

/** The firm's default structure, else the platform's. */
export async function defaultTreeStructureId(db: Db, accountingFirmId: number): Promise<number | null> {
  const rows = await repo.availableDefaults(db, accountingFirmId);
  return (rows.find((r) => r.accountingFirmId === accountingFirmId) ?? rows[0])?.id ?? null;
}

export async function listTreeStructures(ctx: AppContext, actor: Actor, accountingFirmId: number) {
  await ctx.access.authorize(actor, 'vendor.list', { kind: 'firm', accountingFirmId });
  const rows = await repo.availableStructures(ctx.db, accountingFirmId);
  return rows.map((r) => ({ id: r.id, name: r.name, is_default: r.isDefault, folders: r.folders }));
}
