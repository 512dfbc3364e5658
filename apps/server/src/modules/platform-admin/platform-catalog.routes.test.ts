import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortalsWorld, type PortalsWorld } from '../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { AppContext } from '../../app-context';
import { isFlagOn, publicFlags } from './platform-flags.service';

/** A context reading the flags from the database (the app's own kept flags are checked through `/api/`). */
const afresh = () => ({ db: t.database.db, featureFlags: new Map() }) as unknown as AppContext;

let t: TestApp;
let w: PortalsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPortalsWorld(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  payload?: object,
  who: keyof PortalsWorld['tokens'] = 'superadmin',
) => t.request({ method, url, token: w.tokens[who], payload });

type Module = { id: number; key: string; name: string; is_active: boolean; firm_count: number };
const modules = async (query = '?include_inactive=true') =>
  (await call('GET', `/api/sa/modules${query}`)).body.data as Module[];
const moduleOf = async (key: string) => (await modules()).find((m) => m.key === key)!;
const firmModuleKeys = async (firmId: number) =>
  (
    (await call('GET', `/api/accounting-firms/${firmId}/modules`, undefined, 'expert')).body.data as {
      key: string;
    }[]
  ).map((m) => m.key);

describe('modules', () => {
  it('lists every module with its flags and portal count, and edits one', async () => {
    const tasks = await moduleOf('tasks');
    expect(tasks).toMatchObject({ is_active: true, firm_count: 2 });
    expect(tasks).toHaveProperty('is_home');
    const res = await call('PATCH', `/api/sa/modules/${tasks.id}`, {
      name: 'Tâches et demandes',
      priority: 7,
      is_home: true,
      is_navbar: false,
      is_settings: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Tâches et demandes',
      priority: 7,
      is_home: true,
      is_navbar: false,
      is_settings: true,
    });
  });

  it('an inactive module leaves every navigation at once, and comes back', async () => {
    const tasks = await moduleOf('tasks');
    expect(await firmModuleKeys(w.firms.centre.id)).toContain('tasks');
    expect((await call('PATCH', `/api/sa/modules/${tasks.id}`, { is_active: false })).status).toBe(200);
    expect(await firmModuleKeys(w.firms.centre.id)).not.toContain('tasks');
    expect((await modules('')).map((m) => m.key)).not.toContain('tasks');
    expect((await call('PATCH', `/api/sa/modules/${tasks.id}`, { is_active: true })).status).toBe(200);
    expect(await firmModuleKeys(w.firms.centre.id)).toContain('tasks');
  });

  it('subscribes and unsubscribes portals, seen in the subscriptions and by the portal', async () => {
    const tasks = await moduleOf('tasks');
    const nord = w.firms.nord.id;
    const off = await call('POST', `/api/sa/modules/${tasks.id}/unsubscribe`, {
      accounting_firm_ids: [nord],
    });
    expect(off.status).toBe(200);
    expect(off.body.data.accounting_firm_ids).toEqual([w.firms.centre.id]);
    expect(await firmModuleKeys(nord)).not.toContain('tasks');
    const subs = (await call('GET', '/api/sa/modules/subscriptions')).body.data as {
      key: string;
      accounting_firm_ids: number[];
    }[];
    expect(subs.find((s) => s.key === 'tasks')?.accounting_firm_ids).toEqual([w.firms.centre.id]);
    const on = await call('POST', `/api/sa/modules/${tasks.id}/subscribe`, {
      accounting_firm_ids: [nord, nord, w.firms.centre.id],
    });
    expect(on.status).toBe(200);
    expect([...on.body.data.accounting_firm_ids].sort()).toEqual([w.firms.centre.id, nord].sort());
    expect(await firmModuleKeys(nord)).toContain('tasks');
  });

  it('refuses bad input with 422 on the field, changing nothing; an unknown module is 404', async () => {
    const tasks = await moduleOf('tasks');
    for (const body of [
      { name: '' },
      { priority: -1 },
      { audience: 'everyone' },
      { is_home: 'yes' },
      { color: 'red' },
    ]) {
      const res = await call('PATCH', `/api/sa/modules/${tasks.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const unknownFirm = await call('POST', `/api/sa/modules/${tasks.id}/unsubscribe`, {
      accounting_firm_ids: [w.firms.nord.id, 999_999],
    });
    expect(unknownFirm.status).toBe(422);
    expect(Object.keys(unknownFirm.body.errors)).toEqual(['accounting_firm_ids']);
    expect(await firmModuleKeys(w.firms.nord.id)).toContain('tasks');
    expect(
      (await call('POST', `/api/sa/modules/${tasks.id}/subscribe`, { accounting_firm_ids: [] })).status,
    ).toBe(422);
    expect((await call('PATCH', '/api/sa/modules/999999', { name: 'X' })).status).toBe(404);
    expect(await moduleOf('tasks')).toMatchObject({ name: 'Tâches et demandes', is_active: true });
  });
});

describe('products', () => {
  it('creates products whose modules a portal gets, and loses only those no other product brings', async () => {
    const nord = w.firms.nord.id;
    // Nord starts with documents only.
    const documents = await moduleOf('documents');
    const all = await modules();
    const others = all.filter((m) => m.key !== 'documents').map((m) => m.id);
    for (const id of others)
      await call('POST', `/api/sa/modules/${id}/unsubscribe`, { accounting_firm_ids: [nord] });
    expect(await firmModuleKeys(nord)).toEqual(['documents']);
    void documents;

    const a = await call('POST', '/api/sa/products', { name: 'Pack Tâches', module_keys: ['tasks'] });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({
      name: 'Pack Tâches',
      module_keys: ['tasks'],
      is_active: true,
      firm_count: 0,
    });
    const b = await call('POST', '/api/sa/products', {
      name: 'Pack Complet',
      description: 'Tout',
      payment_reference: 'price_123',
      module_keys: ['tasks', 'signatures'],
    });
    expect(b.status).toBe(201);

    const set = await call('PUT', `/api/sa/accounting-firms/${nord}/products`, {
      product_ids: [a.body.data.id, b.body.data.id],
    });
    expect(set.status).toBe(200);
    expect([...set.body.data.module_keys].sort()).toEqual(['documents', 'signatures', 'tasks']);
    // Removing the complete pack keeps tasks (the other pack brings it), drops signatures.
    const less = await call('PUT', `/api/sa/accounting-firms/${nord}/products`, {
      product_ids: [a.body.data.id],
    });
    expect([...less.body.data.module_keys].sort()).toEqual(['documents', 'tasks']);
    expect((await call('GET', `/api/sa/accounting-firms/${nord}/products`)).body.data.product_ids).toEqual([
      a.body.data.id,
    ]);
    // A module the product gains reaches its portals.
    const gained = await call('PATCH', `/api/sa/products/${a.body.data.id}`, {
      module_keys: ['tasks', 'signatures'],
    });
    expect(gained.status).toBe(200);
    expect(gained.body.data.firm_count).toBe(1);
    expect(await firmModuleKeys(nord)).toContain('signatures');
    expect((await call('GET', '/api/sa/products')).body.data.map((p: { name: string }) => p.name)).toEqual([
      'Pack Complet',
      'Pack Tâches',
    ]);
  });

  it('refuses a product without modules, with an unknown module or a used name; deletes only with its name typed', async () => {
    const bad = [
      [{ name: 'Vide', module_keys: [] }, 'module_keys'],
      [{ name: 'Inconnu', module_keys: ['nope'] }, 'module_keys'],
      [{ name: 'Pack Tâches', module_keys: ['tasks'] }, 'name'],
      [{ name: 'X', module_keys: ['tasks'], price: 3 }, undefined],
    ] as const;
    for (const [body, fields] of bad) {
      const res = await call('POST', '/api/sa/products', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      if (fields) expect(Object.keys(res.body.errors)).toEqual([fields]);
    }
    const products = (await call('GET', '/api/sa/products')).body.data as { id: number; name: string }[];
    expect(products).toHaveLength(2);
    const complete = products.find((p) => p.name === 'Pack Complet')!;
    const renamed = await call('PATCH', `/api/sa/products/${complete.id}`, { name: 'Pack Tâches' });
    expect(renamed.status).toBe(422);
    const wrong = await call('DELETE', `/api/sa/products/${complete.id}`, { confirm: 'pack complet' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('confirmation-mismatch');
    expect(
      (await call('DELETE', `/api/sa/products/${complete.id}`, { confirm: 'Pack Complet' })).status,
    ).toBe(204);
    expect((await call('GET', `/api/sa/products/${complete.id}`)).status).toBe(404);
    const unknown = await call('PUT', `/api/sa/accounting-firms/${w.firms.nord.id}/products`, {
      product_ids: [999999],
    });
    expect(unknown.status).toBe(422);
    expect((await call('PUT', '/api/sa/accounting-firms/999999/products', { product_ids: [] })).status).toBe(
      404,
    );
  });
});

describe('feature flags', () => {
  it('creates a flag, overrides it per portal, and the server and web app read the effective values', async () => {
    const res = await call('POST', '/api/sa/flags', {
      name: 'new-viewer',
      description: 'Le nouveau visualiseur',
      public: true,
    });
    expect(res.status).toBe(201);
    const flag = res.body.data;
    expect(flag).toMatchObject({ name: 'new-viewer', enabled: false, public: true, overrides: [] });
    const { centre, nord } = w.firms;
    expect(await isFlagOn(afresh(), centre.id, 'new-viewer')).toBe(false);
    const on = await call('PUT', `/api/sa/flags/${flag.id}/accounting-firms/${nord.id}`, { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.data.overrides).toEqual([
      { accounting_firm_id: nord.id, name: 'Cabinet Nord', enabled: true },
    ]);
    expect(await isFlagOn(afresh(), nord.id, 'new-viewer')).toBe(true);
    expect(await isFlagOn(afresh(), centre.id, 'new-viewer')).toBe(false);
    expect((await call('PATCH', `/api/sa/flags/${flag.id}`, { enabled: true })).status).toBe(200);
    expect(await isFlagOn(afresh(), centre.id, 'new-viewer')).toBe(true);
    expect(await publicFlags(afresh(), centre.id)).toEqual({ 'new-viewer': true });
    const startup = await t.request({ method: 'GET', url: `/api/?accounting_firm_id=${centre.id}` });
    expect(startup.body.data.flags).toEqual({ 'new-viewer': true });
    await call('PUT', `/api/sa/flags/${flag.id}/accounting-firms/${nord.id}`, { enabled: false });
    expect(await isFlagOn(afresh(), nord.id, 'new-viewer')).toBe(false);
    const back = await call('DELETE', `/api/sa/flags/${flag.id}/accounting-firms/${nord.id}`);
    expect(back.status).toBe(200);
    expect(back.body.data.overrides).toEqual([]);
    expect(await isFlagOn(afresh(), nord.id, 'new-viewer')).toBe(true);
    expect(await isFlagOn(afresh(), nord.id, 'unknown-flag')).toBe(false);
  });

  it('refuses an invalid or used name, and deletes only with its name typed', async () => {
    for (const name of ['New Viewer', 'NewViewer', 'a', `a${'b'.repeat(64)}`, '1abc', 'new-viewer']) {
      const res = await call('POST', '/api/sa/flags', { name });
      expect(res.status, name).toBe(422);
      expect(Object.keys(res.body.errors), name).toEqual(['name']);
      expect(res.body.code, name).toBe(
        name === 'new-viewer' ? 'flag-name-already-used' : 'validation-failed',
      );
    }
    const [flag] = (await call('GET', '/api/sa/flags')).body.data as { id: number; name: string }[];
    expect(
      (await call('PUT', `/api/sa/flags/${flag!.id}/accounting-firms/999999`, { enabled: true })).status,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/sa/flags/${flag!.id}/accounting-firms/${w.firms.nord.id}`, {})).status,
    ).toBe(422);
    expect((await call('DELETE', `/api/sa/flags/${flag!.id}`, { confirm: 'oops' })).status).toBe(422);
    expect((await call('DELETE', `/api/sa/flags/${flag!.id}`, { confirm: 'new-viewer' })).status).toBe(204);
    expect((await call('GET', '/api/sa/flags')).body.data).toEqual([]);
    expect(await isFlagOn(afresh(), w.firms.nord.id, 'new-viewer')).toBe(false);
  });
});

describe('global parameters', () => {
  it('lists the known keys with their defaults, stores a typed value, refuses a wrong one', async () => {
    const list = await call('GET', '/api/sa/global-parameters');
    expect(list.body.data).toEqual([
      { key: 'ecmAutoRefresh', value: false, default: false, updated_at: null },
    ]);
    const put = await call('PUT', '/api/sa/global-parameters/ecmAutoRefresh', { value: true });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ key: 'ecmAutoRefresh', value: true });
    for (const body of [{ value: 'yes' }, {}, { value: true, other: 1 }]) {
      const res = await call('PUT', '/api/sa/global-parameters/ecmAutoRefresh', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await call('GET', '/api/sa/global-parameters/ecmAutoRefresh')).body.data.value).toBe(true);
    expect((await call('PUT', '/api/sa/global-parameters/unknownKey', { value: 1 })).status).toBe(422);
  });
});

describe('access', () => {
  it('answers 404 to everyone but the super admin', async () => {
    const tasks = await moduleOf('tasks');
    for (const who of ['expert', 'collab', 'client'] as const) {
      for (const [method, url, body] of [
        ['GET', '/api/sa/modules/subscriptions', undefined],
        ['PATCH', `/api/sa/modules/${tasks.id}`, { name: 'Pirate' }],
        ['POST', `/api/sa/modules/${tasks.id}/unsubscribe`, { accounting_firm_ids: [w.firms.centre.id] }],
        ['GET', '/api/sa/products', undefined],
        ['POST', '/api/sa/flags', { name: 'pirate' }],
        ['PUT', '/api/sa/global-parameters/ecmAutoRefresh', { value: false }],
      ] as const) {
        const res = await call(method, url, body, who);
        expect(res.status, `${method} ${url} as ${who}`).toBe(404);
      }
    }
    expect(await firmModuleKeys(w.firms.centre.id)).toContain('tasks');
    expect((await call('GET', '/api/sa/flags')).body.data).toEqual([]);
  });
});

describe('NPS survey settings', () => {
  const valid = {
    enabled: true,
    hide_message: true,
    form: {
      questions: [
        { type: 'score', id: 'score', label: 'Recommanderiez-vous ce portail ?' },
        { type: 'comment', id: 'why', label: 'Pourquoi ?' },
      ],
    },
    min_days: 30,
    rejection_count: 2,
    collection_id: 'col-1',
  };

  it('answers the defaults, then what was saved', async () => {
    const before = await call('GET', '/api/sa/nps-surveys/settings');
    expect(before.body.data).toMatchObject({
      enabled: false,
      min_days: 90,
      rejection_count: 3,
      updated_at: null,
    });
    const put = await call('PUT', '/api/sa/nps-surveys/settings', valid);
    expect(put.status).toBe(200);
    expect((await call('GET', '/api/sa/nps-surveys/settings')).body.data).toMatchObject(valid);
  });

  it('refuses a form that is not one 0-10 question with comments, and bad numbers, changing nothing', async () => {
    const forms = [
      { questions: [] },
      { questions: [{ type: 'comment', id: 'why', label: 'Pourquoi ?' }] },
      { questions: [valid.form.questions[0], valid.form.questions[0]] },
      { questions: [{ type: 'score', id: 'Bad Id', label: 'x' }] },
      'not json',
      null,
    ];
    for (const form of forms) {
      const res = await call('PUT', '/api/sa/nps-surveys/settings', { ...valid, form, min_days: 5 });
      expect(res.status, JSON.stringify(form)).toBe(422);
      expect(res.body.code).toBe('invalid-nps-form');
      expect(Object.keys(res.body.errors)).toEqual(['form']);
    }
    for (const bad of [{ min_days: 0 }, { rejection_count: 0 }, { min_days: 1.5 }, { extra: true }]) {
      const res = await call('PUT', '/api/sa/nps-surveys/settings', { ...valid, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    expect((await call('GET', '/api/sa/nps-surveys/settings')).body.data.min_days).toBe(30);
    expect((await call('GET', '/api/sa/nps-surveys/settings', undefined, 'expert')).status).toBe(404);
    expect((await call('PUT', '/api/sa/nps-surveys/settings', valid, 'expert')).status).toBe(404);
  });
});
