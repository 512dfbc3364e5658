import {
  DEFAULT_NPS_FORM,
  type NpsForm,
  type NpsSettings,
  npsFormSchema,
  type PutNpsSettingsRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { fieldError } from '../../platform/errors/app-error';
import { type NpsRow, readRow, writeRow } from './platform-nps.repository';

/**
 * The satisfaction survey's settings (spec: sa/nps-survey), one row; the defaults until the super
 * admin saves them. The survey itself (asking people, answers, results) is not built yet.
 */

const PLATFORM = { kind: 'platform' } as const;
const DEFAULTS = { enabled: false, hide_message: false, min_days: 90, rejection_count: 3 };

const toSettings = (row: NpsRow | undefined): NpsSettings =>
  row
    ? {
        enabled: row.enabled,
        hide_message: row.hideMessage,
        form: row.form as NpsForm,
        min_days: row.minDays,
        rejection_count: row.rejectionCount,
        collection_id: row.collectionId,
        updated_at: row.updatedAt.toISOString(),
      }
    : { ...DEFAULTS, form: DEFAULT_NPS_FORM, collection_id: null, updated_at: null };

export async function getNpsSettings(ctx: AppContext, actor: Actor): Promise<NpsSettings> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  return toSettings(await readRow(ctx.db));
}

/** Saves the settings; a form that is not one 0–10 question and comments is 422 `invalid-nps-form`. */
export async function putNpsSettings(
  ctx: AppContext,
  actor: Actor,
  input: PutNpsSettingsRequest,
): Promise<NpsSettings> {
  await ctx.access.authorize(actor, 'platform.manage', PLATFORM);
  const form = npsFormSchema.safeParse(input.form);
  if (!form.success) throw fieldError('invalid-nps-form', 'form');
  const row = await writeRow(ctx.db, {
    enabled: input.enabled,
    hideMessage: input.hide_message,
    form: form.data,
    minDays: input.min_days,
    rejectionCount: input.rejection_count,
    collectionId: input.collection_id ?? null,
  });
  return toSettings(row);
}
