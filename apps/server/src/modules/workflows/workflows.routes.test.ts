import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskWorld } from '../../../test/task-world';
import { PIECES, type Status, workflowsWorld } from '../../../test/workflows-world';
import { accountingFirms } from '../../db/schema';

const world = workflowsWorld();
const { call, createFlow } = world;
let w: TaskWorld;
beforeAll(() => {
  ({ w } = world.state);
});

describe('workflows: configuration', () => {
  it('creates a client file workflow with statuses in order, the first initial, and its transitions', async () => {
    const { body } = await createFlow({ ...PIECES, name: 'Création' });
    expect(body).toMatchObject({
      vendor_id: w.alpha.id,
      sharing: 'shared',
      is_active: true,
      folder_count: 0,
    });
    expect(
      body.statuses.map((s: Status & { position: number; is_initial: boolean }) => [
        s.key,
        s.position,
        s.is_initial,
      ]),
    ).toEqual([
      ['todo', 0, true],
      ['sent', 1, false],
      ['ok', 2, false],
    ]);
    expect(body.statuses[0].colour).toBe('#f57c00');
    expect(body.transitions).toHaveLength(3);
    expect(body.transitions[0]).toMatchObject({ from: 'todo', to: 'sent', movers: ['firm', 'client'] });
  });

  it('defaults to neighbour transitions by anyone who may write', async () => {
    const { body } = await createFlow({ name: 'Voisins', statuses: PIECES.statuses });
    expect(body.transitions.map((x: { from: string; to: string }) => `${x.from}>${x.to}`).sort()).toEqual(
      ['ok>sent', 'sent>ok', 'sent>todo', 'todo>sent'].sort(),
    );
  });

  it.each([
    ['an empty name', { ...PIECES, name: '' }, 'validation-failed', 'name'],
    ['a 101-character name', { ...PIECES, name: 'x'.repeat(101) }, 'validation-failed', 'name'],
    ['no status', { name: 'A', statuses: [] }, 'workflow-needs-a-status', 'statuses'],
    [
      '31 statuses',
      { name: 'A', statuses: Array.from({ length: 31 }, (_, i) => ({ key: `s${i}`, name: `S${i}` })) },
      'validation-failed',
      'statuses',
    ],
    [
      'two statuses of one name',
      {
        name: 'A',
        statuses: [
          { key: 'a', name: 'Un' },
          { key: 'b', name: 'UN' },
        ],
      },
      'workflow-status-name-duplicate',
      'statuses.1.name',
    ],
    [
      'two statuses of one key',
      {
        name: 'A',
        statuses: [
          { key: 'a', name: 'Un' },
          { key: 'a', name: 'Deux' },
        ],
      },
      'workflow-status-key-duplicate',
      'statuses.1.key',
    ],
    [
      'a transition to an unknown key',
      { ...PIECES, transitions: [{ from: 'todo', to: 'nope', movers: ['firm'] }] },
      'workflow-transition-invalid',
      'transitions.0',
    ],
    [
      'a transition to itself',
      { ...PIECES, transitions: [{ from: 'todo', to: 'todo', movers: ['firm'] }] },
      'workflow-transition-invalid',
      'transitions.0',
    ],
    [
      'a transition twice',
      {
        ...PIECES,
        transitions: [
          { from: 'todo', to: 'sent', movers: ['firm'] },
          { from: 'todo', to: 'sent', movers: ['client'] },
        ],
      },
      'workflow-transition-invalid',
      'transitions.1',
    ],
    ['an unknown sharing', { ...PIECES, sharing: 'everyone' }, 'validation-failed', 'sharing'],
    [
      'unknown movers',
      { ...PIECES, transitions: [{ from: 'todo', to: 'sent', movers: ['robot'] }] },
      'validation-failed',
      'transitions.0.movers.0',
    ],
    ['an unknown field', { ...PIECES, colour: '#000000' }, 'validation-failed', undefined],
  ])('refuses %s (422)', async (_label, body, code, field) => {
    const res = await call('POST', `/api/vendors/${w.alpha.id}/workflows`, 'admin', body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe(code);
    if (field) expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('refuses a person outside the client file, a taken name, and private_vendor on a firm workflow', async () => {
    const outsider = await call('POST', `/api/vendors/${w.alpha.id}/workflows`, 'admin', {
      ...PIECES,
      name: 'Nommés',
      transitions: [{ from: 'todo', to: 'sent', movers: ['client'], user_ids: [w.people.betaClient.id] }],
    });
    expect(outsider.status).toBe(422);
    expect(outsider.body.code).toBe('workflow-user-unknown');
    expect(outsider.body.errors).toHaveProperty(['transitions.0.user_ids.0']);

    await createFlow({ ...PIECES, name: 'Unique' });
    const taken = await call('POST', `/api/vendors/${w.alpha.id}/workflows`, 'admin', {
      ...PIECES,
      name: 'UNIQUE',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe('workflow-name-already-used');
    // Another owner may use the name.
    expect(
      (await call('POST', `/api/vendors/${w.beta.id}/workflows`, 'admin', { ...PIECES, name: 'Unique' }))
        .status,
    ).toBe(201);

    const firm = await call('POST', `/api/accounting-firms/${w.firm.id}/workflows`, 'admin', {
      ...PIECES,
      sharing: 'private_vendor',
    });
    expect(firm.status).toBe(422);
    expect(firm.body.code).toBe('workflow-private-vendor-on-firm');
  });

  it('lets firm administrators and the client administrator configure, nobody else; not an accountant firm’s client', async () => {
    expect(
      (await call('POST', `/api/vendors/${w.alpha.id}/workflows`, 'collab', { ...PIECES, name: 'C1' }))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', `/api/vendors/${w.alpha.id}/workflows`, 'guest', { ...PIECES, name: 'C2' })).status,
    ).toBe(403);
    expect(
      (await call('POST', `/api/vendors/${w.alpha.id}/workflows`, 'clientCollab', { ...PIECES, name: 'C3' }))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', `/api/vendors/${w.alpha.id}/workflows`, 'stranger', { ...PIECES, name: 'C4' }))
        .status,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/accounting-firms/${w.firm.id}/workflows`, 'collab', {
          ...PIECES,
          name: 'C5',
        })
      ).status,
    ).toBe(403);
    await createFlow({ ...PIECES, name: 'Par le client' }, w.alpha.id, 'client');
    await w.db.update(accountingFirms).set({ isAccountant: true }).where(eq(accountingFirms.id, w.firm.id));
    try {
      expect(
        (await call('POST', `/api/vendors/${w.alpha.id}/workflows`, 'client', { ...PIECES, name: 'C6' }))
          .status,
      ).toBe(403);
      await createFlow({ ...PIECES, name: 'C6' });
    } finally {
      await w.db
        .update(accountingFirms)
        .set({ isAccountant: false })
        .where(eq(accountingFirms.id, w.firm.id));
    }
  });

  it('answers 404 for another firm’s or client file’s workflow, whoever asks', async () => {
    const beta = await createFlow({ ...PIECES, name: 'De Beta' }, w.beta.id);
    expect((await call('GET', `/api/vendors/${w.alpha.id}/workflows/${beta.id}`)).status).toBe(404);
    expect(
      (await call('PATCH', `/api/vendors/${w.alpha.id}/workflows/${beta.id}`, 'admin', { name: 'x' })).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/vendors/${w.alpha.id}/workflows/${beta.id}`)).status).toBe(404);
    expect((await call('GET', `/api/accounting-firms/${w.firm.id}/workflows/${beta.id}`)).status).toBe(404);
    expect(
      (await call('GET', `/api/accounting-firms/${w.otherFirm.id}/workflows/${beta.id}`, 'stranger')).status,
    ).toBe(404);
    expect((await call('GET', `/api/vendors/${w.beta.id}/workflows/${beta.id}`, 'stranger')).status).toBe(
      404,
    );
  });

  it('lists the client file’s and the firm’s workflows, searched', async () => {
    const firm = await call('POST', `/api/accounting-firms/${w.firm.id}/workflows`, 'admin', {
      ...PIECES,
      name: 'Cabinet commun',
    });
    expect(firm.status, JSON.stringify(firm.body)).toBe(201);
    const listed = await call(
      'GET',
      `/api/vendors/${w.alpha.id}/workflows?search=commun&with_statuses=true`,
      'client',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { name: string }) => x.name)).toEqual(['Cabinet commun']);
    expect(listed.body.data[0].statuses).toHaveLength(3);
    const firmList = await call('GET', `/api/accounting-firms/${w.firm.id}/workflows`, 'collab');
    expect(firmList.body.data.map((x: { name: string }) => x.name)).toContain('Cabinet commun');
    // A firm workflow is changed on the firm's route only.
    expect(
      (
        await call('PATCH', `/api/vendors/${w.alpha.id}/workflows/${firm.body.data.id}`, 'admin', {
          name: 'x',
        })
      ).status,
    ).toBe(404);
    const people = await call('GET', `/api/accounting-firms/${w.firm.id}/vendors/${w.alpha.id}/users`);
    expect(people.status).toBe(200);
    const ids = people.body.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([w.people.admin.id, w.people.collab.id, w.people.client.id]));
    expect(ids).not.toContain(w.people.betaClient.id);
    expect(ids).not.toContain(w.people.unassigned.id);
  });
});
