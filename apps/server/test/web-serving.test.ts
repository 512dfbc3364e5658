import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from './factories';
import { registeredRoutes, undocumentedRoutes } from './security/route-table';
import { createTestApp, type TestApp } from './test-app';

const INDEX = '<!doctype html><html><body><div id="app">portal-index</div></body></html>';
const APP_JS = 'console.log("portal");';
const HTML = { accept: 'text/html,application/xhtml+xml' };

/** What the web build writes beside a file (`apps/web/vite.config.ts`): its brotli and gzip forms. */
function precompress(file: string) {
  const raw = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw));
}

const decode: Record<string, (body: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  identity: (body) => body,
};

let t: TestApp;
let dist: string;
/** An account that exists, signing in with a wrong password. */
let email: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ version: 'test-1' }));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), APP_JS);
  precompress(path.join(dist, 'index.html'));
  precompress(path.join(dist, 'assets', 'app.js'));
  t = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  ({ email } = (await buildUser(t.database.db)).user);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/customers', '/customers/12/documents?tab=all'])(
    'answers index.html for a browser on %s',
    async (url) => {
      const res = await t.request({ method: 'GET', url, headers: HTML });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe(INDEX);
    },
  );

  it("answers a real 404 for a dead share link's page, never the web app's 200 (issue 28)", async () => {
    for (const url of [`/s/${'A'.repeat(43)}`, '/s/short']) {
      const res = await t.request({ method: 'GET', url, headers: HTML });
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
    }
  });

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
    for (const url of ['/assets/missing.js', '/favicon.ico', '/customers/report.pdf']) {
      const missing = await t.request({ method: 'GET', url, headers: HTML });
      expect(missing.status, url).toBe(404);
      expect(missing.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    }
    // Only GET and HEAD are pages.
    expect((await t.request({ method: 'POST', url: '/customers', headers: HTML })).status).toBe(404);
  });

  it.each([
    ['Accept: */*', { accept: '*/*' }],
    ['no Accept', {}],
    ['Accept: application/json', { accept: 'application/json' }],
  ])('answers index.html to GET / with %s (curl, a health check)', async (_name, headers) => {
    for (const url of ['/', '/signin']) {
      const res = await t.request({ method: 'GET', url, headers });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe(INDEX);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  describe('sends the precompressed files', () => {
    const cases = [
      { what: 'an asset', url: '/assets/app.js', body: APP_JS, type: /javascript/, cache: /immutable/ },
      { what: 'index.html', url: '/index.html', body: INDEX, type: /^text\/html/, cache: /no-store/ },
      {
        what: 'index.html for a page',
        url: '/customers/12',
        body: INDEX,
        type: /^text\/html/,
        cache: /no-store/,
      },
      { what: 'index.html for /', url: '/', body: INDEX, type: /^text\/html/, cache: /no-store/ },
    ];
    it.each(
      cases.flatMap((c) =>
        [
          ['br', 'gzip, deflate, br, zstd'],
          ['br', 'br'],
          ['gzip', 'gzip, deflate'],
          ['gzip', 'gzip;q=1, br;q=0.5'],
          ['identity', undefined],
          ['identity', 'identity'],
        ].map(([encoding, accept]) => ({ ...c, encoding, accept })),
      ),
    )(
      '$what: $encoding for Accept-Encoding $accept',
      async ({ url, body, type, cache, encoding, accept }) => {
        const headers: Record<string, string> = { accept: '*/*' };
        if (accept) headers['accept-encoding'] = accept;
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(res.headers['content-type']).toMatch(type);
        expect(res.headers['cache-control']).toMatch(cache);
        // Sent as the build wrote it: decoded once, it is the file (no second compression).
        expect(decode[encoding as string]?.(res.rawPayload).toString()).toBe(body);
        if (encoding !== 'identity') expect(res.rawPayload.toString()).not.toBe(body);
      },
    );
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
    // Documented pages outside /api (a share link's `/s/{token}`) are routes of their own.
    // The network drive (`/dav`, WebDAV: a protocol of its own, not in the OpenAPI document) too.
    const statics = [...registered].filter(
      (r) =>
        r.startsWith('GET /') && !r.startsWith('GET /api') && !r.startsWith('GET /dav') && !documented.has(r),
    );
    // The compressed siblings (.br, .gz) have no route: they are sent only in place of their file.
    expect(statics.sort()).toEqual(['GET /assets/app.js', 'GET /index.html', 'GET /version.json']);
  });
});
