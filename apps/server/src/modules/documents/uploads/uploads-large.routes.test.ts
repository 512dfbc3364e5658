import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, md5, upload } from '../../../../test/documents';

let w: DocsWorld;
let folder = 0;
beforeAll(async () => {
  w = await docsWorld();
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'Large', parent_id: w.root })
  ).body.data.id;
});
afterAll(() => w.t.close());

const MiB = 1024 * 1024;

describe('a large upload (its MD5 computed on another thread)', () => {
  const content = randomBytes(33 * MiB);
  const chunkSize = 5 * 1024 * 1024;

  it('is assembled and checked: the version keeps the MD5, the content reads back whole', async () => {
    const res = await upload(w, folder, 'large.bin', content, { chunkSize, order: [2, 1, 4, 3, 6, 5] });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    const versions = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${id}/versions`)).body.data;
    expect(versions[0]).toMatchObject({ md5: md5(content), size: content.length });
    const back = await w.t.app.inject({
      method: 'GET',
      url: `/api/vendors/${w.vendor}/documents/${id}/content`,
      headers: { authorization: `Bearer ${w.tokens.expert}` },
    });
    expect(md5(back.rawPayload)).toBe(md5(content));
  });

  it('refuses a file whose MD5 differs (checksum-failed) and keeps nothing', async () => {
    const res = await upload(w, folder, 'corrupt.bin', content, {
      chunkSize,
      md5: md5(Buffer.from('other')),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('checksum-failed');
    const names = (await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes`)).body.data.map(
      (n: { name: string }) => n.name,
    );
    expect(names).toEqual(['large.bin']);
  });
});
