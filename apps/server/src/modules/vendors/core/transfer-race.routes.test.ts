import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildFirm, buildFirmMember, buildHolding, buildUser, buildVendor } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { vendors } from '../../../db/schema';

/**
 * Issue 12, finding 11: a transfer racing a deletion answered 500 (`TypeError ... reading
 * 'fiscal'`): the client file vanished between the access check and the write. It answers 404.
 * The repository is wrapped so that a test can delete the client file right after the transfer
 * has read it (the firms are read between the access check and the transaction).
 */
const between = vi.hoisted(() => ({ hook: undefined as undefined | (() => Promise<void>) }));
vi.mock('./vendors.repository', async (importOriginal) => {
  const original = await importOriginal<typeof import('./vendors.repository')>();
  return {
    ...original,
    async findFirm(...args: Parameters<typeof original.findFirm>) {
      const row = await original.findFirm(...args);
      const hook = between.hook;
      between.hook = undefined;
      if (hook) await hook();
      return row;
    },
  };
});

let t: TestApp;
let token = '';
let firms: { source: number; target: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { holding } = await buildHolding(db);
  const { firm: source } = await buildFirm(db, { holding });
  const { firm: target } = await buildFirm(db, { holding });
  const { user } = await buildUser(db, { email: 'both@race.test' });
  await buildFirmMember(db, { firm: source, user, role: 'admin' });
  await buildFirmMember(db, { firm: target, user, role: 'admin' });
  firms = { source: source.id, target: target.id };
  token = await t.signIn(user.email);
});
afterAll(() => t.close());

const transfer = (vendorId: number) =>
  t.request({
    method: 'POST',
    url: `/api/vendors/${vendorId}/transfer`,
    token,
    payload: { accounting_firm_id: firms.target },
  });
const remove = (vendorId: number, clientCode: string) =>
  t.request({
    method: 'DELETE',
    url: `/api/vendors/${vendorId}`,
    token,
    payload: { confirmation: clientCode },
  });
const newVendor = async () => (await buildVendor(t.database.db, { firm: { id: firms.source } })).vendor;

describe('a transfer racing a deletion', () => {
  it('answers 404 when the client file is deleted between the read and the write', async () => {
    const vendor = await newVendor();
    between.hook = async () => {
      expect((await remove(vendor.id, vendor.clientCode)).status).toBe(200);
    };
    const res = await transfer(vendor.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not-found');
    expect(await t.database.db.select().from(vendors).where(eq(vendors.id, vendor.id))).toEqual([]);
  });

  it('answers 404 for a client file deleted first', async () => {
    const vendor = await newVendor();
    expect((await remove(vendor.id, vendor.clientCode)).status).toBe(200);
    expect((await transfer(vendor.id)).status).toBe(404);
  });

  it('never answers 500 when both run at once', async () => {
    for (let i = 0; i < 6; i++) {
      const vendor = await newVendor();
      const [moved, removed] = await Promise.all([transfer(vendor.id), remove(vendor.id, vendor.clientCode)]);
      expect([200, 404], JSON.stringify(moved.body)).toContain(moved.status);
      expect([200, 404], JSON.stringify(removed.body)).toContain(removed.status);
    }
  });
});
