import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDavWorld, type DavWorld } from '../../../test/dav-world';
import { buildPeriod, type FactoryDb } from '../../../test/factories';
import { documents } from '../../db/schema';

/**
 * Office saves over the network drive (issue 27). Word on a mapped drive saves by write-temp,
 * rename, delete (Microsoft's "How Word for Windows uses temporary files"): it holds the owner
 * file `~$name` while the document is open, writes the new content to `~WRDnnnn.tmp`, renames the
 * document to `~WRLnnnn.tmp`, renames the temp to the document's name and deletes the backup.
 * LibreOffice writes `.~lock.name#` and then PUTs the document under a WebDAV lock, or, through a
 * file system layer (davfs, gvfs), writes `luNNNN.tmp` and moves it over the document.
 */
let w: DavWorld;
let office: number;
beforeAll(async () => {
  w = await buildDavWorld();
  office = await w.folder('Office');
});
afterAll(() => w.t.close());

const at = (...names: string[]) => `${w.clientPath}/${names.map(encodeURIComponent).join('/')}`;
const LOCKINFO =
  '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>' +
  '<D:locktype><D:write/></D:locktype><D:owner>Word</D:owner></D:lockinfo>';
type Version = { id: number; is_validated: boolean; size: number };
const versions = async (doc: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor.id}/documents/${doc}/versions`, 'admin')).body
    .data as Version[];
const nodes = async () =>
  (await w.call('GET', `/api/vendors/${w.vendor.id}/folders/${office}/nodes?per_page=100`, 'admin')).body
    .data as { id: number; name: string }[];
const idOf = async (name: string) => (await nodes()).find((n) => n.name === name)?.id;
const move = (from: string, to: string, headers: Record<string, string> = {}) =>
  w.dav('MOVE', at('Office', from), 'collab', { headers: { destination: at('Office', to), ...headers } });
const content = async (name: string) => (await w.dav('GET', at('Office', name), 'collab')).body as string;
const lockOf = (res: { headers: Record<string, unknown> }) =>
  /<([^>]+)>/.exec(res.headers['lock-token'] as string)![1]!;

describe('the network drive: office saves keep the document', () => {
  it("replays Word's save: the document keeps its id, history, validation and period, and gains a version", async () => {
    expect((await w.dav('PUT', at('Office', 'report.docx'), 'collab', { body: 'v1' })).status).toBe(201);
    const id = (await idOf('report.docx'))!;
    const { period } = await buildPeriod(w.db as FactoryDb, { vendor: w.vendor });
    const patched = await w.call('PATCH', `/api/vendors/${w.vendor.id}/documents/${id}`, 'admin', {
      accounting_period_id: period.id,
    });
    expect(patched.status).toBe(200);
    const first = (await versions(id))[0]!;
    const validated = await w.call(
      'PUT',
      `/api/vendors/${w.vendor.id}/documents/${id}/versions/${first.id}/validation`,
      'admin',
    );
    expect(validated.status).toBe(200);
    expect((await w.dav('PUT', at('Office', 'report.docx'), 'collab', { body: 'v2' })).status).toBe(204);

    // Opening: the owner file, locked.
    const owner = await w.dav('LOCK', at('Office', '~$port.docx'), 'collab', { body: LOCKINFO });
    expect(owner.status).toBe(201);
    const token = lockOf(owner);
    const ownerPut = await w.dav('PUT', at('Office', '~$port.docx'), 'collab', {
      body: 'collab',
      headers: { if: `(<${token}>)` },
    });
    expect(ownerPut.status).toBe(204);
    // Saving: temp, document to backup, temp to document, backup deleted.
    expect(
      (await w.dav('PUT', at('Office', '~WRD0000.tmp'), 'collab', { body: 'v3 from Word' })).status,
    ).toBe(201);
    expect((await move('report.docx', '~WRL0001.tmp')).status).toBe(201);
    expect(await idOf('report.docx')).toBeUndefined();
    expect((await move('~WRD0000.tmp', 'report.docx')).status).toBe(201);
    expect((await w.dav('DELETE', at('Office', '~WRL0001.tmp'), 'collab')).status).toBe(204);
    // Closing.
    const unlocked = await w.dav('UNLOCK', at('Office', '~$port.docx'), 'collab', {
      headers: { 'lock-token': `<${token}>` },
    });
    expect(unlocked.status).toBe(204);
    expect((await w.dav('DELETE', at('Office', '~$port.docx'), 'collab')).status).toBe(204);

    expect(await nodes()).toEqual([expect.objectContaining({ id, name: 'report.docx' })]);
    const history = await versions(id);
    expect(history.length).toBe(3);
    expect(history.find((v) => v.id === first.id)?.is_validated).toBe(true);
    expect(await content('report.docx')).toBe('v3 from Word');
    const doc = await w.call('GET', `/api/vendors/${w.vendor.id}/documents/${id}`, 'admin');
    expect(doc.body.data.accounting_period_id).toBe(period.id);
    const trash = await w.call('GET', `/api/vendors/${w.vendor.id}/trash?per_page=100`, 'admin');
    expect(JSON.stringify(trash.body.data)).not.toContain('report.docx');
  });

  it('also when Word deletes the document instead of renaming it', async () => {
    await w.dav('PUT', at('Office', 'memo.docx'), 'collab', { body: 'memo 1' });
    const id = (await idOf('memo.docx'))!;
    await w.dav('PUT', at('Office', '~WRD0002.tmp'), 'collab', { body: 'memo 2' });
    expect((await w.dav('DELETE', at('Office', 'memo.docx'), 'collab')).status).toBe(204);
    expect((await move('~WRD0002.tmp', 'memo.docx')).status).toBe(201);
    expect(await idOf('memo.docx')).toBe(id);
    expect((await versions(id)).length).toBe(2);
    expect(await content('memo.docx')).toBe('memo 2');
  });

  it('LibreOffice: its lock file is scratch, its saves are versions (PUT under the lock, or a temp moved over)', async () => {
    await w.dav('PUT', at('Office', 'budget.ods'), 'collab', { body: 'b1' });
    const id = (await idOf('budget.ods'))!;
    expect(
      (await w.dav('PUT', at('Office', '.~lock.budget.ods#'), 'collab', { body: ',collab,host;' })).status,
    ).toBe(201);
    const locked = await w.dav('LOCK', at('Office', 'budget.ods'), 'collab', { body: LOCKINFO });
    expect(locked.status).toBe(200);
    const token = lockOf(locked);
    const saved = await w.dav('PUT', at('Office', 'budget.ods'), 'collab', {
      body: 'b2',
      headers: { if: `(<${token}>)` },
    });
    expect(saved.status).toBe(204);
    await w.dav('UNLOCK', at('Office', 'budget.ods'), 'collab', { headers: { 'lock-token': `<${token}>` } });
    // Through davfs or gvfs: a temp moved over the document (Overwrite: T) adds a version.
    await w.dav('PUT', at('Office', 'lu4242abc.tmp'), 'collab', { body: 'b3' });
    expect((await move('lu4242abc.tmp', 'budget.ods', { overwrite: 'F' })).status).toBe(412);
    expect((await move('lu4242abc.tmp', 'budget.ods', { overwrite: 'T' })).status).toBe(204);
    expect((await w.dav('GET', at('Office', 'lu4242abc.tmp'), 'collab')).status).toBe(404);
    expect((await w.dav('DELETE', at('Office', '.~lock.budget.ods#'), 'collab')).status).toBe(204);
    expect((await nodes()).map((n) => n.name)).not.toContain('.~lock.budget.ods#');
    expect((await versions(id)).length).toBe(3);
    expect(await content('budget.ods')).toBe('b3');
  });

  it('a document trashed more than a minute ago, or by someone else, stays in the trash', async () => {
    await w.dav('PUT', at('Office', 'old.docx'), 'collab', { body: 'old' });
    const old = (await idOf('old.docx'))!;
    await w.dav('DELETE', at('Office', 'old.docx'), 'collab');
    await w.db
      .update(documents)
      .set({ deletedAt: sql`now() - interval '2 minutes'` })
      .where(eq(documents.id, old));
    await w.dav('PUT', at('Office', '~WRD0003.tmp'), 'collab', { body: 'new' });
    expect((await move('~WRD0003.tmp', 'old.docx')).status).toBe(201);
    const fresh = (await idOf('old.docx'))!;
    expect(fresh).not.toBe(old);
    expect((await versions(fresh)).length).toBe(1);

    await w.dav('PUT', at('Office', 'shared.docx'), 'admin', { body: 'theirs' });
    const shared = (await idOf('shared.docx'))!;
    await w.dav('DELETE', at('Office', 'shared.docx'), 'admin');
    await w.dav('PUT', at('Office', '~WRD0004.tmp'), 'collab', { body: 'mine' });
    expect((await move('~WRD0004.tmp', 'shared.docx')).status).toBe(201);
    expect(await idOf('shared.docx')).not.toBe(shared);
  });

  it('a validated document cannot be renamed away to a scratch name (403)', async () => {
    await w.dav('PUT', at('Office', 'signed.pdf'), 'collab', { body: 'signed' });
    const id = (await idOf('signed.pdf'))!;
    const version = (await versions(id))[0]!;
    await w.call(
      'PUT',
      `/api/vendors/${w.vendor.id}/documents/${id}/versions/${version.id}/validation`,
      'admin',
    );
    expect((await move('signed.pdf', '~WRL0009.tmp')).status).toBe(403);
    expect(await idOf('signed.pdf')).toBe(id);
    expect((await w.dav('GET', at('Office', '~WRL0009.tmp'), 'collab')).status).toBe(404);
  });
});

describe('the network drive: 0-byte first versions', () => {
  it("replaces its author's empty first version under their lock, instead of chaining a version", async () => {
    const locked = await w.dav('LOCK', at('Office', 'copied.pdf'), 'collab', { body: LOCKINFO });
    expect(locked.status).toBe(201);
    const token = lockOf(locked);
    const id = (await idOf('copied.pdf'))!;
    expect((await versions(id)).map((v) => v.size)).toEqual([0]);
    const put = await w.dav('PUT', at('Office', 'copied.pdf'), 'collab', {
      body: 'the copied bytes',
      headers: { if: `(<${token}>)` },
    });
    expect(put.status).toBe(204);
    expect((await versions(id)).map((v) => v.size)).toEqual([16]);
    expect(await content('copied.pdf')).toBe('the copied bytes');
    // Once it has content, a PUT adds a version again.
    await w.dav('PUT', at('Office', 'copied.pdf'), 'collab', {
      body: 'edited',
      headers: { if: `(<${token}>)` },
    });
    expect((await versions(id)).length).toBe(2);
  });

  it("chains a version without the lock, or over someone else's empty version", async () => {
    expect((await w.dav('PUT', at('Office', 'finder.bin'), 'collab', { body: '' })).status).toBe(201);
    const id = (await idOf('finder.bin'))!;
    await w.dav('PUT', at('Office', 'finder.bin'), 'collab', { body: 'data' });
    expect((await versions(id)).length).toBe(2);

    await w.dav('PUT', at('Office', 'theirs.bin'), 'admin', { body: '' });
    const theirs = (await idOf('theirs.bin'))!;
    const locked = await w.dav('LOCK', at('Office', 'theirs.bin'), 'collab', { body: LOCKINFO });
    const token = lockOf(locked);
    await w.dav('PUT', at('Office', 'theirs.bin'), 'collab', {
      body: 'data',
      headers: { if: `(<${token}>)` },
    });
    expect((await versions(theirs)).length).toBe(2);
  });
});
