import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsWorld, type DocumentsWorld } from '../../../test/documents-world';

// Issue 26, part 2, beyond the documents routes: task attachments, information-request answers
// and the home page's documents follow the theme rule; a move, a deletion, a restoration or a
// purge never takes along what the caller's themes hide or leave read-only (docs/decisions.md).

type Who = 'admin' | 'collab' | 'readonly' | 'client';
let w: DocumentsWorld;
const themes = {} as Record<'held' | 'unheld' | 'ro', number>;
let visible: number;
let hidden: number;
let docVisible: number;
let docHidden: number;
let target: number;

const url = (path: string) => `/api/vendors/${w.vendor.id}${path}`;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  who: Who,
  payload?: object,
) => w.call(method, path, who, payload);
const ids = (list: { id: number }[]) => list.map((d) => d.id).sort((a, b) => a - b);

async function theme(title: string, rights: string) {
  const res = await call('POST', `/api/accounting-firms/${w.firm.id}/themes`, 'admin', {
    title,
    sharing: 'shared',
    rights,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}
async function tag(folder: number, themeIds: number[]) {
  const res = await call('PUT', url(`/folders/${folder}/themes`), 'admin', { theme_ids: themeIds });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  w = await buildDocumentsWorld();
  themes.held = await theme('Comptable', 'read_write');
  themes.unheld = await theme('Juridique', 'read_write');
  themes.ro = await theme('Social', 'read_only');
  visible = await w.folder('Visible');
  hidden = await w.folder('Caché');
  target = await w.folder('Cible');
  docVisible = await w.document(visible, 'vu.pdf');
  docHidden = await w.document(hidden, 'caché.pdf');
  await tag(visible, [themes.held]);
  await tag(hidden, [themes.unheld]);
  for (const who of ['collab', 'readonly'] as const) {
    const res = await call(
      'PATCH',
      `/api/accounting-firms/${w.firm.id}/members/${w.people[who].id}`,
      'admin',
      {
        theme_ids: [themes.held, themes.ro],
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const res = await call('PATCH', url(`/users/${w.people.client.id}`), 'admin', {
    theme_ids: [themes.held, themes.ro],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});
afterAll(() => w.t.close());

describe('tasks and the home page follow the theme rule', () => {
  let task: { id: number; items: { id: number }[] };
  beforeAll(async () => {
    const res = await call('POST', '/api/tasks', 'admin', {
      title: 'Pièces',
      type: 'information_request',
      status: 'to_do',
      vendor_id: w.vendor.id,
      items: [{ label: 'Relevés', kind: 'document' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    task = res.body.data;
    const both = { document_ids: [docVisible, docHidden] };
    expect((await call('POST', `/api/tasks/${task.id}/attachments`, 'admin', both)).status).toBe(201);
    const answered = await call(
      'POST',
      `/api/tasks/${task.id}/items/${task.items[0]!.id}/documents`,
      'admin',
      both,
    );
    expect(answered.status, JSON.stringify(answered.body)).toBeLessThan(300);
  });

  it('attachments and file answers leave out the documents a person may not see', async () => {
    const all = [docVisible, docHidden].sort((a, b) => a - b);
    const admin = (await call('GET', `/api/tasks/${task.id}`, 'admin')).body.data;
    expect(ids(admin.attachments)).toEqual(all);
    expect(ids(admin.items[0].documents)).toEqual(all);
    for (const who of ['collab', 'readonly', 'client'] as const) {
      const read = await call('GET', `/api/tasks/${task.id}`, who);
      expect(read.status, who).toBe(200);
      expect(ids(read.body.data.attachments), who).toEqual([docVisible]);
      expect(ids(read.body.data.items[0].documents), who).toEqual([docVisible]);
      const list = await call('GET', `/api/tasks/${task.id}/attachments`, who);
      expect(ids(list.body.data), who).toEqual([docVisible]);
    }
  });

  it('linking a document the person may not see answers 404, as for an absent one', async () => {
    const hiddenOne = { document_ids: [docHidden] };
    expect((await call('POST', `/api/tasks/${task.id}/attachments`, 'collab', hiddenOne)).status).toBe(404);
    const item = `/api/tasks/${task.id}/items/${task.items[0]!.id}/documents`;
    expect((await call('POST', item, 'client', hiddenOne)).status).toBe(404);
    const seen = await call('POST', `/api/tasks/${task.id}/attachments`, 'client', {
      document_ids: [docVisible],
    });
    expect(seen.status).toBe(201);
    expect(ids(seen.body.data)).toEqual([docVisible]);
  });

  it('the home page leaves out the documents of hidden folders', async () => {
    const home = async (who: Who) => {
      const res = await call('GET', `/api/home?accounting_firm_id=${w.firm.id}`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.documents as { id: number }[]).map((d) => d.id);
    };
    for (const who of ['collab', 'client'] as const) {
      const shown = await home(who);
      expect(shown, who).toContain(docVisible);
      expect(shown, who).not.toContain(docHidden);
    }
    expect(await home('admin')).toEqual(expect.arrayContaining([docVisible, docHidden]));
  });
});

describe('what a folder takes along', () => {
  /** A folder visible to all, holding `inner` tagged with `innerThemes`, and a document. */
  async function outer(name: string, innerThemes: number[]) {
    const top = await w.folder(name);
    const inner = await w.folder('Dedans', top);
    await w.document(inner, 'dedans.pdf');
    await w.document(top, 'dessus.pdf');
    await tag(inner, innerThemes);
    return { top, inner };
  }
  const move = (folder: number, who: Who) =>
    call('POST', url('/nodes/move'), who, { folder_ids: [folder], document_ids: [], folder_id: target });
  const trash = (folder: number, who: Who) => call('DELETE', url(`/folders/${folder}`), who);
  const restricted = (res: { status: number; body: { code?: string } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.code).toBe('theme-restricted-content');
  };
  const parentOf = async (folder: number) =>
    (await call('GET', url(`/folders/${folder}`), 'admin')).body.data;
  const trashed = async (folder: number) => {
    const result = await w.db.execute(
      sql`SELECT deleted_at IS NOT NULL AS t FROM folders WHERE id = ${folder}`,
    );
    return (result as unknown as { rows: { t: boolean }[] }).rows[0]!.t;
  };

  it('a folder holding a hidden or read-only subfolder is neither moved nor deleted; the tree is unchanged', async () => {
    for (const innerThemes of [[themes.unheld], [themes.ro]]) {
      const { top, inner } = await outer(`Dossier ${innerThemes[0]}`, innerThemes);
      for (const who of ['collab', 'client'] as const) {
        restricted(await move(top, who));
        restricted(await trash(top, who));
        restricted(
          await call('POST', url('/nodes/delete'), who, {
            folder_ids: [top],
            document_ids: [],
            force: false,
          }),
        );
      }
      expect(await parentOf(top)).toMatchObject({ parent_id: w.root, deleted_at: null });
      expect(await parentOf(inner)).toMatchObject({ parent_id: top, deleted_at: null });
    }
  });

  it('a folder whose whole subtree the person may change moves and goes to the trash', async () => {
    const { top } = await outer('Tout visible', [themes.held]);
    expect((await move(top, 'collab')).status).toBe(200);
    expect((await parentOf(top)).parent_id).toBe(target);
    expect((await trash(top, 'collab')).status).toBe(204);
  });

  it('a copy leaves the hidden subfolders out (the copy holds what the person sees)', async () => {
    const { top } = await outer('À copier', [themes.unheld]);
    const res = await call('POST', url('/nodes/copy'), 'collab', {
      folder_ids: [top],
      document_ids: [],
      folder_id: target,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copy = (await call('GET', url(`/folders/${target}/nodes?per_page=100`), 'admin')).body.data.find(
      (n: { name: string }) => n.name === 'À copier',
    );
    expect(await w.names(copy.id)).toEqual(['dessus.pdf']);
  });

  it('a trashed folder that took a hidden subfolder along is not restored, nor the trash emptied, by the person', async () => {
    const { top, inner } = await outer('Supprimé', [themes.unheld]);
    expect((await trash(top, 'admin')).status).toBe(204);
    const listed = (await call('GET', url('/trash?per_page=100'), 'collab')).body.data.map(
      (n: { id: number }) => n.id,
    );
    expect(listed).toContain(top);
    restricted(await call('POST', url('/trash/restore'), 'collab', { folder_ids: [top], document_ids: [] }));
    restricted(await call('DELETE', url('/trash'), 'collab'));
    expect(await trashed(inner)).toBe(true);
    const back = await call('POST', url('/trash/restore'), 'admin', { folder_ids: [top], document_ids: [] });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await parentOf(inner)).toMatchObject({ parent_id: top, deleted_at: null });
    // With nothing restricted in the trash, the same person empties it.
    const { top: mine } = await outer('Vidé', [themes.held]);
    expect((await trash(mine, 'collab')).status).toBe(204);
    expect((await call('DELETE', url('/trash'), 'collab')).status).toBe(204);
    expect((await call('GET', url(`/folders/${mine}`), 'admin')).status).toBe(404);
  });
});
