import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFirm,
  buildFirmMember,
  buildHolding,
  buildHoldingAdmin,
  buildUser,
  buildVendor,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountingFirmMemberships, vendors } from '../../db/schema';

/**
 * Issue 12, finding 2: the administrator of one portal made themselves group admin, then moved
 * client files into a sister portal where they had no role. Only a holding administrator (or
 * the super admin) gives the flag, nobody raises their own rights, and a transfer needs rights
 * on both portals.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let ids: { holding: number; source: number; sister: number; vendor: number; admin: number; other: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { holding } = await buildHolding(db);
  const { firm: source } = await buildFirm(db, { holding });
  const { firm: sister } = await buildFirm(db, { holding });
  const { user: admin } = await buildUser(db, { email: 'admin@source.test' });
  const { user: other } = await buildUser(db, { email: 'other@source.test' });
  const { user: holder } = await buildUser(db, { email: 'holder@group.test' });
  const { user: superAdmin } = await buildUser(db, { email: 'root@platform.test', isSuperAdmin: true });
  await buildFirmMember(db, { firm: source, user: admin, role: 'admin' });
  await buildFirmMember(db, { firm: source, user: other, role: 'admin' });
  await buildHoldingAdmin(db, { holding, user: holder });
  const { vendor } = await buildVendor(db, { firm: source });
  ids = {
    holding: holding.id,
    source: source.id,
    sister: sister.id,
    vendor: vendor.id,
    admin: admin.id,
    other: other.id,
  };
  for (const [who, user] of Object.entries({ admin, other, holder, superAdmin })) {
    tokens[who] = await t.signIn(user.email);
  }
});
afterAll(() => t.close());

const member = (userId: number) => `/api/accounting-firms/${ids.source}/members/${userId}`;
const patch = (who: string, userId: number, payload: object) =>
  t.request({ method: 'PATCH', url: member(userId), token: tokens[who], payload });
const transfer = (who: string) =>
  t.request({
    method: 'POST',
    url: `/api/vendors/${ids.vendor}/transfer`,
    token: tokens[who],
    payload: { accounting_firm_id: ids.sister },
  });
const flagOf = async (userId: number) => {
  const [row] = await t.database.db
    .select()
    .from(accountingFirmMemberships)
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, ids.source),
        eq(accountingFirmMemberships.userId, userId),
      ),
    );
  return row?.isGroupAdmin;
};
const firmOfVendor = async () =>
  (await t.database.db.select().from(vendors).where(eq(vendors.id, ids.vendor)))[0]!.accountingFirmId;

describe('the group admin flag', () => {
  it('is refused to a portal administrator, on themselves or on another member', async () => {
    const self = await patch('admin', ids.admin, { is_group_admin: true });
    expect(self.status).toBe(403);
    expect(await flagOf(ids.admin)).toBe(false);
    const other = await patch('admin', ids.other, { is_group_admin: true });
    expect(other.status).toBe(403);
    expect(await flagOf(ids.other)).toBe(false);
    const invite = await t.request({
      method: 'POST',
      url: `/api/accounting-firms/${ids.source}/members`,
      token: tokens.admin,
      payload: { email: 'new@source.test', firstname: 'New', lastname: 'Member', is_group_admin: true },
    });
    expect(invite.status).toBe(403);
  });

  it('leaves a transfer into a portal where the administrator has no role unknown (404), moving nothing', async () => {
    const res = await transfer('admin');
    expect(res.status).toBe(404);
    expect(await firmOfVendor()).toBe(ids.source);
  });

  it('is given by the holding administrator or the super admin, and still needs rights on the target to transfer', async () => {
    expect((await patch('holder', ids.admin, { is_group_admin: true })).status).toBe(200);
    expect(await flagOf(ids.admin)).toBe(true);
    // Group admin of the source portal only: still nobody in the sister portal.
    expect((await transfer('admin')).status).toBe(404);
    expect(await firmOfVendor()).toBe(ids.source);
    expect((await patch('superAdmin', ids.other, { is_group_admin: true })).status).toBe(200);
    expect(await flagOf(ids.other)).toBe(true);
    // A group admin does not take the flag back from themselves, nor from another... unless holding admin.
    expect((await patch('admin', ids.admin, { is_group_admin: false })).status).toBe(403);
    expect((await patch('holder', ids.other, { is_group_admin: false })).status).toBe(200);
  });

  it('lets an administrator of both portals transfer', async () => {
    await buildFirmMember(t.database.db, {
      firm: { id: ids.sister },
      user: { id: ids.admin },
      role: 'admin',
    });
    const res = await transfer('admin');
    expect(res.status).toBe(200);
    expect(await firmOfVendor()).toBe(ids.sister);
  });
});
