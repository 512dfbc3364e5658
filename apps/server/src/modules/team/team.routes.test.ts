import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirmMember, buildHoldingAdmin, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { acceptInvitationMail, joinToken } from '../../../test/invitations';
import { buildPortalsWorld, type PortalsWorld } from '../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountingFirmMemberships, users } from '../../db/schema';

type Member = {
  user_id: number;
  accounting_firm_id: number;
  email: string;
  firstname: string | null;
  lastname: string | null;
  role: 'admin' | 'collaborator';
  is_group_admin: boolean;
  all_vendors: boolean;
  read_only: boolean;
  vendor_count: number;
  invitation_pending: boolean;
};
type Firm = { id: number; name: string };
type Vendor = { id: number; client_code: string; read_only: boolean };

const en = { 'accept-language': 'en' };
let t: TestApp;
let w: PortalsWorld;
const tokens: Record<string, string> = {};
const firm = { demo: 0, nord: 0 };
const vendor: Record<string, number> = {};
const userId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPortalsWorld(t);
  for (const who of ['expert', 'collab', 'client', 'guest'] as const) {
    tokens[who] = w.tokens[who];
    userId[who] = w.people[who].id;
  }
  firm.demo = w.firms.centre.id;
  firm.nord = w.firms.nord.id;
  for (const [code, file] of Object.entries(w.files)) vendor[code] = file.id;
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who?: string,
  payload?: unknown,
  headers?: Record<string, string>,
) {
  return t.request({
    method,
    url,
    token: who ? tokens[who] : undefined,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });
}
const membersUrl = (firmId: number, user?: number) =>
  `/api/accounting-firms/${firmId}/members${user === undefined ? '' : `/${user}`}`;
const membersOf = async (who: string, firmId: number, query = '') =>
  (await call('GET', `${membersUrl(firmId)}${query}`, who)).body.data as Member[];
const vendorsOf = async (who: string, firmId: number) =>
  (await call('GET', `/api/users/me/accounting-firms/${firmId}/vendors`, who)).body.data as Vendor[];
const emails = (list: Member[]) => list.map((m) => m.email);
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const login = (email: string) =>
  t.request({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });

describe('GET /api/accounting-firms/{id}/members', () => {
  it('lists the team sorted by name to the firm admin', async () => {
    const list = await membersOf('expert', firm.demo);
    expect(emails(list)).toEqual([w.people.collab.email, w.people.expert.email]);
    expect(list[0]).toEqual({
      user_id: userId.collab,
      accounting_firm_id: firm.demo,
      email: w.people.collab.email,
      firstname: 'Claude',
      lastname: 'Collab',
      role: 'collaborator',
      is_group_admin: false,
      all_vendors: false,
      read_only: false,
      vendor_count: 2,
      invitation_pending: false,
    });
    expect(list[1]).toMatchObject({ role: 'admin', is_group_admin: true, vendor_count: 0 });
    expect(emails(await membersOf('expert', firm.nord))).toEqual([w.people.expert.email]);
  });

  it('lets a collaborator read the team', async () => {
    const res = await call('GET', membersUrl(firm.demo), 'collab');
    expect(res.status).toBe(200);
    expect(emails(res.body.data)).toEqual([w.people.collab.email, w.people.expert.email]);
  });

  it('searches on names and email', async () => {
    expect(emails(await membersOf('expert', firm.demo, '?search=claude'))).toEqual([w.people.collab.email]);
    expect(emails(await membersOf('expert', firm.demo, '?search=EXPERT@'))).toEqual([w.people.expert.email]);
    expect(emails(await membersOf('expert', firm.demo, '?search=Claude%20Col'))).toEqual([
      w.people.collab.email,
    ]);
    expect(await membersOf('expert', firm.demo, '?search=%25')).toEqual([]);
    expect((await call('GET', `${membersUrl(firm.demo)}?assigned_only=maybe`, 'expert')).status).toBe(422);
  });

  it('answers 404 outside the firm and 401 without a token', async () => {
    for (const who of ['client', 'guest']) {
      expect((await call('GET', membersUrl(firm.demo), who)).status).toBe(404);
    }
    const other = await call('GET', membersUrl(firm.nord), 'collab', undefined, en);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ code: 'not-found', message: 'Unknown resource' });
    expect((await call('GET', membersUrl(999_999), 'expert')).status).toBe(404);
    expect((await call('GET', membersUrl(firm.demo))).status).toBe(401);
  });
});

describe('GET /api/accounting-firms/{id}/members/{userId}', () => {
  it('shows a member with the assignments', async () => {
    const res = await call('GET', membersUrl(firm.demo, userId.collab), 'collab');
    expect(res.status).toBe(200);
    // The centre portal is collab's only portal access; expert is also in Cabinet Nord.
    expect(res.body.data).toMatchObject({ email: w.people.collab.email, vendor_count: 2, last_access: true });
    const expert = await call('GET', membersUrl(firm.demo, userId.expert!), 'collab');
    expect(expert.body.data.last_access).toBe(false);
    expect(res.body.data.assignments).toEqual([
      { vendor_id: vendor.BOUL01, company: w.files.BOUL01.company, client_code: 'BOUL01', read_only: false },
      { vendor_id: vendor.GAR01, company: w.files.GAR01.company, client_code: 'GAR01', read_only: true },
    ]);
  });

  it("answers 404 for a user who is not a member of this firm, even one of another firm's", async () => {
    expect((await call('GET', membersUrl(firm.nord, userId.collab!), 'expert')).status).toBe(404);
    expect((await call('GET', membersUrl(firm.demo, userId.client!), 'expert')).status).toBe(404);
    expect((await call('GET', membersUrl(firm.nord, userId.expert!), 'collab')).status).toBe(404);
  });
});

describe('POST /api/accounting-firms/{id}/members', () => {
  const newcomer = {
    email: 'Nina.Nouveau@Example.test',
    firstname: 'Nina',
    lastname: 'Nouveau',
  };

  it('is refused to a collaborator', async () => {
    const res = await call('POST', membersUrl(firm.demo), 'collab', newcomer);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(await userByEmail('nina.nouveau@example.test')).toBeUndefined();
  });

  it('refuses a client file of another firm, creating nothing', async () => {
    const before = t.mails.length;
    const res = await call('POST', membersUrl(firm.demo), 'expert', {
      ...newcomer,
      assignments: [
        { vendor_id: vendor.BOUL01, read_only: false },
        { vendor_id: vendor.TRN01, read_only: false },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation-failed');
    expect(Object.keys(res.body.errors)).toEqual(['assignments']);
    expect(await userByEmail('nina.nouveau@example.test')).toBeUndefined();
    expect(t.mails.length).toBe(before);
  });

  it('invites a new collaborator: account without password, assignments and an invitation mail', async () => {
    const before = t.mails.length;
    const res = await call('POST', membersUrl(firm.demo), 'expert', {
      ...newcomer,
      assignments: [{ vendor_id: vendor.FLE01, read_only: true }],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email: 'nina.nouveau@example.test',
      firstname: 'Nina',
      lastname: 'Nouveau',
      role: 'collaborator',
      all_vendors: false,
      vendor_count: 1,
      invitation_pending: true,
      assignments: [{ vendor_id: vendor.FLE01, client_code: 'FLE01', read_only: true }],
    });
    userId.nina = res.body.data.user_id;
    expect(t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('nina.nouveau@example.test');
    expect(mail.link).toMatch(/^http:\/\/portal\.test\/create-password\/[\w-]+$/);

    const list = await membersOf('expert', firm.demo);
    expect(emails(list)).toEqual([w.people.collab.email, w.people.expert.email, 'nina.nouveau@example.test']);
    expect(list[2]).toMatchObject({ invitation_pending: true, vendor_count: 1 });
  });

  it('shows in the collaborator matrix only once assigned to a client file', async () => {
    const res = await call('POST', membersUrl(firm.demo), 'expert', {
      email: 'paul.pending@example.test',
      firstname: 'Paul',
      lastname: 'Pending',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ vendor_count: 0, assignments: [] });
    userId.paul = res.body.data.user_id;
    expect(emails(await membersOf('expert', firm.demo))).toContain('paul.pending@example.test');
    expect(emails(await membersOf('expert', firm.demo, '?assigned_only=true'))).toEqual([
      w.people.collab.email,
      w.people.expert.email,
      'nina.nouveau@example.test',
    ]);
  });

  it('refuses a teammate already in the team', async () => {
    const res = await call(
      'POST',
      membersUrl(firm.demo),
      'expert',
      { email: w.people.collab.email.toUpperCase(), firstname: 'C', lastname: 'C' },
      en,
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'teammate-already-in-team',
      message: 'This teammate is already in the team.',
      errors: { email: ['This teammate is already in the team.'] },
    });
  });

  it("refuses a client user of one of the firm's client files", async () => {
    const res = await call('POST', membersUrl(firm.demo), 'expert', {
      email: w.people.client.email,
      firstname: 'Marie',
      lastname: 'Martin',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('user-vendor-already-accountant');
    expect(Object.keys(res.body.errors)).toEqual(['email']);
  });

  it('invites an existing account of another firm: pending, nothing of the account shown, no rights until accepted', async () => {
    const before = t.mails.length;
    const res = await call('POST', membersUrl(firm.nord), 'expert', {
      email: w.people.guest.email,
      firstname: 'Typed',
      lastname: 'ByNord',
      assignments: [{ vendor_id: vendor.TRN01 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      user_id: userId.guest,
      firstname: 'Typed',
      lastname: 'ByNord',
      invitation_pending: true,
      last_access: false,
      assignments: [{ client_code: 'TRN01', read_only: false }],
    });
    // The account's own names appear nowhere, not even through a search.
    expect(JSON.stringify(res.body)).not.toMatch(/Gaston|Invité/);
    expect(await membersOf('expert', firm.nord, '?search=Gaston')).toEqual([]);
    expect(JSON.stringify(await membersOf('expert', firm.nord))).not.toMatch(/Gaston|Invité/);
    // One mail, to accept; the account is untouched and gets nothing yet.
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)).toMatchObject({
      to: w.people.guest.email,
      subject: 'Invitation à rejoindre Cabinet Nord',
    });
    expect(t.mails.at(-1)!.link).toMatch(/^http:\/\/portal\.test\/accept-invitation\/[\w-]+$/);
    expect((await call('GET', '/api/users/me', 'guest')).body.data).toMatchObject({
      firstname: 'Gaston',
      is_accountant: false,
    });
    const firmsOf = async () =>
      ((await call('GET', '/api/users/me/accounting-firms', 'guest')).body.data as Firm[]).map((f) => f.id);
    expect(await firmsOf()).not.toContain(firm.nord);
    expect((await call('GET', `/api/vendors/${vendor.TRN01}`, 'guest')).status).toBe(404);
    expect((await call('GET', membersUrl(firm.nord), 'guest')).status).toBe(404);

    // The mail's page tells what is offered; accepting grants it, once.
    const token = joinToken(t, w.people.guest.email);
    const info = await t.request({ method: 'GET', url: `/api/invitations?token=${token}` });
    expect(info.body.data).toEqual({
      email: w.people.guest.email,
      accounting_firm_id: firm.nord,
      firm_name: 'Cabinet Nord',
      vendor_id: null,
      company: null,
      role: 'collaborator',
      has_password: true,
    });
    await acceptInvitationMail(t, w.people.guest.email);
    const again = await t.request({ method: 'POST', url: '/api/invitations/accept', payload: { token } });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('invalid-token');
    expect(await firmsOf()).toContain(firm.nord);
    expect((await call('GET', `/api/vendors/${vendor.TRN01}`, 'guest')).status).toBe(200);
    const listed = (await membersOf('expert', firm.nord)).find((m) => m.user_id === userId.guest);
    expect(listed).toMatchObject({ firstname: 'Gaston', invitation_pending: false });
  });

  it('invites an existing account that has no password yet to accept, leaving it as it is', async () => {
    const before = t.mails.length;
    const res = await call('POST', membersUrl(firm.nord), 'expert', {
      email: 'paul.pending@example.test',
      firstname: 'Pablo',
      lastname: 'Elsewhere',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      user_id: userId.paul,
      firstname: 'Pablo',
      invitation_pending: true,
    });
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.to).toBe('paul.pending@example.test');
    expect(t.mails.at(-1)!.link).toContain('/accept-invitation/');
    expect(await userByEmail('paul.pending@example.test')).toMatchObject({
      firstname: 'Paul',
      lastname: 'Pending',
    });
  });

  it('lets the invited member create a password, then they are no longer pending', async () => {
    const link = t.mails.find((m) => m.to === 'nina.nouveau@example.test')!.link!;
    const res = await t.request({
      method: 'POST',
      url: '/api/passwords',
      payload: {
        token: link.split('/').at(-1),
        password: 'Nina-password-1',
        password_confirmation: 'Nina-password-1',
        cgu: true,
      },
    });
    expect(res.status).toBe(200);
    tokens.nina = res.body.data.access_token;
    const nina = (await membersOf('expert', firm.demo)).find((m) => m.user_id === userId.nina);
    expect(nina?.invitation_pending).toBe(false);
    expect((await vendorsOf('nina', firm.demo)).map((v) => [v.client_code, v.read_only])).toEqual([
      ['FLE01', true],
    ]);
  });

  it('validates the body', async () => {
    const res = await call('POST', membersUrl(firm.demo), 'expert', {
      email: 'not-an-email',
      firstname: '',
      lastname: 'X',
      role: 'owner',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'firstname', 'role']);
  });
});

describe('PATCH /api/accounting-firms/{id}/members/{userId}', () => {
  it('is refused to a collaborator', async () => {
    const res = await call('PATCH', membersUrl(firm.demo, userId.collab), 'collab', { all_vendors: true });
    expect(res.status).toBe(403);
  });

  it('changes the access to client files and the read-only flag', async () => {
    const res = await call('PATCH', membersUrl(firm.demo, userId.nina), 'expert', {
      all_vendors: true,
      read_only: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'collaborator', all_vendors: true, read_only: true });
    expect((await vendorsOf('nina', firm.demo)).map((v) => [v.client_code, v.read_only])).toEqual([
      ['BOUL01', true],
      ['FLE01', true],
      ['GAR01', true],
    ]);
  });

  it('promotes to admin and demotes back; the group admin flag is for a holding administrator to give', async () => {
    const promoted = await call('PATCH', membersUrl(firm.demo, userId.nina), 'expert', { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ role: 'admin', is_group_admin: false });
    // A firm administrator (even a group admin, as the expert is) does not give the flag.
    const flag = await call('PATCH', membersUrl(firm.demo, userId.nina), 'expert', { is_group_admin: true });
    expect(flag.status).toBe(403);
    const firms = (await call('GET', '/api/users/me/accounting-firms', 'expert')).body.data as (Firm & {
      holding_id: number;
    })[];
    const holding = { id: firms.find((f) => f.id === firm.demo)!.holding_id };
    const { user: holder } = await buildUser(t.database.db, { email: 'holder@factory.test' });
    await buildHoldingAdmin(t.database.db, { holding, user: holder });
    tokens.holder = await t.signIn(holder.email);
    const granted = await call('PATCH', membersUrl(firm.demo, userId.nina), 'holder', {
      is_group_admin: true,
    });
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({ role: 'admin', is_group_admin: true });
    // The holding administrator gives that flag only.
    const role = await call('PATCH', membersUrl(firm.demo, userId.nina), 'holder', { role: 'collaborator' });
    expect(role.status).toBe(403);
    // Two admins now: the new one may demote the expert, then the expert is promoted back.
    const demoted = await call('PATCH', membersUrl(firm.demo, userId.expert), 'nina', {
      role: 'collaborator',
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data.role).toBe('collaborator');
    const back = await call('PATCH', membersUrl(firm.demo, userId.expert), 'nina', { role: 'admin' });
    expect(back.body.data.role).toBe('admin');
    const reset = await call('PATCH', membersUrl(firm.demo, userId.nina), 'expert', {
      role: 'collaborator',
      all_vendors: false,
      read_only: false,
    });
    expect(reset.body.data).toMatchObject({ role: 'collaborator', all_vendors: false, read_only: false });
    const unflagged = await call('PATCH', membersUrl(firm.demo, userId.nina), 'holder', {
      is_group_admin: false,
    });
    expect(unflagged.body.data).toMatchObject({ is_group_admin: false });
  });

  it('lets nobody change their own rights, whatever the field', async () => {
    for (const body of [
      { role: 'collaborator' },
      { is_group_admin: false },
      { all_vendors: true },
      { read_only: true },
    ]) {
      const res = await call('PATCH', membersUrl(firm.demo, userId.expert), 'expert', body);
      expect(res.status, JSON.stringify(body)).toBe(403);
    }
    const [row] = await t.database.db
      .select()
      .from(accountingFirmMemberships)
      .where(eq(accountingFirmMemberships.userId, userId.expert!));
    expect(row).toMatchObject({ role: 'admin', isGroupAdmin: true, allVendors: false, readOnly: false });
    // The same value is no change.
    const same = await call('PATCH', membersUrl(firm.demo, userId.expert), 'expert', { role: 'admin' });
    expect(same.status).toBe(200);
    const own = await call('PUT', `${membersUrl(firm.demo, userId.expert)}/assignments`, 'expert', {
      assignments: [{ vendor_id: vendor.BOUL01, read_only: false }],
    });
    expect(own.status).toBe(403);
  });

  it('keeps at least one admin in the firm when two demote each other at once', async () => {
    const a = await buildFirmMember(t.database.db, { role: 'admin' });
    const b = await buildFirmMember(t.database.db, { firm: a.firm, role: 'admin' });
    tokens.a = await t.signIn(a.user.email);
    tokens.b = await t.signIn(b.user.email);
    const results = await Promise.all([
      call('PATCH', membersUrl(a.firm.id, b.user.id), 'a', { role: 'collaborator' }, en),
      call('PATCH', membersUrl(a.firm.id, a.user.id), 'b', { role: 'collaborator' }, en),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    // The other one meets the last-admin rule, or no longer administers the firm.
    expect([403, 422]).toContain(statuses[1]);
    const rows = await t.database.db
      .select()
      .from(accountingFirmMemberships)
      .where(eq(accountingFirmMemberships.accountingFirmId, a.firm.id));
    expect(rows.filter((m) => m.role === 'admin')).toHaveLength(1);
  });

  it('answers 404 for a non-member', async () => {
    expect(
      (await call('PATCH', membersUrl(firm.demo, userId.client), 'expert', { read_only: true })).status,
    ).toBe(404);
  });
});

describe('PUT /api/accounting-firms/{id}/members/{userId}/assignments', () => {
  const assignmentsUrl = (firmId: number, user: number) => `${membersUrl(firmId, user)}/assignments`;

  it('replaces the set, which the collaborator sees at once', async () => {
    const res = await call('PUT', assignmentsUrl(firm.demo, userId.collab!), 'expert', {
      assignments: [
        { vendor_id: vendor.FLE01, read_only: false },
        { vendor_id: vendor.GAR01, read_only: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.vendor_count).toBe(2);
    expect(res.body.data.assignments.map((a: { client_code: string }) => a.client_code)).toEqual([
      'FLE01',
      'GAR01',
    ]);
    expect((await vendorsOf('collab', firm.demo)).map((v) => [v.client_code, v.read_only])).toEqual([
      ['FLE01', false],
      ['GAR01', false],
    ]);
  });

  it('changes nothing when a client file belongs to another firm (404)', async () => {
    const res = await call('PUT', assignmentsUrl(firm.demo, userId.collab!), 'expert', {
      assignments: [{ vendor_id: vendor.BOUL01 }, { vendor_id: vendor.TRN01 }],
    });
    expect(res.status).toBe(404);
    expect((await vendorsOf('collab', firm.demo)).map((v) => v.client_code)).toEqual(['FLE01', 'GAR01']);
  });

  it('is refused to a collaborator and to another firm', async () => {
    const mine = await call('PUT', assignmentsUrl(firm.demo, userId.collab!), 'collab', {
      assignments: [],
    });
    expect(mine.status).toBe(403);
    const elsewhere = await call('PUT', assignmentsUrl(firm.nord, userId.collab!), 'expert', {
      assignments: [],
    });
    expect(elsewhere.status).toBe(404);
  });

  it('can empty the set', async () => {
    const res = await call('PUT', assignmentsUrl(firm.demo, userId.nina!), 'expert', { assignments: [] });
    expect(res.body.data).toMatchObject({ vendor_count: 0, assignments: [] });
    expect(await vendorsOf('nina', firm.demo)).toEqual([]);
  });
});

describe('DELETE /api/accounting-firms/{id}/members/{userId}', () => {
  it('is refused to a collaborator with the spec message', async () => {
    const res = await call('DELETE', membersUrl(firm.demo, userId.nina), 'collab', undefined, en);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'only-admin-can-delete-access',
      message: 'Only a workspace administrator can delete an access',
    });
  });

  it('refuses to delete your own access', async () => {
    const res = await call('DELETE', membersUrl(firm.demo, userId.expert), 'expert', undefined, en);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'cannot-delete-own-access',
      message: 'You cannot delete your own access',
    });
  });

  it('answers 404 for a non-member and outside the firm', async () => {
    expect((await call('DELETE', membersUrl(firm.demo, userId.client), 'expert')).status).toBe(404);
    expect((await call('DELETE', membersUrl(firm.nord, userId.expert), 'collab')).status).toBe(404);
  });

  it('removes the last access and keeps the account when not asked to delete it', async () => {
    const res = await call('DELETE', `${membersUrl(firm.demo, userId.collab)}?delete_user=false`, 'expert');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: true, last_access: true, user_deleted: false });
    expect(emails(await membersOf('expert', firm.demo))).not.toContain(w.people.collab.email);
    const me = await call('GET', '/api/users/me', 'collab');
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(w.people.collab.email);
    expect((await call('GET', '/api/users/me/accounting-firms', 'collab')).body.data).toEqual([]);
    expect((await call('GET', membersUrl(firm.demo), 'collab')).status).toBe(404);
    expect((await call('DELETE', membersUrl(firm.demo, userId.collab), 'expert')).status).toBe(404);
  });

  it('deletes the account with its last access when asked', async () => {
    const again = await call('POST', membersUrl(firm.demo), 'expert', {
      email: w.people.collab.email,
      firstname: 'Claude',
      lastname: 'Collab',
      assignments: [{ vendor_id: vendor.BOUL01 }],
    });
    expect(again.status).toBe(201);
    // The account (it has a password) is the person's: invited again, they accept first.
    expect(again.body.data).toMatchObject({
      user_id: userId.collab,
      invitation_pending: true,
      last_access: false,
      vendor_count: 1,
    });
    await acceptInvitationMail(t, w.people.collab.email);

    const res = await call('DELETE', `${membersUrl(firm.demo, userId.collab)}?delete_user=true`, 'expert');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: true, last_access: true, user_deleted: true });
    expect(await userByEmail(w.people.collab.email)).toBeUndefined();
    expect((await login(w.people.collab.email)).status).toBe(422);
    expect((await call('GET', '/api/users/me', 'collab')).status).toBe(401);
  });

  it('keeps the account when the user still has another access', async () => {
    const res = await call('DELETE', `${membersUrl(firm.nord, userId.guest)}?delete_user=true`, 'expert');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removed: true, last_access: false, user_deleted: false });
    expect((await login(w.people.guest.email)).status).toBe(200);
    expect((await membersOf('expert', firm.nord)).map((m) => m.user_id)).not.toContain(userId.guest);
  });

  it('keeps the account of a member of another firm', async () => {
    const res = await call('DELETE', `${membersUrl(firm.demo, userId.paul)}?delete_user=true`, 'expert');
    expect(res.body.data).toEqual({ removed: true, last_access: false, user_deleted: false });
    expect(emails(await membersOf('expert', firm.nord))).toContain('paul.pending@example.test');
  });
});
