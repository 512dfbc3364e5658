import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, upload } from '../../../../test/documents';

let w: DocsWorld;
let demoFirm: number;
let nordFirm: number;
/** Garage (the collaborator's read-only assignment in the demo firm, no client user). */
let garage: number;
type Who = Parameters<DocsWorld['call']>[2];

beforeAll(async () => {
  w = await docsWorld();
  const firms = (await w.call('GET', '/api/users/me/accounting-firms')).body.data as {
    id: number;
    name: string;
  }[];
  demoFirm = firms.find((f) => f.name === 'Cabinet Centre')!.id;
  nordFirm = firms.find((f) => f.name === 'Cabinet Nord')!.id;
  const mine = (await w.call('GET', `/api/users/me/accounting-firms/${demoFirm}/vendors`, 'collab')).body
    .data as { id: number }[];
  garage = mine.find((v) => v.id !== w.vendor)!.id;
});
afterAll(() => w.t.close());

const unread = async (who: Who, firm = demoFirm) => {
  const res = await w.call('GET', `/api/users/me/accounting-firms/${firm}/unread-documents`, who);
  expect(res.status).toBe(200);
  return res.body.data as { vendor_id: number; unread: number }[];
};
const countOf = async (who: Who, vendor = w.vendor) =>
  (await unread(who)).find((r) => r.vendor_id === vendor)?.unread ?? 0;

/** A folder under the root of `vendor` (the root takes no document). */
async function folderIn(vendor: number, name: string): Promise<number> {
  const root = (await w.call('GET', `/api/vendors/${vendor}/folders`)).body.data[0].id;
  const res = await w.call('POST', `/api/vendors/${vendor}/folders`, 'expert', { name, parent_id: root });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function send(vendor: number, folder: number, name: string, o: Parameters<typeof upload>[4] = {}) {
  const res = await upload(
    { ...w, vendor },
    folder,
    name,
    Buffer.from(`content of ${name} ${o.conflict}`),
    o,
  );
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}

describe('GET /api/users/me/accounting-firms/{id}/unread-documents', () => {
  it("counts each caller's unread documents per client file they open, as the root folder does", async () => {
    expect(await unread('client')).toEqual([]);
    const folder = await folderIn(w.vendor, 'Unread');
    const first = await send(w.vendor, folder, 'one.txt');
    await send(w.vendor, folder, 'two.txt');
    const inGarage = await send(garage, await folderIn(garage, 'Unread'), 'garage.txt');

    // The client user sees their company alone; the collaborator both assigned client files.
    expect(await unread('client')).toEqual([{ vendor_id: w.vendor, unread: 2 }]);
    expect(await unread('guest')).toEqual([{ vendor_id: w.vendor, unread: 2 }]);
    expect(await unread('collab')).toEqual(
      [
        { vendor_id: w.vendor, unread: 2 },
        { vendor_id: garage, unread: 1 },
      ].sort((a, b) => a.vendor_id - b.vendor_id),
    );

    // Opening a document lowers the opener's count only; the root folder's counter agrees, and
    // the document tells each reader whether it is unread for them.
    const unreadFor = async (who: Who) =>
      (await w.call('GET', `/api/vendors/${w.vendor}/documents/${first}`, who)).body.data.unread;
    expect(await unreadFor('client')).toBe(true);
    const content = await w.call('GET', `/api/vendors/${w.vendor}/documents/${first}/content`, 'client');
    expect(content.status).toBe(200);
    expect(await countOf('client')).toBe(1);
    expect(await countOf('collab')).toBe(2);
    const root = (await w.call('GET', `/api/vendors/${w.vendor}/folders`, 'client')).body.data[0];
    expect(root.counter).toBe(1);
    expect(await unreadFor('client')).toBe(false);
    expect(await unreadFor('collab')).toBe(true);

    // A new version is unread again, except to the one who added it; a document in the trash
    // counts no more. The administrator uploaded both documents: only the collaborator's version is
    // news to them.
    expect(await countOf('expert')).toBe(0);
    await send(w.vendor, folder, 'one.txt', { conflict: 'version', who: 'collab' });
    expect(await countOf('client')).toBe(2);
    expect(await countOf('collab')).toBe(1);
    expect(await countOf('expert')).toBe(1);
    expect(await unreadFor('collab')).toBe(false);
    expect(await unreadFor('expert')).toBe(true);
    expect(await unreadFor('client')).toBe(true);
    await w.call('GET', `/api/vendors/${w.vendor}/documents/${first}/content`, 'client');
    expect(await countOf('client')).toBe(1);
    expect((await w.call('DELETE', `/api/vendors/${garage}/documents/${inGarage}`, 'expert')).status).toBe(
      204,
    );
    expect(await countOf('collab', garage)).toBe(0);
    expect((await unread('collab')).map((r) => r.vendor_id)).toEqual([w.vendor]);
  });

  it('follows who opens what: an assignment withdrawn takes its client file away', async () => {
    const folder = await folderIn(garage, 'Unread later');
    await send(garage, folder, 'later.txt');
    expect(await countOf('collab', garage)).toBe(1);
    const collabId = (await w.call('GET', '/api/users/me', 'collab')).body.data.id;
    const res = await w.call(
      'PUT',
      `/api/accounting-firms/${demoFirm}/members/${collabId}/assignments`,
      'expert',
      {
        assignments: [{ vendor_id: w.vendor, read_only: false }],
      },
    );
    expect(res.status).toBe(200);
    expect(await countOf('collab', garage)).toBe(0);
    // The firm's administrator opens every client file of the firm, but uploaded this one.
    expect(await countOf('expert', garage)).toBe(0);
  });

  it("answers 404 for a firm the caller has no place in, and 403 to one who reads no client file's documents", async () => {
    for (const who of ['client', 'collab', 'guest'] as const) {
      const res = await w.call('GET', `/api/users/me/accounting-firms/${nordFirm}/unread-documents`, who);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not-found');
    }
    expect(
      (await w.call('GET', `/api/users/me/accounting-firms/${nordFirm}/unread-documents`, 'expert')).status,
    ).toBe(200);
    expect(
      (await w.call('GET', '/api/users/me/accounting-firms/2147483647/unread-documents', 'expert')).status,
    ).toBe(404);
    expect(
      (await w.call('GET', `/api/users/me/accounting-firms/${demoFirm}/unread-documents`, 'superadmin'))
        .status,
    ).toBe(403);
  });
});
