import type { Db } from '../../db/client';
import * as repo from './catalog.repository';

/**
 * What missions read of the catalogue (issue 30), in their transaction: the firm's services by id
 * (another firm's are absent), locked so that none is deleted meanwhile, and the firm's offer ids.
 */
export type MissionCatalogService = repo.ServiceRow;

export async function servicesForMission(
  tx: Db,
  accountingFirmId: number,
  ids: number[],
): Promise<Map<number, repo.ServiceRow>> {
  const rows = await repo.lockServicesOfFirm(tx, accountingFirmId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function offersOfFirm(tx: Db, accountingFirmId: number, ids: number[]): Promise<Set<number>> {
  const rows = await repo.offerIdsOfFirm(tx, accountingFirmId, [...new Set(ids)]);
  return new Set(rows.map((r) => r.id));
}
