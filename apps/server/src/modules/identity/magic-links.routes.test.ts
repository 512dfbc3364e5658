import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirmMember,
  buildPortal,
  buildUser,
  buildVendor,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountingFirms, passwordTokens } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (email: string, accountingFirmId: number, ip?: string) =>
  t.request({
    method: 'POST',
    url: '/api/magic-links',
    payload: { email, accounting_firm_id: accountingFirmId },
    ...(ip ? { remoteAddress: ip } : {}),
  });
const use = (token: string) => t.request({ method: 'POST', url: `/api/magic-links/${token}` });

/** The token of the newest link mailed to `email`. */
function linkTo(email: string): { url: string; token: string } | undefined {
  const mail = [...t.mails].reverse().find((m) => m.to === email && m.link?.includes('/magic-link/'));
  if (!mail?.link) return undefined;
  return { url: mail.link, token: mail.link.split('/magic-link/')[1]! };
}

async function clientOfNewPortal() {
  const { firm } = await buildPortal(t.database.db);
  const { vendor } = await buildVendor(t.database.db, { firm });
  const { user } = await buildClientUser(t.database.db, { vendor });
  return { firm, user };
}

describe('sign-in links', () => {
  it("mails a link on the portal's address that signs in once", async () => {
    const { firm, user } = await clientOfNewPortal();
    const res = await ask(user.email, firm.id);
    expect(res.status).toBe(202);
    const link = linkTo(user.email)!;
    expect(link.url).toBe(`http://${firm.domain}/magic-link/${link.token}`);
    const mail = t.mails.findLast((m) => m.to === user.email)!;
    expect(mail.subject).toBe('Votre lien de connexion');
    expect(mail.text).toContain(firm.name);

    const signedIn = await use(link.token);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.access_token as string;
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).body.data.email).toBe(
      user.email,
    );
    const again = await use(link.token);
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['token']);
    // A link is not a reset link.
    const asReset = await t.request({ method: 'GET', url: `/api/password-resets?token=${link.token}` });
    expect(asReset.status).toBe(422);
  });

  it('answers the same for an unknown email or a person of another portal, and mails nothing', async () => {
    const { firm } = await clientOfNewPortal();
    const { user: elsewhere } = await clientOfNewPortal();
    const before = t.mails.length;
    const unknown = await ask('nobody-here@factory.test', firm.id);
    const other = await ask(elsewhere.email, firm.id);
    expect([unknown.status, other.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual(other.body);
    expect(t.mails.length).toBe(before);
  });

  it('ends at the next one, and after 15 minutes', async () => {
    const { firm, user } = await clientOfNewPortal();
    await ask(user.email, firm.id);
    const first = linkTo(user.email)!;
    await ask(user.email, firm.id);
    const second = linkTo(user.email)!;
    expect(second.token).not.toBe(first.token);
    expect((await use(first.token)).status).toBe(422);
    await t.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    expect((await use(second.token)).status).toBe(422);
  });

  it('is throttled per email and per address', async () => {
    const { firm, user } = await clientOfNewPortal();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(user.email, firm.id)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const ip = '192.0.2.99';
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 21; i++)
      fromOneAddress.push((await ask(`someone-${i}@factory.test`, firm.id, ip)).status);
    expect(fromOneAddress.at(-1)).toBe(429);
    expect(fromOneAddress.slice(0, 20).every((s) => s === 202)).toBe(true);
  });

  it('can be turned off by an administrator of the portal; links mailed before stop working', async () => {
    const { firm, user } = await clientOfNewPortal();
    await ask(user.email, firm.id);
    const link = linkTo(user.email)!;
    const { user: admin } = await buildFirmMember(t.database.db, { firm, role: 'admin' });
    const adminToken = await t.signIn(admin.email);
    const off = await t.request({
      method: 'PATCH',
      url: `/api/accounting-firms/${firm.id}/sign-in-settings`,
      token: adminToken,
      payload: { magic_links: false },
    });
    expect(off.status).toBe(200);
    const refused = await ask(user.email, firm.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('magic-links-disabled');
    expect((await use(link.token)).status).toBe(422);
  });

  it('still asks firm staff with two-factor on for their code', async () => {
    const { firm } = await buildPortal(t.database.db);
    const { user } = await buildFirmMember(t.database.db, { firm });
    const token = await t.signIn(user.email);
    const secret = (await t.request({ method: 'POST', url: '/api/users/me/totp', token })).body.data.secret;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect(
      (await t.request({ method: 'POST', url: '/api/users/me/totp/confirm', token, payload: { code } }))
        .status,
    ).toBe(200);
    await ask(user.email, firm.id);
    const answer = await use(linkTo(user.email)!.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ mfa_required: true, mfa_enrolment: false });
  });

  it('refuses a link when the person no longer belongs to the portal or it is deactivated', async () => {
    const { firm, user } = await clientOfNewPortal();
    await ask(user.email, firm.id);
    const link = linkTo(user.email)!;
    await t.database.db
      .update(accountingFirms)
      .set({ deactivatedAt: new Date() })
      .where(eq(accountingFirms.id, firm.id));
    expect((await use(link.token)).status).toBe(422);
    expect((await ask(user.email, firm.id)).status).toBe(404);
    const { user: stranger } = await buildUser(t.database.db);
    expect((await use(`x${stranger.id}`)).status).toBe(422);
  });
});
