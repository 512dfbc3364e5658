import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from './factories';
import { registeredRoutes, undocumentedRoutes } from './security/route-table';
import { createTestApp, type TestApp } from './test-app';

const INDEX = '<!doctype html><html><body><div id="app">portal-index</div></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml' };

let t: TestApp;
let dist: string;
/** An account that exists, signing in with a wrong password. */
let email: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ version: 'test-1' }));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("portal");');
  t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  ({ email } = (await buildUser(t.database.db)).user);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/customers', '/customers/12/documents?tab=all'])(
    'answers index.html for %s',
    async (url) => {
      const res = await t.request({ method: 'GET', url, headers: HTML });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe(INDEX);
    },
  );

  it('never caches version.json, caches hashed assets for a year', async () => {
    const version = await t.request({ method: 'GET', url: '/version.json' });
    expect(version.status).toBe(200);
    expect(version.headers['cache-control']).toBe('no-store');
    expect(version.body).toEqual({ version: 'test-1' });

    const asset = await t.request({ method: 'GET', url: '/assets/app.js' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("portal");');
  });

  it('answers the JSON 404 for unknown API paths and missing files', async () => {
    for (const headers of [{}, HTML]) {
      const res = await t.request({ method: 'GET', url: '/api/unknown', headers });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    }
    const missing = await t.request({ method: 'GET', url: '/assets/missing.js', headers: HTML });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    // Not a browser navigation: no index.html.
    const json = await t.request({
      method: 'GET',
      url: '/customers',
      headers: { accept: 'application/json' },
    });
    expect(json.status).toBe(404);
    expect((await t.request({ method: 'POST', url: '/customers', headers: HTML })).status).toBe(404);
  });

  it('keeps the localised API error bodies', async () => {
    const wrong = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      message: 'Combinaison e-mail / mot de passe invalide.',
      code: 'invalid-credentials',
      errors: { email: ['Combinaison e-mail / mot de passe invalide.'] },
    });
    const en = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'not-the-password' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      message: 'Invalid email/password combination.',
      code: 'invalid-credentials',
      errors: { email: ['Invalid email/password combination.'] },
    });

    const invalid = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ code: 'validation-failed', errors: { password: ['Requis.'] } });
    const anonymous = await t.request({ method: 'GET', url: '/api/users/me', headers: HTML });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Jeton manquant.', code: 'token-missing' });
  });

  it('adds only routes for the files of the build to the route table', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const registered = registeredRoutes(t.app);
    expect(undocumentedRoutes(registered, documented)).toEqual([]);
    const statics = [...registered].filter((r) => r.startsWith('GET /') && !r.startsWith('GET /api'));
    expect(statics.sort()).toEqual(['GET /assets/app.js', 'GET /index.html', 'GET /version.json']);
  });
});
