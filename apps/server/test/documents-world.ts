import {
  buildAssignment,
  buildClientUser,
  buildDocument,
  buildFirm,
  buildFirmMember,
  buildFirmModules,
  buildUser,
  buildVendor,
  type FactoryDb,
} from './factories';
import { createTestApp, type TestApp } from './test-app';

type Who = 'admin' | 'collab' | 'readonly' | 'client' | 'otherClient';

/**
 * A client file built by the factories (not the demo data) with a person of each role that
 * matters to documents, signed in: the firm administrator, an assigned collaborator (read-write)
 * and a read-only one, and two client users of the file.
 */
export async function buildDocumentsWorld() {
  const t: TestApp = await createTestApp();
  const db = t.database.db as FactoryDb;
  const { firm } = await buildFirm(db);
  await buildFirmModules(db, { firm });
  const { vendor } = await buildVendor(db, { firm });
  const person = async () => (await buildUser(db)).user;
  const people = {
    admin: await person(),
    collab: await person(),
    readonly: await person(),
    client: await person(),
    otherClient: await person(),
  };
  await buildFirmMember(db, { firm, user: people.admin, role: 'admin' });
  await buildFirmMember(db, { firm, user: people.collab });
  await buildAssignment(db, { vendor, user: people.collab });
  await buildFirmMember(db, { firm, user: people.readonly });
  await buildAssignment(db, { vendor, user: people.readonly, readOnly: true });
  await buildClientUser(db, { vendor, user: people.client });
  await buildClientUser(db, { vendor, user: people.otherClient });
  const tokens = {} as Record<Who, string>;
  for (const [who, user] of Object.entries(people)) tokens[who as Who] = await t.signIn(user.email);
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    who: Who,
    payload?: object,
  ) => t.request({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload }) });
  const root = (await call('GET', `/api/vendors/${vendor.id}/folders`, 'admin')).body.data[0].id as number;
  const folder = async (name: string, parent = root, readOnly = false) => {
    const res = await call('POST', `/api/vendors/${vendor.id}/folders`, 'admin', { name, parent_id: parent });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`folder ${name}: ${JSON.stringify(res.body)}`);
    const id = res.body.data.id as number;
    if (readOnly)
      await call('PATCH', `/api/vendors/${vendor.id}/folders/${id}`, 'admin', { read_only: true });
    return id;
  };
  /** A document with one version (its blob not written: nothing downloads it). */
  const document = async (folderId: number, name: string) =>
    (
      await buildDocument(db, {
        folder: { id: folderId, accountingFirmId: firm.id, vendorId: vendor.id },
        name,
      })
    ).document.id;
  const names = async (folderId: number, who: Who = 'admin') =>
    (
      (await call('GET', `/api/vendors/${vendor.id}/folders/${folderId}/nodes?per_page=100`, who)).body
        .data as { name: string }[]
    )
      .map((n) => n.name)
      .sort();
  const versions = async (documentId: number) =>
    (await call('GET', `/api/vendors/${vendor.id}/documents/${documentId}/versions`, 'admin')).body.data
      .length as number;
  return { t, db, firm, vendor, people, tokens, call, root, folder, document, names, versions };
}
export type DocumentsWorld = Awaited<ReturnType<typeof buildDocumentsWorld>>;
