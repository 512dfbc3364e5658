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
 * `guest`, a guest of it. Every one signed in (`tokens`).
 */
export async function buildPortalsWorld(t: TestApp) {
  const db = t.database.db as FactoryDb;
  const { firm: centre, holding } = await buildPortal(db, {
    holding: true,
    name: 'Cabinet Centre',
    domain: 'localhost',
  });
  const { firm: nord } = await buildPortal(db, { holding, name: 'Cabinet Nord', domain: 'nord.localhost' });
  const file = async (firm: { id: number }, clientCode: string, company: string) =>
    (await buildVendor(db, { firm, clientCode, company, corporateName: `${company} SARL` })).vendor;
  const files = {
    BOUL01: await file(centre, 'BOUL01', 'Boulangerie Centre'),
    GAR01: await file(centre, 'GAR01', 'Garage Centre'),
    FLE01: await file(centre, 'FLE01', 'Fleurs Centre'),
    TRN01: await file(nord, 'TRN01', 'Transports Nord'),
  };
  const { BOUL01: first, GAR01: second } = files;

  const people = {} as Record<PortalsWho, User>;
  ({ user: people.superadmin } = await buildUser(db, { isSuperAdmin: true }));
  ({ user: people.expert } = await buildFirmMember(db, { firm: centre, role: 'admin', isGroupAdmin: true }));
  await buildFirmMember(db, { firm: nord, user: people.expert, role: 'admin', isGroupAdmin: true });
  ({ user: people.collab } = await buildFirmMember(db, { firm: centre }));
  await buildAssignment(db, { vendor: first, user: people.collab });
  await buildAssignment(db, { vendor: second, user: people.collab, readOnly: true });
  ({ user: people.client } = await buildClientUser(db, { vendor: first, role: 'admin' }));
  ({ user: people.guest } = await buildClientUser(db, { vendor: first, role: 'guest' }));

  const tokens = {} as Record<PortalsWho, string>;
  for (const [who, user] of Object.entries(people)) tokens[who as PortalsWho] = await t.signIn(user.email);
  return { db, holding, firms: { centre, nord }, files, people, tokens };
}
export type PortalsWorld = Awaited<ReturnType<typeof buildPortalsWorld>>;
