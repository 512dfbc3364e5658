import type { SessionSummary } from '@portal/contracts';
import Bowser from 'bowser';
import type { AppContext } from '../../app-context';
import { type Actor, revokeFamily, revokeOtherSessions } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import * as repo from './my-sessions.repository';

const DEVICE_TYPES: ReadonlySet<string> = new Set(['desktop', 'mobile', 'tablet']);

/** What a person recognises of a session: the browser and system its user agent names. */
function deviceOf(userAgent: string | null): Pick<SessionSummary, 'browser' | 'os' | 'device_type'> {
  if (!userAgent) return { browser: null, os: null, device_type: 'other' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type ?? '';
  return {
    browser: parsed.browser.name ?? null,
    os: [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') || null,
    device_type: (DEVICE_TYPES.has(type) ? type : 'other') as SessionSummary['device_type'],
  };
}

/** The person's live sessions, the newest first, the one asking marked. */
export async function mySessions(ctx: AppContext, actor: Actor): Promise<SessionSummary[]> {
  const rows = await repo.liveSessions(ctx.db, actor.userId);
  return rows.map((row) => ({
    id: row.id,
    ...deviceOf(row.userAgent),
    ip: row.ip,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.familyId === actor.familyId,
  }));
}

/** Ends one of the person's sessions (its whole family): another person's id answers 404. */
export async function endSession(ctx: AppContext, actor: Actor, sessionId: number): Promise<void> {
  const familyId = await repo.familyOf(ctx.db, actor.userId, sessionId);
  if (!familyId) throw new AppError('not-found');
  await revokeFamily(ctx.db, familyId);
}

/** Ends every session of the person but the one asking. */
export async function endOtherSessions(ctx: AppContext, actor: Actor): Promise<void> {
  await revokeOtherSessions(ctx.db, actor.userId, actor.familyId);
}
