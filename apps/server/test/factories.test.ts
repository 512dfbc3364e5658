import { isValidSiret } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingFirms, holdings, siretRegistry } from '../src/db/schema';
import {
  buildAssignment,
  buildBank,
  buildClientUser,
  buildFirm,
  buildPortal,
  buildVendor,
  freshSiret,
} from './factories';
import { createTestApp, type TestApp } from './test-app';

/** The factories' rows must be ones the app accepts: checked through the API. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.request({ method: 'GET', url, token });

describe('factories', () => {
  it('make valid SIRETs that never repeat', () => {
    const sirets = Array.from({ length: 200 }, freshSiret);
    expect(sirets.every(isValidSiret)).toBe(true);
    expect(new Set(sirets).size).toBe(sirets.length);
  });

  it('build the missing parents: a client file without a firm gets one, a firm no holding unless asked', async () => {
    const db = t.database.db;
    const holdingsBefore = (await db.select().from(holdings)).length;
    const { vendor, firm } = await buildVendor(db);
    expect(vendor.accountingFirmId).toBe(firm.id);
    const [row] = await db.select().from(accountingFirms).where(eq(accountingFirms.id, firm.id));
    expect(row!.holdingId).toBeNull();
    expect((await db.select().from(holdings)).length).toBe(holdingsBefore);
    const [registered] = await db.select().from(siretRegistry).where(eq(siretRegistry.vendorId, vendor.id));
    expect(registered).toMatchObject({ siret: vendor.siret, accountingFirmId: firm.id });
    expect(vendor.siren).toBe(vendor.siret!.slice(0, 9));

    const grouped = await buildFirm(db, { holding: true });
    expect(grouped.holding).not.toBeNull();
    expect(grouped.firm.holdingId).toBe(grouped.holding!.id);
  });

  it('make an assigned collaborator who signs in and reaches the client file, and a client user too', async () => {
    const { firm } = await buildPortal(t.database.db);
    const { vendor } = await buildVendor(t.database.db, { firm, company: 'Usine Factice' });
    await buildBank(t.database.db, { vendor, bankName: 'Banque Factice' });
    const { user: collaborator } = await buildAssignment(t.database.db, { vendor });
    const { user: client } = await buildClientUser(t.database.db, { vendor, role: 'admin' });

    const asCollaborator = await t.signIn(collaborator.email);
    expect((await get(`/api/vendors/${vendor.id}`, asCollaborator)).body.data).toMatchObject({
      company: 'Usine Factice',
      accounting_firm_id: firm.id,
    });
    expect((await get(`/api/vendors/${vendor.id}/roles`, asCollaborator)).body.data).toMatchObject({
      role: 'accountant',
      read_only: false,
    });
    const asClient = await t.signIn(client.email);
    expect((await get(`/api/vendors/${vendor.id}/roles`, asClient)).body.data).toMatchObject({
      role: 'admin',
    });
    expect((await get(`/api/vendors/${vendor.id}/banks`, asClient)).body.data).toEqual([
      expect.objectContaining({ bank_name: 'Banque Factice' }),
    ]);
    // Another factory firm's client file stays out of reach.
    const { vendor: elsewhere } = await buildVendor(t.database.db);
    expect((await get(`/api/vendors/${elsewhere.id}`, asCollaborator)).status).toBe(404);
  });
});
