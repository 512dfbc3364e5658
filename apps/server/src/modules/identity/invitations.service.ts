import {
  type AcceptInvitationResult,
  CLIENT_FILE_INVITATIONS_PER_SENDER,
  INVITATION_TTL_SECONDS,
  INVITATION_WINDOW_SECONDS,
  INVITATIONS_PER_RECIPIENT,
  INVITATIONS_PER_SENDER,
  type InvitationInfo,
  type Locale,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError, tooManyRequests } from '../../platform/errors/app-error';
import { acceptMembership, pendingOffer } from '../tenancy/tenancy.service';
import * as identityRepo from './identity.repository';
import { sendInvitation } from './identity.service';
import { joinMail } from './invitation-mails';
import * as repo from './invitations.repository';

/**
 * Invitations: how a portal links a person to itself. A new account gets the create-password
 * mail as before; an existing account gets a pending membership and a mail to accept it
 * (`/accept-invitation/{token}`), which grants the membership's rights once accepted.
 */

/**
 * `invitation`: inviting people (team, client users, a portal's administrator), limited per
 * sender and per recipient. `client-file`: the administrator of a new client file (wizard and
 * import), limited per sender only, with room for an import of 500 rows.
 */
export type InvitationKind = 'invitation' | 'client-file';

function buckets(kind: InvitationKind, senderId: number, email: string): [string, number][] {
  if (kind === 'client-file')
    return [[`invite:client-file:sender:${senderId}`, CLIENT_FILE_INVITATIONS_PER_SENDER]];
  return [
    [`invite:sender:${senderId}`, INVITATIONS_PER_SENDER],
    [`invite:recipient:${email.toLowerCase()}`, INVITATIONS_PER_RECIPIENT],
  ];
}

/**
 * Refuses (429, `Retry-After`) an invitation mail past the sender's or the recipient's allowance,
 * before anything is written.
 */
export async function checkInvitationQuota(
  ctx: AppContext,
  senderId: number,
  email: string,
  kind: InvitationKind = 'invitation',
): Promise<void> {
  for (const [bucket, max] of buckets(kind, senderId, email)) {
    if ((await ctx.rateLimiter.count(bucket, INVITATION_WINDOW_SECONDS)) >= max) {
      throw tooManyRequests(INVITATION_WINDOW_SECONDS);
    }
  }
}

/** Who is invited, where, and by whom; `claim` is what `claimPerson` answered. */
export type Invitee = {
  claim: { userId: number; mail: 'create-password' | 'join' };
  accountingFirmId: number;
  vendorId: number | null;
  senderId: number;
  email: string;
};

/**
 * Sends the invitation once the caller's transaction has committed (create-password link for a
 * new account, accept link for an existing one) and counts it against the allowances.
 */
export async function deliverInvitation(
  ctx: AppContext,
  invitee: Invitee,
  kind: InvitationKind = 'invitation',
): Promise<void> {
  if (invitee.claim.mail === 'create-password') {
    await sendInvitation(ctx, invitee.claim.userId, invitee.accountingFirmId);
  } else {
    await sendJoinInvitation(ctx, invitee);
  }
  for (const [bucket] of buckets(kind, invitee.senderId, invitee.email)) {
    await ctx.rateLimiter.hit(bucket, INVITATION_WINDOW_SECONDS);
  }
}

async function sendJoinInvitation(ctx: AppContext, invitee: Invitee, locale: Locale = 'fr') {
  const { userId, accountingFirmId, vendorId } = { ...invitee, userId: invitee.claim.userId };
  const offer = await pendingOffer(ctx.db, userId, accountingFirmId, vendorId);
  const user = await identityRepo.findUserById(ctx.db, userId);
  if (!offer || !user) return;
  const token = newToken();
  await repo.insertInvitation(ctx.db, {
    tokenHash: hashToken(token),
    userId,
    accountingFirmId: offer.accountingFirmId,
    vendorId: offer.vendorId,
    invitedBy: invitee.senderId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
  });
  const link = `${ctx.config.publicUrl}/accept-invitation/${token}`;
  const mail = joinMail(user.locale ?? locale, link, offer.firmName, offer.company);
  await ctx.mailer.send({ to: user.email, ...mail, link });
}

const invalidToken = () => new AppError('invalid-token', { fields: { token: ['invalid-token'] } });

/** What the mailed link offers, for its page (public: the token is the proof). */
export async function invitationInfo(ctx: AppContext, token: string): Promise<InvitationInfo> {
  const found = await repo.findUsableInvitation(ctx.db, hashToken(token));
  if (!found) throw invalidToken();
  const { invitation } = found;
  const offer = await pendingOffer(
    ctx.db,
    invitation.userId,
    invitation.accountingFirmId,
    invitation.vendorId,
  );
  if (!offer) throw invalidToken();
  return {
    email: found.email,
    accounting_firm_id: offer.accountingFirmId,
    firm_name: offer.firmName,
    vendor_id: offer.vendorId,
    company: offer.company,
    role: offer.role as InvitationInfo['role'],
    has_password: Boolean(found.passwordHash),
  };
}

/**
 * The person accepts: the pending membership now grants its rights, and the link is spent. A
 * membership the portal removed meanwhile, or a closed portal, makes the link invalid.
 */
export async function acceptInvitation(ctx: AppContext, token: string): Promise<AcceptInvitationResult> {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findUsableInvitation(tx, hashToken(token));
    if (!found) throw invalidToken();
    const { invitation } = found;
    const offer = await pendingOffer(tx, invitation.userId, invitation.accountingFirmId, invitation.vendorId);
    if (!offer) throw invalidToken();
    const firmId = await acceptMembership(tx, invitation.userId, offer.accountingFirmId, offer.vendorId);
    if (firmId === undefined) throw invalidToken();
    await repo.markAccepted(tx, invitation.id);
    return {
      accounting_firm_id: firmId,
      vendor_id: invitation.vendorId,
      has_password: Boolean(found.passwordHash),
    };
  });
}
