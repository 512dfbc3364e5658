import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countDrift, type DocsWorld, docsWorld, md5, sendChunk, upload } from '../../../../test/documents';

/** Concurrency shows on PostgreSQL only (PGlite runs one transaction at a time). */
describe.runIf(inject('databaseKind') === 'postgres')('uploads racing each other (PostgreSQL)', () => {
  let w: DocsWorld;
  let folder = 0;
  beforeAll(async () => {
    w = await docsWorld();
    folder = (
      await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'Race', parent_id: w.root })
    ).body.data.id;
  });
  afterAll(() => w.t.close());

  it('two uploads of the same name and size at once: one document, the other refused', async () => {
    const [a, b] = await Promise.all([
      upload(w, folder, 'same.txt', Buffer.from('aaaa'), { identifier: 'race-a' }),
      upload(w, folder, 'same.txt', Buffer.from('bbbb'), { identifier: 'race-b', who: 'collab' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect([a, b].find((r) => r.status === 422)!.body.code).toBe('node-name-conflict');
  });

  it('two versions of one document at once: both kept, chained', async () => {
    const first = await upload(w, folder, 'v.txt', Buffer.from('v1'));
    const [a, b] = await Promise.all([
      upload(w, folder, 'v.txt', Buffer.from('v2a'), { identifier: 'ver-a', conflict: 'version' }),
      upload(w, folder, 'v.txt', Buffer.from('v2b'), {
        identifier: 'ver-b',
        conflict: 'version',
        who: 'collab',
      }),
    ]);
    expect(a.body.data.id).toBe(first.body.data.id);
    expect(b.body.data.id).toBe(first.body.data.id);
    const versions = (
      await w.call('GET', `/api/vendors/${w.vendor}/documents/${first.body.data.id}/versions`)
    ).body.data;
    expect(versions).toHaveLength(3);
    expect(versions[0].ancestor_id).toBe(versions[1].id);
    expect(versions[1].ancestor_id).toBe(versions[2].id);
  });

  it('the same chunk completing one upload twice at once assembles it once', async () => {
    const content = Buffer.from('once only');
    const results = await Promise.all([
      upload(w, folder, 'once.txt', content, { identifier: 'once-1' }),
      upload(w, folder, 'once.txt', content, { identifier: 'once-1' }),
    ]);
    const ids = results.map((r) => r.body.data?.id).filter((id) => id);
    expect(new Set(ids).size).toBe(1);
    const list = await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=100`);
    expect(list.body.data.filter((n: { name: string }) => n.name.startsWith('once')).length).toBe(1);
  });

  it('every chunk of an upload at once: the chunk counted last assembles it, once, whole', async () => {
    const content = Buffer.alloc(8 * 64 * 1024);
    for (let i = 0; i < content.length; i += 4) content.writeUInt32LE(i, i);
    const o = { chunkSize: 64 * 1024, identifier: 'all-at-once' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sendChunk(w, folder, 'all.bin', content, i + 1, o)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const ids = answers.map((a) => a.body.data.id).filter((id) => id !== null);
    expect(ids).toHaveLength(1);
    const got = await w.t.app.inject({
      method: 'GET',
      url: `/api/vendors/${w.vendor}/documents/${ids[0]}/content`,
      headers: { authorization: `Bearer ${w.tokens.expert}` },
    });
    expect(got.rawPayload.equals(content)).toBe(true);
    const versions = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${ids[0]}/versions`)).body.data;
    expect(versions).toHaveLength(1);
  });

  it('the same chunk sent twice at once with other bytes: one writer, its bytes whole, the key their sha256', async () => {
    const a = Buffer.alloc(3 * 64 * 1024, 'a');
    const b = Buffer.from(a).fill('b', 0, 64 * 1024);
    const o = { chunkSize: 64 * 1024, identifier: 'same-chunk', md5: false as const };
    const [ra, rb] = await Promise.all([
      sendChunk(w, folder, 'chunk.bin', a, 1, o),
      sendChunk(w, folder, 'chunk.bin', b, 1, o),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    await sendChunk(w, folder, 'chunk.bin', a, 2, o);
    const done = await sendChunk(w, folder, 'chunk.bin', a, 3, o);
    const id = done.body.data.id;
    const got = await w.t.app.inject({
      method: 'GET',
      url: `/api/vendors/${w.vendor}/documents/${id}/content`,
      headers: { authorization: `Bearer ${w.tokens.expert}` },
    });
    expect(got.rawPayload.equals(a) || got.rawPayload.equals(b)).toBe(true);
    const [version] = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${id}/versions`)).body.data;
    expect(version.md5).toBe(md5(got.rawPayload));
  });

  it('two users renaming two folders at once to one name: one wins (folders-race has one folder)', async () => {
    const f = (
      await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'R1', parent_id: folder })
    ).body.data.id;
    const g = (
      await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'R2', parent_id: folder })
    ).body.data.id;
    const [a, b] = await Promise.all([
      w.call('PATCH', `/api/vendors/${w.vendor}/folders/${f}`, 'expert', { name: 'Same' }),
      w.call('PATCH', `/api/vendors/${w.vendor}/folders/${g}`, 'collab', { name: 'same' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
  });

  it("keeps every folder's count of live documents exact", async () => {
    expect(await countDrift(w)).toBe(0);
  });
});
