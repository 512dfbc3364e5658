import dns from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirmMember, buildPortal, buildUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { identityProviders } from '../../db/schema';
import { isPrivateAddress } from './issuer-guard';
import { sealSecret } from './secret-box';

/**
 * Issue 24, finding 4: a firm administrator types the issuer, any visitor makes the server fetch
 * it. Without SSO_ALLOW_INSECURE_ISSUERS (as in production), loopback, private and link-local
 * issuers and credentials are refused at saving, and any connection to such an address (a name
 * that resolves there later: DNS rebinding) is refused when fetching.
 */
let t: TestApp;
let listed: TestApp;
let admin: string;
let firmId = 0;
/** A local server counting the connections made to it: the fetch must make none. */
let trap: net.Server;
let connections = 0;
let port = 0;

beforeAll(async () => {
  [t, listed] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { SSO_ALLOWED_PRIVATE_ISSUERS: 'idp.intranet.test, 10.1.2.3:8443' } }),
  ]);
  const { firm } = await buildPortal(t.database.db);
  const { user } = await buildUser(t.database.db);
  await buildFirmMember(t.database.db, { firm, user, role: 'admin' });
  firmId = firm.id;
  admin = await t.signIn(user.email);
  trap = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  port = (trap.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await listed?.close();
  await new Promise((resolve) => trap?.close(resolve));
});

const create = (app: TestApp, token: string, firm: number, issuer: string) =>
  app.request({
    method: 'POST',
    url: `/api/accounting-firms/${firm}/identity-providers`,
    token,
    headers: { 'accept-language': 'en' },
    payload: { name: `P${Math.random()}`, issuer, client_id: 'c', client_secret: 's', button_label: 'P' },
  });

describe('issuers at saving', () => {
  it.each([
    'https://127.0.0.1:8443',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5/realms/x',
    'https://192.168.1.10',
    'https://[::1]/',
    'https://[fe80::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://localhost/',
    'https://idp.localhost./',
    'https://user:secret@idp.example.com/',
    'https://user@idp.example.com/',
  ])('refuses %s with 422 on issuer', async (issuer) => {
    const res = await create(t, admin, firmId, issuer);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ issuer: [expect.stringContaining('private')] });
  });

  it('refuses them on a change too, and accepts a public name', async () => {
    const ok = await create(t, admin, firmId, 'https://idp.example.com/tenant');
    expect(ok.status).toBe(201);
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/accounting-firms/${firmId}/identity-providers/${ok.body.data.id}`,
      token: admin,
      payload: { issuer: 'https://169.254.169.254' },
    });
    expect(patched.status).toBe(422);
    expect(Object.keys(patched.body.errors)).toEqual(['issuer']);
  });

  it('accepts the hosts SSO_ALLOWED_PRIVATE_ISSUERS lists, never credentials', async () => {
    const { firm } = await buildPortal(listed.database.db);
    const { user } = await buildUser(listed.database.db);
    await buildFirmMember(listed.database.db, { firm, user, role: 'admin' });
    const token = await listed.signIn(user.email);
    expect((await create(listed, token, firm.id, 'https://idp.intranet.test/realms/x')).status).toBe(201);
    expect((await create(listed, token, firm.id, 'https://10.1.2.3:8443/')).status).toBe(201);
    expect((await create(listed, token, firm.id, 'https://10.1.2.3/')).status).toBe(422);
    expect((await create(listed, token, firm.id, 'https://u:p@idp.intranet.test/')).status).toBe(422);
  });
});

/** A provider whose issuer was saved before its name moved (as a DNS rebinding does). */
async function savedProvider(issuer: string): Promise<number> {
  const [row] = await t.database.db
    .insert(identityProviders)
    .values({
      accountingFirmId: firmId,
      name: `Saved ${Math.random()}`,
      issuer,
      clientId: 'c',
      clientSecretSealed: sealSecret(loadConfig({ NODE_ENV: 'test' }).ssoKey!, firmId, 's'),
      buttonLabel: 'Saved',
    })
    .returning({ id: identityProviders.id });
  return row!.id;
}

describe('issuers at fetch time', () => {
  const start = (providerId: number) =>
    t.request({ method: 'GET', url: `/api/oauth/get-sso-link?provider=${providerId}` });

  it('connects to no loopback address, by literal or by name', async () => {
    connections = 0;
    for (const host of ['127.0.0.1', 'localhost', 'localhost.', '[::ffff:7f00:1]']) {
      const res = await start(await savedProvider(`https://${host}:${port}`));
      expect(res.status).toBe(302);
      expect(String(res.headers.location)).toMatch(/^\/sso-error\/.*\?reason=failed$/);
    }
    expect(connections).toBe(0);
  });

  const own = os.hostname();
  const ownIsPrivate = dns
    .lookup(own, { all: true })
    .then((all) => all.length > 0 && all.every((a) => isPrivateAddress(a.address)))
    .catch(() => false);

  it('checks the address a name resolves to when connecting (the machine’s own name here)', async (test) => {
    if (!(await ownIsPrivate)) test.skip(`${own} does not resolve to a private address on this machine`);
    connections = 0;
    const res = await start(await savedProvider(`https://${own}:${port}`));
    expect(String(res.headers.location)).toMatch(/\?reason=failed$/);
    expect(connections).toBe(0);
  });
});
