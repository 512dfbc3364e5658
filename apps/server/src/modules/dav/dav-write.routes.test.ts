import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDavWorld, type DavWorld } from '../../../test/dav-world';

let w: DavWorld;
let work: number;
let locked: number;
beforeAll(async () => {
  w = await buildDavWorld();
  work = await w.folder('Work');
  locked = await w.folder('Locked', w.root, true);
});
afterAll(() => w.t.close());

const at = (...names: string[]) => `${w.clientPath}/${names.map(encodeURIComponent).join('/')}`;
const put = (
  path: string,
  body: string,
  who: 'admin' | 'collab' | 'readonly' | 'client' = 'collab',
  headers = {},
) => w.dav('PUT', path, who, { body, headers: { 'content-type': 'text/plain', ...headers } });
const nodes = async (folder: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor.id}/folders/${folder}/nodes?per_page=100`, 'admin')).body
    .data as {
    id: number;
    name: string;
    type: string;
  }[];

describe('the network drive: writes through the filing service', () => {
  it('files a new document with PUT (201), then a version for the same name (204)', async () => {
    const first = await put(at('Work', 'note.txt'), 'first');
    expect(first.status).toBe(201);
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    const doc = (await nodes(work)).find((n) => n.name === 'note.txt')!;
    expect(doc).toBeDefined();
    const second = await put(at('Work', 'note.txt'), 'second version');
    expect(second.status).toBe(204);
    expect(await w.versions(doc.id)).toBe(2);
    expect((await w.dav('GET', at('Work', 'note.txt'), 'client')).body).toBe('second version');
    // A 0-byte PUT is accepted (Explorer and Finder begin a copy with one).
    expect((await w.dav('PUT', at('Work', 'empty.bin'), 'collab')).status).toBe(201);
    // If-Match against another ETag: 412, nothing filed.
    expect((await put(at('Work', 'note.txt'), 'x', 'collab', { 'if-match': '"abc"' })).status).toBe(412);
    expect(await w.versions(doc.id)).toBe(2);
  });

  it('refuses names the web app would change, documents at a client root, and readers', async () => {
    expect((await put(at('Work', ' spaced.txt'), 'x')).status).toBe(400);
    expect((await put(at('Work', 'a:b.txt'), 'x')).status).toBe(400);
    expect((await put(at('root.txt'), 'x')).status).toBe(403);
    expect((await put(at('Work', 'ro.txt'), 'x', 'readonly')).status).toBe(403);
    expect((await put(at('Nowhere', 'x.txt'), 'x')).status).toBe(409);
    // PUT over a collection, MKCOL over a file.
    expect((await put(at('Work'), 'x')).status).toBe(405);
    expect((await w.dav('MKCOL', at('Work', 'note.txt'), 'collab')).status).toBe(405);
  });

  it('makes folders with MKCOL (201), refusing an existing name (405) and a missing parent (409)', async () => {
    expect((await w.dav('MKCOL', at('Work', 'Sub'), 'collab')).status).toBe(201);
    expect((await nodes(work)).some((n) => n.name === 'Sub' && n.type === 'folder')).toBe(true);
    expect((await w.dav('MKCOL', at('Work', 'sub'), 'collab')).status).toBe(405);
    expect((await w.dav('MKCOL', at('Work', 'No', 'Deeper'), 'collab')).status).toBe(409);
  });

  it('moves and renames (201), keeping the document id; Overwrite F onto a name: 412', async () => {
    await put(at('Work', 'move-me.txt'), 'moving');
    const id = (await nodes(work)).find((n) => n.name === 'move-me.txt')!.id;
    const moved = await w.dav('MOVE', at('Work', 'move-me.txt'), 'collab', {
      headers: { destination: `http://portal.test${at('Work', 'Sub', 'moved.txt')}`, host: 'portal.test' },
    });
    expect(moved.status).toBe(201);
    const sub = (await nodes(work)).find((n) => n.name === 'Sub')!.id;
    expect((await nodes(sub)).find((n) => n.name === 'moved.txt')?.id).toBe(id);
    await put(at('Work', 'other.txt'), 'other');
    const refused = await w.dav('MOVE', at('Work', 'other.txt'), 'collab', {
      headers: { destination: at('Work', 'Sub', 'moved.txt'), overwrite: 'F' },
    });
    expect(refused.status).toBe(412);
    // Overwrite T onto a document: a version of the destination, the source to the trash.
    const replaced = await w.dav('MOVE', at('Work', 'other.txt'), 'collab', {
      headers: { destination: at('Work', 'Sub', 'moved.txt') },
    });
    expect(replaced.status).toBe(204);
    expect(await w.versions(id)).toBe(2);
    expect((await nodes(work)).some((n) => n.name === 'other.txt')).toBe(false);
    // Another host's Destination is refused.
    const foreign = await w.dav('MOVE', at('Work', 'Sub'), 'collab', {
      headers: { destination: `http://evil.test${at('Work', 'Elsewhere')}`, host: 'portal.test' },
    });
    expect(foreign.status).toBe(404);
  });

  it('copies a folder with its content, or alone with Depth 0', async () => {
    expect(
      (await w.dav('COPY', at('Work', 'Sub'), 'collab', { headers: { destination: at('Work', 'Sub copy') } }))
        .status,
    ).toBe(201);
    const copy = (await nodes(work)).find((n) => n.name === 'Sub copy')!.id;
    expect((await nodes(copy)).map((n) => n.name)).toEqual(['moved.txt']);
    expect(
      (
        await w.dav('COPY', at('Work', 'Sub'), 'collab', {
          headers: { destination: at('Work', 'Sub empty'), depth: '0' },
        })
      ).status,
    ).toBe(201);
    const empty = (await nodes(work)).find((n) => n.name === 'Sub empty')!.id;
    expect(await nodes(empty)).toEqual([]);
  });

  it('deletes to the trash (204); a read-only folder refuses a writer without the validate right', async () => {
    expect((await w.dav('DELETE', at('Work', 'Sub copy'), 'collab')).status).toBe(204);
    expect((await nodes(work)).some((n) => n.name === 'Sub copy')).toBe(false);
    const trash = await w.call('GET', `/api/vendors/${w.vendor.id}/trash?per_page=100`, 'admin');
    expect(JSON.stringify(trash.body)).toContain('Sub copy');
    expect((await put(at('Locked', 'x.txt'), 'x', 'client')).status).toBe(403);
    expect(
      (await w.dav('MOVE', at('Locked'), 'client', { headers: { destination: at('Work', 'Locked') } }))
        .status,
    ).toBe(403);
    expect((await nodes(locked)).length).toBe(0);
  });

  it('stores dead properties with PROPPATCH, lists them in PROPFIND and copies them with COPY', async () => {
    await put(at('Work', 'props.txt'), 'p');
    const set = await w.dav('PROPPATCH', at('Work', 'props.txt'), 'collab', {
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:colour>blue</Z:colour></D:prop></D:set></D:propertyupdate>',
    });
    expect(set.status).toBe(207);
    expect(set.body).toContain('200 OK');
    const ask =
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:Z="urn:z"><D:prop><Z:colour/></D:prop></D:propfind>';
    const got = await w.dav('PROPFIND', at('Work', 'props.txt'), 'client', {
      body: ask,
      headers: { depth: '0' },
    });
    expect(got.body).toMatch(/>blue<\/ns0:colour>/);
    await w.dav('COPY', at('Work', 'props.txt'), 'collab', {
      headers: { destination: at('Work', 'props-copy.txt') },
    });
    const copied = await w.dav('PROPFIND', at('Work', 'props-copy.txt'), 'client', {
      body: ask,
      headers: { depth: '0' },
    });
    expect(copied.body).toMatch(/>blue<\/ns0:colour>/);
    // A live property is protected: 403 for it, 424 for the rest, nothing stored.
    const live = await w.dav('PROPPATCH', at('Work', 'props.txt'), 'collab', {
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><D:getetag>x</D:getetag><Z:size>1</Z:size></D:prop></D:set></D:propertyupdate>',
    });
    expect(live.body).toContain('403 Forbidden');
    expect(live.body).toContain('424 Failed Dependency');
    // Readers may not set properties.
    expect(
      (
        await w.dav('PROPPATCH', at('Work', 'props.txt'), 'readonly', {
          body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:remove><D:prop><x xmlns="urn:z"/></D:prop></D:remove></D:propertyupdate>',
        })
      ).status,
    ).toBe(403);
  });
});
