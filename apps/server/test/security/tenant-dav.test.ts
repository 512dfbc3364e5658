import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { buildTenant, type Tenant, WORLD_PASSWORD, worldPasswordHash } from './tenant-world';

/**
 * The network drive (`/dav/`, undocumented in OpenAPI: Basic auth) across tenants, over a real
 * HTTP connection so that encoded paths reach the server as sent: another firm's workspace, client
 * folder or document by path answers 404, and so do encoded `..` and foreign `Destination`s.
 * Bad credentials answer 401 with the challenge, then 429 once the limits are met.
 */

let t: TestApp;
let alpha: Tenant;
let bravo: Tenant;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  const hash = await worldPasswordHash();
  alpha = await buildTenant(t, 'alpha', hash);
  bravo = await buildTenant(t, 'bravo', hash);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(() => t.close());

const basic = (email: string, password = WORLD_PASSWORD) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/** A raw request: the path is sent exactly as written (no URL normalisation). */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  email = 'admin-alpha@probe.test',
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: { authorization: basic(email), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString(), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const enc = encodeURIComponent;
const clientOf = (tenant: Tenant, firm = tenant) => {
  const name = tenant.label[0]!.toUpperCase() + tenant.label.slice(1);
  const firmName = firm.label[0]!.toUpperCase() + firm.label.slice(1);
  return `/dav/${enc(`${firmName} Firm`)}/${enc(`${tenant.label.toUpperCase()}01 - ${name} Company`)}`;
};

describe('the network drive across tenants', () => {
  it("lists only the caller's own workspaces and reads their documents", async () => {
    const root = await send('PROPFIND', '/dav/', { depth: '1' });
    expect(root.status).toBe(207);
    expect(root.body).toContain('Alpha%20Firm/');
    expect(root.body).not.toMatch(/bravo/i);
    const doc = await send('GET', `${clientOf(alpha)}/${enc('Alpha Folder')}/${enc('Alpha Document.txt')}`);
    expect(doc.status).toBe(200);
    expect(doc.body).toBe('Alpha document content');
  });

  it("answers 404 to another firm's workspace, client folder and document by path", async () => {
    for (const path of [
      `/dav/${enc('Bravo Firm')}/`,
      `${clientOf(bravo)}/`,
      `${clientOf(bravo, alpha)}/`,
      `${clientOf(bravo)}/${enc('Bravo Folder')}/${enc('Bravo Document.txt')}`,
    ]) {
      for (const method of ['PROPFIND', 'GET', 'DELETE', 'MKCOL']) {
        const res = await send(method, path, { depth: '0' });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).not.toMatch(/bravo/i);
      }
    }
    // Scratch names (system files, office temporaries) resolve through the same tree.
    for (const name of ['.DS_Store', '~WRL0001.tmp', '.~lock.x.ods#']) {
      const path = `${clientOf(bravo)}/${enc('Bravo Folder')}/${enc(name)}`;
      for (const method of ['PUT', 'GET', 'PROPFIND', 'DELETE', 'LOCK']) {
        const res = await send(method, path, { depth: '0' });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    void bravo;
  });

  it('answers 404 to encoded `..` and to foreign Destination headers, changing nothing', async () => {
    for (const path of [
      `${clientOf(alpha)}/%2e%2e/%2e%2e/${enc('Bravo Firm')}/`,
      `${clientOf(alpha)}/..%2f..%2f${enc('Bravo Firm')}/`,
      `${clientOf(alpha)}/%2E%2E/`,
    ]) {
      const res = await send('PROPFIND', path, { depth: '1' });
      expect(res.status, path).toBe(404);
    }
    const source = `${clientOf(alpha)}/${enc('Alpha Folder')}/${enc('Alpha Document.txt')}`;
    for (const destination of [
      `http://evil.test${clientOf(alpha)}/${enc('Alpha Folder')}/stolen.txt`,
      `http://127.0.0.1:${port}${clientOf(bravo)}/${enc('Bravo Folder')}/stolen.txt`,
      `${clientOf(bravo)}/${enc('Bravo Folder')}/stolen.txt`,
    ]) {
      for (const method of ['COPY', 'MOVE']) {
        const res = await send(method, source, { destination });
        expect(res.status, `${method} to ${destination}`).toBe(404);
      }
    }
    // A scratch file of alpha's goes nowhere in bravo, nor does a document onto bravo's scratch name.
    const scratch = `${clientOf(alpha)}/${enc('Alpha Folder')}/${enc('~WRD0001.tmp')}`;
    expect((await send('PUT', scratch)).status).toBe(201);
    for (const [from, destination] of [
      [scratch, `${clientOf(bravo)}/${enc('Bravo Folder')}/${enc('Bravo Document.txt')}`],
      [scratch, `${clientOf(bravo)}/${enc('Bravo Folder')}/stolen.txt`],
      [source, `${clientOf(bravo)}/${enc('Bravo Folder')}/${enc('~WRL0001.tmp')}`],
    ]) {
      const res = await send('MOVE', from!, { destination: destination! });
      expect(res.status, `MOVE ${from} to ${destination}`).toBe(404);
    }
    const still = await send('GET', source);
    expect(still.status).toBe(200);
  });
});

describe('the network drive: bad credentials', () => {
  it('answers 401 with the Basic challenge, then 429 per account once the failures add up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await send('PROPFIND', '/dav/', {
        depth: '0',
        authorization: basic('collab-alpha@probe.test', `wrong-${i}`),
      });
      statuses.push(res.status);
      if (res.status === 401)
        expect(res.headers['www-authenticate']).toBe('Basic realm="Portal network drive", charset="UTF-8"');
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers 429 per address once 100 failures come from it, whatever the accounts', async () => {
    let last = 0;
    for (let i = 0; i < 101; i++) {
      const res = await t.request({
        method: 'PROPFIND',
        url: '/dav/',
        remoteAddress: '10.99.99.99',
        headers: { depth: '0', authorization: basic(`nobody-${i}@probe.test`, 'wrong-password') },
      });
      last = res.status;
      if (i < 100) expect(res.status).toBe(401);
    }
    expect(last).toBe(429);
  }, 120_000);
});
