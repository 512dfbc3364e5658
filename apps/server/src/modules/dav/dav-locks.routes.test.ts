import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDavWorld, type DavWorld } from '../../../test/dav-world';

let w: DavWorld;
beforeAll(async () => {
  w = await buildDavWorld();
  await w.folder('Office');
});
afterAll(() => w.t.close());

const at = (...names: string[]) => `${w.clientPath}/${names.map(encodeURIComponent).join('/')}`;
const LOCKINFO =
  '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>' +
  '<D:locktype><D:write/></D:locktype><D:owner><D:href>mailto:collab@test</D:href></D:owner></D:lockinfo>';

describe('the network drive: locks (class 2), stored in the database', () => {
  it('locks an unmapped URL (201, an empty document), refuses writes without the token (423), accepts them with it', async () => {
    const locked = await w.dav('LOCK', at('Office', 'report.docx'), 'collab', {
      body: LOCKINFO,
      headers: { 'content-type': 'application/xml', timeout: 'Second-120' },
    });
    expect(locked.status).toBe(201);
    const token = /^<(opaquelocktoken:[^>]+)>$/.exec(locked.headers['lock-token'] as string)![1]!;
    expect(locked.body).toContain('<D:timeout>Second-120</D:timeout>');
    expect(locked.body).toContain('mailto:collab@test');
    expect((await w.dav('GET', at('Office', 'report.docx'), 'collab')).status).toBe(200);

    // Another person (or the same without the token) cannot write, delete or lock it.
    expect((await w.dav('PUT', at('Office', 'report.docx'), 'admin', { body: 'x' })).status).toBe(423);
    expect((await w.dav('DELETE', at('Office', 'report.docx'), 'admin')).status).toBe(423);
    expect((await w.dav('LOCK', at('Office', 'report.docx'), 'admin', { body: LOCKINFO })).status).toBe(423);
    // The holder writes with the token.
    const saved = await w.dav('PUT', at('Office', 'report.docx'), 'collab', {
      body: 'contents',
      headers: { if: `(<${token}>)` },
    });
    expect(saved.status).toBe(204);
    // A refresh (empty body) with the token.
    const refreshed = await w.dav('LOCK', at('Office', 'report.docx'), 'collab', {
      headers: { if: `(<${token}>)`, timeout: 'Second-300' },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toContain('Second-300');
    // UNLOCK with a wrong token: 409; with the right one: 204, then anyone may write.
    expect(
      (
        await w.dav('UNLOCK', at('Office', 'report.docx'), 'collab', {
          headers: { 'lock-token': '<opaquelocktoken:nope>' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await w.dav('UNLOCK', at('Office', 'report.docx'), 'collab', {
          headers: { 'lock-token': `<${token}>` },
        })
      ).status,
    ).toBe(204);
    expect((await w.dav('PUT', at('Office', 'report.docx'), 'admin', { body: 'y' })).status).toBe(204);
  });

  it('a depth-infinity lock on a collection blocks writes below it', async () => {
    const locked = await w.dav('LOCK', at('Office'), 'collab', {
      body: LOCKINFO,
      headers: { depth: 'infinity' },
    });
    expect(locked.status).toBe(200);
    const token = /^<([^>]+)>$/.exec(locked.headers['lock-token'] as string)![1]!;
    expect((await w.dav('PUT', at('Office', 'new.txt'), 'admin', { body: 'x' })).status).toBe(423);
    expect((await w.dav('MKCOL', at('Office', 'Sub'), 'admin')).status).toBe(423);
    expect(
      (await w.dav('PUT', at('Office', 'new.txt'), 'collab', { body: 'x', headers: { if: `(<${token}>)` } }))
        .status,
    ).toBe(201);
  });

  it('evaluates If conditions: an unknown token or another ETag fails with 412, Not inverts', async () => {
    await w.folder('Plain');
    expect((await w.dav('PUT', at('Plain', 'cond.txt'), 'admin', { body: 'c' })).status).toBe(201);
    const etag = (await w.dav('GET', at('Plain', 'cond.txt'), 'admin')).headers.etag as string;
    const put = (cond: string) =>
      w.dav('PUT', at('Plain', 'cond.txt'), 'admin', { body: 'd', headers: { if: cond } });
    expect((await put('(<opaquelocktoken:bogus>)')).status).toBe(412);
    expect((await put('(["not-the-etag"])')).status).toBe(412);
    expect((await put('(Not <opaquelocktoken:bogus>)')).status).toBe(204);
    const next = (await w.dav('GET', at('Plain', 'cond.txt'), 'admin')).headers.etag as string;
    expect(next).not.toBe(etag);
    expect((await put(`([${next}])`)).status).toBe(204);
  });

  it('PROPFIND lists the live locks (lockdiscovery) on an item and below a depth-infinity lock', async () => {
    await w.folder('Shown');
    expect((await w.dav('PUT', at('Shown', 'a.txt'), 'admin', { body: 'a' })).status).toBe(201);
    const find = (path: string, depth: '0' | '1', body?: string) =>
      w.dav('PROPFIND', path, 'collab', { headers: { depth }, body });
    // No lock: an empty lockdiscovery.
    expect((await find(at('Shown', 'a.txt'), '0')).body).toMatch(
      /<D:lockdiscovery\s*\/>|<D:lockdiscovery><\/D:lockdiscovery>/,
    );
    const locked = await w.dav('LOCK', at('Shown', 'a.txt'), 'collab', { body: LOCKINFO });
    expect(locked.status).toBe(200);
    const token = /^<([^>]+)>$/.exec(locked.headers['lock-token'] as string)![1]!;
    // Depth 0 on the document, by allprop and by name: its lock, owner and token.
    for (const body of [
      undefined,
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:lockdiscovery/></D:prop></D:propfind>',
    ]) {
      const one = (await find(at('Shown', 'a.txt'), '0', body)).body as string;
      expect(one).toContain('<D:activelock>');
      expect(one).toContain(token);
      expect(one).toContain('mailto:collab@test');
      expect(one).toContain(`<D:lockroot><D:href>${at('Shown', 'a.txt')}</D:href></D:lockroot>`);
    }
    // Depth 1 on the folder: the child's lock, not the folder's own.
    const listing = (await find(`${at('Shown')}/`, '1')).body as string;
    expect(listing.match(/<D:activelock>/g)?.length).toBe(1);
    // A depth-infinity lock on the folder shows on the folder and on each child, rooted at the folder.
    await w.dav('UNLOCK', at('Shown', 'a.txt'), 'collab', { headers: { 'lock-token': `<${token}>` } });
    const deep = await w.dav('LOCK', at('Shown'), 'collab', {
      body: LOCKINFO,
      headers: { depth: 'infinity' },
    });
    expect(deep.status).toBe(200);
    const below = (await find(`${at('Shown')}/`, '1')).body as string;
    expect(below.match(/<D:activelock>/g)?.length).toBe(2);
    expect(below.match(new RegExp(`<D:lockroot><D:href>${at('Shown')}/</D:href>`, 'g'))?.length).toBe(2);
    expect(below).toContain('<D:depth>infinity</D:depth>');
    // propname does not read them; quotas and locks live side by side.
    const names = await w.dav('PROPFIND', at('Shown', 'a.txt'), 'collab', {
      headers: { depth: '0' },
      body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:propname/></D:propfind>',
    });
    expect(names.body).not.toContain('<D:activelock>');
  });
});
