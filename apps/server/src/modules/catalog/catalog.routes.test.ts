import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTaskWorld, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let w: TaskWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
}, 60_000);
afterAll(() => t.close());

const en = { 'accept-language': 'en' };
const base = (firmId = w.firm.id) => `/api/accounting-firms/${firmId}/catalog`;
type Who = keyof TaskWorld['tokens'];
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
  who: Who = 'admin',
) => t.request({ method, url: `${base()}${path}`, token: w.tokens[who], payload, headers: en });
const created = async (path: string, payload: object) => {
  const res = await call('POST', path, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number } & Record<string, unknown>;
};

const service = (categoryId: number, extra: object = {}) => ({
  category_id: categoryId,
  title: 'TVA mensuelle CA3',
  unit_price_cents: 9000,
  unit: 'declaration',
  ...extra,
});

describe('catalogue categories', () => {
  it('are created last by default, listed by position, renamed, and their names are unique', async () => {
    const fiscal = await created('/categories', { name: 'Fiscal', description: 'Déclarations' });
    const social = await created('/categories', { name: 'Social' });
    expect(fiscal).toMatchObject({ name: 'Fiscal', description: 'Déclarations', service_count: 0 });
    expect((social.position as number) > (fiscal.position as number)).toBe(true);
    const moved = await call('PATCH', `/categories/${social.id}`, { position: 0 });
    expect(moved.status).toBe(200);
    await call('PATCH', `/categories/${fiscal.id}`, { position: 1 });
    const list = await call('GET', '/categories', undefined, 'collab');
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Social', 'Fiscal']);

    const dup = await call('POST', '/categories', { name: 'fiscal' });
    expect(dup.status).toBe(422);
    expect(dup.body).toMatchObject({
      code: 'category-name-already-used',
      errors: { name: [expect.any(String)] },
    });
    const empty = await call('POST', '/categories', { name: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toBeDefined();
    const renamedOnto = await call('PATCH', `/categories/${social.id}`, { name: 'FISCAL' });
    expect(renamedOnto.body.code).toBe('category-name-already-used');
    const unknown = await call('POST', '/categories', { name: 'X', colour: 'red' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.colour).toEqual(['Unknown field.']);
  });

  it('a category with services is not deleted (409); an empty one is', async () => {
    const cat = await created('/categories', { name: 'Juridique' });
    const svc = await created('/services', service(cat.id, { title: 'Approbation des comptes' }));
    const refused = await call('DELETE', `/categories/${cat.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('category-not-empty');
    expect((await call('DELETE', `/services/${svc.id}`)).status).toBe(200);
    expect((await call('DELETE', `/categories/${cat.id}`)).status).toBe(200);
    expect((await call('GET', `/categories/${cat.id}`)).status).toBe(404);
  });
});

describe('catalogue services', () => {
  let cat: number;
  beforeAll(async () => {
    cat = (await created('/categories', { name: 'Comptabilité' })).id;
  });

  it('are created with the defaults and every field, read back, searched and archived', async () => {
    const minimal = await created(
      '/services',
      service(cat, { title: 'Tenue mensuelle', reference: 'CPT-1' }),
    );
    expect(minimal).toMatchObject({
      quantity: 1,
      vat_rate: 20,
      visibility: 'public',
      frequency: 'none',
      due_rule: { kind: 'first_due_date', day: null, days: null },
      lead_days: 0,
      tasks: [],
      archived: false,
      currency: 'EUR',
      total_price_cents: 9000,
    });
    const full = await created(
      '/services',
      service(cat, {
        title: 'Bilan et liasse',
        reference: 'FIS-BIL',
        abbreviation: 'BIL',
        deliverable: 'Liasse fiscale',
        unit_price_cents: 120000,
        unit: 'unit',
        quantity: 2,
        vat_rate: 5.5,
        duration_value: 1,
        duration_unit: 'year',
        time_allocation_minutes: 600,
        commercial_description: 'Vos comptes annuels',
        contractual_description: 'Le cabinet établit les comptes annuels.',
        visibility: 'private',
        frequency: 'year',
        due_rule: { kind: 'after_closing', days: 90 },
        lead_days: 30,
        tasks: [
          { key: 'collect', title: 'Collecter', offset_days: -30 },
          {
            key: 'review',
            title: 'Réviser',
            offset_days: -10,
            depends_on: ['collect'],
            assignee: 'collaborators',
          },
          { key: 'file', title: 'Déposer', offset_days: 0, depends_on: ['review'] },
        ],
      }),
    );
    expect(full).toMatchObject({
      total_price_cents: 240000,
      vat_rate: 5.5,
      due_rule: { kind: 'after_closing', days: 90 },
    });
    const read = await call('GET', `/services/${full.id}`, undefined, 'collab');
    expect(read.status).toBe(200);
    expect(read.body.data.tasks).toEqual([
      {
        key: 'collect',
        title: 'Collecter',
        offset_days: -30,
        assignee: 'manager',
        parent_key: null,
        depends_on: [],
      },
      {
        key: 'review',
        title: 'Réviser',
        offset_days: -10,
        assignee: 'collaborators',
        parent_key: null,
        depends_on: ['collect'],
      },
      {
        key: 'file',
        title: 'Déposer',
        offset_days: 0,
        assignee: 'manager',
        parent_key: null,
        depends_on: ['review'],
      },
    ]);

    const search = await call('GET', `/services?search=bil&category_id=${cat}`);
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(search.body.data[0].id).toBe(full.id);

    const archived = await call('PATCH', `/services/${minimal.id}`, {
      archived: true,
      unit_price_cents: 9500,
    });
    expect(archived.body.data).toMatchObject({ archived: true, unit_price_cents: 9500 });
    const all = await call('GET', `/services?category_id=${cat}&per_page=10`);
    // Archived ones last.
    expect(all.body.data.map((s: { id: number }) => s.id)).toEqual([full.id, minimal.id]);
    expect((await call('GET', `/categories/${cat}`)).body.data.service_count).toBe(2);
  });

  it('refuse a taken reference or abbreviation (case-insensitive), on create and change', async () => {
    await created('/services', service(cat, { title: 'Paie', reference: 'SOC-PAIE', abbreviation: 'PAIE' }));
    const ref = await call('POST', '/services', service(cat, { title: 'Paie 2', reference: 'soc-paie' }));
    expect(ref.status).toBe(422);
    expect(ref.body).toMatchObject({
      code: 'catalog-reference-already-used',
      errors: { reference: [expect.any(String)] },
    });
    const abbr = await call('POST', '/services', service(cat, { title: 'Paie 3', abbreviation: 'paie' }));
    expect(abbr.body).toMatchObject({ code: 'catalog-abbreviation-already-used' });
    const other = await created('/services', service(cat, { title: 'Paie 4', abbreviation: 'P4' }));
    const change = await call('PATCH', `/services/${other.id}`, { abbreviation: 'Paie' });
    expect(change.body.code).toBe('catalog-abbreviation-already-used');
  });

  it('refuse bad amounts, quantities, lists, lead days and another firm category, on the field', async () => {
    const cases: [object, string][] = [
      [{ title: '' }, 'title'],
      [{ unit_price_cents: -1 }, 'unit_price_cents'],
      [{ unit_price_cents: 10.5 }, 'unit_price_cents'],
      [{ quantity: 0 }, 'quantity'],
      [{ frequency: 'fortnight' }, 'frequency'],
      [{ unit: 'litre' }, 'unit'],
      [{ duration_unit: 'decade' }, 'duration_unit'],
      [{ due_rule: { kind: 'whenever' } }, 'due_rule.kind'],
      [{ due_rule: { kind: 'day_of_period' } }, 'due_rule.day'],
      [{ lead_days: 367 }, 'lead_days'],
      [{ lead_days: -1 }, 'lead_days'],
      [{ vat_rate: 5.555 }, 'vat_rate'],
    ];
    for (const [extra, field] of cases) {
      const res = await call('POST', '/services', service(cat, extra));
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(extra)).toContain(field);
    }
    const quantity = await call('POST', '/services', service(cat, { quantity: 0 }));
    expect(quantity.body.errors.quantity).toEqual(['The quantity must be at least 1.']);
    const foreign = await t.request({
      method: 'POST',
      url: `${base(w.otherFirm.id)}/categories`,
      token: w.tokens.stranger,
      payload: { name: 'Ailleurs' },
    });
    expect(foreign.status).toBe(201);
    const res = await call('POST', '/services', service(foreign.body.data.id));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'catalog-category-not-found',
      errors: { category_id: [expect.any(String)] },
    });
  });

  it('check the task template: names, unknown tasks, the parent rule, cycles, at most 50', async () => {
    const bad = async (tasks: object[], field: string, code: string) => {
      const res = await call('POST', '/services', service(cat, { title: `T ${Math.random()}`, tasks }));
      expect(res.status, JSON.stringify(tasks)).toBe(422);
      expect(res.body.code).toBe(code);
      expect(Object.keys(res.body.errors)).toContain(field);
    };
    await bad([{ key: 'a', title: '', offset_days: 0 }], 'tasks.0.title', 'validation-failed');
    await bad(
      [
        { key: 'a', title: 'Saisir', offset_days: 0 },
        { key: 'b', title: 'saisir', offset_days: 0 },
      ],
      'tasks.1.title',
      'template-task-name-duplicate',
    );
    await bad(
      [{ key: 'a', title: 'A', offset_days: 0, depends_on: ['zz'] }],
      'tasks.0.depends_on',
      'template-task-unknown',
    );
    await bad(
      [
        { key: 'p', title: 'Parent', offset_days: 0, depends_on: ['x'] },
        { key: 'c', title: 'Enfant', offset_days: 0, parent_key: 'p' },
        { key: 'x', title: 'Autre', offset_days: 0 },
      ],
      'tasks.0.depends_on',
      'task-parent-cannot-depend',
    );
    await bad(
      [
        { key: 'a', title: 'A', offset_days: 0, depends_on: ['c'] },
        { key: 'b', title: 'B', offset_days: 0, depends_on: ['a'] },
        { key: 'c', title: 'C', offset_days: 0, depends_on: ['b'] },
      ],
      'tasks.0.depends_on',
      'task-dependency-cycle',
    );
    const many = Array.from({ length: 51 }, (_, i) => ({ key: `t${i}`, title: `T${i}`, offset_days: 0 }));
    await bad(many, 'tasks', 'validation-failed');
    // A sub-task may depend on a sibling; its parent receives nothing.
    await created(
      '/services',
      service(cat, {
        title: 'Avec sous-tâches',
        tasks: [
          { key: 'p', title: 'Parent', offset_days: 0 },
          { key: 'c1', title: 'Un', offset_days: 0, parent_key: 'p' },
          { key: 'c2', title: 'Deux', offset_days: 0, parent_key: 'p', depends_on: ['c1'] },
        ],
      }),
    );
  });
});

describe('catalogue offers', () => {
  it('bundle services with own prices, a package price or the sum; refuse bad services', async () => {
    const cat = (await created('/categories', { name: 'Packs' })).id;
    const a = await created('/services', service(cat, { title: 'Offre A', unit_price_cents: 1000 }));
    const b = await created(
      '/services',
      service(cat, { title: 'Offre B', unit_price_cents: 500, quantity: 3 }),
    );
    const offer = await created('/offers', {
      name: 'Pack TPE',
      category_ids: [cat],
      services: [
        { service_id: a.id, quantity: 12 },
        { service_id: b.id, quantity: 2, unit_price_cents: 400 },
      ],
      duration_value: 1,
      duration_unit: 'year',
    });
    expect(offer).toMatchObject({
      name: 'Pack TPE',
      category_ids: [cat],
      price_cents: null,
      total_price_cents: 12 * 1000 + 2 * 400,
      visibility: 'public',
      services: [
        {
          service_id: a.id,
          title: 'Offre A',
          quantity: 12,
          unit_price_cents: null,
          effective_unit_price_cents: 1000,
        },
        { service_id: b.id, quantity: 2, unit_price_cents: 400, effective_unit_price_cents: 400 },
      ],
    });
    const packaged = await call('PATCH', `/offers/${offer.id}`, {
      price_cents: 11000,
      services: [{ service_id: a.id }],
    });
    expect(packaged.body.data).toMatchObject({
      total_price_cents: 11000,
      services: [{ service_id: a.id, quantity: 1 }],
    });

    const listed = await call('GET', '/offers?search=tpe', undefined, 'collab');
    expect(listed.body).toMatchObject({ total: 1, data: [{ id: offer.id }] });

    const dup = await call('POST', '/offers', { name: 'pack tpe', services: [{ service_id: a.id }] });
    expect(dup.body).toMatchObject({
      code: 'offer-name-already-used',
      errors: { name: [expect.any(String)] },
    });
    const none = await call('POST', '/offers', { name: 'Vide', services: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.services).toEqual(['An offer holds at least one service.']);
    const twice = await call('POST', '/offers', {
      name: 'Deux fois',
      services: [{ service_id: a.id }, { service_id: a.id }],
    });
    expect(twice.body.errors['services.1.service_id']).toBeDefined();

    const foreignCat = await t.request({
      method: 'POST',
      url: `${base(w.otherFirm.id)}/categories`,
      token: w.tokens.stranger,
      payload: { name: 'Étranger' },
    });
    const foreignSvc = await t.request({
      method: 'POST',
      url: `${base(w.otherFirm.id)}/services`,
      token: w.tokens.stranger,
      payload: service(foreignCat.body.data.id, { title: 'Étranger' }),
    });
    expect(foreignSvc.status).toBe(201);
    const other = await call('POST', '/offers', {
      name: 'Mélange',
      services: [{ service_id: foreignSvc.body.data.id }],
    });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 'catalog-service-not-found',
      errors: { 'services.0.service_id': [expect.any(String)] },
    });
    const otherCat = await call('POST', '/offers', {
      name: 'Mélange 2',
      category_ids: [foreignCat.body.data.id],
      services: [{ service_id: a.id }],
    });
    expect(otherCat.body.errors.category_ids).toBeDefined();
    expect((await call('GET', '/offers?search=M%C3%A9lange')).body.total).toBe(0);

    // A service in an offer is not deleted; archived, it stays in the offer but enters no other.
    const inUse = await call('DELETE', `/services/${a.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('service-in-use');
    await call('PATCH', `/services/${a.id}`, { archived: true });
    expect(
      (await call('PATCH', `/offers/${offer.id}`, { services: [{ service_id: a.id, quantity: 2 }] })).status,
    ).toBe(200);
    const archivedIn = await call('POST', '/offers', { name: 'Archivée', services: [{ service_id: a.id }] });
    expect(archivedIn.body.errors['services.0.service_id']).toBeDefined();

    expect((await call('DELETE', `/offers/${offer.id}`)).status).toBe(200);
    expect((await call('GET', `/offers/${offer.id}`)).status).toBe(404);
    expect((await call('DELETE', `/services/${a.id}`)).status).toBe(200);
  });
});

describe('catalogue rights and tenancy', () => {
  it('collaborators read but do not write; clients and other firms see nothing', async () => {
    const cat = await created('/categories', { name: 'Droits' });
    const svc = await created('/services', service(cat.id, { title: 'Droits' }));
    for (const [method, path, payload] of [
      ['POST', '/categories', { name: 'Non' }],
      ['PATCH', `/categories/${cat.id}`, { name: 'Non' }],
      ['DELETE', `/categories/${cat.id}`],
      ['POST', '/services', service(cat.id, { title: 'Non' })],
      ['PATCH', `/services/${svc.id}`, { title: 'Non' }],
      ['DELETE', `/services/${svc.id}`],
      ['POST', '/offers', { name: 'Non', services: [{ service_id: svc.id }] }],
    ] as const) {
      const res = await call(method, path, payload, 'collab');
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // Client users have no role in the firm itself: it is unknown to them.
    for (const who of ['client', 'guest'] as const) {
      expect((await call('GET', '/categories', undefined, who)).status).toBe(404);
      expect((await call('GET', '/services', undefined, who)).status).toBe(404);
    }
    // Another firm's administrator: this firm's ids under their firm answer 404, this firm 403.
    const theirs = (path: string, method: 'GET' | 'PATCH' | 'DELETE' = 'GET', payload?: object) =>
      t.request({ method, url: `${base(w.otherFirm.id)}${path}`, token: w.tokens.stranger, payload });
    expect((await theirs(`/categories/${cat.id}`)).status).toBe(404);
    expect((await theirs(`/services/${svc.id}`)).status).toBe(404);
    expect((await theirs(`/services/${svc.id}`, 'PATCH', { title: 'Volé' })).status).toBe(404);
    expect((await theirs(`/services/${svc.id}`, 'DELETE')).status).toBe(404);
    expect((await theirs(`/categories/${cat.id}`, 'DELETE')).status).toBe(404);
    const mine = await t.request({ method: 'GET', url: `${base()}/categories`, token: w.tokens.stranger });
    expect([403, 404]).toContain(mine.status);
    expect((await call('GET', `/services/${svc.id}`)).body.data.title).toBe('Droits');
  });
});
