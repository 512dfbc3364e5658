import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirm,
  buildFirmMember,
  buildHoldingAdmin,
  buildTerms,
  buildUser,
  buildVendor,
  type FactoryDb,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let db: FactoryDb;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as FactoryDb;
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.request({ method: 'GET', url, token });

/**
 * The shell asks every signed-in person for their client files and terms in the firm it shows;
 * the super admin's console shows a firm they are no member of.
 */
describe("the super admin's workspace in a firm they are no member of", () => {
  it('has no client files and no terms to accept, without an error', async () => {
    const { firm } = await buildFirm(db, { holding: true });
    await buildVendor(db, { firm });
    await buildTerms(db, { firm });
    const { user: admin } = await buildUser(db, { isSuperAdmin: true });
    const token = await t.signIn(admin.email);

    const firms = await get('/api/users/me/accounting-firms', token);
    expect(firms.body.data.map((f: { id: number }) => f.id)).toContain(firm.id);
    const vendors = await get(`/api/users/me/accounting-firms/${firm.id}/vendors`, token);
    expect(vendors.status).toBe(200);
    expect(vendors.body.data).toEqual([]);
    const terms = await get(`/api/users/me/terms?accounting_firm_id=${firm.id}`, token);
    expect(terms.status).toBe(200);
    expect(terms.body.data).toMatchObject({ accepted_version: null, up_to_date: true });
    expect(terms.body.data.terms).not.toBeNull();
    expect((await get('/api/users/me/accounting-firms/999999/vendors', token)).status).toBe(404);
  });

  it("still asks the firm's people to accept, a super admin member included", async () => {
    const { firm } = await buildFirm(db, { holding: true });
    const { vendor } = await buildVendor(db, { firm });
    await buildTerms(db, { firm });
    const { user: member } = await buildFirmMember(db, { firm });
    const { user: client } = await buildClientUser(db, { vendor });
    const { user: both } = await buildUser(db, { isSuperAdmin: true });
    await buildFirmMember(db, { firm, user: both });
    for (const person of [member, client, both]) {
      const token = await t.signIn(person.email);
      const terms = await get(`/api/users/me/terms?accounting_firm_id=${firm.id}`, token);
      expect(terms.body.data.up_to_date, person.email).toBe(false);
    }
  });

  it("gives a holding's administrator the firm's empty list, and a stranger 404", async () => {
    const { firm, holding } = await buildFirm(db, { holding: true });
    const { user: groupAdmin } = await buildHoldingAdmin(db, { holding });
    const mine = await get(
      `/api/users/me/accounting-firms/${firm.id}/vendors`,
      await t.signIn(groupAdmin.email),
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([]);
    const { user: stranger } = await buildUser(db);
    const theirs = await get(
      `/api/users/me/accounting-firms/${firm.id}/vendors`,
      await t.signIn(stranger.email),
    );
    expect(theirs.status).toBe(404);
  });
});
