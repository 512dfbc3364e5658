import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import * as repo from './tree-structures.repository';

/** The folder tree shipped with the product, offered to every firm. */
export const DEFAULT_TREE: repo.TreeFolder[] = [
  { name: 'Comptabilité', children: [{ name: 'Achats' }, { name: 'Ventes' }, { name: 'Banque' }] },
  { name: 'Fiscal', children: [{ name: 'TVA' }, { name: 'Liasses fiscales' }] },
  { name: 'Social', children: [{ name: 'Bulletins de paie' }, { name: 'Déclarations sociales' }] },
  { name: 'Juridique', children: [{ name: 'Statuts' }, { name: 'Assemblées' }] },
  { name: 'Lettres de mission' },
];

/** At start-up: the platform's 'Standard' structure, created once. */
export async function ensureDefaultTreeStructure(db: Db): Promise<void> {
  if (!(await repo.platformStructureExists(db)))
    await repo.insertPlatformDefault(db, 'Standard', DEFAULT_TREE);
}

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
