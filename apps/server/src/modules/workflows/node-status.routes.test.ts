import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, upload } from '../../../test/documents';
import { buildDocument, buildFolder, buildVendor } from '../../../test/factories';
import type { TaskWorld } from '../../../test/task-world';
import type { TestApp } from '../../../test/test-app';
import { PIECES, type Status, workflowsWorld } from '../../../test/workflows-world';
import { folderWorkflows, nodeStatuses, nodeStatusHistory, vendors, workflows } from '../../db/schema';

const world = workflowsWorld();
const { call, createFlow, folderWithDocs, activate, statusOf, move } = world;
let t: TestApp;
let w: TaskWorld;
let clientCollabId: number;
beforeAll(() => {
  ({ t, w, clientCollabId } = world.state);
});

describe('workflows: statuses of documents and folders', () => {
  it('activates on a folder (nearest wins), starts existing documents, moves along transitions with history', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Mouvements' });
    const other = await createFlow({ ...PIECES, name: 'Sous-dossier' });
    const top = await folderWithDocs(1);
    const sub = await folderWithDocs(1, top.folder);
    const deep = await folderWithDocs(0, sub.folder);
    const own = await activate(sub.folder, other.id, 'new_documents');
    expect(own.body.data).toMatchObject({ workflow: { id: other.id }, inherited_from_folder_id: null });
    expect((await activate(top.folder, flow.id)).status).toBe(200);
    const inherited = await call(
      'GET',
      `/api/vendors/${w.alpha.id}/folders/${deep.folder}/workflow`,
      'client',
    );
    expect(inherited.body.data).toMatchObject({
      workflow: { id: other.id },
      inherited_from_folder_id: sub.folder,
    });

    const doc = top.docs[0]!;
    const start = await statusOf(doc, 'client');
    expect(start.status).toMatchObject({ id: flow.by.todo, name: 'À compléter' });
    expect(start.transitions.map((s) => s.id)).toEqual([flow.by.sent]);
    // The subfolder has its own workflow (for new documents only): the parent's left it alone.
    expect((await statusOf(sub.docs[0]!)).status).toBeNull();

    expect((await move(doc, flow.by.ok, 'client')).body.code).toBe('workflow-transition-invalid');
    const sent = await move(doc, flow.by.sent, 'client', 'Relevés envoyés');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toMatchObject({ id: flow.by.sent });
    // The client may not go back: the transition is the firm's.
    const back = await move(doc, flow.by.todo, 'clientCollab');
    expect(back.status).toBe(403);
    expect(back.body.code).toBe('workflow-transition-forbidden');
    expect((await move(doc, flow.by.ok, 'guest')).status).toBe(403);
    expect((await move(doc, flow.by.ok, 'readonly')).status).toBe(403);
    expect((await move(doc, other.by.sent, 'admin')).body.code).toBe('workflow-status-not-found');
    expect((await move(doc, flow.by.ok, 'collab')).status).toBe(200);

    const history = await call('GET', `/api/vendors/${w.alpha.id}/documents/${doc}/status-history`, 'client');
    expect(history.status).toBe(200);
    expect(
      history.body.data.map((h: { from: { name: string } | null; to: { name: string } }) => [
        h.from?.name ?? null,
        h.to.name,
      ]),
    ).toEqual([
      ['Envoyé', 'Validé'],
      ['À compléter', 'Envoyé'],
      [null, 'À compléter'],
    ]);
    expect(history.body.data[1]).toMatchObject({
      comment: 'Relevés envoyés',
      actor: { id: w.people.client.id },
    });

    const nodes = await call('GET', `/api/vendors/${w.alpha.id}/folders/${top.folder}/nodes`, 'client');
    const row = nodes.body.data.find(
      (n: { id: number; type: string }) => n.type === 'document' && n.id === doc,
    );
    expect(row.workflow_status).toEqual({
      id: flow.by.ok,
      name: 'Validé',
      colour: '#607d8b',
      is_final: true,
    });
    const listing = await call('GET', `/api/vendors/${w.alpha.id}/folders/${top.folder}/workflow`);
    expect(listing.body.data.counts).toEqual(expect.arrayContaining([{ status_id: flow.by.ok, count: 1 }]));
  });

  it('a transition naming people lets only them move (besides firm administrators)', async () => {
    const flow = await createFlow({
      ...PIECES,
      name: 'Nommé',
      transitions: [{ from: 'todo', to: 'sent', movers: ['client'], user_ids: [clientCollabId] }],
    });
    const { folder, docs } = await folderWithDocs(2);
    await activate(folder, flow.id);
    expect((await move(docs[0]!, flow.by.sent, 'client')).body.code).toBe('workflow-transition-forbidden');
    expect((await move(docs[0]!, flow.by.sent, 'collab')).status).toBe(403);
    expect((await move(docs[0]!, flow.by.sent, 'clientCollab')).status).toBe(200);
    expect((await move(docs[1]!, flow.by.sent, 'admin')).status).toBe(200);
  });

  it('a deactivated workflow keeps its statuses, moves nothing and is not activated further', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Désactivé' });
    const { folder, docs } = await folderWithDocs(1);
    await activate(folder, flow.id);
    await call('PATCH', `/api/vendors/${w.alpha.id}/workflows/${flow.id}`, 'admin', { is_active: false });
    expect((await statusOf(docs[0]!)).status).toMatchObject({ id: flow.by.todo });
    expect((await statusOf(docs[0]!)).transitions).toEqual([]);
    expect((await move(docs[0]!, flow.by.sent)).body.code).toBe('workflow-inactive');
    const again = await activate((await folderWithDocs(0)).folder, flow.id);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('workflow-inactive');
  });

  it('deleting a status gives its nodes the previous one; a workflow keeps one status', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Suppression' });
    const { folder, docs } = await folderWithDocs(2);
    await activate(folder, flow.id);
    await move(docs[0]!, flow.by.sent);
    const statuses = flow.body.statuses as Status[];
    const kept = statuses
      .filter((s) => s.key !== 'sent')
      .map((s) => ({ id: s.id, key: s.key, name: s.name }));
    const res = await call('PATCH', `/api/vendors/${w.alpha.id}/workflows/${flow.id}`, 'admin', {
      statuses: kept,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.statuses.map((s: Status) => s.key)).toEqual(['todo', 'ok']);
    expect((await statusOf(docs[0]!)).status).toMatchObject({ id: flow.by.todo });
    // The first status's nodes go to the new first.
    const second = await call('PATCH', `/api/vendors/${w.alpha.id}/workflows/${flow.id}`, 'admin', {
      statuses: [{ id: flow.by.ok, key: 'ok', name: 'Validé' }],
    });
    expect(second.status).toBe(200);
    expect((await statusOf(docs[1]!)).status).toMatchObject({ id: flow.by.ok });
    const none = await call('PATCH', `/api/vendors/${w.alpha.id}/workflows/${flow.id}`, 'admin', {
      statuses: [],
    });
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('workflow-needs-a-status');
    expect(none.body.errors).toHaveProperty('statuses');
    // The history keeps the names of deleted statuses.
    const history = await call('GET', `/api/vendors/${w.alpha.id}/documents/${docs[0]}/status-history`);
    expect(history.body.data[0].to.name).toBe('Envoyé');
    // Another workflow's status id is refused.
    const other = await createFlow({ ...PIECES, name: 'Autre' });
    const foreign = await call('PATCH', `/api/vendors/${w.alpha.id}/workflows/${flow.id}`, 'admin', {
      statuses: [{ id: other.by.todo, key: 'x', name: 'X' }],
    });
    expect(foreign.body.code).toBe('workflow-status-not-found');
  });

  it('deactivating on a folder: all_content clears, folders_only keeps the documents’ statuses', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Portée' });
    for (const scope of ['all_content', 'folders_only'] as const) {
      const top = await folderWithDocs(1);
      const sub = await folderWithDocs(1, top.folder);
      await activate(top.folder, flow.id);
      const url = `/api/vendors/${w.alpha.id}/folders/${top.folder}/workflow`;
      expect(
        (await call('DELETE', `/api/vendors/${w.alpha.id}/folders/${sub.folder}/workflow`)).body.code,
      ).toBe('workflow-not-on-folder');
      const res = await call('DELETE', `${url}?scope=${scope}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.workflow).toBeNull();
      const folderStatus = await call('GET', `/api/vendors/${w.alpha.id}/folders/${sub.folder}/status`);
      expect(folderStatus.body.data.status).toBeNull();
      const docStatus = (await statusOf(sub.docs[0]!)).status;
      if (scope === 'all_content') expect(docStatus).toBeNull();
      else expect(docStatus).toMatchObject({ id: flow.by.todo });
    }
  });

  it('bulk moves are all or nothing, naming the refused nodes', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Lot' });
    const { folder, docs } = await folderWithDocs(3);
    await activate(folder, flow.id);
    await move(docs[2]!, flow.by.sent);
    const url = `/api/vendors/${w.alpha.id}/nodes/status`;
    const nodes = docs.map((id) => ({ type: 'document', id }));
    const refused = await call('POST', url, 'client', { nodes, status_id: flow.by.sent });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.data.moved).toBe(2);
    const back = await call('POST', url, 'client', { nodes, status_id: flow.by.todo });
    expect(back.status).toBe(403);
    expect(Object.keys(back.body.errors).sort()).toEqual(['nodes.0', 'nodes.1', 'nodes.2']);
    const mixed = await call('POST', url, 'admin', {
      nodes: [...nodes, { type: 'document', id: 2_000_000 }],
      status_id: flow.by.ok,
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors['nodes.3']).toEqual(['Invalid identifier.']);
    for (const id of docs) expect((await statusOf(id)).status).toMatchObject({ id: flow.by.sent });
  });

  it('a new upload starts at the initial status', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Envois' });
    const { folder } = await folderWithDocs(0);
    await activate(folder, flow.id, 'new_documents');
    const world = { t, vendor: w.alpha.id, tokens: { expert: w.tokens.admin } } as unknown as DocsWorld;
    const sent = await upload(world, folder, 'facture.txt', Buffer.from('facture'));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.data.id as number;
    // Set in the upload's transaction: there when the answer is.
    expect((await statusOf(id)).status?.id).toBe(flow.by.todo);
  });
});

describe('workflows: moves and copies', () => {
  it('a move into another workflow restarts at its initial status, into the same keeps it; a copy starts', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Départ' });
    const other = await createFlow({ ...PIECES, name: 'Arrivée' });
    const source = await folderWithDocs(3);
    const same = await folderWithDocs(0);
    const elsewhere = await folderWithDocs(0);
    await activate(source.folder, flow.id);
    await activate(same.folder, flow.id);
    await activate(elsewhere.folder, other.id);
    const [a, b, c] = source.docs as [number, number, number];
    for (const id of [a, b, c]) expect((await move(id, flow.by.sent)).status).toBe(200);
    const transfer = (mode: 'move' | 'copy', target: number, ids: number[]) =>
      call('POST', `/api/vendors/${w.alpha.id}/nodes/${mode}`, 'admin', {
        folder_id: target,
        document_ids: ids,
        folder_ids: [],
      });
    expect((await transfer('move', same.folder, [a])).status).toBe(200);
    expect((await transfer('move', elsewhere.folder, [b])).status).toBe(200);
    const copied = await transfer('copy', same.folder, [c]);
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect((await statusOf(b)).status?.id).toBe(other.by.todo);
    expect((await statusOf(a)).status?.id).toBe(flow.by.sent);
    const nodes = await call('GET', `/api/vendors/${w.alpha.id}/folders/${same.folder}/nodes`);
    const copy = nodes.body.data.find(
      (n: { id: number; type: string }) => n.type === 'document' && n.id !== a,
    );
    expect((await statusOf(copy.id)).status?.id).toBe(flow.by.todo);
    expect((await statusOf(c)).status?.id).toBe(flow.by.sent);
  });
});

describe('workflows: private_firm is invisible to client users', () => {
  it('hides the workflow, its statuses, counts and history from every client answer', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Interne', sharing: 'private_firm' });
    const { folder, docs } = await folderWithDocs(1);
    await activate(folder, flow.id);
    await move(docs[0]!, flow.by.sent, 'collab');
    const statusIds = new Set(Object.values(flow.by));
    const answers = [
      `/api/vendors/${w.alpha.id}/workflows?with_statuses=true`,
      `/api/vendors/${w.alpha.id}/folders/${folder}/workflow`,
      `/api/vendors/${w.alpha.id}/folders/${folder}/status`,
      `/api/vendors/${w.alpha.id}/documents/${docs[0]}/status`,
      `/api/vendors/${w.alpha.id}/documents/${docs[0]}/status-history`,
      `/api/vendors/${w.alpha.id}/folders/${folder}/status-history`,
      `/api/vendors/${w.alpha.id}/folders/${folder}/nodes`,
      `/api/vendors/${w.alpha.id}/documents/${docs[0]}`,
    ];
    // Walks every value of an answer: a status of the workflow (an object with one of its ids
    // and names), a `status_id` of it, or the workflow's name, is a leak.
    const names = new Set(PIECES.statuses.map((x) => x.name));
    const leaks = (value: unknown, path = ''): string[] => {
      if (Array.isArray(value)) return value.flatMap((v, i) => leaks(v, `${path}[${i}]`));
      if (value && typeof value === 'object') {
        const o = value as Record<string, unknown>;
        const own =
          (typeof o.id === 'number' && statusIds.has(o.id) && names.has(String(o.name))) ||
          (typeof o.status_id === 'number' && statusIds.has(o.status_id));
        return [...(own ? [path] : []), ...Object.entries(o).flatMap(([k, v]) => leaks(v, `${path}.${k}`))];
      }
      return value === 'Interne' ? [path] : [];
    };
    for (const who of ['client', 'clientCollab', 'guest'] as const)
      for (const url of answers) {
        const res = await call('GET', url, who);
        expect(res.status, url).toBe(200);
        expect(leaks(res.body.data), `${who} ${url}`).toEqual([]);
      }
    const document = await call('GET', `/api/vendors/${w.alpha.id}/documents/${docs[0]}`, 'client');
    expect(document.body.data.workflow_status).toBeNull();
    const firmDocument = await call('GET', `/api/vendors/${w.alpha.id}/documents/${docs[0]}`, 'collab');
    expect(firmDocument.body.data.workflow_status).toMatchObject({ id: flow.by.sent });
    // The firm sees it; a client may neither see its statuses nor move along them.
    const firmList = await call('GET', `/api/vendors/${w.alpha.id}/folders/${folder}/nodes`, 'collab');
    expect(firmList.body.data[0].workflow_status).toMatchObject({ id: flow.by.sent, name: 'Envoyé' });
    expect((await statusOf(docs[0]!, 'collab')).status).toMatchObject({ id: flow.by.sent });
    expect((await move(docs[0]!, flow.by.ok, 'client')).body.code).toBe('workflow-status-not-found');
    expect((await call('GET', `/api/vendors/${w.alpha.id}/workflows/${flow.id}`, 'client')).status).toBe(404);
  });
});

describe('workflows: a client file moving to another portal', () => {
  it('keeps its own workflows and statuses, drops the firm’s (the history keeps them)', async () => {
    const { vendor: gamma } = await buildVendor(w.db, { firm: w.firm, company: 'Gamma SA' });
    const { folder: own } = await buildFolder(w.db, { vendor: gamma });
    const { folder: shared } = await buildFolder(w.db, { vendor: gamma });
    const { document: ownDoc } = await buildDocument(w.db, { folder: own });
    const { document: sharedDoc } = await buildDocument(w.db, { folder: shared });
    const mine = await createFlow({ ...PIECES, name: 'À Gamma' }, gamma.id);
    const firm = await call('POST', `/api/accounting-firms/${w.firm.id}/workflows`, 'admin', {
      ...PIECES,
      name: 'Du cabinet pour Gamma',
    });
    expect(firm.status).toBe(201);
    const put = (folder: number, id: number) =>
      call('PUT', `/api/vendors/${gamma.id}/folders/${folder}/workflow`, 'admin', {
        workflow_id: id,
        apply_to: 'existing_documents',
      });
    expect((await put(own.id, mine.id)).status).toBe(200);
    expect((await put(shared.id, firm.body.data.id)).status).toBe(200);

    await w.db.update(vendors).set({ accountingFirmId: w.otherFirm.id }).where(eq(vendors.id, gamma.id));

    const statusOfNode = (documentId: number) =>
      w.db.select().from(nodeStatuses).where(eq(nodeStatuses.documentId, documentId));
    expect(await statusOfNode(ownDoc.id)).toMatchObject([
      { accountingFirmId: w.otherFirm.id, statusId: mine.by.todo },
    ]);
    expect(await statusOfNode(sharedDoc.id)).toEqual([]);
    const [moved] = await w.db.select().from(workflows).where(eq(workflows.id, mine.id));
    expect(moved).toMatchObject({ accountingFirmId: w.otherFirm.id, vendorId: gamma.id });
    const activations = await w.db
      .select()
      .from(folderWorkflows)
      .where(eq(folderWorkflows.vendorId, gamma.id));
    expect(activations.map((a) => a.workflowId)).toEqual([mine.id]);
    const history = await w.db
      .select()
      .from(nodeStatusHistory)
      .where(eq(nodeStatusHistory.documentId, sharedDoc.id));
    expect(history).toMatchObject([{ accountingFirmId: w.otherFirm.id, toName: 'À compléter' }]);
  });
});

describe('workflows: the nodes listing filtered by status', () => {
  it('lists the nodes at one of status_ids[]; a hidden, unknown or foreign status is refused alike', async () => {
    const flow = await createFlow({ ...PIECES, name: 'Filtre' });
    const hidden = await createFlow({ ...PIECES, name: 'Filtre interne', sharing: 'private_firm' });
    const { folder, docs } = await folderWithDocs(3);
    const inner = await folderWithDocs(1, folder);
    await activate(folder, flow.id);
    await activate(inner.folder, hidden.id);
    expect((await move(docs[0]!, flow.by.sent)).status).toBe(200);
    const get = (ids: (number | string)[], who: Parameters<typeof call>[2] = 'admin') =>
      call(
        'GET',
        `/api/vendors/${w.alpha.id}/folders/${folder}/nodes?${ids.map((id) => `status_ids[]=${id}`).join('&')}`,
        who,
      );
    const list = async (ids: number[], who: Parameters<typeof call>[2] = 'admin') => {
      const res = await get(ids, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { ids: res.body.data.map((n: { id: number }) => n.id), total: res.body.total };
    };
    expect(await list([flow.by.sent])).toEqual({ ids: [docs[0]], total: 1 });
    expect(await list([flow.by.todo])).toEqual({ ids: [docs[1], docs[2]], total: 2 });
    expect((await list([flow.by.todo, flow.by.sent])).ids).toEqual(docs);
    // The subfolder stands in its own (firm-only) workflow: the firm finds it, a client does not.
    expect((await list([hidden.by.todo])).ids).toEqual([inner.folder]);
    // A status the caller may not see answers as an unknown one (no oracle), and so does another
    // client file's.
    const beta = await createFlow({ ...PIECES, name: 'Filtre beta' }, w.beta.id);
    for (const [ids, who] of [
      [[hidden.by.todo], 'client'],
      [[999_999], 'client'],
      [[beta.by.todo], 'admin'],
      [[flow.by.todo, 999_999], 'admin'],
    ] as const) {
      const res = await get([...ids], who);
      expect([res.status, res.body.code], JSON.stringify(ids)).toEqual([422, 'workflow-status-not-found']);
    }
    expect((await list([flow.by.sent], 'client')).ids).toEqual([docs[0]]);
    // Without a filter, everything (the cached page of the plain listing is another answer).
    const all = await call('GET', `/api/vendors/${w.alpha.id}/folders/${folder}/nodes`);
    expect(all.body.total).toBe(4);
    expect((await get(['x'])).status).toBe(422);
  });
});
