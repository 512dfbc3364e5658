import type { TestApp } from './test-app';

/** The token of the last invitation to accept mailed to `email` (an existing account's). */
export function joinToken(t: TestApp, email: string): string {
  const mail = t.mails.findLast((m) => m.to === email && m.link?.includes('/accept-invitation/'));
  if (!mail?.link) throw new Error(`no invitation to accept was mailed to ${email}`);
  return mail.link.split('/accept-invitation/')[1]!;
}

/** Accepts the last invitation mailed to `email`, as the person does from the mail's page. */
export async function acceptInvitationMail(t: TestApp, email: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token: joinToken(t, email) },
  });
  if (res.status !== 200)
    throw new Error(`accepting ${email}'s invitation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { accounting_firm_id: number; vendor_id: number | null; has_password: boolean };
}
