import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunkBody,
  cleanupContext,
  type DocsWorld,
  docsWorld,
  md5,
  restarted,
  sendChunk,
  upload,
} from '../../../../test/documents';
import { cleanup } from './uploads.service';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-'));
let w: DocsWorld;
let folder = 0;
const KB = 1024;

beforeAll(async () => {
  w = await docsWorld({ env: { DATA_DIR: dataDir } });
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'Uploads', parent_id: w.root })
  ).body.data.id;
});
afterAll(async () => {
  await w.t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const download = (id: number, query = '') =>
  w.t.app.inject({
    method: 'GET',
    url: `/api/vendors/${w.vendor}/documents/${id}/content${query}`,
    headers: { authorization: `Bearer ${w.tokens.expert}` },
  });
const testChunk = (identifier: string, n: number, folderId = folder) =>
  w.call(
    'GET',
    `/api/vendors/${w.vendor}/folders/${folderId}/uploads?flowIdentifier=${identifier}&flowChunkNumber=${n}`,
  );

describe('POST /api/vendors/{vendor_id}/folders/{folder_id}/uploads (flow.js chunks)', () => {
  it('assembles chunks sent in any order; the completing chunk answers the id; the content is intact', async () => {
    const content = randomBytes(5 * 64 * KB + 1000);
    const first = await sendChunk(w, folder, 'ordre.bin', content, 3, { chunkSize: 64 * KB });
    expect(first.status).toBe(200);
    expect(first.body.data.id).toBeNull();
    let res = first;
    for (const n of [5, 1, 4, 2])
      res = await sendChunk(w, folder, 'ordre.bin', content, n, { chunkSize: 64 * KB });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    expect(id).toEqual(expect.any(Number));
    const got = await download(id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="ordre.bin"; filename*=UTF-8''ordre.bin`,
    );
    const versions = await w.call('GET', `/api/vendors/${w.vendor}/documents/${id}/versions`);
    expect(versions.body.data).toEqual([
      expect.objectContaining({
        ancestor_id: null,
        md5: md5(content),
        size: content.length,
        original_name: 'ordre.bin',
      }),
    ]);
  });

  it('accepts a repeated chunk and tells which chunks are stored (flow test GET)', async () => {
    const content = randomBytes(3 * 64 * KB);
    const o = { chunkSize: 64 * KB, identifier: 'repeat-1' };
    expect((await testChunk('repeat-1', 1)).status).toBe(204);
    expect((await sendChunk(w, folder, 'repeat.bin', content, 1, o)).status).toBe(200);
    expect((await sendChunk(w, folder, 'repeat.bin', content, 1, o)).status).toBe(200);
    const tested = await testChunk('repeat-1', 1);
    expect(tested.status).toBe(200);
    expect(tested.body.data).toEqual({ chunks: [1], id: null });
    expect((await testChunk('repeat-1', 2)).status).toBe(204);
    await sendChunk(w, folder, 'repeat.bin', content, 2, o);
    const done = await sendChunk(w, folder, 'repeat.bin', content, 3, o);
    expect(done.body.data.id).toEqual(expect.any(Number));
    expect((await testChunk('repeat-1', 3)).body.data).toEqual({ chunks: [1, 2, 3], id: done.body.data.id });
  });

  it('refuses chunks whose counts, numbers or sizes do not add up (422 on the field), storing nothing', async () => {
    // Two chunks: 64 KiB, then 64 KiB and the remainder (flow.js: the last chunk takes it).
    const content = randomBytes(2 * 64 * KB + 1000);
    const first = content.subarray(0, 64 * KB);
    const fields = (identifier: string, over: Record<string, number>) => ({
      flowChunkNumber: 1,
      flowChunkSize: 64 * KB,
      flowCurrentChunkSize: 64 * KB,
      flowTotalSize: content.length,
      flowIdentifier: identifier,
      flowFilename: `${identifier}.bin`,
      flowRelativePath: `${identifier}.bin`,
      flowTotalChunks: 2,
      ...over,
    });
    const invalid = 'Valeur invalide.';
    const mismatch = 'La taille du morceau ne correspond pas.';
    const cases: [string, Record<string, number>, Uint8Array, string, string][] = [
      ['total-up', { flowTotalChunks: 3 }, first, 'flowTotalChunks', invalid],
      [
        'total-down',
        { flowTotalChunks: 1, flowCurrentChunkSize: content.length },
        content,
        'flowTotalChunks',
        invalid,
      ],
      // The size declared is not the chunk's for its number (its body as long as declared).
      [
        'first-short',
        { flowCurrentChunkSize: 1000 },
        content.subarray(0, 1000),
        'flowCurrentChunkSize',
        mismatch,
      ],
      [
        'last-no-rest',
        { flowChunkNumber: 2 },
        content.subarray(64 * KB, 128 * KB),
        'flowCurrentChunkSize',
        mismatch,
      ],
      // The body longer, or shorter, than the size declared.
      ['body-long', {}, content.subarray(0, 64 * KB + 10), 'flowCurrentChunkSize', mismatch],
      [
        'body-long-last',
        { flowChunkNumber: 2, flowCurrentChunkSize: 64 * KB + 1000 },
        Buffer.concat([content.subarray(64 * KB), Buffer.from('extra')]),
        'flowCurrentChunkSize',
        mismatch,
      ],
      ['body-short', {}, content.subarray(0, 1000), 'flowCurrentChunkSize', mismatch],
      ['beyond', { flowChunkNumber: 3 }, first, 'flowChunkNumber', 'Numéro de morceau invalide.'],
    ];
    const userDirs = async () => {
      const firm = (await w.call('GET', `/api/vendors/${w.vendor}`)).body.data.accounting_firm_id;
      const me = (await w.call('GET', '/api/users/me')).body.data.id;
      return fs.readdirSync(path.join(dataDir, 'uploads', String(firm), String(me)), {}).sort();
    };
    // Some upload of this user, so that its folder on disk exists.
    await sendChunk(w, folder, 'kept.bin', content, 1, { chunkSize: 64 * KB, identifier: 'kept-1' });
    const before = await userDirs();
    for (const [identifier, over, body, field, message] of cases) {
      const res = await w.t.request({
        method: 'POST',
        url: `/api/vendors/${w.vendor}/folders/${folder}/uploads`,
        token: w.tokens.expert,
        ...(await chunkBody(fields(identifier, over), body)),
      });
      expect(res.status, identifier).toBe(422);
      expect(res.body, identifier).toEqual({
        message: 'Vérifiez vos données.',
        code: 'validation-failed',
        errors: { [field]: [message] },
      });
      // Nothing stored: no chunk, no session, no folder on disk.
      expect((await testChunk(identifier, 1)).status, identifier).toBe(204);
      expect((await testChunk(identifier, 2)).status, identifier).toBe(204);
      expect(await userDirs(), identifier).toEqual(before);
    }
    // The right chunks of the same upload are still taken.
    const o = { chunkSize: 64 * KB, identifier: 'body-long' };
    await sendChunk(w, folder, 'body-long.bin', content, 1, o);
    const done = await sendChunk(w, folder, 'body-long.bin', content, 2, o);
    expect((await download(done.body.data.id)).rawPayload.equals(content)).toBe(true);
  });

  it('refuses an empty file, forbidden names, a long extension, and cuts long names to 190', async () => {
    const empty = await sendChunk(w, folder, 'vide.txt', Buffer.alloc(0), 1);
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('empty-file');
    const bad = await upload(w, folder, 'a:b.txt', Buffer.from('x'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.flowFilename).toBeDefined();
    const ext = await upload(w, folder, `a.${'x'.repeat(200)}`, Buffer.from('x'));
    expect(ext.body.code).toBe('extension-too-long');
    const long = await upload(w, folder, `${'n'.repeat(300)}.pdf`, Buffer.from('%PDF'));
    expect(long.status).toBe(200);
    const doc = await w.call('GET', `/api/vendors/${w.vendor}/documents/${long.body.data.id}`);
    expect(doc.body.data.name).toBe(`${'n'.repeat(186)}.pdf`);
  });

  it('creates the folders of a relative path; refuses .., absolute paths and a document at the root', async () => {
    const res = await upload(w, folder, 'rel.txt', Buffer.from('relative'), {
      relativePath: 'Lot/Sous lot/rel.txt',
    });
    expect(res.status).toBe(200);
    const doc = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${res.body.data.id}`)).body.data;
    const lot = (await w.call('GET', `/api/vendors/${w.vendor}/folders?parent_id=${folder}`)).body.data.find(
      (f: { name: string }) => f.name === 'Lot',
    );
    const sub = (await w.call('GET', `/api/vendors/${w.vendor}/folders?parent_id=${lot.id}`)).body.data;
    expect(sub.map((f: { name: string }) => f.name)).toEqual(['Sous lot']);
    expect(doc.folder_id).toBe(sub[0].id);
    for (const relativePath of [
      '../x.txt',
      'a/../../x.txt',
      '/etc/x.txt',
      'C:/x.txt',
      'a\\..\\x.txt',
      'a//x.txt',
    ]) {
      const refused = await upload(w, folder, 'x.txt', Buffer.from('x'), { relativePath });
      expect(refused.status, relativePath).toBe(422);
      expect(refused.body.errors, relativePath).toHaveProperty('flowRelativePath');
    }
    const atRoot = await upload(w, w.root, 'root.txt', Buffer.from('x'));
    expect(atRoot.body.code).toBe('document-at-root');
    // A folder upload at the root files its documents in the folders it creates.
    expect(
      (await upload(w, w.root, 'deep.txt', Buffer.from('x'), { relativePath: 'Racine/deep.txt' })).status,
    ).toBe(200);
  });

  it('refuses an MD5 that does not match, and keeps nothing', async () => {
    const res = await upload(w, folder, 'md5.txt', Buffer.from('real content'), {
      md5: md5(Buffer.from('other')),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('checksum-failed');
    const list = await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=100`);
    expect(list.body.data.map((n: { name: string }) => n.name)).not.toContain('md5.txt');
  });

  it('same name: refused by default, a new version or a renamed document on request', async () => {
    const first = await upload(w, folder, 'Bilan.pdf', Buffer.from('%PDF v1'));
    const again = await upload(w, folder, 'bilan.pdf', Buffer.from('%PDF v2'));
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      code: 'node-name-conflict',
      errors: { flowFilename: [expect.any(String)] },
    });
    // Refused at the first chunk of a longer file, before anything is stored.
    const long = await sendChunk(w, folder, 'BILAN.pdf', Buffer.alloc(3 * 1024 * 1024, 1), 1, {
      identifier: 'taken-name',
    });
    expect(long.body.code).toBe('node-name-conflict');
    expect((await testChunk('taken-name', 1)).status).toBe(204);
    const version = await upload(w, folder, 'Bilan.pdf', Buffer.from('%PDF v2!'), { conflict: 'version' });
    expect(version.body.data.id).toBe(first.body.data.id);
    const versions = (
      await w.call('GET', `/api/vendors/${w.vendor}/documents/${first.body.data.id}/versions`)
    ).body.data;
    expect(versions).toHaveLength(2);
    expect(versions[0].ancestor_id).toBe(versions[1].id);
    expect((await download(first.body.data.id)).payload).toBe('%PDF v2!');
    expect((await download(first.body.data.id, `?version_id=${versions[1].id}`)).payload).toBe('%PDF v1');
    const renamed = await upload(w, folder, 'Bilan.pdf', Buffer.from('%PDF v3'), { conflict: 'rename' });
    expect(
      (await w.call('GET', `/api/vendors/${w.vendor}/documents/${renamed.body.data.id}`)).body.data.name,
    ).toBe('Bilan (2).pdf');
  });

  it('serves HTML and SVG as attachments only, with RFC 6266 names', async () => {
    for (const name of ['page.html', 'logo.svg']) {
      const res = await upload(w, folder, name, Buffer.from('<script>alert(1)</script>'));
      const got = await download(res.body.data.id, '?disposition=inline');
      expect(got.headers['content-type']).toBe('application/octet-stream');
      expect(String(got.headers['content-disposition'])).toMatch(/^attachment;/);
    }
    const pdf = await upload(w, folder, 'Relevé « été ».pdf', Buffer.from('%PDF'));
    const got = await download(pdf.body.data.id, '?disposition=inline');
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="Relev_ _ _t_ _.pdf"; filename*=UTF-8''Relev%C3%A9%20%C2%AB%20%C3%A9t%C3%A9%20%C2%BB.pdf`,
    );
  });

  it('refuses guests (403) and another firm’s folder or version ids (404)', async () => {
    expect((await upload(w, folder, 'g.txt', Buffer.from('g'), { who: 'guest' })).status).toBe(403);
    const foreignRoot = (await w.call('GET', `/api/vendors/${w.otherVendor}/folders`)).body.data[0].id;
    expect((await upload(w, foreignRoot, 'f.txt', Buffer.from('f'))).status).toBe(404);
    const mine = await upload(w, folder, 'mine.txt', Buffer.from('mine'));
    expect((await download(mine.body.data.id, '?version_id=2147483000')).statusCode).toBe(404);
    expect((await upload(w, folder, 'c.txt', Buffer.from('client'), { who: 'client' })).status).toBe(200);
  });

  it('resumes after a server restart from the chunks stored, and cleans stale uploads', async () => {
    const content = randomBytes(4 * 64 * KB);
    const o = { chunkSize: 64 * KB, identifier: 'restart-1' };
    await sendChunk(w, folder, 'restart.bin', content, 1, o);
    await sendChunk(w, folder, 'restart.bin', content, 2, o);
    // A second server on the same database and data folder (the first one "restarted").
    const other = await restarted(w, dataDir);
    try {
      const tested = await other.call(
        'GET',
        `/api/vendors/${w.vendor}/folders/${folder}/uploads?flowIdentifier=restart-1&flowChunkNumber=2`,
      );
      expect(tested.body.data.chunks).toEqual([1, 2]);
      await sendChunk(other, folder, 'restart.bin', content, 3, o);
      const done = await sendChunk(other, folder, 'restart.bin', content, 4, o);
      expect(done.body.data.id).toEqual(expect.any(Number));
      const versions = await other.call(
        'GET',
        `/api/vendors/${w.vendor}/documents/${done.body.data.id}/versions`,
      );
      expect(versions.body.data[0].md5).toBe(md5(content));
    } finally {
      await other.close();
    }

    // An abandoned upload: its session and chunks go with the cleanup.
    await sendChunk(w, folder, 'stale.bin', content, 1, { chunkSize: 64 * KB, identifier: 'stale-1' });
    const uploadsDir = path.join(dataDir, 'uploads');
    const chunkFiles = () => fs.readdirSync(uploadsDir, { recursive: true }).length;
    expect(chunkFiles()).toBeGreaterThan(0);
    const removed = await cleanup(cleanupContext(w, dataDir), { idleSeconds: 0 });
    expect(removed.uploads).toBeGreaterThanOrEqual(1);
    expect((await testChunk('stale-1', 1)).status).toBe(204);
  });
});
