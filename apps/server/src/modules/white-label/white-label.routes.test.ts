import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFirm,
  buildFirmModules,
  buildLogo,
  buildWhiteLabels,
  type FactoryDb,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { whiteLabels } from '../../db/schema';

type Entry = {
  accounting_firm_id: number;
  theme: string;
  name: string;
  logo: string | null;
  primary_color: string;
  secondary_color: string;
  updated_at: string;
};

let t: TestApp;
const firm = { demo: 0, nord: 0 };

/** Two portals of one holding, with their branding (a logo each) and every module. */
async function buildPortals(app: TestApp) {
  const db = app.database.db as FactoryDb;
  const { firm: demo, holding } = await buildFirm(db, {
    holding: true,
    name: 'Cabinet Démo',
    domain: 'localhost',
    welcomeMessage: 'Bienvenue sur le portail du Cabinet Démo.',
  });
  const { firm: nord } = await buildFirm(db, { holding, name: 'Cabinet Nord', domain: 'nord.localhost' });
  const colours = [
    { portal: demo, light: '#1565c0', dark: '#90caf9' },
    { portal: nord, light: '#6a1b9a', dark: '#ce93d8' },
  ];
  for (const { portal, light, dark } of colours) {
    const logo = { logo: await buildLogo(light), logoMime: 'image/png' };
    await buildWhiteLabels(db, {
      firm: portal,
      light: { ...logo, primaryColor: light },
      dark: { ...logo, primaryColor: dark },
    });
    await buildFirmModules(db, { firm: portal });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await buildPortals(t);
  firm.demo = (await home('localhost')).body.data.accounting_firm.id;
  firm.nord = (await home('nord.localhost')).body.data.accounting_firm.id;
});
afterAll(() => t.close());

function home(host: string, query = '', app: TestApp = t) {
  return app.request({ method: 'GET', url: `/api/${query}`, headers: { host } });
}

/** Binary answers: the harness decodes bodies as text, so read the raw bytes here. */
async function fetchBinary(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('GET /api/', () => {
  it('finds the firm by host, else the first firm', async () => {
    const demo = await home('localhost');
    expect(demo.status).toBe(200);
    expect(demo.body.data.accounting_firm).toEqual({
      id: firm.demo,
      name: 'Cabinet Démo',
      domain: 'localhost',
      welcome_message: 'Bienvenue sur le portail du Cabinet Démo.',
    });
    expect((await home('nord.localhost')).body.data.accounting_firm.name).toBe('Cabinet Nord');
    expect((await home('NORD.localhost:5173')).body.data.accounting_firm.name).toBe('Cabinet Nord');
    expect((await home('unknown.example')).body.data.accounting_firm.id).toBe(Math.min(firm.demo, firm.nord));
    expect(firm.nord).not.toBe(firm.demo);
  });

  it('finds the firm by id', async () => {
    const res = await home('localhost', `?accounting_firm_id=${firm.nord}`);
    expect(res.status).toBe(200);
    expect(res.body.data.accounting_firm.name).toBe('Cabinet Nord');
    expect(res.body.data.redirect).toBeUndefined();
    expect(res.body.data.location).toBeUndefined();
  });

  it('answers 404 for an unknown id and 422 for a bad one', async () => {
    const unknown = await home('localhost', '?accounting_firm_id=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
      const res = await home('localhost', `?accounting_firm_id=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.code, bad).toBe('validation-failed');
      expect(res.body.errors.accounting_firm_id, bad).toEqual(['Identifiant invalide.']);
    }
  });

  it('answers a light and a dark entry, the modules and the providers', async () => {
    const { data } = (await home('localhost')).body;
    const entries = data.white_labels as Entry[];
    expect(entries.map((e) => e.theme)).toEqual(['light', 'dark']);
    for (const e of entries) {
      expect(e.accounting_firm_id).toBe(firm.demo);
      expect(e.name).toBe('Cabinet Démo');
      expect(e.primary_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(e.secondary_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(new Date(e.updated_at).toISOString()).toBe(e.updated_at);
      expect(e.logo).toMatch(
        new RegExp(`^/api/accounting-firms/${firm.demo}/white-labels/${e.theme}/logo\\?last_modified=`),
      );
    }
    expect(entries[0]!.primary_color).toBe('#1565c0');
    expect(entries[1]!.primary_color).toBe('#90caf9');
    expect(data.modules.map((m: { key: string }) => m.key)).toContain('home');
    expect(data.oauth_providers).toEqual([]);
  });
});

describe('MULTI_DOMAIN', () => {
  let multi: TestApp;
  beforeAll(async () => {
    multi = await createTestApp({ env: { MULTI_DOMAIN: 'true' } });
    await buildPortals(multi);
  });
  afterAll(() => multi.close());

  it("redirects to the firm's own domain, keeping the port", async () => {
    const nordId = (await home('nord.localhost', '', multi)).body.data.accounting_firm.id;
    const res = await home('localhost', `?accounting_firm_id=${nordId}`, multi);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ redirect: true, location: 'http://nord.localhost' });
    const withPort = await home('localhost:3000', `?accounting_firm_id=${nordId}`, multi);
    expect(withPort.body.data.location).toBe('http://nord.localhost:3000');
  });

  it('does not redirect a firm asked on its own domain', async () => {
    const nordId = (await home('nord.localhost', '', multi)).body.data.accounting_firm.id;
    for (const host of ['nord.localhost', 'nord.localhost:3000']) {
      const res = await home(host, `?accounting_firm_id=${nordId}`, multi);
      expect(res.body.data.redirect, host).toBeUndefined();
    }
    expect((await home('localhost', '', multi)).body.data.redirect).toBeUndefined();
  });

  it('never redirects without MULTI_DOMAIN', async () => {
    const res = await home('localhost:3000', `?accounting_firm_id=${firm.nord}`);
    expect(res.body.data.accounting_firm.id).toBe(firm.nord);
    expect(res.body.data.redirect).toBeUndefined();
  });
});

describe('GET /api/accounting-firms/{id}/white-labels', () => {
  it("answers the firm's entries, 404 for an unknown firm", async () => {
    const res = await t.request({ method: 'GET', url: `/api/accounting-firms/${firm.nord}/white-labels` });
    expect(res.status).toBe(200);
    const entries = res.body.data as Entry[];
    expect(entries.map((e) => [e.theme, e.primary_color])).toEqual([
      ['light', '#6a1b9a'],
      ['dark', '#ce93d8'],
    ]);
    expect(entries.every((e) => e.accounting_firm_id === firm.nord)).toBe(true);
    const unknown = await t.request({ method: 'GET', url: '/api/accounting-firms/999999/white-labels' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not-found');
    expect((await t.request({ method: 'GET', url: '/api/accounting-firms/abc/white-labels' })).status).toBe(
      422,
    );
  });
});

describe('icons', () => {
  const base = () => `/api/accounting-firms/${firm.demo}/white-labels`;

  it('favicon.ico is an ICO with 16, 32 and 48 px images', async () => {
    const res = await fetchBinary(`${base()}/light/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect([...res.bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.bytes.readUInt16LE(4)).toBe(3);
    expect([0, 1, 2].map((i) => res.bytes[6 + 16 * i])).toEqual([16, 32, 48]);
  });

  it('apple-touch-icon is a 180x180 PNG', async () => {
    const res = await fetchBinary(`${base()}/dark/apple-touch-icon`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(res.bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(pngSize(res.bytes)).toEqual({ width: 180, height: 180 });
  });

  it('logo is the stored PNG', async () => {
    const res = await fetchBinary(`${base()}/light/logo`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(res.bytes)).toEqual({ width: 256, height: 256 });
  });

  it('sets Last-Modified and caches for good only a versioned URL', async () => {
    const entries = (await home('localhost')).body.data.white_labels as Entry[];
    const light = entries.find((e) => e.theme === 'light')!;
    const plain = await fetchBinary(`${base()}/light/favicon.ico`);
    expect(Date.parse(plain.headers['last-modified'] as string)).toBe(
      Math.floor(Date.parse(light.updated_at) / 1000) * 1000,
    );
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
    expect(plain.headers['cache-control']).not.toContain('immutable');

    const versioned = await fetchBinary(light.logo!);
    expect(versioned.status).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers['last-modified']).toBe(plain.headers['last-modified']);
    const favicon = await fetchBinary(`${base()}/light/favicon.ico?last_modified=2026-01-01`);
    expect(favicon.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 for an unknown firm and 422 for an unknown theme', async () => {
    const unknown = await t.request({
      method: 'GET',
      url: '/api/accounting-firms/999999/white-labels/light/logo',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    const theme = await t.request({ method: 'GET', url: `${base()}/blue/favicon.ico` });
    expect(theme.status).toBe(422);
    expect(theme.body.errors.theme).toBeDefined();
  });

  it('draws a placeholder when the firm has no logo', async () => {
    // No API uploads or removes a logo yet: arrange it in the database.
    await t.database.db
      .update(whiteLabels)
      .set({ logo: null, logoMime: null, updatedAt: new Date() })
      .where(eq(whiteLabels.accountingFirmId, firm.nord));
    const entries = (await home('nord.localhost')).body.data.white_labels as Entry[];
    expect(entries.map((e) => e.logo)).toEqual([null, null]);
    const nord = `/api/accounting-firms/${firm.nord}/white-labels`;
    expect((await fetchBinary(`${nord}/light/logo`)).status).toBe(404);
    const favicon = await fetchBinary(`${nord}/light/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.bytes.readUInt16LE(4)).toBe(3);
    const touch = await fetchBinary(`${nord}/light/apple-touch-icon`);
    expect(pngSize(touch.bytes)).toEqual({ width: 180, height: 180 });
  });
});
