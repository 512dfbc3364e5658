import { afterAll, beforeAll, expect } from 'vitest';
import { buildClientUser, buildDocument, buildFolder, buildUser } from './factories';
import { buildTaskWorld, type TaskWorld } from './task-world';
import { createTestApp, type TestApp } from './test-app';

/** The task world with a client collaborator, and the calls the workflows tests make. */
export type WorkflowsState = { t: TestApp; w: TaskWorld; clientCollab: string; clientCollabId: number };
export type Who = keyof TaskWorld['tokens'] | 'clientCollab';

export const PIECES = {
  name: 'Pièces du mois',
  statuses: [
    { key: 'todo', name: 'À compléter', colour: '#f57c00' },
    { key: 'sent', name: 'Envoyé' },
    { key: 'ok', name: 'Validé', is_final: true },
  ],
  transitions: [
    { from: 'todo', to: 'sent', movers: ['firm', 'client'] },
    { from: 'sent', to: 'ok', movers: ['firm'] },
    { from: 'sent', to: 'todo', movers: ['firm'] },
  ],
};

export type Status = { id: number; key: string; name: string };

/** Registers the world's setup and teardown in the calling test file. */
export function workflowsWorld() {
  const state = {} as WorkflowsState;
  beforeAll(async () => {
    state.t = await createTestApp();
    state.w = await buildTaskWorld(state.t);
    const { user } = await buildUser(state.w.db);
    await buildClientUser(state.w.db, { vendor: state.w.alpha, user, role: 'collaborator' });
    state.clientCollab = await state.t.signIn(user.email);
    state.clientCollabId = user.id;
  }, 60_000);
  afterAll(() => state.t.close());

  const token = (who: Who) => (who === 'clientCollab' ? state.clientCollab : state.w.tokens[who]);
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    who: Who = 'admin',
    payload?: object,
  ) =>
    state.t.request({
      method,
      url,
      token: token(who),
      headers: { 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  async function createFlow(body: object = PIECES, vendor = state.w.alpha.id, who: Who = 'admin') {
    const res = await call('POST', `/api/vendors/${vendor}/workflows`, who, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const statuses = res.body.data.statuses as Status[];
    const by = Object.fromEntries(statuses.map((s) => [s.key, s.id])) as Record<
      'todo' | 'sent' | 'ok',
      number
    >;
    return { id: res.body.data.id as number, by, body: res.body.data };
  }

  async function folderWithDocs(n = 1, parentId?: number) {
    const { folder } = await buildFolder(state.w.db, {
      vendor: state.w.alpha,
      ...(parentId ? { parentId } : {}),
    });
    const docs = [];
    for (let i = 0; i < n; i++) docs.push((await buildDocument(state.w.db, { folder })).document.id);
    return { folder: folder.id, docs };
  }

  const activate = (folder: number, workflowId: number, applyTo = 'existing_documents', who: Who = 'admin') =>
    call('PUT', `/api/vendors/${state.w.alpha.id}/folders/${folder}/workflow`, who, {
      workflow_id: workflowId,
      apply_to: applyTo,
    });
  const statusOf = async (doc: number, who: Who = 'admin') => {
    const res = await call('GET', `/api/vendors/${state.w.alpha.id}/documents/${doc}/status`, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as {
      status: { id: number; name: string } | null;
      workflow: { id: number } | null;
      transitions: { id: number }[];
    };
  };
  const move = (doc: number, statusId: number, who: Who = 'admin', comment?: string) =>
    call('PUT', `/api/vendors/${state.w.alpha.id}/documents/${doc}/status`, who, {
      status_id: statusId,
      ...(comment ? { comment } : {}),
    });
  return { state, call, createFlow, folderWithDocs, activate, statusOf, move };
}
