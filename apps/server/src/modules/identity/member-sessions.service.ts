import type { AppContext } from '../../app-context';
import { type Actor, revokeAllSessions } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import { peopleBeyond, standingInFirm } from '../tenancy/tenancy.service';
import { findPerson } from './people.service';

/**
 * A firm administrator ends every session of a person of the firm (team member or client user).
 * A session is the person's, not a portal's: one session reaches every portal the person belongs
 * to. So the firm may end them only for a person it alone knows (no other firm, holding, or the
 * platform); anyone else answers 403 `person-in-other-portals`, and the firm takes away its own
 * access instead (docs/decisions.md). A person only invited answers as an account nobody uses
 * (200, nothing ended), so the route tells nothing about accounts the firm does not own yet.
 */
export async function endMemberSessions(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  userId: number,
): Promise<void> {
  await ctx.access.authorize(actor, 'firm.sessions.revoke', { kind: 'firm', accountingFirmId });
  if (userId === actor.userId) throw new AppError('cannot-revoke-own-sessions');
  const standing = await standingInFirm(ctx.db, accountingFirmId, userId);
  if (standing === 'none') throw new AppError('not-found');
  if (standing === 'pending') return;
  const person = await findPerson(ctx.db, userId);
  if (!person) throw new AppError('not-found');
  const beyond = await peopleBeyond(ctx.db, [userId], { accountingFirmId });
  if (person.isSuperAdmin || beyond.has(userId)) throw new AppError('person-in-other-portals');
  // The sessions trigger notifies `portal_access`: every process drops the cached sessions, and
  // the write barrier holds this answer until this process has.
  await revokeAllSessions(ctx.db, userId);
}
