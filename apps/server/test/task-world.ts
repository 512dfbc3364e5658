import {
  buildAssignment,
  buildClientUser,
  buildFirm,
  buildFirmMember,
  buildUser,
  buildVendor,
  type FactoryDb,
} from './factories';
import type { TestApp } from './test-app';

/** A date `days` from today (UTC, as the database's CURRENT_DATE in the tests). */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One firm with two client files (Alpha, Beta) and a person of every role, signed in: the
 * administrator (assigned to nothing), a collaborator assigned to Alpha, a read-only one, a
 * collaborator of every client file, a client administrator and a guest of Alpha, a client of
 * Beta, and the administrator of another firm.
 */
export async function buildTaskWorld(t: TestApp) {
  const db = t.database.db as FactoryDb;
  const { firm } = await buildFirm(db);
  const { vendor: alpha } = await buildVendor(db, { firm, company: 'Alpha SARL' });
  const { vendor: beta } = await buildVendor(db, { firm, company: 'Beta SAS' });
  const person = async () => (await buildUser(db)).user;
  const admin = await person();
  await buildFirmMember(db, { firm, user: admin, role: 'admin' });
  const collab = await person();
  await buildFirmMember(db, { firm, user: collab });
  await buildAssignment(db, { vendor: alpha, user: collab });
  const readonly = await person();
  await buildFirmMember(db, { firm, user: readonly });
  await buildAssignment(db, { vendor: alpha, user: readonly, readOnly: true });
  const allFiles = await person();
  await buildFirmMember(db, { firm, user: allFiles, allVendors: true });
  const unassigned = await person();
  await buildFirmMember(db, { firm, user: unassigned });
  const client = await person();
  await buildClientUser(db, { vendor: alpha, user: client, role: 'admin' });
  const guest = await person();
  await buildClientUser(db, { vendor: alpha, user: guest, role: 'guest' });
  const betaClient = await person();
  await buildClientUser(db, { vendor: beta, user: betaClient, role: 'collaborator' });
  const { firm: otherFirm } = await buildFirm(db);
  const { vendor: otherVendor } = await buildVendor(db, { firm: otherFirm });
  const stranger = await person();
  await buildFirmMember(db, { firm: otherFirm, user: stranger, role: 'admin' });
  const people = { admin, collab, readonly, allFiles, unassigned, client, guest, betaClient, stranger };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(people).map(async ([k, u]) => [k, await t.signIn(u.email)])),
  ) as Record<keyof typeof people, string>;
  return { db, firm, alpha, beta, otherFirm, otherVendor, people, tokens };
}
export type TaskWorld = Awaited<ReturnType<typeof buildTaskWorld>>;
