import type { AppContext } from '../../app-context';
import { firmForHost } from '../white-label/white-label.service';

export type SignInMethod = 'password' | 'magic_link' | 'sso' | 'second_factor';

/**
 * A sign-in, or a failed one, in the audit log of the portal it was made on: the one the session
 * is bound to, else the request host's (none: an account-wide sign-in on no portal, not logged).
 */
export async function auditSignIn(
  ctx: AppContext,
  event: {
    userId: number | null;
    email: string;
    method: SignInMethod;
    failed?: boolean;
    firmId?: number | null;
  },
): Promise<void> {
  let accountingFirmId = event.firmId ?? null;
  if (accountingFirmId === null) {
    const host = ctx.request.current()?.host;
    accountingFirmId = host ? ((await firmForHost(ctx, host))?.id ?? null) : null;
  }
  if (accountingFirmId === null) return;
  await ctx.audit.record(ctx.db, {
    accountingFirmId,
    actorUserId: event.userId,
    actorKind: 'user',
    action: event.failed ? 'user.sign_in_failed' : 'user.signed_in',
    subject: { type: 'user', id: event.userId ?? event.email, name: event.email },
    details: { method: event.method },
  });
}
