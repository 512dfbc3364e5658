import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDavWorld, DAV_PASSWORD, type DavWorld } from '../../../test/dav-world';
import { useSecondApp } from '../../../test/second-app';

let w: DavWorld;
let secretFolder: number;
const content = Buffer.from('0123456789abcdefghij');
beforeAll(async () => {
  w = await buildDavWorld();
  const ledger = await w.folder('Ledger');
  await w.uploaded(ledger, 'facture.txt', content);
  // A folder tagged with a theme nobody but the administrators holds: hidden to the others.
  const theme = await w.call('POST', `/api/accounting-firms/${w.firm.id}/themes`, 'admin', {
    title: 'Juridique',
    sharing: 'shared',
    rights: 'read_write',
  });
  expect(theme.status).toBe(201);
  secretFolder = await w.folder('Secret');
  const member = await w.call(
    'PATCH',
    `/api/accounting-firms/${w.firm.id}/members/${w.people.collab.id}`,
    'admin',
    {
      theme_ids: [],
    },
  );
  expect(member.status, JSON.stringify(member.body)).toBe(200);
  const tagged = await w.call('PUT', `/api/vendors/${w.vendor.id}/folders/${secretFolder}/themes`, 'admin', {
    theme_ids: [theme.body.data.id],
  });
  expect(tagged.status).toBe(200);
});
afterAll(() => w.t.close());

const hrefs = (xml: string) =>
  [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => decodeURIComponent(m[1]!));

describe('the network drive: credentials', () => {
  it('answers OPTIONS with the DAV classes, without credentials', async () => {
    const res = await w.t.request({ method: 'OPTIONS', url: '/dav/' });
    expect(res.status).toBe(200);
    expect(res.headers.dav).toBe('1, 2');
  });

  it('challenges a request without or with wrong credentials (401, Basic realm, UTF-8)', async () => {
    const none = await w.t.request({ method: 'PROPFIND', url: '/dav/', headers: { depth: '0' } });
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic realm=".+", charset="UTF-8"$/);
    const wrong = await w.t.request({
      method: 'PROPFIND',
      url: '/dav/',
      headers: { depth: '0', authorization: w.basic('admin', 'Not-the-password') },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('charset="UTF-8"');
    // The portal password is not a file-share password.
    const portal = await w.t.request({
      method: 'PROPFIND',
      url: '/dav/',
      headers: { depth: '0', authorization: w.basic('admin', 'Mot-de-passe-2026') },
    });
    expect(portal.status).toBe(401);
  });

  it('stops answering a revoked password at once, and updates its last use', async () => {
    expect((await w.dav('PROPFIND', '/dav/', 'readonly', { headers: { depth: '0' } })).status).toBe(207);
    const list = await w.t.request({
      method: 'GET',
      url: '/api/users/me/file-share-passwords',
      token: w.tokens.readonly,
    });
    expect(list.body.data[0].last_used_at).not.toBeNull();
    const revoke = await w.t.request({
      method: 'DELETE',
      url: `/api/users/me/file-share-passwords/${list.body.data[0].id}`,
      token: w.tokens.readonly,
    });
    expect(revoke.status).toBe(200);
    expect((await w.dav('PROPFIND', '/dav/', 'readonly', { headers: { depth: '0' } })).status).toBe(401);
    const again = await w.t.request({
      method: 'PUT',
      url: '/api/users/me/file-share-password',
      token: w.tokens.readonly,
      payload: { label: 'Drive', password: DAV_PASSWORD, password_confirmation: DAV_PASSWORD },
    });
    expect(again.status).toBe(200);
  });
});

describe('the network drive: reading', () => {
  it('lists workspaces, client folders and the GED tree, collection hrefs ending with /', async () => {
    const root = await w.dav('PROPFIND', '/dav/', 'admin', { headers: { depth: '1' } });
    expect(root.status).toBe(207);
    expect(hrefs(root.body)).toEqual(['/dav/', `/dav/${w.firm.name}/`]);
    const firm = await w.dav('PROPFIND', `/dav/${encodeURIComponent(w.firm.name)}/`, 'admin', {
      headers: { depth: '1' },
    });
    expect(hrefs(firm.body)).toContain(`/dav/${w.firm.name}/${w.vendor.clientCode} - ${w.vendor.company}/`);
    const client = await w.dav('PROPFIND', `${w.clientPath}/Ledger`, 'collab', { headers: { depth: '1' } });
    expect(client.status).toBe(207);
    expect(client.body).toContain('<D:getcontentlength>20</D:getcontentlength>');
    expect(hrefs(client.body).some((h) => h.endsWith('/Ledger/facture.txt'))).toBe(true);
  });

  it('refuses Depth infinity with propfind-finite-depth', async () => {
    const res = await w.dav('PROPFIND', w.clientPath, 'admin', { headers: { depth: 'infinity' } });
    expect(res.status).toBe(403);
    expect(res.body).toContain('propfind-finite-depth');
  });

  it('answers the properties asked, the unknown ones 404', async () => {
    const res = await w.dav('PROPFIND', `${w.clientPath}/Ledger/facture.txt`, 'admin', {
      headers: { depth: '0', 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><propfind xmlns="DAV:" xmlns:x="urn:x"><prop><getetag/><x:nothing/></prop></propfind>',
    });
    expect(res.status, res.body).toBe(207);
    expect(res.body).toMatch(/<D:getetag>"[0-9a-f]{64}"<\/D:getetag>/);
    expect(res.body).toContain('404 Not Found');
  });

  it('hides a theme folder from whoever lacks the theme, by listing and by path', async () => {
    const admin = await w.dav('PROPFIND', w.clientPath, 'admin', { headers: { depth: '1' } });
    expect(hrefs(admin.body).some((h) => h.endsWith('/Secret/'))).toBe(true);
    const collab = await w.dav('PROPFIND', w.clientPath, 'collab', { headers: { depth: '1' } });
    expect(collab.status).toBe(207);
    expect(hrefs(collab.body).some((h) => h.endsWith('/Secret/'))).toBe(false);
    expect(
      (await w.dav('PROPFIND', `${w.clientPath}/Secret`, 'collab', { headers: { depth: '0' } })).status,
    ).toBe(404);
  });

  it('streams the current version with a strong ETag, Range and conditions', async () => {
    const path = `${w.clientPath}/Ledger/facture.txt`;
    const res = await w.dav('GET', path, 'client');
    expect(res.status).toBe(200);
    expect(res.body).toBe(content.toString());
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(res.headers['last-modified']).toBeDefined();
    const part = await w.dav('GET', path, 'client', { headers: { range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/20');
    const head = await w.dav('HEAD', path, 'client');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('20');
    expect((await w.dav('GET', path, 'client', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await w.dav('GET', path, 'client', { headers: { 'if-match': '"nope"' } })).status).toBe(412);
    expect((await w.dav('GET', path, 'client', { headers: { range: 'bytes=50-' } })).status).toBe(416);
  });

  it('refuses `..`, encoded separators and unknown names', async () => {
    expect(
      (await w.dav('PROPFIND', `${w.clientPath}/Ledger%2ffacture.txt`, 'admin', { headers: { depth: '0' } }))
        .status,
    ).toBe(404);
    expect((await w.dav('GET', `${w.clientPath}/Ledger/none.txt`, 'admin')).status).toBe(404);
    expect((await w.dav('PROPFIND', '/dav/Nobody/', 'admin', { headers: { depth: '0' } })).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  const other = useSecondApp(() => w.t);

  it('a file-share password revoked on one process is refused by the other at once (its cache cleared)', async () => {
    const set = await w.t.request({
      method: 'PUT',
      url: '/api/users/me/file-share-password',
      token: w.tokens.otherClient,
      payload: { label: 'Second', password: 'Second-drive-2026', password_confirmation: 'Second-drive-2026' },
    });
    expect(set.status).toBe(200);
    const viaOther = async () =>
      (
        await other().inject({
          method: 'PROPFIND',
          url: '/dav/',
          headers: { depth: '0', authorization: w.basic('otherClient', 'Second-drive-2026') },
        })
      ).statusCode;
    // Verified once, then answered from the other process's cache.
    expect(await viaOther()).toBe(207);
    expect(await viaOther()).toBe(207);
    const revoked = await w.t.request({
      method: 'DELETE',
      url: `/api/users/me/file-share-passwords/${set.body.data.id}`,
      token: w.tokens.otherClient,
    });
    expect(revoked.status).toBe(200);
    const started = Date.now();
    let status = await viaOther();
    while (status === 207 && Date.now() - started < 2000) {
      await new Promise((r) => setTimeout(r, 5));
      status = await viaOther();
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
