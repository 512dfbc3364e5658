import {
  DAV_FOLDER_PARTS,
  type DavFolderPart,
  type DavPreferences,
  type DavPreferencesRequest,
  DEFAULT_DAV_FOLDER_FORMAT,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { fieldError } from '../../platform/errors/app-error';
import * as tenancy from '../tenancy/tenancy.service';
import * as repo from './dav-preferences.repository';

/**
 * A person's network-drive preferences (issue 27, spec §2): the workspaces the drive shows and the
 * client folders' display format. Read on every drive request through the access cache (key per
 * person); migration 0034's trigger clears it in every process when they change.
 */

const DEFAULTS: DavPreferences = {
  visible_accounting_firm_ids: null,
  folder_format: DEFAULT_DAV_FOLDER_FORMAT,
};

const isPart = (s: string): s is DavFolderPart => (DAV_FOLDER_PARTS as readonly string[]).includes(s);

export function preferencesOf(ctx: AppContext, userId: number): Promise<DavPreferences> {
  return ctx.access.preference(`dav:${userId}`, async () => {
    const row = await repo.preferencesOf(ctx.db, userId);
    if (!row) return DEFAULTS;
    const format = row.folderFormat.filter(isPart);
    return {
      visible_accounting_firm_ids: row.visibleAccountingFirmIds,
      folder_format: format.length ? format : DEFAULT_DAV_FOLDER_FORMAT,
    };
  });
}

/** The firms that are the person's workspaces on the drive (as the drive sees them: no platform powers). */
export function firmsOf(ctx: AppContext, actor: Actor) {
  return tenancy.myAccountingFirms(ctx, { ...actor, isSuperAdmin: false }, {});
}

export const getMine = (ctx: AppContext, actor: Actor) => preferencesOf(ctx, actor.userId);

/** Saves them; a firm the person does not belong to is refused on its field (422), whoever's it is. */
export async function setMine(
  ctx: AppContext,
  actor: Actor,
  body: DavPreferencesRequest,
): Promise<DavPreferences> {
  const visible =
    body.visible_accounting_firm_ids === null ? null : [...new Set(body.visible_accounting_firm_ids)];
  if (visible) {
    const mine = new Set((await firmsOf(ctx, actor)).map((f) => f.id));
    const index = body.visible_accounting_firm_ids!.findIndex((id) => !mine.has(id));
    if (index >= 0)
      throw fieldError('validation-failed', 'visible_accounting_firm_ids', 'not-your-workspace');
  }
  await repo.savePreferences(ctx.db, actor.userId, {
    visibleAccountingFirmIds: visible,
    folderFormat: body.folder_format,
  });
  return { visible_accounting_firm_ids: visible, folder_format: body.folder_format };
}
