import {
  type CreateThemeRequest,
  DEFAULT_THEME_COLOUR,
  type TaskTheme,
  type Theme,
  type UpdateThemeRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { assertThemeUnused, releaseVendorThemeLinks } from './theme-access.service';
import * as repo from './themes.repository';

const toThemeDto = (row: repo.ThemeRow, taskCount: number): Theme => ({
  id: row.id,
  accounting_firm_id: row.accountingFirmId,
  title: row.title,
  abbreviation: row.abbreviation,
  colour: row.colour,
  sharing: row.sharing,
  rights: row.rights,
  task_count: taskCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A title or abbreviation another theme of the firm has: 422 on that field. */
async function uniqueChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'themes_firm_title_key') throw fieldError('theme-title-already-used', 'title');
    if (constraint === 'themes_firm_abbreviation_key') {
      throw fieldError('theme-abbreviation-already-used', 'abbreviation');
    }
    throw error;
  }
}

const firm = (accountingFirmId: number) => ({ kind: 'firm' as const, accountingFirmId });

export async function listThemes(ctx: AppContext, actor: Actor, accountingFirmId: number): Promise<Theme[]> {
  await ctx.access.authorize(actor, 'firm.themes.read', firm(accountingFirmId));
  return (await repo.listThemes(ctx.db, accountingFirmId)).map((r) => toThemeDto(r, r.taskCount));
}

export async function createTheme(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: CreateThemeRequest,
): Promise<Theme> {
  await ctx.access.authorize(actor, 'firm.themes.manage', firm(accountingFirmId));
  const row = await uniqueChecked(
    repo.insertTheme(ctx.db, {
      accountingFirmId,
      title: input.title,
      abbreviation: input.abbreviation ?? null,
      colour: input.colour ?? DEFAULT_THEME_COLOUR,
      sharing: input.sharing ?? 'default',
      rights: input.rights ?? 'read_write',
    }),
  );
  return toThemeDto(row, 0);
}

export async function updateTheme(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  themeId: number,
  input: UpdateThemeRequest,
): Promise<Theme> {
  await ctx.access.authorize(actor, 'firm.themes.manage', firm(accountingFirmId));
  const row = await uniqueChecked(
    repo.updateTheme(ctx.db, accountingFirmId, themeId, {
      title: input.title,
      abbreviation: input.abbreviation,
      colour: input.colour,
      sharing: input.sharing,
      rights: input.rights,
    }),
  );
  if (!row) throw notFound();
  const found = await repo.findTheme(ctx.db, accountingFirmId, themeId);
  return toThemeDto(row, found?.taskCount ?? 0);
}

/**
 * Deletes a theme; the tasks carrying it lose it in the same statement. One that folders or
 * people carry is refused (`theme-in-use`: its folders would open to everyone) unless `force`.
 */
export async function deleteTheme(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  themeId: number,
  force = false,
): Promise<void> {
  await ctx.access.authorize(actor, 'firm.themes.manage', firm(accountingFirmId));
  if (!(await repo.findTheme(ctx.db, accountingFirmId, themeId))) throw notFound();
  await assertThemeUnused(ctx.db, accountingFirmId, themeId, force);
  if (!(await repo.deleteTheme(ctx.db, accountingFirmId, themeId))) throw notFound();
}

// What the tasks module asks, inside its own transaction ------------------------------------------

/**
 * Replaces a task's themes: each must be a theme of the task's firm (else the spec's "No data was
 * found for the theme" on `theme_ids`). The themes stay locked against deletion until the commit.
 */
export async function setTaskThemes(
  tx: Db,
  task: { accountingFirmId: number; id: number },
  themeIds: number[],
): Promise<void> {
  const ids = [...new Set(themeIds)];
  const found = await repo.lockThemesOfFirm(tx, task.accountingFirmId, ids);
  if (found.length !== ids.length) throw fieldError('theme-not-found', 'theme_ids');
  await repo.setTaskThemes(tx, task, ids);
}

/** A task's themes as its reader sees them (client users: not the firm's private ones). */
export async function themesOfTask(
  db: Db,
  accountingFirmId: number,
  taskId: number,
  firmSide: boolean,
): Promise<TaskTheme[]> {
  return repo.themesOfTask(db, accountingFirmId, taskId, firmSide);
}

/**
 * Before a client file moves to another portal: its tasks, folders, users and allowed themes lose
 * this firm's themes (their links would cross firms).
 */
export async function releaseVendorThemes(tx: Db, accountingFirmId: number, vendorId: number): Promise<void> {
  await repo.deleteVendorTaskThemes(tx, accountingFirmId, vendorId);
  await releaseVendorThemeLinks(tx, { id: vendorId, accountingFirmId });
}
