import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from './factories';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
/** An account that exists, for the sign-in requests. */
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ email } = (await buildUser(t.database.db)).user);
});
afterAll(() => t.close());

/** The directives of a Content-Security-Policy header, by name. */
function csp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('on an API answer are the minimal set: no sniffing, no framing, nothing to load', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(csp(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The document set stays off JSON (it was ~1 KB on every answer).
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('on the web app are the full set with the app CSP', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body>app</body></html>');
    const web = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
    try {
      const res = await web.request({ method: 'GET', url: '/signin', headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/html');
      const directives = csp(res.headers['content-security-policy']);
      expect(directives['script-src']).toContain("'self'");
      expect(directives['script-src']).not.toContain("'unsafe-inline'");
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['frame-ancestors']).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('mark private answers no-store', async () => {
    const token = await t.signIn(email);
    const res = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('send HSTS over HTTPS only', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const secure = await proxied.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });

  it('are set on an error answer, and a sane X-Request-Id is echoed', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/users/me',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(res.status).toBe(401);
    expect(res.headers['x-request-id']).toBe('trace-42');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const odd = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b<c>' } });
    expect(odd.headers['x-request-id']).not.toBe('a b<c>');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps CORS closed', async () => {
    const preflight = await t.request({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const simple = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://evil.test' },
    });
    expect(simple.status).toBe(200);
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('compression', () => {
  it('compresses JSON above 1 KB for whatever the client accepts, and leaves small answers alone', async () => {
    const identity = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(identity.body.length / 3);
    }
    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('errors in the spec format', () => {
  it('answers 404 for an unknown /api path', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.request({ method, url: '/api/no-such-thing' });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    }
  });

  it('answers 400 for malformed JSON, without a stack', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email": "${email}",`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Requête invalide.', code: 'bad-request' });
    const en = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{not json',
    });
    expect(en.body).toEqual({ message: 'Bad request.', code: 'bad-request' });
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'x'.repeat(1_048_577) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'Le contenu envoyé est trop volumineux.',
      code: 'payload-too-large',
    });
  });

  it('answers 415 for an unsupported content type', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported-media-type');
  });

  it('refuses a NUL byte in a string with 422, never a 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: email.replace('@', '\u0000@'), password: TEST_PASSWORD },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation-failed');
    expect(res.body.errors.email).toBeDefined();
    const query = await t.request({ method: 'GET', url: '/api/password-resets?token=ab%00cd' });
    expect(query.status).toBe(422);
    expect(query.body.errors.token).toEqual(['Caractère interdit.']);
  });

  it('answers 401 before validating the input of a protected route', async () => {
    const res = await t.request({ method: 'GET', url: '/api/vendors/not-an-id/roles' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token-missing');
    const post = await t.request({ method: 'POST', url: '/api/change_password', payload: {} });
    expect(post.status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the main routes (the probe checks the whole route table)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    for (const path of [
      '/api/',
      '/api/login',
      '/api/users/me',
      '/api/users/me/accounting-firms/{id}/vendors',
      '/api/vendors/{id}/roles',
      '/api/terms',
      '/api/health',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
  });

  it('marks protected routes with bearer security', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(paths['/api/users/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/vendors/{id}/roles'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/login'].post.security).toBeUndefined();
  });

  it('serves the docs page', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(String(res.body)).toMatch(/<html/i);
  });
});

describe('GET /api/health', () => {
  it('answers ok with the version and the database kind', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });
});
