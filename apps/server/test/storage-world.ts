import type { DocsWorld } from './documents';
import {
  buildAssignment,
  buildClientUser,
  buildFirm,
  buildFirmMember,
  buildUser,
  buildVendor,
  type FactoryDb,
} from './factories';
import { createTestApp } from './test-app';

/**
 * A firm built by the factories (no demo data) seen as a documents world: its administrator
 * ("expert"), a collaborator assigned to the client file, a client collaborator and a guest of it,
 * the super admin; plus the administrator of another firm (`strangerToken`).
 */
export async function storageWorld(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  const db = t.database.db as FactoryDb;
  const { firm } = await buildFirm(db);
  const { vendor } = await buildVendor(db, { firm, company: 'Stockage SARL' });
  const person = async (overrides: Parameters<typeof buildUser>[1] = {}) =>
    (await buildUser(db, overrides)).user;
  const expert = await person();
  await buildFirmMember(db, { firm, user: expert, role: 'admin' });
  const collab = await person();
  await buildFirmMember(db, { firm, user: collab });
  await buildAssignment(db, { vendor, user: collab });
  const client = await person();
  await buildClientUser(db, { vendor, user: client, role: 'collaborator' });
  const guest = await person();
  await buildClientUser(db, { vendor, user: guest, role: 'guest' });
  const superadmin = await person({ isSuperAdmin: true });
  const { firm: otherFirm } = await buildFirm(db);
  const { vendor: otherVendor } = await buildVendor(db, { firm: otherFirm });
  const stranger = await person();
  await buildFirmMember(db, { firm: otherFirm, user: stranger, role: 'admin' });
  const people = { expert, collab, client, guest, superadmin };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(people).map(async ([k, u]) => [k, await t.signIn(u.email)])),
  ) as DocsWorld['tokens'];
  const strangerToken = await t.signIn(stranger.email);
  const call: DocsWorld['call'] = (method, url, who = 'expert', payload) =>
    t.request({
      method,
      url,
      token: tokens[who],
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const root = (await call('GET', `/api/vendors/${vendor.id}/folders`)).body.data[0].id as number;
  const w: DocsWorld = { t, tokens, vendor: vendor.id, otherVendor: otherVendor.id, root, call };
  return { w, db, firm, otherFirm, people, strangerToken };
}
export type StorageWorld = Awaited<ReturnType<typeof storageWorld>>;
