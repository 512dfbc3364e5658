import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, upload } from '../../../../test/documents';
import { type AppEvents, createEvents } from '../../../platform/events/events';

const events = createEvents();
const validated: AppEvents['document.validated'][] = [];
events.on('document.validated', (e) => void validated.push(e));
let w: DocsWorld;
let folder = 0;
beforeAll(async () => {
  w = await docsWorld({ events });
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', {
      name: 'Versions',
      parent_id: w.root,
    })
  ).body.data.id;
});
afterAll(() => w.t.close());

const url = (doc: number, rest = '') => `/api/vendors/${w.vendor}/documents/${doc}${rest}`;
const versions = async (doc: number) => (await w.call('GET', url(doc, '/versions'))).body.data;

async function threeVersions(name: string) {
  const id = (await upload(w, folder, name, Buffer.from('one'))).body.data.id as number;
  await upload(w, folder, name, Buffer.from('two'), { identifier: `${name}-2`, conflict: 'version' });
  await upload(w, folder, name, Buffer.from('three'), { identifier: `${name}-3`, conflict: 'version' });
  return id;
}

describe('restoring an older version', () => {
  it('makes a new latest version with its content, chained after the current one', async () => {
    const doc = await threeVersions('restore.txt');
    const [v3, , v1] = await versions(doc);
    const res = await w.call('POST', url(doc, `/versions/${v1.id}/restore`), 'collab');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ancestor_id: v3.id, md5: v1.md5, size: 3 });
    expect(res.body.data.author.fullname).toEqual(expect.any(String));
    const after = await versions(doc);
    expect(after).toHaveLength(4);
    expect(after[0].id).toBe(res.body.data.id);
    expect((await w.call('GET', url(doc, '/content'))).body).toBe('one');
    expect((await w.call('GET', url(doc, `/content?version_id=${v3.id}`))).body).toBe('three');
  });

  it("refuses another document's version (404), bad ids (422), guests (403)", async () => {
    const doc = await threeVersions('restore-refused.txt');
    const other = await threeVersions('other.txt');
    const [current] = await versions(doc);
    const [foreign] = await versions(other);
    expect((await w.call('POST', url(doc, '/versions/0/restore'))).status).toBe(422);
    expect((await w.call('POST', url(doc, `/versions/${foreign.id}/restore`))).status).toBe(404);
    expect((await w.call('POST', url(doc, `/versions/${current.id + 1000}/restore`))).status).toBe(404);
    const [, older] = await versions(doc);
    expect((await w.call('POST', url(doc, `/versions/${older.id}/restore`), 'guest')).status).toBe(403);
  });
});

describe('validation', () => {
  it('validates and invalidates a version; the document shows its latest version validated', async () => {
    const doc = (await upload(w, folder, 'valid.pdf', Buffer.from('%PDF'))).body.data.id;
    const [v] = await versions(doc);
    const res = await w.call('PUT', url(doc, `/versions/${v.id}/validation`));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_validated: true, validator: { id: expect.any(Number) } });
    expect((await w.call('GET', url(doc))).body.data.is_validated).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(validated.at(-1)).toMatchObject({ documentId: doc, versionId: v.id, validated: true });
    const nodes = (await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=100`)).body
      .data;
    expect(nodes.find((n: { id: number }) => n.id === doc).is_validated).toBe(true);
    // Validated: neither deleted nor moved without force.
    expect((await w.call('DELETE', url(doc))).body.code).toBe('node-validated');
    const off = await w.call('DELETE', url(doc, `/versions/${v.id}/validation`));
    expect(off.body.data).toMatchObject({ is_validated: false, validated_at: null, validator: null });
    expect((await w.call('DELETE', url(doc))).status).toBe(204);
  });

  it("is for firm members only; another tenant's ids answer 404", async () => {
    const doc = (await upload(w, folder, 'firm-only.pdf', Buffer.from('%PDF'))).body.data.id;
    const [v] = await versions(doc);
    for (const who of ['client', 'guest'] as const)
      expect((await w.call('PUT', url(doc, `/versions/${v.id}/validation`), who)).status).toBe(403);
    expect((await w.call('PUT', url(doc, `/versions/${v.id}/validation`), 'collab')).status).toBe(200);
    expect(
      (await w.call('PUT', `/api/vendors/${w.otherVendor}/documents/${doc}/versions/${v.id}/validation`))
        .status,
    ).toBe(404);
    expect((await w.call('PUT', url(doc, '/versions/abc/validation'))).status).toBe(422);
  });
});
