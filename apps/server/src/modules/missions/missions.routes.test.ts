import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTaskWorld, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { vendors } from '../../db/schema';

let t: TestApp;
let w: TaskWorld;
let vat: number;
let annual: number;
let otherService: number;

const en = { 'accept-language': 'en' };
type Who = keyof TaskWorld['tokens'];
const req = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  who: Who = 'admin',
) => t.request({ method, url, token: w.tokens[who], payload, headers: en });
const missions = (vendorId = w.alpha.id) => `/api/vendors/${vendorId}/missions`;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
  await w.db
    .update(vendors)
    .set({ fiscal: { tva_due_day: 19 }, closingDate: '2025-12-31' })
    .where(eq(vendors.id, w.alpha.id));
  const catalog = `/api/accounting-firms/${w.firm.id}/catalog`;
  const cat = await req('POST', `${catalog}/categories`, { name: 'Fiscal' });
  const svc = await req('POST', `${catalog}/services`, {
    category_id: cat.body.data.id,
    title: 'TVA mensuelle',
    unit_price_cents: 9000,
    unit: 'declaration',
    frequency: 'month',
    due_rule: { kind: 'vat_due_day' },
    tasks: [
      { key: 'collect', title: 'Collecter les pièces', offset_days: -10 },
      { key: 'file', title: 'Déposer la CA3', offset_days: 0, depends_on: ['collect'] },
    ],
  });
  expect(svc.status, JSON.stringify(svc.body)).toBe(201);
  vat = svc.body.data.id;
  const bilan = await req('POST', `${catalog}/services`, {
    category_id: cat.body.data.id,
    title: 'Bilan et liasse',
    unit_price_cents: 150000,
    unit: 'unit',
    frequency: 'year',
    due_rule: { kind: 'after_closing', days: 120 },
  });
  annual = bilan.body.data.id;
  const otherCatalog = `/api/accounting-firms/${w.otherFirm.id}/catalog`;
  const oc = await req('POST', `${otherCatalog}/categories`, { name: 'Autre' }, 'stranger');
  const os = await req(
    'POST',
    `${otherCatalog}/services`,
    { category_id: oc.body.data.id, title: 'Autre', unit_price_cents: 1, unit: 'unit' },
    'stranger',
  );
  otherService = os.body.data.id;
}, 60_000);
afterAll(() => t.close());

const body = (extra: object = {}) => ({
  name: 'Mission 2025',
  reference: 'M-2025',
  start_date: '2025-01-01',
  end_date: '2025-12-31',
  services: [{ service_id: vat, quantity: 1 }],
  ...extra,
});

describe('missions', () => {
  it('are created not signed, listed by name, read by the client administrator', async () => {
    const res = await req(
      'POST',
      missions(),
      body({ name: 'Zèbre', collaborator_ids: [w.people.collab.id] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'not_signed',
      manager_id: w.people.admin.id,
      collaborator_ids: [w.people.collab.id],
      total_cents: 9000,
      services: [
        { service_id: vat, title: 'TVA mensuelle', start_date: '2025-01-01', end_date: '2025-12-31' },
      ],
      occurrences: [],
    });
    await req('POST', missions(), body({ name: 'Abeille' }), 'collab');
    const list = await req('GET', missions(), undefined, 'client');
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { name: string }) => m.name)).toEqual(['Abeille', 'Zèbre']);
    expect(list.body.per_page).toBe(15);
    const firm = await req('GET', `/api/accounting-firms/${w.firm.id}/missions`, undefined, 'collab');
    expect(firm.status).toBe(200);
    expect(firm.body.total).toBe(2);
  });

  it('refuses bad input with 422 on the field, changing nothing', async () => {
    const cases: [object, string][] = [
      [{ name: ' ' }, 'name'],
      [{ end_date: '2024-12-31' }, 'end_date'],
      [{ recurrences: 100 }, 'recurrences'],
      [{ services: [{ service_id: vat, quantity: 0 }] }, 'services.0.quantity'],
      [{ services: [{ service_id: vat, start_date: '2024-06-01' }] }, 'services.0.start_date'],
      [{ services: [{ service_id: vat, end_date: '2026-06-01' }] }, 'services.0.end_date'],
      [{ services: [{ service_id: otherService }] }, 'services.0.service_id'],
      [{ manager_id: w.people.unassigned.id }, 'manager_id'],
      [{ collaborator_ids: [w.people.stranger.id] }, 'collaborator_ids.0'],
      [{ colour: 'red' }, 'colour'],
    ];
    const before = (await req('GET', missions())).body.total;
    for (const [extra, field] of cases) {
      const res = await req('POST', missions(), body(extra));
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(res.body)).toContain(field);
    }
    const dates = await req(
      'POST',
      missions(),
      body({ services: [{ service_id: vat, start_date: '2024-06-01' }] }),
    );
    expect(dates.body.code).toBe('mission-service-dates');
    expect((await req('GET', missions())).body.total).toBe(before);
  });

  it('answers 404 for another firm, 403 without the right', async () => {
    const m = (await req('POST', missions(), body())).body.data;
    expect((await req('GET', `${missions()}/${m.id}`, undefined, 'stranger')).status).toBe(404);
    expect((await req('GET', `${missions(w.beta.id)}/${m.id}`)).status).toBe(404);
    expect((await req('POST', missions(), body(), 'unassigned')).status).toBe(404);
    expect((await req('POST', missions(), body(), 'readonly')).status).toBe(403);
    expect((await req('POST', missions(), body(), 'client')).status).toBe(403);
    expect((await req('GET', missions(), undefined, 'guest')).status).toBe(403);
    expect((await req('POST', `${missions()}/${m.id}/sign`, {}, 'client')).status).toBe(403);
    expect(
      (await req('GET', `/api/accounting-firms/${w.firm.id}/missions`, undefined, 'stranger')).status,
    ).toBe(404);
  });

  it('generates nothing for a not-signed mission; signing creates the due occurrences once', async () => {
    const m = (await req('POST', missions(), body({ collaborator_ids: [w.people.collab.id] }))).body.data;
    const early = await req('POST', `${missions()}/${m.id}/generate-tasks`);
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('mission-not-signed');
    expect(early.body.message).toBe('Tasks cannot be generated for a not-signed project.');

    const signed = await req('POST', `${missions()}/${m.id}/sign`, {});
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data.status).toBe('signed');
    const occ = signed.body.data.occurrences as {
      due_date: string;
      task_id: number;
      task_title: string;
      subtask_count: number;
    }[];
    // A monthly VAT return over 2025: 12 occurrences on the client file's VAT due day (19th).
    expect(occ).toHaveLength(12);
    expect(occ.map((o) => o.due_date)).toEqual([
      '2025-02-19',
      '2025-03-19',
      '2025-04-19',
      '2025-05-19',
      '2025-06-19',
      '2025-07-19',
      '2025-08-19',
      '2025-09-19',
      '2025-10-19',
      '2025-11-19',
      '2025-12-19',
      '2026-01-19',
    ]);
    expect(occ[2]).toMatchObject({ task_title: 'TVA mensuelle — mars 2025', subtask_count: 2 });

    const task = await req('GET', `/api/tasks/${occ[2]!.task_id}`);
    expect(task.status).toBe(200);
    expect(task.body.data).toMatchObject({ type: 'firm_task', due_date: '2025-04-19', mission_id: m.id });
    expect(task.body.data.member_ids.sort()).toEqual([w.people.admin.id, w.people.collab.id].sort());
    const [collect, file] = task.body.data.subtasks as { id: number; title: string; due_date: string }[];
    expect(collect).toMatchObject({ title: 'Collecter les pièces', due_date: '2025-04-09' });
    const fileTask = await req('GET', `/api/tasks/${file!.id}`);
    expect(fileTask.body.data.depends_on_ids).toEqual([collect!.id]);

    const again = await req('POST', `${missions()}/${m.id}/generate-tasks`);
    expect(again.status).toBe(200);
    expect(again.body.data.created).toBe(0);
    expect(again.body.data.occurrences).toHaveLength(12);
    const twice = await Promise.all([1, 2].map(() => req('POST', `${missions()}/${m.id}/generate-tasks`)));
    expect(twice.map((r) => r.body.data.created)).toEqual([0, 0]);
  });

  it('freezes a signed mission, stops it when done, never deletes it', async () => {
    const m = (await req('POST', missions(), body({ services: [{ service_id: annual }] }))).body.data;
    const signed = await req('POST', `${missions()}/${m.id}/sign`, {});
    // The annual accounts: the closing date (2025-12-31) plus 120 days.
    expect(signed.body.data.occurrences.map((o: { due_date: string }) => o.due_date)).toEqual(['2026-04-30']);
    expect((await req('POST', `${missions()}/${m.id}/sign`, {})).status).toBe(409);
    const frozen = await req('PATCH', `${missions()}/${m.id}`, { services: [{ service_id: vat }] });
    expect(frozen.status).toBe(409);
    expect(frozen.body.code).toBe('mission-signed');
    expect((await req('PATCH', `${missions()}/${m.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await req('DELETE', `${missions()}/${m.id}`)).status).toBe(409);
    const done = await req('PATCH', `${missions()}/${m.id}`, { status: 'done' });
    expect(done.body.data.status).toBe('done');
    const after = await req('POST', `${missions()}/${m.id}/generate-tasks`);
    expect(after.status).toBe(409);
    expect(after.body.code).toBe('mission-done');
  });

  it('changes and deletes a not-signed mission', async () => {
    const m = (await req('POST', missions(), body())).body.data;
    const changed = await req('PATCH', `${missions()}/${m.id}`, {
      services: [{ service_id: vat, quantity: 2, unit_price_cents: 8000 }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.total_cents).toBe(16000);
    expect((await req('DELETE', `${missions()}/${m.id}`)).status).toBe(200);
    expect((await req('GET', `${missions()}/${m.id}`)).status).toBe(404);
  });

  it('keeps a service a mission uses from deletion (409 service-in-use)', async () => {
    const res = await req('DELETE', `/api/accounting-firms/${w.firm.id}/catalog/services/${vat}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('service-in-use');
  });
});
