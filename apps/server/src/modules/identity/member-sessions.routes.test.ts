import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirmMember,
  buildHolding,
  buildHoldingAdmin,
  buildPortal,
  buildUser,
  buildVendor,
  TEST_PASSWORD,
} from '../../../test/factories';
import { useSecondApp } from '../../../test/second-app';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A firm administrator ends the sessions of a person of the firm. A session reaches every portal
 * its person belongs to, so only a person the firm alone knows (docs/decisions.md).
 */
let t: TestApp;
let firmId: number;
let otherFirmId: number;
let adminId: number;
let adminToken: string;
let collabEmail: string;
let collabId: number;
let clientEmail: string;
let clientId: number;
let sharedEmail: string;
let sharedId: number;
let outsiderEmail: string;
let outsiderId: number;
let invitedEmail: string;
let invitedId: number;
let holdingAdminId: number;
let holdingAdminEmail: string;
let otherAdminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { firm } = await buildPortal(db);
  const { firm: other } = await buildPortal(db);
  firmId = firm.id;
  otherFirmId = other.id;
  const { vendor } = await buildVendor(db, { firm });
  const { user: admin } = await buildFirmMember(db, { firm, role: 'admin' });
  adminId = admin.id;
  const { user: collab } = await buildFirmMember(db, { firm });
  ({ email: collabEmail, id: collabId } = collab);
  const { user: client } = await buildClientUser(db, { vendor, role: 'admin' });
  ({ email: clientEmail, id: clientId } = client);
  // A collaborator of this firm who is also a collaborator of the other one.
  const { user: shared } = await buildFirmMember(db, { firm });
  await buildFirmMember(db, { firm: other, user: shared });
  ({ email: sharedEmail, id: sharedId } = shared);
  // A member of the other firm only.
  const { user: outsider } = await buildFirmMember(db, { firm: other });
  ({ email: outsiderEmail, id: outsiderId } = outsider);
  // A member of the other firm this firm invited, who has not accepted.
  const { user: invited } = await buildFirmMember(db, { firm: other });
  await buildFirmMember(db, { firm, user: invited, pending: true });
  ({ email: invitedEmail, id: invitedId } = invited);
  // A holding administrator who is also a collaborator of this firm.
  const { holding } = await buildHolding(db);
  const { user: holdingAdmin } = await buildUser(db);
  await buildHoldingAdmin(db, { holding, user: holdingAdmin });
  await buildFirmMember(db, { firm, user: holdingAdmin });
  ({ email: holdingAdminEmail, id: holdingAdminId } = holdingAdmin);
  adminToken = await t.signIn(admin.email);
  const { user: otherAdmin } = await buildFirmMember(db, { firm: other, role: 'admin' });
  otherAdminToken = await t.signIn(otherAdmin.email);
});
afterAll(() => t.close());

const me = async (token: string) => (await t.request({ method: 'GET', url: '/api/users/me', token })).status;
const endSessions = (userId: number, token = adminToken, firm = firmId) =>
  t.request({ method: 'DELETE', url: `/api/accounting-firms/${firm}/users/${userId}/sessions`, token });

describe("a firm administrator ends a person's sessions", () => {
  it("ends every session of a team member: the next request is refused, the refresh token too, and nobody else's", async () => {
    const laptop = await t.signIn(collabEmail);
    const phone = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: collabEmail, password: TEST_PASSWORD },
    });
    expect(phone.status).toBe(200);
    const bystander = await t.signIn(clientEmail);
    expect(await me(laptop)).toBe(200);
    const res = await endSessions(collabId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { success: true } });
    expect(await me(laptop)).toBe(401);
    expect(await me(phone.body.data.access_token)).toBe(401);
    const refresh = await t.request({
      method: 'GET',
      url: `/api/autologin?refresh_token=${phone.body.data.refresh_token}`,
    });
    expect(refresh.status).not.toBe(200);
    expect(await me(adminToken)).toBe(200);
    expect(await me(bystander)).toBe(200);
    // Signing in again works: ending sessions takes no access away.
    expect(await me(await t.signIn(collabEmail))).toBe(200);
  });

  it('ends the sessions of a client user of one of its client files', async () => {
    const token = await t.signIn(clientEmail);
    expect(await me(token)).toBe(200);
    expect((await endSessions(clientId)).status).toBe(200);
    expect(await me(token)).toBe(401);
  });

  it('refuses a person who also belongs to another portal or a holding, and ends nothing', async () => {
    for (const [email, id] of [
      [sharedEmail, sharedId],
      [holdingAdminEmail, holdingAdminId],
    ] as const) {
      const token = await t.signIn(email);
      const res = await endSessions(id);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('person-in-other-portals');
      expect(await me(token)).toBe(200);
    }
  });

  it('refuses a super admin who is a member of the firm', async () => {
    const { user: root } = await buildUser(t.database.db, { isSuperAdmin: true });
    await buildFirmMember(t.database.db, { firm: { id: firmId }, user: root });
    const token = await t.signIn(root.email);
    expect((await endSessions(root.id)).body.code).toBe('person-in-other-portals');
    expect(await me(token)).toBe(200);
  });

  it('answers an invited person who has not accepted as an unused account: 200, nothing ended', async () => {
    const token = await t.signIn(invitedEmail);
    expect((await endSessions(invitedId)).status).toBe(200);
    expect(await me(token)).toBe(200);
  });

  it("answers 404 for another firm's member, or the other firm's administrator on this firm's member", async () => {
    const outsider = await t.signIn(outsiderEmail);
    const ghost = await endSessions(2_147_483_000);
    const foreign = await endSessions(outsiderId);
    expect(foreign.status).toBe(404);
    expect([ghost.status, ghost.body.code]).toEqual([foreign.status, foreign.body.code]);
    expect(await me(outsider)).toBe(200);
    const collab = await t.signIn(collabEmail);
    expect((await endSessions(collabId, otherAdminToken)).status).toBe(404);
    expect((await endSessions(collabId, otherAdminToken, otherFirmId)).status).toBe(404);
    expect(await me(collab)).toBe(200);
  });

  it('refuses a collaborator (403) and a client user (404: the firm is not theirs to see), ending nothing', async () => {
    const target = await t.signIn(collabEmail);
    const { user: colleague } = await buildFirmMember(t.database.db, { firm: { id: firmId } });
    const asCollab = await endSessions(collabId, await t.signIn(colleague.email));
    expect(asCollab.status).toBe(403);
    const asClient = await endSessions(collabId, await t.signIn(clientEmail));
    expect(asClient.status).toBe(404);
    expect(await me(target)).toBe(200);
  });

  it("refuses the administrator's own sessions (those end from their profile)", async () => {
    const res = await endSessions(adminId);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cannot-revoke-own-sessions');
    expect(await me(adminToken)).toBe(200);
  });

  it('refuses a malformed id with 422', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/accounting-firms/${firmId}/users/007/sessions`,
      token: adminToken,
    });
    expect(res.status).toBe(422);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  const other = useSecondApp(() => t);

  it('sessions ended on one are refused by the other on the next request', async () => {
    const token = await t.signIn(collabEmail);
    const getOther = async () =>
      (
        await other().inject({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    expect(await getOther()).toBe(200);
    expect(await getOther()).toBe(200);
    expect((await endSessions(collabId)).status).toBe(200);
    // The other process learns it from PostgreSQL's notification, within moments (decisions.md).
    const started = Date.now();
    let status = await getOther();
    while (status === 200 && Date.now() - started < 2000) {
      await new Promise((r) => setTimeout(r, 5));
      status = await getOther();
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
