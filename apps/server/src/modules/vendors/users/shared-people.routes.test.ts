import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirmMember,
  buildPortal,
  buildUser,
  buildVendor,
} from '../../../../test/factories';
import { acceptInvitationMail } from '../../../../test/invitations';
import { buildPortalsWorld } from '../../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { accountingFirmMemberships, holdingMemberships, users, vendorMemberships } from '../../../db/schema';

/**
 * Issue 12, finding 1: a person is one account shared by every portal they belong to. A portal
 * that names someone else's account (the super admin, another portal's administrator, a client
 * of another holding) learns nothing of it and changes nothing of it; the person joins only by
 * accepting the mailed invitation. Reproduced as the finding says: the client administrator of a
 * client file (BOUL01 of the portals world), and a collaborator with write access.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const vendor: Record<string, number> = {};
let nordFirm = 0;

type Victim = { key: string; id: number; email: string; markers: string[] };
const victims: Victim[] = [];

const PERSONAL = (name: string, n: number) => ({
  firstname: `${name}Prénom`,
  lastname: `${name}Nom`,
  civility: 'Mme' as const,
  mobileNumber: `+33 6 11 22 33 ${String(n).padStart(2, '0')}`,
  birthDate: `19${70 + n}-0${n}-1${n}`,
  birthCity: `${name}Ville`,
  locale: 'en' as const,
});
const markersOf = (p: ReturnType<typeof PERSONAL>) => [
  p.firstname,
  p.lastname,
  p.mobileNumber,
  p.birthDate,
  p.birthCity,
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const w = await buildPortalsWorld(t);
  Object.assign(tokens, w.tokens);
  nordFirm = w.firms.nord.id;
  for (const code of ['BOUL01', 'GAR01', 'FLE01'] as const) vendor[code] = w.files[code].id;

  // The platform super admin, with a mobile number and birth data.
  const superData = PERSONAL('Sam', 1);
  await db.update(users).set(superData).where(eq(users.id, w.people.superadmin.id));
  const [sa] = await db.select().from(users).where(eq(users.id, w.people.superadmin.id));
  victims.push({ key: 'super admin', id: sa!.id, email: sa!.email, markers: markersOf(superData) });
  // The administrator of a portal of another holding.
  const adminData = PERSONAL('Victor', 2);
  const { firm: other } = await buildPortal(db, { holding: true, name: 'Cabinet Ailleurs' });
  const { user: admin } = await buildUser(db, { email: 'victor@ailleurs.test', ...adminData });
  await buildFirmMember(db, { firm: other, user: admin, role: 'admin' });
  victims.push({
    key: 'admin of another portal',
    id: admin.id,
    email: admin.email,
    markers: markersOf(adminData),
  });
  // A client of a client file in that other holding.
  const clientData = PERSONAL('Olga', 3);
  const { vendor: far } = await buildVendor(db, { firm: other });
  const { user: client } = await buildUser(db, { email: 'olga@ailleurs.test', ...clientData });
  await buildClientUser(db, { vendor: far, user: client, role: 'admin' });
  victims.push({
    key: 'client of another holding',
    id: client.id,
    email: client.email,
    markers: markersOf(clientData),
  });
  for (const v of victims) tokens[v.email] = await t.signIn(v.email);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: string, payload?: unknown) {
  return t.request({
    method,
    url,
    token: tokens[who],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const usersUrl = (id: number, userId?: number) => `/api/vendors/${id}/users${userId ? `/${userId}` : ''}`;

/** The victim's account and every membership they hold (what no one else may change). */
async function snapshot(userId: number) {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const firms = await db
    .select()
    .from(accountingFirmMemberships)
    .where(eq(accountingFirmMemberships.userId, userId));
  const clients = await db.select().from(vendorMemberships).where(eq(vendorMemberships.userId, userId));
  const groups = await db.select().from(holdingMemberships).where(eq(holdingMemberships.userId, userId));
  return {
    user,
    // A pending invitation is the inviting portal's own row, and grants nothing.
    firms: firms.filter((m) => !m.pending),
    clients: clients.filter((m) => !m.pending),
    groups,
  };
}

const leaked = (body: unknown, victim: Victim) =>
  victim.markers.filter((m) => JSON.stringify(body).includes(m));

const typed = {
  firstname: 'Pirate',
  lastname: 'Prise',
  civility: 'M.',
  mobile_number: '+33 7 00 00 00 00',
  birth_date: '2001-01-01',
  birth_city: 'Tortuga',
};

describe('a client file naming an existing account', () => {
  it('learns nothing of the person and changes nothing of them, adding or editing (client administrator)', async () => {
    for (const victim of victims) {
      const before = await snapshot(victim.id);
      const me = (await call('GET', '/api/users/me', victim.email)).body.data;
      const added = await call('POST', usersUrl(vendor.BOUL01!), 'client', {
        email: victim.email,
        role: 'admin',
        ...typed,
      });
      expect(added.status, victim.key).toBe(201);
      expect(leaked(added.body, victim), victim.key).toEqual([]);
      expect(added.body.data).toMatchObject({ ...typed, email: victim.email, invitation_pending: true });

      const edited = await call('PATCH', usersUrl(vendor.BOUL01!, victim.id), 'client', {
        firstname: 'Changé',
        lastname: 'Changé',
        mobile_number: '+33 7 99 99 99 99',
        birth_date: '1990-09-09',
      });
      expect(edited.status, victim.key).toBe(200);
      expect(edited.body.data).toMatchObject({ firstname: 'Changé', birth_date: '1990-09-09' });
      const listed = await call('GET', usersUrl(vendor.BOUL01!), 'client');
      expect(leaked(listed.body, victim), victim.key).toEqual([]);
      expect(leaked((await call('GET', usersUrl(vendor.BOUL01!, victim.id), 'client')).body, victim)).toEqual(
        [],
      );

      // The person's account, memberships and own view are what they were, and the client
      // file gives them nothing before they accept.
      expect(await snapshot(victim.id), victim.key).toEqual(before);
      expect((await call('GET', '/api/users/me', victim.email)).body.data, victim.key).toEqual(me);
      expect((await call('GET', `/api/vendors/${vendor.BOUL01}`, victim.email)).status, victim.key).toBe(404);
      // One mail, to accept.
      expect(t.mails.at(-1)).toMatchObject({ to: victim.email });
      expect(t.mails.at(-1)!.link).toContain('/accept-invitation/');
    }
  });

  it('is the same for a firm collaborator with write access, on the team and on the super admin routes', async () => {
    const victim = victims[1]!;
    const before = await snapshot(victim.id);
    const added = await call('POST', usersUrl(vendor.BOUL01!), 'collab', {
      email: victim.email,
      role: 'collaborator',
      ...typed,
    });
    // Already invited by the client administrator above.
    expect(added.status).toBe(422);
    expect(leaked(added.body, victim)).toEqual([]);
    const other = await call('POST', usersUrl(vendor.GAR01!), 'expert', {
      email: victim.email,
      role: 'guest',
      ...typed,
    });
    expect(other.status).toBe(201);
    expect(leaked(other.body, victim)).toEqual([]);
    // (Not the centre portal's team: a client user of its client files may not join it.)
    const team = await call('POST', `/api/accounting-firms/${nordFirm}/members`, 'expert', {
      email: victim.email,
      firstname: 'Pirate',
      lastname: 'Prise',
      role: 'admin',
    });
    expect(team.status).toBe(201);
    expect(leaked(team.body, victim)).toEqual([]);
    expect(team.body.data).toMatchObject({
      firstname: 'Pirate',
      invitation_pending: true,
      last_access: false,
    });
    expect(
      leaked((await call('GET', `/api/accounting-firms/${nordFirm}/members`, 'expert')).body, victim),
    ).toEqual([]);
    const portal = await call('POST', '/api/sa/accounting-firms', 'superadmin', {
      name: 'Cabinet Repris',
      admin: { email: victim.email, firstname: 'Pirate', lastname: 'Prise' },
    });
    expect(portal.status).toBe(201);
    expect(leaked(portal.body, victim)).toEqual([]);
    expect(await snapshot(victim.id)).toEqual(before);
    const firms = (await call('GET', '/api/users/me/accounting-firms', victim.email)).body.data as {
      name: string;
    }[];
    expect(firms.map((f) => f.name)).toEqual(['Cabinet Ailleurs']);
  });
});

describe('a person who also belongs elsewhere, once they accept', () => {
  it('shows their names but not their mobile nor birth data, and keeps their identity theirs', async () => {
    const victim = victims[2]!;
    await acceptInvitationMail(t, victim.email);
    expect((await call('GET', `/api/vendors/${vendor.BOUL01}/roles`, victim.email)).body.data.role).toBe(
      'admin',
    );
    const before = await snapshot(victim.id);
    for (const who of ['client', 'collab', 'expert']) {
      const seen = (await call('GET', usersUrl(vendor.BOUL01!, victim.id), who)).body.data;
      expect(seen, who).toMatchObject({
        firstname: 'OlgaPrénom',
        lastname: 'OlgaNom',
        civility: 'Mme',
        mobile_number: null,
        birth_date: null,
        birth_city: null,
        invitation_pending: false,
        profile_editable: false,
      });
      const renamed = await call('PATCH', usersUrl(vendor.BOUL01!, victim.id), who, { lastname: 'Renommée' });
      expect(renamed.status, who).toBe(403);
    }
    // The client file's own relation to them stays its own to change.
    const job = await call('PATCH', usersUrl(vendor.BOUL01!, victim.id), 'client', {
      job: 'Associée',
      role: 'collaborator',
    });
    expect(job.status).toBe(200);
    expect(job.body.data).toMatchObject({ job: 'Associée', role: 'collaborator' });
    expect((await snapshot(victim.id)).user).toEqual(before.user);
    // They see themselves whole, in their own profile.
    expect((await call('GET', '/api/users/me', victim.email)).body.data).toMatchObject({
      lastname: 'OlgaNom',
      mobile_number: '+33 6 11 22 33 03',
    });
  });

  it("lets the firm edit the identity of a person it alone knows, not a client administrator's co-worker of another file", async () => {
    const email = 'deux.dossiers@example.test';
    const first = await call('POST', usersUrl(vendor.BOUL01!), 'expert', {
      email,
      role: 'collaborator',
      ...typed,
    });
    expect(first.body.data).toMatchObject({ profile_editable: true, mobile_number: typed.mobile_number });
    const id = first.body.data.id as number;
    // Still the firm's alone (no password yet, nowhere else): the client administrator edits it.
    expect(
      (await call('PATCH', usersUrl(vendor.BOUL01!, id), 'client', { lastname: 'Modifiée' })).status,
    ).toBe(200);
    // Then the same firm invites them in a second client file: an invitation to accept.
    const second = await call('POST', usersUrl(vendor.GAR01!), 'expert', {
      email,
      role: 'guest',
      firstname: 'X',
      lastname: 'Y',
    });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ firstname: 'X', invitation_pending: true });
    // BOUL01's client administrator no longer edits nor sees all of them...
    const seen = (await call('GET', usersUrl(vendor.BOUL01!, id), 'client')).body.data;
    expect(seen).toMatchObject({ lastname: 'Modifiée', mobile_number: null, profile_editable: false });
    expect((await call('PATCH', usersUrl(vendor.BOUL01!, id), 'client', { lastname: 'Encore' })).status).toBe(
      403,
    );
    // ...while the firm, which holds both client files, still does.
    const firmView = (await call('GET', usersUrl(vendor.BOUL01!, id), 'expert')).body.data;
    expect(firmView).toMatchObject({ mobile_number: typed.mobile_number, profile_editable: true });
    const renamed = await call('PATCH', usersUrl(vendor.BOUL01!, id), 'expert', { lastname: 'ParLeCabinet' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.lastname).toBe('ParLeCabinet');
  });
});

describe('pending invitations', () => {
  it('show as pending and grant nothing; withdrawing one leaves no unused account behind', async () => {
    const db = t.database.db;
    const fresh = await call('POST', usersUrl(vendor.BOUL01!), 'client', {
      email: 'jamais.venu@example.test',
      role: 'collaborator',
      firstname: 'Jamais',
      lastname: 'Venu',
    });
    expect(fresh.body.data.invitation_pending).toBe(true);
    const listed = (await call('GET', usersUrl(vendor.BOUL01!), 'client')).body.data as {
      email: string;
      invitation_pending: boolean;
    }[];
    expect(listed.filter((u) => u.invitation_pending).map((u) => u.email)).toEqual(
      expect.arrayContaining(['jamais.venu@example.test', victims[0]!.email, victims[1]!.email]),
    );
    const removed = await call('DELETE', usersUrl(vendor.BOUL01!, fresh.body.data.id), 'client');
    expect(removed.status).toBe(200);
    expect(await db.select().from(users).where(eq(users.email, 'jamais.venu@example.test'))).toEqual([]);
    // An existing account's invitation withdrawn: the account stays as it was.
    const victim = victims[0]!;
    const before = await snapshot(victim.id);
    expect((await call('DELETE', usersUrl(vendor.BOUL01!, victim.id), 'client')).status).toBe(200);
    expect(await snapshot(victim.id)).toEqual(before);
    // Its link no longer works.
    const mail = t.mails.findLast((m) => m.to === victim.email && m.link?.includes('/accept-invitation/'));
    const token = mail!.link!.split('/accept-invitation/')[1];
    const accept = await t.request({ method: 'POST', url: '/api/invitations/accept', payload: { token } });
    expect(accept.status).toBe(422);
  });
});
