import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, upload } from '../../../test/documents';
import { buildTaskWorld, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let w: TaskWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
}, 60_000);
afterAll(() => t.close());

type Who = keyof TaskWorld['tokens'];
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
  t.request({ method, url, token: w.tokens[who], ...(payload ? { payload } : {}) });

/** Uploads a file into the task's upload folder as `who`, with the documents' chunk protocol. */
async function uploadFor(taskId: number, who: Who, name: string, vendor = w.alpha.id): Promise<number> {
  const folder = await call('POST', `/api/tasks/${taskId}/upload-folder`, who);
  expect(folder.status).toBe(200);
  const docs = { t, vendor, tokens: { expert: w.tokens[who] } } as unknown as DocsWorld;
  const res = await upload(docs, folder.body.data.folder_id, name, Buffer.from(`${name} ${Math.random()}`), {
    conflict: 'rename',
  });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}

const createTask = async (payload: object = {}, vendor = w.alpha.id, who: Who = 'collab') =>
  (
    await call('POST', '/api/tasks', who, {
      title: `Demande ${Math.random()}`,
      type: 'information_request',
      status: 'to_do',
      vendor_id: vendor,
      items: [
        { label: 'Relevés de décembre', kind: 'document' },
        { label: 'Stock au 31/12', kind: 'answer' },
      ],
      ...payload,
    })
  ).body.data;

describe('attachments', () => {
  it('files in the client file exchange folder, links, lists and unlinks; the trash hides them', async () => {
    const task = await createTask();
    const folder = await call('POST', `/api/tasks/${task.id}/upload-folder`, 'collab');
    expect(folder.body.data).toMatchObject({ vendor_id: w.alpha.id, folder_id: expect.any(Number) });
    const again = await call('POST', `/api/tasks/${task.id}/upload-folder`, 'client');
    expect(again.body.data.folder_id).toBe(folder.body.data.folder_id);
    const exchange = await call(
      'GET',
      `/api/vendors/${w.alpha.id}/folders/${folder.body.data.folder_id}`,
      'collab',
    );
    expect(exchange.body.data).toMatchObject({ name: 'Échanges', parent_id: expect.any(Number) });

    const doc = await uploadFor(task.id, 'collab', 'Lettre.pdf');
    const linked = await call('POST', `/api/tasks/${task.id}/attachments`, 'collab', {
      document_ids: [doc, doc],
    });
    expect(linked.status).toBe(201);
    expect(linked.body.data).toEqual([
      expect.objectContaining({
        id: doc,
        name: 'Lettre.pdf',
        vendor_id: w.alpha.id,
        linked_by: w.people.collab.id,
      }),
    ]);
    const read = await call('GET', `/api/tasks/${task.id}`, 'client');
    expect(read.body.data.attachments.map((d: { id: number }) => d.id)).toEqual([doc]);

    // Linking again keeps one link; a client links its own file too.
    const mine = await uploadFor(task.id, 'client', 'Réponse.pdf');
    await call('POST', `/api/tasks/${task.id}/attachments`, 'client', { document_ids: [mine, doc] });
    let list = await call('GET', `/api/tasks/${task.id}/attachments`, 'guest');
    expect(list.body.data.map((d: { id: number }) => d.id)).toEqual([doc, mine]);

    // A client unlinks what they linked, not the firm's.
    expect((await call('DELETE', `/api/tasks/${task.id}/attachments/${doc}`, 'client')).status).toBe(403);
    expect((await call('DELETE', `/api/tasks/${task.id}/attachments/${mine}`, 'client')).status).toBe(200);
    expect((await call('DELETE', `/api/tasks/${task.id}/attachments/${mine}`, 'client')).status).toBe(404);

    // In the trash: gone from the task's list; the link comes back with the document.
    expect((await call('DELETE', `/api/vendors/${w.alpha.id}/documents/${doc}`, 'collab')).status).toBe(204);
    list = await call('GET', `/api/tasks/${task.id}/attachments`, 'collab');
    expect(list.body.data).toEqual([]);
    const trashedLink = await call('POST', `/api/tasks/${task.id}/attachments`, 'collab', {
      document_ids: [doc],
    });
    expect(trashedLink.status).toBe(404);
    await call('POST', `/api/vendors/${w.alpha.id}/trash/restore`, 'collab', { document_ids: [doc] });
    list = await call('GET', `/api/tasks/${task.id}/attachments`, 'collab');
    expect(list.body.data.map((d: { id: number }) => d.id)).toEqual([doc]);

    // Deleting the task leaves the documents.
    expect((await call('DELETE', `/api/tasks/${task.id}`, 'collab')).status).toBe(200);
    expect((await call('GET', `/api/vendors/${w.alpha.id}/documents/${doc}`, 'collab')).status).toBe(200);
    expect((await call('GET', `/api/vendors/${w.alpha.id}/documents/${mine}`, 'collab')).status).toBe(200);
  });

  it('refuses guests, read-only members, other client files and other firms', async () => {
    const task = await createTask();
    const doc = await uploadFor(task.id, 'collab', 'Pièce.pdf');
    const betaTask = await createTask({}, w.beta.id, 'allFiles');
    const betaDoc = await uploadFor(betaTask.id, 'allFiles', 'Beta.pdf', w.beta.id);
    const link = (who: Who, ids: number[], id = task.id) =>
      call('POST', `/api/tasks/${id}/attachments`, who, { document_ids: ids });
    for (const [who, status] of [
      ['guest', 403],
      ['readonly', 403],
      ['betaClient', 404],
      ['unassigned', 404],
      ['stranger', 404],
    ] as const) {
      expect((await link(who, [doc])).status, who).toBe(status);
      expect((await call('POST', `/api/tasks/${task.id}/upload-folder`, who)).status, who).toBe(status);
      expect((await call('DELETE', `/api/tasks/${task.id}/attachments/${doc}`, who)).status, who).toBe(
        status,
      );
    }
    // A document of another client file, or that does not exist: as if it did not exist.
    expect((await link('collab', [betaDoc])).status).toBe(404);
    expect((await link('collab', [2_147_483_000])).status).toBe(404);
    expect((await link('collab', [])).status).toBe(422);
    // Internal tasks do not exist for client users.
    const internal = await createTask({ type: 'internal', items: [] });
    expect(internal.id).toEqual(expect.any(Number));
    expect((await call('GET', `/api/tasks/${internal.id}/attachments`, 'client')).status).toBe(404);
    expect((await call('POST', `/api/tasks/${internal.id}/upload-folder`, 'client')).status).toBe(404);
  });
});

describe('file answers', () => {
  it('the client answers an item with files; the firm sees them; unlinking makes it missing again', async () => {
    const task = await createTask();
    const [statements, stock] = task.items;
    const file = await uploadFor(task.id, 'client', 'Relevés.pdf');
    const url = `/api/tasks/${task.id}/items/${statements.id}/documents`;
    const answered = await call('POST', url, 'client', { document_ids: [file] });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({
      id: statements.id,
      answered_by: w.people.client.id,
      documents: [expect.objectContaining({ id: file, name: 'Relevés.pdf' })],
    });
    const read = await call('GET', `/api/tasks/${task.id}`, 'collab');
    expect(read.body.data).toMatchObject({ items_total: 2, items_missing: 1 });
    expect(read.body.data.items[0].documents.map((d: { id: number }) => d.id)).toEqual([file]);
    const listed = await call(
      'GET',
      `/api/tasks?accounting_firm_id=${w.firm.id}&search=${task.title}`,
      'collab',
    );
    expect(listed.body.data[0]).toMatchObject({ items_missing: 1 });

    // Text and files together; a text answer keeps the item answered without its files.
    const text = await call('PUT', `/api/tasks/${task.id}/items/${stock.id}/answer`, 'client', {
      answer: '12 k€',
    });
    expect(text.body.data.documents).toEqual([]);
    const both = await uploadFor(task.id, 'client', 'Stock.xlsx');
    await call('POST', `/api/tasks/${task.id}/items/${stock.id}/documents`, 'client', {
      document_ids: [both],
    });
    await call('DELETE', `/api/tasks/${task.id}/items/${stock.id}/documents/${both}`, 'client');
    await call('DELETE', `${url}/${file}`, 'client');
    const after = await call('GET', `/api/tasks/${task.id}`, 'collab');
    expect(after.body.data).toMatchObject({ items_missing: 1 });
    expect(after.body.data.items[0]).toMatchObject({ answered_at: null, documents: [] });
    expect(after.body.data.items[1]).toMatchObject({ answer: '12 k€', documents: [] });
    // The documents stay in the client's documents.
    expect((await call('GET', `/api/vendors/${w.alpha.id}/documents/${file}`, 'collab')).status).toBe(200);
    expect((await call('DELETE', `${url}/${file}`, 'client')).status).toBe(404);
  });

  it('keeps guests, other files and other tasks out', async () => {
    const task = await createTask();
    const item = task.items[0];
    const file = await uploadFor(task.id, 'client', 'Pièce.pdf');
    const url = `/api/tasks/${task.id}/items/${item.id}/documents`;
    for (const [who, status] of [
      ['guest', 403],
      ['betaClient', 404],
      ['stranger', 404],
    ] as const) {
      expect((await call('POST', url, who, { document_ids: [file] })).status, who).toBe(status);
    }
    const other = await createTask();
    const wrong = `/api/tasks/${other.id}/items/${item.id}/documents`;
    expect((await call('POST', wrong, 'client', { document_ids: [file] })).status).toBe(404);
    const firmTask = await createTask({ type: 'firm_task', items: [] });
    expect(
      (
        await call('POST', `/api/tasks/${firmTask.id}/items/${item.id}/documents`, 'client', {
          document_ids: [file],
        })
      ).status,
    ).toBe(422);
  });
});

describe('home documents', () => {
  const home = (who: Who, vendor?: number) =>
    call('GET', `/api/home?accounting_firm_id=${w.firm.id}${vendor ? `&vendor_id=${vendor}` : ''}`, who);
  const ids = (res: Awaited<ReturnType<typeof home>>) =>
    res.body.data.documents.map((d: { id: number }) => d.id);
  const unreadBadge = async (who: Who) => {
    const res = await call('GET', `/api/users/me/accounting-firms/${w.firm.id}/unread-documents`, who);
    expect(res.status).toBe(200);
    return (res.body.data as { vendor_id: number; unread: number }[]).find((r) => r.vendor_id === w.alpha.id)
      ?.unread;
  };

  it("shows the firm its unread documents by the badge's rule, and a client the latest", async () => {
    const task = await createTask();
    const fromClient = await uploadFor(task.id, 'client', 'Facture client.pdf');
    const fromFirm = await uploadFor(task.id, 'collab', 'Note du cabinet.pdf');

    const firm = await home('allFiles');
    expect(firm.status).toBe(200);
    expect(ids(firm)).toEqual(expect.arrayContaining([fromClient, fromFirm]));
    expect(firm.body.data.documents.find((d: { id: number }) => d.id === fromClient)).toMatchObject({
      vendor_id: w.alpha.id,
      company: 'Alpha SARL',
      name: 'Facture client.pdf',
      folder_id: expect.any(Number),
      version_id: expect.any(Number),
    });
    expect(firm.body.data.documents_since).toEqual(expect.any(String));
    // Their own upload is no news to the collaborator.
    expect(ids(await home('collab'))).toContain(fromClient);
    expect(ids(await home('collab'))).not.toContain(fromFirm);
    // Opened: off the opener's home page, as off their badge; still on the others'.
    const content = await call(
      'GET',
      `/api/vendors/${w.alpha.id}/documents/${fromClient}/content`,
      'allFiles',
    );
    expect(content.status).toBe(200);
    expect(ids(await home('allFiles'))).not.toContain(fromClient);
    expect(ids(await home('collab'))).toContain(fromClient);
    // Not assigned to Alpha: nothing of it.
    expect(ids(await home('unassigned'))).not.toContain(fromClient);

    const client = await home('client', w.alpha.id);
    expect(client.body.data.audience).toBe('client');
    expect(ids(client)[0]).toBe(fromFirm);
    expect(ids(client)).toContain(fromClient);
    expect(client.body.data.documents_since).toBeNull();
    expect(ids(await home('betaClient'))).not.toContain(fromClient);
    // In the trash: off the home page.
    await call('DELETE', `/api/vendors/${w.alpha.id}/documents/${fromFirm}`, 'collab');
    expect(ids(await home('client', w.alpha.id))).not.toContain(fromFirm);
    expect(ids(await home('allFiles'))).not.toContain(fromFirm);
  });

  it("counts on the administrator's home the file a client answered with, as their badge does", async () => {
    const task = await createTask({}, w.alpha.id, 'admin');
    const before = (await unreadBadge('admin')) ?? 0;
    const answered = await uploadFor(task.id, 'client', 'Relevé de décembre.pdf');
    expect(await unreadBadge('admin')).toBe(before + 1);
    const res = await home('admin');
    expect(res.status).toBe(200);
    expect(ids(res)).toContain(answered);
    // A file filed a week ago and never opened is still news, for the badge and the home alike.
    await t.database.db.execute(
      sql`UPDATE document_versions SET created_at = now() - interval '8 days' WHERE document_id = ${answered}`,
    );
    await t.database.db.execute(
      sql`UPDATE documents SET created_at = now() - interval '8 days' WHERE id = ${answered}`,
    );
    expect(ids(await home('admin'))).toContain(answered);
  });
});
