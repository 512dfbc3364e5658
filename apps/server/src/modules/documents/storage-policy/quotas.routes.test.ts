import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFolder, sendChunk, upload } from '../../../../test/documents';
import { type StorageWorld, storageWorld } from '../../../../test/storage-world';

let s: StorageWorld;
let base = 0;
beforeAll(async () => {
  s = await storageWorld();
  base = await newFolder(s.w, 'Quotas', s.w.root);
}, 60_000);
afterAll(() => s.w.t.close());

const firmUrl = () => `/api/accounting-firms/${s.firm.id}/storage-settings`;
const saUrl = (firm = s.firm.id) => `/api/sa/accounting-firms/${firm}/storage`;
const usage = async () => (await s.w.call('GET', saUrl(), 'superadmin')).body.data.usage;
const setStorage = async (payload: object) => {
  const res = await s.w.call('PATCH', saUrl(), 'superadmin', payload);
  expect(res.status).toBe(200);
  return res.body.data;
};
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await s.w.t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const sessions = () =>
  count(sql`SELECT count(*)::int AS n FROM document_uploads WHERE accounting_firm_id = ${s.firm.id}`);
const chunks = () =>
  count(sql`SELECT count(*)::int AS n FROM document_upload_chunks WHERE accounting_firm_id = ${s.firm.id}`);
const bytes = (n: number, fill = 'x') => Buffer.alloc(n, fill);

describe('storage settings and usage', () => {
  it('shows the defaults to the firm administrator: 30 days of trash, every version, no quota', async () => {
    const res = await s.w.call('GET', firmUrl());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      trash_retention_days: 30,
      version_retention: null,
      usage: { stored_bytes: 0, reserved_bytes: 0, used_bytes: 0, quota_bytes: null },
    });
    const sa = await s.w.call('GET', saUrl(), 'superadmin');
    expect(sa.body.data).toMatchObject({ quota_bytes: null, user_reserved_bytes: 50 * 1024 ** 3 });
  });

  it('lets the firm administrator change the retention, and no one else', async () => {
    const res = await s.w.call('PATCH', firmUrl(), 'expert', {
      trash_retention_days: 0,
      version_retention: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ trash_retention_days: 0, version_retention: 5 });
    expect(
      (await s.w.call('PATCH', firmUrl(), 'expert', { version_retention: null })).body.data,
    ).toMatchObject({
      trash_retention_days: 0,
      version_retention: null,
    });
    expect((await s.w.call('PATCH', firmUrl(), 'collab', { trash_retention_days: 1 })).status).toBe(403);
    // A client user is no one in the firm's settings.
    expect((await s.w.call('GET', firmUrl(), 'client')).status).toBe(404);
    const stranger = await s.w.t.request({
      method: 'PATCH',
      url: firmUrl(),
      token: s.strangerToken,
      payload: { trash_retention_days: 1 },
    });
    expect(stranger.status).toBe(404);
    const bad = await s.w.call('PATCH', firmUrl(), 'expert', {
      trash_retention_days: -1,
      version_retention: 0,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['trash_retention_days', 'version_retention']);
    expect((await s.w.call('GET', firmUrl())).body.data.trash_retention_days).toBe(0);
  });

  it("keeps the quota to the super admin: the firm's administrator cannot set it", async () => {
    // The super admin's routes do not exist for anyone else.
    expect((await s.w.call('PATCH', saUrl(), 'expert', { quota_bytes: 1 })).status).toBe(404);
    expect((await s.w.call('GET', saUrl(), 'expert')).status).toBe(404);
    expect((await s.w.call('GET', saUrl(999_999), 'superadmin')).status).toBe(404);
    expect((await s.w.call('PATCH', saUrl(), 'superadmin', { quota_bytes: -5 })).status).toBe(422);
    expect((await s.w.call('GET', firmUrl())).body.data.usage.quota_bytes).toBeNull();
  });

  it('counts each blob of live and trashed versions once, and the uploads under way', async () => {
    const before = await usage();
    const folder = await newFolder(s.w, 'Usage', base);
    const a = (await upload(s.w, folder, 'a.bin', bytes(1000, 'a'))).body.data.id;
    await upload(s.w, folder, 'same.bin', bytes(1000, 'a'));
    expect((await usage()).stored_bytes - before.stored_bytes).toBe(1000);
    expect((await s.w.call('DELETE', `/api/vendors/${s.w.vendor}/documents/${a}`)).status).toBe(204);
    await upload(s.w, folder, 'b.bin', bytes(300, 'b'));
    expect((await usage()).stored_bytes - before.stored_bytes).toBe(1300);
    // The first of two chunks: the whole declared size is reserved.
    const half = await sendChunk(s.w, folder, 'big.bin', bytes(4096, 'c'), 1, { chunkSize: 2048 });
    expect(half.status).toBe(200);
    const now = await usage();
    expect(now.reserved_bytes - before.reserved_bytes).toBe(4096);
    expect(now.used_bytes).toBe(now.stored_bytes + now.reserved_bytes);
    expect((await sendChunk(s.w, folder, 'big.bin', bytes(4096, 'c'), 2, { chunkSize: 2048 })).status).toBe(
      200,
    );
    const done = await usage();
    expect(done.reserved_bytes).toBe(before.reserved_bytes);
    expect(done.stored_bytes - before.stored_bytes).toBe(1300 + 4096);
    const firm = (await s.w.call('GET', firmUrl())).body.data.usage;
    expect(firm).toEqual(done);
  });
});

describe('past a limit: 422 quota-exceeded, nothing stored', () => {
  it("refuses an upload past the portal's quota: no session, no chunk, no document, and its next chunk too", async () => {
    const folder = await newFolder(s.w, 'Over quota', base);
    const { used_bytes } = await usage();
    await setStorage({ quota_bytes: used_bytes + 100 });
    const [sessionsBefore, chunksBefore] = [await sessions(), await chunks()];
    const content = bytes(400, 'q');
    const first = await sendChunk(s.w, folder, 'too-big.bin', content, 1, { chunkSize: 200, who: 'client' });
    expect(first.status).toBe(422);
    expect(first.body.code).toBe('quota-exceeded');
    expect(first.body.message).toEqual(expect.any(String));
    const second = await sendChunk(s.w, folder, 'too-big.bin', content, 2, { chunkSize: 200, who: 'client' });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe('quota-exceeded');
    expect(await sessions()).toBe(sessionsBefore);
    expect(await chunks()).toBe(chunksBefore);
    expect((await usage()).used_bytes).toBe(used_bytes);
    const listed = await s.w.call('GET', `/api/vendors/${s.w.vendor}/folders/${folder}/nodes`, 'client');
    expect(listed.body.data).toEqual([]);
    // Under the quota, it goes through; then the quota is full.
    expect((await upload(s.w, folder, 'fits.bin', bytes(100, 'f'), { who: 'client' })).status).toBe(200);
    const full = await upload(s.w, folder, 'one-more.bin', bytes(1, 'z'), { who: 'client' });
    expect(full.body.code).toBe('quota-exceeded');
    // Back to unlimited.
    await setStorage({ quota_bytes: null });
    expect((await upload(s.w, folder, 'one-more.bin', bytes(1, 'z'), { who: 'client' })).status).toBe(200);
  });

  it("refuses a new file sent under a finished upload's identifier before touching that upload", async () => {
    const folder = await newFolder(s.w, 'Same identifier', base);
    const identifier = 'reused-identifier';
    expect((await upload(s.w, folder, 'first.bin', bytes(50, 'r'), { identifier })).status).toBe(200);
    await setStorage({ quota_bytes: (await usage()).used_bytes + 10 });
    const before = await sessions();
    const again = await sendChunk(s.w, folder, 'second.bin', bytes(80, 's'), 1, {
      identifier,
      chunkSize: 40,
    });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('quota-exceeded');
    expect(await sessions()).toBe(before);
    await setStorage({ quota_bytes: null });
  });

  it('refuses what one person would reserve past their limit, not another person', async () => {
    const folder = await newFolder(s.w, 'Reserved', base);
    await setStorage({ user_reserved_bytes: 5000 });
    const opts = { chunkSize: 2000, who: 'client' as const };
    expect((await sendChunk(s.w, folder, 'r1.bin', bytes(4000, '1'), 1, opts)).status).toBe(200);
    const over = await sendChunk(s.w, folder, 'r2.bin', bytes(4000, '2'), 1, opts);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('quota-exceeded');
    // Another person has their own allowance.
    expect(
      (await sendChunk(s.w, folder, 'r3.bin', bytes(4000, '3'), 1, { ...opts, who: 'collab' })).status,
    ).toBe(200);
    // Once the first upload is done its bytes are no longer reserved.
    expect((await sendChunk(s.w, folder, 'r1.bin', bytes(4000, '1'), 2, opts)).status).toBe(200);
    expect((await sendChunk(s.w, folder, 'r2.bin', bytes(4000, '2'), 1, opts)).status).toBe(200);
    await setStorage({ user_reserved_bytes: 50 * 1024 ** 3 });
  });

  it('refuses a 21st upload open at once for one person', async () => {
    const folder = await newFolder(s.w, 'Open uploads', base);
    const mine = await count(
      sql`SELECT count(*)::int AS n FROM document_uploads WHERE user_id = ${s.people.expert.id} AND status <> 'done'`,
    );
    for (let i = mine; i < 20; i++) {
      const res = await sendChunk(s.w, folder, `open-${i}.bin`, bytes(20, 'o'), 1, { chunkSize: 10 });
      expect(res.status).toBe(200);
    }
    const refused = await sendChunk(s.w, folder, 'open-21.bin', bytes(20, 'o'), 1, { chunkSize: 10 });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('quota-exceeded');
    // Finishing one frees a place.
    expect((await sendChunk(s.w, folder, 'open-19.bin', bytes(20, 'o'), 2, { chunkSize: 10 })).status).toBe(
      200,
    );
    expect((await sendChunk(s.w, folder, 'open-21.bin', bytes(20, 'o'), 1, { chunkSize: 10 })).status).toBe(
      200,
    );
  });
});
