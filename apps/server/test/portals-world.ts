import {
  buildAssignment,
  buildClientUser,
  buildFirmMember,
  buildPortal,
  buildUser,
  buildVendor,
  type FactoryDb,
  type User,
} from './factories';
import type { TestApp } from './test-app';

export type PortalsWho = 'superadmin' | 'expert' | 'collab' | 'client' | 'guest';

/**
 * Two portals of one holding, built by the factories, for the rules that span firms: `centre`
 * (served on localhost, three client files) and `nord` (nord.localhost, one client file), each
 * with its branding, every module and French terms. The people: a super admin; `expert`,
 * administrator of both portals and group administrator; `collab`, collaborator of `centre`
 * assigned to BOUL01 (read-write) and GAR01 (read-only); `client`, administrator of BOUL01, and
 * `guest`, a guest of it. Each has a name (sorted by last name: Collab, Expert, Invité, Martin,
 * Super) and an email `<who>@portals.test`, and is signed in (`tokens`).
 */
export async function buildPortalsWorld(t: TestApp) {
  const db = t.database.db as FactoryDb;
  const { firm: centre, holding } = await buildPortal(db, {
    holding: true,
    name: 'Cabinet Centre',
    domain: 'localhost',
  });
  const { firm: nord } = await buildPortal(db, { holding, name: 'Cabinet Nord', domain: 'nord.localhost' });
  const file = async (firm: { id: number }, clientCode: string, company: string, form = 'SAS') =>
    (await buildVendor(db, { firm, clientCode, company, corporateName: `${company} ${form}` })).vendor;
  // Built first, BOUL01 has the first SIRET of the file: no other SIREN shares its 7 first digits.
  const files = {
    BOUL01: await file(centre, 'BOUL01', 'Boulangerie Centre', 'SARL'),
    GAR01: await file(centre, 'GAR01', 'Garage Centre'),
    FLE01: await file(centre, 'FLE01', 'Fleurs Centre'),
    TRN01: await file(nord, 'TRN01', 'Transports Nord'),
  };
  const { BOUL01: first, GAR01: second } = files;

  const person = async (who: PortalsWho, firstname: string, lastname: string, isSuperAdmin = false) =>
    (await buildUser(db, { email: `${who}@portals.test`, firstname, lastname, isSuperAdmin })).user;
  const people: Record<PortalsWho, User> = {
    superadmin: await person('superadmin', 'Sam', 'Super', true),
    expert: await person('expert', 'Émilie', 'Expert'),
    collab: await person('collab', 'Claude', 'Collab'),
    client: await person('client', 'Marie', 'Martin'),
    guest: await person('guest', 'Gaston', 'Invité'),
  };
  for (const firm of [centre, nord])
    await buildFirmMember(db, { firm, user: people.expert, role: 'admin', isGroupAdmin: true });
  await buildFirmMember(db, { firm: centre, user: people.collab });
  await buildAssignment(db, { vendor: first, user: people.collab });
  await buildAssignment(db, { vendor: second, user: people.collab, readOnly: true });
  await buildClientUser(db, { vendor: first, user: people.client, role: 'admin' });
  await buildClientUser(db, { vendor: first, user: people.guest, role: 'guest' });

  const tokens = {} as Record<PortalsWho, string>;
  for (const [who, user] of Object.entries(people)) tokens[who as PortalsWho] = await t.signIn(user.email);
  return { db, holding, firms: { centre, nord }, files, people, tokens };
}
export type PortalsWorld = Awaited<ReturnType<typeof buildPortalsWorld>>;
