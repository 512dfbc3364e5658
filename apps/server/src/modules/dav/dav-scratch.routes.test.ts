import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDavWorld, type DavWorld } from '../../../test/dav-world';
import { blobUnreferenced } from '../../db/blob-references';
import { blobDeletions, davScratchFiles } from '../../db/schema';
import { DAV_SCRATCH_PURGE_JOB, isScratchName } from './dav-scratch.service';

let w: DavWorld;
let mac: number;
beforeAll(async () => {
  w = await buildDavWorld();
  mac = await w.folder('Mac');
});
afterAll(() => w.t.close());

const at = (...names: string[]) => `${w.clientPath}/${names.map(encodeURIComponent).join('/')}`;
const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const nodes = async (folder: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor.id}/folders/${folder}/nodes?per_page=100`, 'admin')).body
    .data as { id: number; name: string }[];
const listing = async (who: 'collab' | 'admin', ...path: string[]) =>
  (await w.dav('PROPFIND', `${at(...path)}/`, who, { headers: { depth: '1' } })).body as string;
const db = () => w.t.database.db;
const free = async (key: string) =>
  (
    (await db().execute(sql`SELECT ${blobUnreferenced(key)} AS free`)) as unknown as {
      rows: { free: boolean }[];
    }
  ).rows[0]!.free;

describe('the network drive: scratch files (system files and office temporaries)', () => {
  it('knows the scratch names', () => {
    for (const name of [
      '.DS_Store',
      '._report.pdf',
      'desktop.ini',
      'Thumbs.db',
      '~$port.docx',
      '~WRL0001.tmp',
      '.~lock.budget.ods#',
    ])
      expect(isScratchName(name), name).toBe(true);
    for (const name of ['report.docx', 'tmp.txt', 'lock.ods', 'a~$b.txt', '.~lock.budget.ods'])
      expect(isScratchName(name), name).toBe(false);
  });

  it('keeps them aside: written, read, listed back to their writer only, never filed', async () => {
    const bytes = randomBytes(2048);
    const put = await w.dav('PUT', at('Mac', '.DS_Store'), 'collab', { body: bytes });
    expect(put.status).toBe(201);
    expect(put.headers.etag).toBe(`"${sha(bytes)}"`);
    expect((await w.dav('PUT', at('Mac', '._photo.jpg'), 'collab', { body: 'apple double' })).status).toBe(
      201,
    );
    // Written again: replaced (204).
    expect((await w.dav('PUT', at('Mac', '._photo.jpg'), 'collab', { body: 'apple double 2' })).status).toBe(
      204,
    );
    // Never a document: the web app's listing does not show them.
    expect((await nodes(mac)).map((n) => n.name)).toEqual([]);
    // Listed back to the person who wrote them, to nobody else.
    const mine = await listing('collab', 'Mac');
    expect(mine).toContain('.DS_Store');
    expect(mine).toContain('._photo.jpg');
    expect(await listing('admin', 'Mac')).not.toContain('.DS_Store');
    const got = await w.dav('GET', at('Mac', '.DS_Store'), 'collab');
    expect(got.status).toBe(200);
    expect(got.headers['content-length']).toBe('2048');
    expect(got.headers.etag).toBe(`"${sha(bytes)}"`);
    expect((await w.dav('GET', at('Mac', '._photo.jpg'), 'collab')).body).toBe('apple double 2');
    expect((await w.dav('GET', at('Mac', '.DS_Store'), 'admin')).status).toBe(404);
    const one = await w.dav('PROPFIND', at('Mac', '.DS_Store'), 'collab', { headers: { depth: '0' } });
    expect(one.status).toBe(207);
    expect(one.body).toContain('<D:getcontentlength>2048</D:getcontentlength>');
    // Explorer's attribute updates succeed without being kept.
    const patched = await w.dav('PROPPATCH', at('Mac', '.DS_Store'), 'collab', {
      body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:schemas-microsoft-com:"><D:set><D:prop><Z:Win32FileAttributes>00000020</Z:Win32FileAttributes></D:prop></D:set></D:propertyupdate>',
    });
    expect(patched.status).toBe(207);
    expect(patched.body).toContain('200 OK');
    // Renamed among scratch names, then deleted.
    const renamed = await w.dav('MOVE', at('Mac', '._photo.jpg'), 'collab', {
      headers: { destination: at('Mac', '._picture.jpg') },
    });
    expect(renamed.status).toBe(201);
    expect((await w.dav('GET', at('Mac', '._photo.jpg'), 'collab')).status).toBe(404);
    expect((await w.dav('DELETE', at('Mac', '._picture.jpg'), 'collab')).status).toBe(204);
    expect((await w.dav('DELETE', at('Mac', '._picture.jpg'), 'collab')).status).toBe(404);
    // A scratch name is accepted at a client folder's root too (Finder writes .DS_Store everywhere).
    expect((await w.dav('PUT', at('.DS_Store'), 'collab', { body: 'root' })).status).toBe(201);
  });

  it('locks an unmapped scratch name into an empty scratch file (Word owner file), under the lock', async () => {
    const locked = await w.dav('LOCK', at('Mac', '~$port.docx'), 'collab', {
      body: '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
    });
    expect(locked.status).toBe(201);
    const token = /<([^>]+)>/.exec(locked.headers['lock-token'] as string)![1]!;
    expect((await w.dav('GET', at('Mac', '~$port.docx'), 'collab')).body).toBe('');
    expect((await w.dav('PUT', at('Mac', '~$port.docx'), 'collab', { body: 'owner' })).status).toBe(423);
    const put = await w.dav('PUT', at('Mac', '~$port.docx'), 'collab', {
      body: 'owner',
      headers: { if: `(<${token}>)` },
    });
    expect(put.status).toBe(204);
    expect(
      (await w.dav('UNLOCK', at('Mac', '~$port.docx'), 'collab', { headers: { 'lock-token': `<${token}>` } }))
        .status,
    ).toBe(204);
    expect((await nodes(mac)).map((n) => n.name)).toEqual([]);
  });

  it('keeps live scratch blobs from the collector, and the purge job drops expired ones', async () => {
    const live = randomBytes(512);
    const old = randomBytes(512);
    await w.dav('PUT', at('Mac', 'Thumbs.db'), 'collab', { body: live });
    await w.dav('PUT', at('Mac', 'desktop.ini'), 'collab', { body: old });
    expect(await free(sha(live))).toBe(false);
    expect(await free(sha(old))).toBe(false);
    // A day later, desktop.ini has expired: no longer listed, no longer keeping its blob.
    await db()
      .update(davScratchFiles)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(davScratchFiles.name, 'desktop.ini'));
    expect((await w.dav('GET', at('Mac', 'desktop.ini'), 'collab')).status).toBe(404);
    expect(await listing('collab', 'Mac')).not.toContain('desktop.ini');
    expect(await free(sha(old))).toBe(true);
    await w.t.jobs.enqueue(db(), DAV_SCRATCH_PURGE_JOB, {});
    await w.t.jobs.drain();
    const rows = await db().select().from(davScratchFiles).where(eq(davScratchFiles.name, 'desktop.ini'));
    expect(rows).toEqual([]);
    const queued = await db()
      .select()
      .from(blobDeletions)
      .where(eq(blobDeletions.blobKey, sha(old)));
    expect(queued.length).toBe(1);
    expect(await free(sha(live))).toBe(false);
  });

  it('accepts and forgets scratch names above the client folders (the root, a workspace)', async () => {
    const workspace = `/dav/${encodeURIComponent(w.firm.name)}`;
    for (const path of [`/dav/.DS_Store`, `${workspace}/.DS_Store`, `${workspace}/desktop.ini`]) {
      expect((await w.dav('PUT', path, 'collab', { body: randomBytes(512) })).status, path).toBe(201);
      expect(
        (
          await w.dav('PROPPATCH', path, 'collab', {
            body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:schemas-microsoft-com:"><D:set><D:prop><Z:Win32FileAttributes>00000020</Z:Win32FileAttributes></D:prop></D:set></D:propertyupdate>',
          })
        ).status,
      ).toBe(207);
      // Nothing is kept: reads find nothing, listings show nothing, a delete succeeds.
      expect((await w.dav('GET', path, 'collab')).status).toBe(404);
      expect((await w.dav('PROPFIND', path, 'collab', { headers: { depth: '0' } })).status).toBe(404);
      expect((await w.dav('DELETE', path, 'collab')).status).toBe(204);
    }
    expect((await w.dav('PROPFIND', '/dav/', 'collab', { headers: { depth: '1' } })).body).not.toContain(
      'DS_Store',
    );
    expect(
      (await w.dav('PROPFIND', `${workspace}/`, 'collab', { headers: { depth: '1' } })).body,
    ).not.toContain('DS_Store');
    // Another person's workspace is still 404, scratch name or not; other names are refused as before.
    expect(
      (await w.dav('PUT', `/dav/${encodeURIComponent('Nobody firm')}/.DS_Store`, 'collab', { body: 'x' }))
        .status,
    ).toBe(404);
    expect((await w.dav('PUT', `${workspace}/notes.txt`, 'collab', { body: 'x' })).status).toBe(404);
  });
});
