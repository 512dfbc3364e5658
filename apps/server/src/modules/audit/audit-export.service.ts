import type { Readable } from 'node:stream';
import type { AuditExportLink, AuditFilters } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { type Actor, actorOfLiveFamily } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError } from '../../platform/errors/app-error';
import * as repo from './audit.repository';
import { checkExportFilters, exportRows, startExport } from './audit.service';
import { csvStream } from './audit-csv';

/** How long a link may wait for the browser to follow it. */
export const AUDIT_LINK_TTL_SECONDS = 60;

export type AuditCsv = { stream: Readable; filename: string };

/** The export as a CSV stream (rights and filters checked, the export logged, before any byte). */
export async function exportCsv(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  filters: AuditFilters,
): Promise<AuditCsv> {
  await startExport(ctx, actor, accountingFirmId, filters);
  const day = new Date().toISOString().slice(0, 10);
  return {
    stream: csvStream(exportRows(ctx, accountingFirmId, filters)),
    filename: `audit-${accountingFirmId}-${day}.csv`,
  };
}

/** A one-use link (a minute) to the export, for a plain browser download. */
export async function createExportLink(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  filters: AuditFilters,
): Promise<AuditExportLink> {
  await ctx.access.authorize(actor, 'firm.audit.read', { kind: 'firm', accountingFirmId });
  await checkExportFilters(ctx, accountingFirmId, filters);
  const token = newToken();
  const expiresAt = new Date(Date.now() + AUDIT_LINK_TTL_SECONDS * 1000);
  await repo.insertLink(ctx.db, {
    tokenHash: hashToken(token),
    accountingFirmId,
    userId: actor.userId,
    familyId: actor.familyId,
    filters,
    expiresAt,
  });
  return { url: `/api/audit-export-links/${token}`, expires_at: expiresAt.toISOString() };
}

/** The export of a link, once, as its maker (rights checked again); otherwise 404. */
export async function redeemExportLink(ctx: AppContext, token: string): Promise<AuditCsv> {
  const link = await repo.takeLink(ctx.db, hashToken(token));
  const actor = link && (await actorOfLiveFamily(ctx.db, link.userId, link.familyId));
  if (!link || !actor) throw new AppError('not-found');
  return exportCsv(ctx, actor, link.accountingFirmId, link.filters as AuditFilters);
}
