import { describe, expect, inject, it } from 'vitest';
import { PIECES, workflowsWorld } from '../../../test/workflows-world';

const world = workflowsWorld();
const { call, createFlow, folderWithDocs, activate, statusOf, move } = world;

type Line = { from: { id: number } | null; to: { id: number } };

/** Every line starts where the one before it ended (newest first in the answer). */
function chained(history: Line[]) {
  const oldestFirst = [...history].reverse();
  for (let i = 1; i < oldestFirst.length; i++)
    expect(oldestFirst[i]!.from?.id).toBe(oldestFirst[i - 1]!.to.id);
}

/** Concurrency shows on PostgreSQL only (PGlite runs one transaction at a time). */
describe.runIf(inject('databaseKind') === 'postgres')(
  'two people moving one document at once (PostgreSQL)',
  () => {
    const historyOf = async (doc: number) =>
      (await call('GET', `/api/vendors/${world.state.w.alpha.id}/documents/${doc}/status-history`)).body
        .data as Line[];

    it('to the same status: both answer, one line in the history', async () => {
      const flow = await createFlow({ ...PIECES, name: 'Course même statut' });
      const { folder, docs } = await folderWithDocs(4);
      await activate(folder, flow.id);
      for (const doc of docs) {
        const [a, b] = await Promise.all([
          move(doc, flow.by.sent, 'collab'),
          move(doc, flow.by.sent, 'client'),
        ]);
        expect([a.status, b.status]).toEqual([200, 200]);
        expect((await statusOf(doc)).status?.id).toBe(flow.by.sent);
        const history = await historyOf(doc);
        expect(history.map((l) => l.to.id)).toEqual([flow.by.sent, flow.by.todo]);
        chained(history);
      }
    });

    it('to two statuses that exclude each other: one wins, the other is refused, the history is one line', async () => {
      const flow = await createFlow({ ...PIECES, name: 'Course deux statuts' });
      const { folder, docs } = await folderWithDocs(4);
      await activate(folder, flow.id);
      for (const doc of docs) expect((await move(doc, flow.by.sent)).status).toBe(200);
      for (const doc of docs) {
        // From "sent": the administrator validates while a collaborator sends it back.
        const [ok, back] = await Promise.all([
          move(doc, flow.by.ok, 'admin'),
          move(doc, flow.by.todo, 'collab'),
        ]);
        const answers = [ok, back].map((r) => [r.status, r.body.code ?? null]);
        expect(answers.filter(([s]) => s === 200)).toHaveLength(1);
        expect(answers.filter(([s]) => s !== 200)).toEqual([[422, 'workflow-transition-invalid']]);
        const winner = ok.status === 200 ? flow.by.ok : flow.by.todo;
        expect((await statusOf(doc)).status?.id).toBe(winner);
        const history = await historyOf(doc);
        expect(history.map((l) => l.to.id)).toEqual([winner, flow.by.sent, flow.by.todo]);
        chained(history);
      }
    });

    it('a bulk move racing a single move: all or nothing, the history chained', async () => {
      const flow = await createFlow({ ...PIECES, name: 'Course en lot' });
      const { folder, docs } = await folderWithDocs(20);
      await activate(folder, flow.id);
      const url = `/api/vendors/${world.state.w.alpha.id}/nodes/status`;
      const [bulk, single] = await Promise.all([
        call('POST', url, 'admin', {
          nodes: docs.map((id) => ({ type: 'document', id })),
          status_id: flow.by.sent,
        }),
        move(docs[10]!, flow.by.sent, 'client'),
      ]);
      expect([bulk.status, single.status]).toEqual([200, 200]);
      for (const doc of docs) {
        expect((await statusOf(doc)).status?.id).toBe(flow.by.sent);
        const history = await historyOf(doc);
        expect(history.map((l) => l.to.id)).toEqual([flow.by.sent, flow.by.todo]);
        chained(history);
      }
    });
  },
);
