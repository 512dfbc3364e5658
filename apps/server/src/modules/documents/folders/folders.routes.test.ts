import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, upload } from '../../../../test/documents';
import { buildVendor } from '../../../../test/factories';
import { DEFAULT_TREE } from '../../../startup/seed/tree-structures';

let w: DocsWorld;
beforeAll(async () => {
  w = await docsWorld();
});
afterAll(() => w.t.close());

const folders = (parent?: number, who: Parameters<DocsWorld['call']>[2] = 'expert') =>
  w.call('GET', `/api/vendors/${w.vendor}/folders${parent ? `?parent_id=${parent}` : ''}`, who);

describe('GET /api/vendors/{vendor_id}/folders', () => {
  it('answers the root alone, then the tree-structure folders lazily, in the tree order', async () => {
    const root = await folders();
    expect(root.status).toBe(200);
    expect(root.body.data).toEqual([
      expect.objectContaining({
        id: w.root,
        is_root: true,
        parent_id: null,
        has_sub_folders: true,
        counter: 0,
      }),
    ]);
    const top = await folders(w.root);
    expect(top.body.data.map((f: { name: string }) => f.name)).toEqual(DEFAULT_TREE.map((f) => f.name));
    expect(top.body.data.map((f: { catalog_tree_folder_id: number }) => f.catalog_tree_folder_id)).toEqual([
      1, 5, 8, 11, 14,
    ]);
    const compta = top.body.data[0];
    expect(compta.has_sub_folders).toBe(true);
    const sub = await folders(compta.id);
    expect(sub.body.data.map((f: { name: string }) => f.name)).toEqual(['Achats', 'Ventes', 'Banque']);
  });

  it('is read by every role of the client file, refused (404) to others and to other firms', async () => {
    for (const who of ['collab', 'client', 'guest'] as const)
      expect((await folders(undefined, who)).status).toBe(200);
    // The super admin has no client-file rights; the other portal's client file is not Boulangerie Martin's.
    expect((await folders(undefined, 'superadmin')).status).toBe(404);
    const foreignRoot = (await w.call('GET', `/api/vendors/${w.otherVendor}/folders`)).body.data[0].id;
    expect((await folders(foreignRoot)).status).toBe(404);
    expect((await w.call('GET', `/api/vendors/${w.vendor}/folders/${foreignRoot}/nodes`)).status).toBe(404);
  });

  it('gives a client file made without folders its root on first use', async () => {
    const firm = (await w.call('GET', `/api/vendors/${w.vendor}`)).body.data.accounting_firm_id;
    const { vendor } = await buildVendor(w.t.database.db, { firm: { id: firm } });
    const res = await w.call('GET', `/api/vendors/${vendor.id}/folders`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].is_root).toBe(true);
  });
});

describe('POST /api/vendors/{vendor_id}/folders', () => {
  const create = (payload: object, who: Parameters<DocsWorld['call']>[2] = 'expert') =>
    w.call('POST', `/api/vendors/${w.vendor}/folders`, who, payload);

  it('creates a folder; the same name (any case) in the same folder is a conflict', async () => {
    const res = await create({ name: 'Factures 2025', parent_id: w.root });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Factures 2025', parent_id: w.root, is_root: false });
    const again = await create({ name: 'factures 2025', parent_id: w.root });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'node-name-conflict', errors: { name: [expect.any(String)] } });
    // Elsewhere the name is free.
    expect((await create({ name: 'Factures 2025', parent_id: res.body.data.id })).status).toBe(201);
  });

  it('refuses empty names and the forbidden characters, in the spec format', async () => {
    for (const name of [
      '',
      '   ',
      'a/b',
      'a\\b',
      'a:b',
      'a*b',
      'a?b',
      'a"b',
      'a<b',
      'a>b',
      'a|b',
      'a^b',
      '..',
    ]) {
      const res = await create({ name, parent_id: w.root });
      expect(res.status, name).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['name']);
    }
  });

  it('refuses a parent of another client file or firm (422 on parent_id), and guests (403)', async () => {
    const foreignRoot = (await w.call('GET', `/api/vendors/${w.otherVendor}/folders`)).body.data[0].id;
    const res = await create({ name: 'X', parent_id: foreignRoot });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('parent_id');
    expect((await create({ name: 'Guest', parent_id: w.root }, 'guest')).status).toBe(403);
    expect((await create({ name: 'Client', parent_id: w.root }, 'client')).status).toBe(201);
  });
});

describe('PATCH /api/vendors/{vendor_id}/folders/{folder_id}', () => {
  it('renames a folder, refuses a clash, and never renames the root', async () => {
    const a = (
      await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'A1', parent_id: w.root })
    ).body.data;
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'B1', parent_id: w.root });
    const renamed = await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${a.id}`, 'expert', {
      name: 'A2',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('A2');
    const clash = await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${a.id}`, 'expert', { name: 'b1' });
    expect(clash.body.code).toBe('node-name-conflict');
    expect(
      (await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${w.root}`, 'expert', { name: 'R' })).status,
    ).toBe(403);
  });

  it('read-only: set by firm members only; a read-only folder takes no rename nor content from clients', async () => {
    const f = (
      await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'RO', parent_id: w.root })
    ).body.data;
    expect(
      (await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${f.id}`, 'client', { read_only: true }))
        .status,
    ).toBe(403);
    const ro = await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${f.id}`, 'collab', {
      read_only: true,
    });
    expect(ro.body.data.read_only).toBe(true);
    const rename = await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${f.id}`, 'client', {
      name: 'RO2',
    });
    expect(rename.body.code).toBe('node-readonly');
    const sub = await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'client', {
      name: 'in',
      parent_id: f.id,
    });
    expect(sub.status).toBe(403);
    expect(sub.body.code).toBe('node-readonly');
  });
});

describe('read-only folders, as the web app shows them', () => {
  it('keeps a read-only folder open to firm members, closed to clients, renamed only once lifted', async () => {
    const f = (
      await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', {
        name: 'Locked',
        parent_id: w.root,
      })
    ).body.data.id as number;
    const patch = (payload: object, who: Parameters<DocsWorld['call']>[2] = 'expert') =>
      w.call('PATCH', `/api/vendors/${w.vendor}/folders/${f}`, who, payload);
    const bad = await patch({ read_only: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('read_only');
    expect((await patch({ read_only: true }, 'guest')).status).toBe(403);
    expect(
      (await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${w.root}`, 'expert', { read_only: true }))
        .body.code,
    ).toBe('node-readonly');
    expect((await patch({ read_only: true })).body.data.read_only).toBe(true);
    // The flag is on the folder, in its parent's listing and in the tree.
    expect((await w.call('GET', `/api/vendors/${w.vendor}/folders/${f}`, 'client')).body.data.read_only).toBe(
      true,
    );
    const listed = (
      await w.call('GET', `/api/vendors/${w.vendor}/folders/${w.root}/nodes?per_page=100`, 'client')
    ).body.data as { id: number; type: string; read_only: boolean }[];
    expect(listed.find((n) => n.type === 'folder' && n.id === f)?.read_only).toBe(true);

    // Uploads: refused to a client administrator, accepted from a firm member.
    const refused = await upload(w, f, 'client.txt', Buffer.from('from the client'), { who: 'client' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('node-readonly');
    const sent = await upload(w, f, 'firm.txt', Buffer.from('from the firm'));
    expect(sent.status).toBe(200);
    const doc = sent.body.data.id as number;
    // Its documents: renamed by firm members only.
    const rename = (who: Parameters<DocsWorld['call']>[2]) =>
      w.call('PATCH', `/api/vendors/${w.vendor}/documents/${doc}`, who, { name: `${who}.txt` });
    expect((await rename('client')).body.code).toBe('node-readonly');
    expect((await rename('collab')).status).toBe(200);

    // The folder itself is renamed by nobody while read-only, unless the same call lifts it.
    expect((await patch({ name: 'Renamed' })).body.code).toBe('node-readonly');
    const lifted = await patch({ name: 'Renamed', read_only: false }, 'collab');
    expect(lifted.status).toBe(200);
    expect(lifted.body.data).toMatchObject({ name: 'Renamed', read_only: false });
    expect((await upload(w, f, 'client.txt', Buffer.from('now open'), { who: 'client' })).status).toBe(200);
  });
});

describe('GET /api/vendors/{vendor_id}/folders/{folder_id}/nodes', () => {
  it('lists folders and documents in the default sort, paginated, with unread counters per user', async () => {
    const parent = (
      await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', {
        name: 'Listing',
        parent_id: w.root,
      })
    ).body.data.id;
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'Sub', parent_id: parent });
    for (const name of ['b.txt', 'a.txt', 'c.txt'])
      expect((await upload(w, parent, name, Buffer.from(`content of ${name}`))).status).toBe(200);
    const page1 = await w.call('GET', `/api/vendors/${w.vendor}/folders/${parent}/nodes?per_page=2`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ current_page: 1, per_page: 2, total: 4, last_page: 2 });
    expect(page1.body.data.map((n: { type: string; name: string }) => `${n.type}:${n.name}`)).toEqual([
      'folder:Sub',
      'document:b.txt',
    ]);
    const page2 = await w.call('GET', `/api/vendors/${w.vendor}/folders/${parent}/nodes?per_page=2&page=2`);
    expect(page2.body.data.map((n: { name: string }) => n.name)).toEqual(['a.txt', 'c.txt']);
    // Unread for the client; not for the one who uploaded it.
    expect(page2.body.data[0]).toMatchObject({
      extension: 'txt',
      size: 'content of a.txt'.length,
      unread: false,
    });
    const forClient = await w.call(
      'GET',
      `/api/vendors/${w.vendor}/folders/${parent}/nodes?per_page=2&page=2`,
      'client',
    );
    expect(forClient.body.data[0]).toMatchObject({ name: 'a.txt', unread: true });
    expect(
      (await w.call('GET', `/api/vendors/${w.vendor}/folders?parent_id=${w.root}`)).body.data.find(
        (f: { id: number }) => f.id === parent,
      ).counter,
    ).toBe(0);
    expect(
      (await w.call('GET', `/api/vendors/${w.vendor}/folders/${parent}/nodes?per_page=101`)).status,
    ).toBe(422);

    // The client has read nothing: the folder counts 3, the client file (root) too.
    const counter = async (who: Parameters<DocsWorld['call']>[2]) =>
      (
        (await w.call('GET', `/api/vendors/${w.vendor}/folders?parent_id=${w.root}`, who)).body.data as {
          id: number;
          counter: number;
        }[]
      ).find((f) => f.id === parent)!.counter;
    expect(await counter('client')).toBe(3);
    const doc = page1.body.data[1].id;
    expect((await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}/content`, 'client')).status).toBe(
      200,
    );
    expect(await counter('client')).toBe(2);
    expect(await counter('guest')).toBe(3);
    // The page of the parent's parent carries the same counters (in its one query).
    const listed = async (who: Parameters<DocsWorld['call']>[2]) =>
      (
        await w.call('GET', `/api/vendors/${w.vendor}/folders/${w.root}/nodes?per_page=100`, who)
      ).body.data.find((n: { id: number }) => n.id === parent);
    expect(await listed('client')).toMatchObject({ type: 'folder', counter: 2, unread: true });
    expect((await listed('guest')).counter).toBe(3);
  });
});
