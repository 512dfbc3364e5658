import { MESSAGES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, upload } from '../../../test/documents';
import { buildTaskWorld, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createFolders } from '../documents/tree/tree.service';
import { fanOut } from './notifications.repository';

let t: TestApp;
let w: TaskWorld;
let folder = 0;
type Who = keyof TaskWorld['tokens'];

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
  for (const v of [w.alpha, w.beta]) await createFolders(t.database.db, v);
  const root = (await call('GET', `/api/vendors/${w.alpha.id}/folders`, 'collab')).body.data[0].id;
  folder = (
    await call('POST', `/api/vendors/${w.alpha.id}/folders`, 'collab', { name: 'Intake', parent_id: root })
  ).body.data.id;
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) {
  return t.request({ method, url, token: w.tokens[who], ...(payload ? { payload } : {}) });
}

/** Uploads a file to Alpha's intake folder as `who`, then runs the fan-out. */
async function uploadAs(who: Who, name: string) {
  const docs = { t, tokens: w.tokens, vendor: w.alpha.id } as unknown as DocsWorld;
  const res = await upload(docs, folder, name, Buffer.from(`content of ${name}`), {
    who: who as keyof DocsWorld['tokens'],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await t.jobs.drain();
  return res.body.data.id as number;
}

/** Who holds an item about this subject (of this kind). */
async function reached(kind: string, subjectId: number): Promise<Who[]> {
  const out: Who[] = [];
  for (const who of Object.keys(w.tokens) as Who[]) {
    const res = await call('GET', '/api/users/me/notifications?per_page=100', who);
    expect(res.status).toBe(200);
    if (
      res.body.data.some(
        (n: { kind: string; subject: { id: number } }) => n.kind === kind && n.subject.id === subjectId,
      )
    )
      out.push(who);
  }
  return out.sort();
}

describe('who is told', () => {
  it("a client's upload reaches the file's assigned members and its other client users, not the actor nor anyone else", async () => {
    const id = await uploadAs('client', 'facture-mars.pdf');
    expect(await reached('document.created', id)).toEqual(['collab', 'guest', 'readonly']);
    const res = await call('GET', '/api/users/me/notifications', 'collab');
    const item = res.body.data.find((n: { subject: { id: number } }) => n.subject.id === id);
    expect(item).toMatchObject({
      kind: 'document.created',
      family: 'documents',
      accounting_firm_id: w.firm.id,
      vendor_id: w.alpha.id,
      vendor_name: 'Alpha SARL',
      actor: { id: w.people.client.id },
      subject: { type: 'document', id, name: 'facture-mars.pdf' },
      read_at: null,
    });
    expect(item.link).toMatch(/^\/viewer\/[0-9a-f]+\/[0-9a-f]+\/[0-9a-f]+$/);
  });

  it('a firm member with every client file follows none until they choose (scope all, or chosen files)', async () => {
    expect(
      (await call('PUT', '/api/users/me/notification-preferences', 'admin', { scope: 'all' })).status,
    ).toBe(200);
    const chosen = await call('PUT', '/api/users/me/notification-preferences', 'allFiles', {
      scope: 'chosen',
      vendor_ids: [w.alpha.id],
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ scope: 'chosen', vendor_ids: [w.alpha.id] });
    const id = await uploadAs('client', 'releve.pdf');
    expect(await reached('document.created', id)).toEqual([
      'admin',
      'allFiles',
      'collab',
      'guest',
      'readonly',
    ]);
  });

  it('in-app off for a kind: no item', async () => {
    const off = await call('PUT', '/api/users/me/notification-preferences', 'guest', {
      kinds: [{ kind: 'document.created', in_app: false, mail: 'never' }],
    });
    expect(off.status).toBe(200);
    const kind = off.body.data.kinds.find((k: { kind: string }) => k.kind === 'document.created');
    expect(kind).toMatchObject({ in_app: false, mail: 'never' });
    const id = await uploadAs('collab', 'bilan.pdf');
    expect(await reached('document.created', id)).toEqual(['admin', 'allFiles', 'client', 'readonly']);
  });

  it('an internal task is never told to a client user; a shared one to its members', async () => {
    const internal = await call('POST', '/api/tasks', 'collab', {
      title: 'Révision interne',
      type: 'internal',
      status: 'to_do',
      vendor_id: w.alpha.id,
      member_ids: [w.people.unassigned.id],
    });
    expect(internal.status, JSON.stringify(internal.body)).toBe(201);
    await t.jobs.drain();
    expect(await reached('task.created', internal.body.data.id)).toEqual([
      'admin',
      'allFiles',
      'readonly',
      'unassigned',
    ]);
    const shared = await call('POST', '/api/tasks', 'collab', {
      title: 'Pièces manquantes',
      type: 'firm_task',
      status: 'to_do',
      vendor_id: w.alpha.id,
      member_ids: [w.people.client.id],
    });
    expect(shared.status).toBe(201);
    const id = shared.body.data.id as number;
    await t.jobs.drain();
    expect(await reached('task.created', id)).toEqual(['admin', 'allFiles', 'client', 'readonly']);
    const done = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      token: w.tokens.client,
      payload: { status: 'done' },
    });
    if (done.status === 200) {
      await t.jobs.drain();
      expect(await reached('task.done', id)).toEqual(['admin', 'allFiles', 'collab', 'readonly']);
    }
    expect((await call('DELETE', `/api/tasks/${id}`, 'collab')).status).toBe(200);
    await t.jobs.drain();
    expect(await reached('task.deleted', id)).toEqual(['admin', 'allFiles', 'client', 'readonly']);
  });

  it('a retried fan-out never doubles an item', async () => {
    const id = await uploadAs('client', 'double.pdf');
    const result = await t.database.db.execute(
      sql`select id from notification_events where subject_id = ${id} and kind = 'document.created'`,
    );
    const [row] = (result as unknown as { rows: { id: number }[] }).rows;
    expect(await fanOut(t.database.db, Number(row!.id))).toBe(0);
    expect(await reached('document.created', id)).toEqual(['admin', 'allFiles', 'collab', 'readonly']);
  });
});

describe('reading the bell', () => {
  it('counts unread with an ETag (304 while unchanged), marks one read, all read, deletes one', async () => {
    const first = await call('GET', '/api/users/me/notifications/unread-count', 'readonly');
    expect(first.status).toBe(200);
    const unread = first.body.data.unread as number;
    expect(unread).toBeGreaterThan(1);
    const etag = first.headers.etag as string;
    const again = await t.request({
      method: 'GET',
      url: '/api/users/me/notifications/unread-count',
      token: w.tokens.readonly,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const list = (await call('GET', '/api/users/me/notifications?unread=true', 'readonly')).body;
    expect(list.total).toBe(unread);
    const one = list.data[0].id as number;
    expect((await call('POST', `/api/users/me/notifications/${one}/read`, 'readonly')).status).toBe(200);
    const after = await t.request({
      method: 'GET',
      url: '/api/users/me/notifications/unread-count',
      token: w.tokens.readonly,
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.body.data.unread).toBe(unread - 1);
    const foreign = await call(
      'GET',
      `/api/users/me/notifications?accounting_firm_id=${w.otherFirm.id}`,
      'readonly',
    );
    expect(foreign.status).toBe(422);
    const tasks = await call('GET', '/api/users/me/notifications?family=tasks', 'readonly');
    expect(tasks.body.data.every((n: { family: string }) => n.family === 'tasks')).toBe(true);
    const all = await call('POST', '/api/users/me/notifications/read', 'readonly', {});
    expect(all.body.data.marked).toBe(unread - 1);
    expect((await call('GET', '/api/users/me/notifications/unread-count', 'readonly')).body.data.unread).toBe(
      0,
    );
    expect((await call('DELETE', `/api/users/me/notifications/${one}`, 'readonly')).status).toBe(200);
    expect((await call('DELETE', `/api/users/me/notifications/${one}`, 'readonly')).status).toBe(404);
  });

  it("another person's notification answers 404, whoever asks", async () => {
    const mine = (await call('GET', '/api/users/me/notifications', 'collab')).body.data[0].id as number;
    for (const who of ['admin', 'stranger', 'client'] as Who[]) {
      expect((await call('POST', `/api/users/me/notifications/${mine}/read`, who)).status).toBe(404);
      expect((await call('DELETE', `/api/users/me/notifications/${mine}`, who)).status).toBe(404);
    }
    const still = (await call('GET', '/api/users/me/notifications', 'collab')).body.data[0];
    expect(still).toMatchObject({ id: mine, read_at: null });
  });
});

describe('preferences', () => {
  it('default to in-app on, the firm member mails by kind, 07:00 Europe/Paris', async () => {
    const res = await call('GET', '/api/users/me/notification-preferences', 'unassigned');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      scope: 'assigned',
      vendor_ids: [],
      digest_hour: 7,
      time_zone: 'Europe/Paris',
    });
    const byKind = Object.fromEntries(res.body.data.kinds.map((k: { kind: string }) => [k.kind, k]));
    expect(byKind['document.created']).toMatchObject({ in_app: true, mail: 'daily', family: 'documents' });
    expect(byKind['security.password_changed']).toMatchObject({ in_app: true, mandatory: true });
    const client = await call('GET', '/api/users/me/notification-preferences', 'betaClient');
    const clientKind = client.body.data.kinds.find((k: { kind: string }) => k.kind === 'document.created');
    expect(clientKind.mail).toBe('instantly');
  });

  it('refuse bad input with 422 on the field, changing nothing', async () => {
    const cases: [
      object,
      string,
      ('notification-kind-mandatory' | 'unknown-notification-kind' | 'unknown-time-zone')?,
    ][] = [
      [
        { kinds: [{ kind: 'security.password_changed', in_app: false, mail: 'never' }] },
        'kinds',
        'notification-kind-mandatory',
      ],
      [
        { kinds: [{ kind: 'nope.nothing', in_app: true, mail: 'never' }] },
        'kinds',
        'unknown-notification-kind',
      ],
      [{ kinds: [{ kind: 'task.created', in_app: true, mail: 'hourly' }] }, 'kinds'],
      [{ digest_hour: 24 }, 'digest_hour'],
      [{ digest_hour: -1 }, 'digest_hour'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', 'unknown-time-zone'],
      [{ scope: 'everyone' }, 'scope'],
      [{ vendor_ids: [w.otherVendor.id] }, 'vendor_ids'],
      [{ vendor_ids: [w.beta.id] }, 'vendor_ids'],
      [{ surprise: true }, ''],
    ];
    for (const [payload, field, code] of cases) {
      const res = await call('PUT', '/api/users/me/notification-preferences', 'collab', payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      const text = JSON.stringify(res.body);
      expect(text).toContain(field);
      if (code) expect(text).toContain(MESSAGES.fr[code]);
    }
    const res = await call('GET', '/api/users/me/notification-preferences', 'collab');
    expect(res.body.data).toMatchObject({ scope: 'assigned', digest_hour: 7, vendor_ids: [] });
  });

  it('keep the kinds not sent, and reset to the defaults', async () => {
    await call('PUT', '/api/users/me/notification-preferences', 'collab', {
      kinds: [{ kind: 'task.updated', in_app: false, mail: 'weekly' }],
      digest_hour: 18,
      time_zone: 'America/Sao_Paulo',
    });
    const res = await call('PUT', '/api/users/me/notification-preferences', 'collab', {
      kinds: [{ kind: 'task.created', in_app: true, mail: 'daily' }],
    });
    const byKind = Object.fromEntries(res.body.data.kinds.map((k: { kind: string }) => [k.kind, k]));
    expect(byKind['task.updated']).toMatchObject({ in_app: false, mail: 'weekly' });
    expect(byKind['task.created']).toMatchObject({ in_app: true, mail: 'daily' });
    expect(res.body.data).toMatchObject({ digest_hour: 18, time_zone: 'America/Sao_Paulo' });
    const reset = await call('PUT', '/api/users/me/notification-preferences', 'collab', { reset: true });
    expect(reset.body.data).toMatchObject({ digest_hour: 7, time_zone: 'Europe/Paris', scope: 'assigned' });
    expect(reset.body.data.kinds.every((k: { in_app: boolean }) => k.in_app)).toBe(true);
  });
});
