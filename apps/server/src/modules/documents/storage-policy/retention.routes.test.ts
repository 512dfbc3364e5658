import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDocument, newFolder, upload } from '../../../../test/documents';
import { type StorageWorld, storageWorld } from '../../../../test/storage-world';
import { STORAGE_RETENTION_JOB } from './retention.service';

let s: StorageWorld;
let base = 0;
beforeAll(async () => {
  s = await storageWorld();
  base = await newFolder(s.w, 'Retention', s.w.root);
}, 60_000);
afterAll(() => s.w.t.close());

const v = () => s.w.vendor;
const settings = async (payload: object) =>
  expect(
    (await s.w.call('PATCH', `/api/accounting-firms/${s.firm.id}/storage-settings`, 'expert', payload))
      .status,
  ).toBe(200);
const exec = (query: ReturnType<typeof sql>) => s.w.t.database.db.execute(query);
const rows = async <T>(query: ReturnType<typeof sql>) => (await exec(query)) as unknown as { rows: T[] };
/** Puts what went to the trash `days` days back (the job compares with now). */
const trashedDaysAgo = async (days: number, table: 'documents' | 'folders', id: number) =>
  exec(
    sql`UPDATE ${sql.identifier(table)} SET deleted_at = now() - make_interval(days => ${days}::int) WHERE id = ${id}`,
  );
const trash = async () =>
  (
    (await s.w.call('GET', `/api/vendors/${v()}/trash?per_page=100`)).body.data as {
      id: number;
      type: string;
    }[]
  ).map((n) => `${n.type}:${n.id}`);
const runJob = async () => {
  await s.w.t.jobs.enqueue(s.w.t.database.db, STORAGE_RETENTION_JOB, {});
  expect(await s.w.t.jobs.drain()).toBeGreaterThan(0);
};
const del = (what: 'documents' | 'folders', id: number) =>
  s.w.call('DELETE', `/api/vendors/${v()}/${what}/${id}`, 'expert');
const queued = async (key: string) =>
  (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM blob_deletions WHERE blob_key = ${key}`))
    .rows[0]!.n;
const blobOf = async (doc: number) =>
  (
    await rows<{ k: string }>(
      sql`SELECT blob_key AS k FROM document_versions WHERE document_id = ${doc} LIMIT 1`,
    )
  ).rows[0]!.k;
const versions = async (doc: number) =>
  (await s.w.call('GET', `/api/vendors/${v()}/documents/${doc}/versions`)).body.data as {
    id: number;
    ancestor_id: number | null;
    size: number;
  }[];
const hold = (method: 'GET' | 'PUT' | 'DELETE', who: Parameters<StorageWorld['w']['call']>[2] = 'expert') =>
  s.w.call(method, `/api/vendors/${v()}/legal-hold`, who);

describe('trash retention, by the job', () => {
  it('deletes for good what the trash held longer than the setting, and keeps the rest', async () => {
    await settings({ trash_retention_days: 30 });
    const folder = await newFolder(s.w, 'Old and new', base);
    const old = await newDocument(s.w, folder, 'old.txt', 'old content for retention');
    const recent = await newDocument(s.w, folder, 'recent.txt');
    const tree = await newFolder(s.w, 'Old tree', folder);
    const deep = await newFolder(s.w, 'Deep', tree);
    await newDocument(s.w, deep, 'deep.txt');
    for (const [what, id] of [
      ['documents', old],
      ['documents', recent],
      ['folders', tree],
    ] as const)
      expect((await del(what, id)).status).toBe(204);
    await trashedDaysAgo(31, 'documents', old);
    await trashedDaysAgo(29, 'documents', recent);
    // A folder and what went with it.
    await exec(
      sql`UPDATE folders SET deleted_at = now() - interval '40 days' WHERE id IN (${tree}, ${deep})`,
    );
    await exec(
      sql`UPDATE documents SET deleted_at = now() - interval '40 days' WHERE trashed_with = ${tree}`,
    );
    const key = await blobOf(old);
    await runJob();
    const left = await trash();
    expect(left).toContain(`document:${recent}`);
    expect(left).not.toContain(`document:${old}`);
    expect(left).not.toContain(`folder:${tree}`);
    expect((await rows(sql`SELECT id FROM folders WHERE id IN (${tree}, ${deep})`)).rows).toEqual([]);
    expect(await queued(key)).toBe(1);
    // Live documents are never touched.
    expect((await s.w.call('GET', `/api/vendors/${v()}/folders/${folder}/nodes`)).body.data).toEqual([]);
  });

  it('keeps the trash for ever with 0', async () => {
    await settings({ trash_retention_days: 0 });
    const doc = await newDocument(s.w, base, 'kept-for-ever.txt');
    await del('documents', doc);
    await trashedDaysAgo(3000, 'documents', doc);
    await runJob();
    expect(await trash()).toContain(`document:${doc}`);
    await settings({ trash_retention_days: 30 });
  });
});

describe('version retention, by the job', () => {
  it('keeps the last N versions, and a validated one whatever its age', async () => {
    const name = 'versions.txt';
    const doc = (await upload(s.w, base, name, Buffer.from('v1'))).body.data.id as number;
    for (const n of [2, 3, 4])
      await upload(s.w, base, name, Buffer.from(`v${n}-content`), {
        identifier: `v${n}`,
        conflict: 'version',
      });
    const [v4, v3, v2, v1] = await versions(doc);
    const validation = `/api/vendors/${v()}/documents/${doc}/versions/${v1!.id}/validation`;
    expect((await s.w.call('PUT', validation)).status).toBe(200);
    const v2Key = (
      await rows<{ k: string }>(sql`SELECT blob_key AS k FROM document_versions WHERE id = ${v2!.id}`)
    ).rows[0]!.k;
    await runJob();
    expect(await versions(doc)).toHaveLength(4);
    await settings({ version_retention: 2 });
    await runJob();
    const kept = await versions(doc);
    expect(kept.map((x) => x.id)).toEqual([v4!.id, v3!.id, v1!.id]);
    // The chain skips the version removed.
    expect(kept.find((x) => x.id === v3!.id)!.ancestor_id).toBe(v1!.id);
    expect(await queued(v2Key)).toBe(1);
    expect((await s.w.call('GET', `/api/vendors/${v()}/documents/${doc}/content`)).body).toBe('v4-content');
    await settings({ version_retention: null });
  });
});

describe('legal hold', () => {
  it('is set and lifted by firm administrators only, and recorded', async () => {
    expect((await hold('GET')).body.data).toEqual({ held: false, set_at: null, set_by: null });
    expect((await hold('PUT', 'collab')).status).toBe(403);
    expect((await hold('PUT', 'client')).status).toBe(403);
    const stranger = await s.w.t.request({
      method: 'PUT',
      url: `/api/vendors/${v()}/legal-hold`,
      token: s.strangerToken,
    });
    expect(stranger.status).toBe(404);
    const set = await hold('PUT');
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      held: true,
      set_at: expect.any(String),
      set_by: { id: s.people.expert.id },
    });
    // Twice: the first hold stands.
    expect((await hold('PUT')).body.data.set_at).toBe(set.body.data.set_at);
    // Whoever opens the documents sees it.
    expect((await hold('GET', 'client')).body.data.held).toBe(true);
    expect((await hold('DELETE', 'collab')).status).toBe(403);
    expect((await hold('DELETE')).body.data.held).toBe(false);
    const record = await rows<{ set_by: number; lifted_by: number; lifted_at: unknown }>(
      sql`SELECT set_by, lifted_by, lifted_at FROM legal_holds WHERE vendor_id = ${v()}`,
    );
    expect(record.rows).toEqual([
      { set_by: s.people.expert.id, lifted_by: s.people.expert.id, lifted_at: expect.anything() },
    ]);
  });

  it('refuses emptying the trash and deleting the client file, and the job skips it', async () => {
    const doc = await newDocument(s.w, base, 'held.txt');
    const versioned = (await upload(s.w, base, 'held-versions.txt', Buffer.from('h1'))).body.data
      .id as number;
    await upload(s.w, base, 'held-versions.txt', Buffer.from('h2'), {
      identifier: 'h2',
      conflict: 'version',
    });
    await del('documents', doc);
    await trashedDaysAgo(100, 'documents', doc);
    expect((await hold('PUT')).status).toBe(200);

    const empty = await s.w.call('DELETE', `/api/vendors/${v()}/trash`);
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('legal-hold');
    expect(await trash()).toContain(`document:${doc}`);
    const code = (await rows<{ c: string }>(sql`SELECT client_code AS c FROM vendors WHERE id = ${v()}`))
      .rows[0]!.c;
    const gone = await s.w.call('DELETE', `/api/vendors/${v()}`, 'expert', { confirmation: code });
    expect(gone.status).toBe(422);
    expect(gone.body.code).toBe('legal-hold');
    expect((await s.w.call('GET', `/api/vendors/${v()}`)).status).toBe(200);

    await settings({ version_retention: 1 });
    await runJob();
    expect(await trash()).toContain(`document:${doc}`);
    expect(await versions(versioned)).toHaveLength(2);

    // Lifted: the job and the trash work again.
    expect((await hold('DELETE')).status).toBe(200);
    await runJob();
    expect(await trash()).not.toContain(`document:${doc}`);
    expect(await versions(versioned)).toHaveLength(1);
    await settings({ version_retention: null });
    expect((await s.w.call('DELETE', `/api/vendors/${v()}/trash`)).status).toBe(204);
  });
});
