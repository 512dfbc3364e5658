import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newDocument, newFolder, readZip } from '../../../../test/documents';

let w: DocsWorld;
let base = 0;
beforeAll(async () => {
  w = await docsWorld();
  base = await newFolder(w, 'Bilans été', w.root);
});
afterAll(() => w.t.close());

const folder = (name: string, parent = base) => newFolder(w, name, parent);
const file = (parent: number, name: string, content = name) => newDocument(w, parent, name, content);

/** The raw answer (a ZIP is bytes). */
async function fetchZip(
  method: 'GET' | 'POST',
  url: string,
  who: keyof DocsWorld['tokens'] = 'guest',
  payload?: object,
) {
  await w.t.app.settleAccess();
  const res = await w.t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${w.tokens[who]}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

describe('ZIP archives', () => {
  it("streams a folder's live content, sub-folders included, trash excluded, named after it", async () => {
    const sub = await folder('Sub');
    await folder('Empty', sub);
    await file(base, 'a.txt', 'content a');
    await file(sub, 'b.pdf', 'content b');
    const gone = await file(base, 'gone.txt');
    await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${gone}`);
    const res = await fetchZip('GET', `/api/vendors/${w.vendor}/folders/${base}/archive`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Bilans _t_.zip"; filename*=UTF-8''Bilans%20%C3%A9t%C3%A9.zip`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
    const entries = readZip(res.bytes);
    expect([...entries.keys()].sort()).toEqual(['Sub/', 'Sub/Empty/', 'Sub/b.pdf', 'a.txt']);
    expect(entries.get('a.txt')!.toString()).toBe('content a');
    expect(entries.get('Sub/b.pdf')!.toString()).toBe('content b');
  });

  it('streams a selection; same names at its top are told apart', async () => {
    const one = await folder('One');
    const two = await folder('Two');
    const x1 = await folder('X', one);
    const x2 = await folder('X', two);
    await file(x1, 'in1.txt');
    await file(x2, 'in2.txt');
    const d1 = await file(one, 'same.txt', 'first');
    const d2 = await file(two, 'same.txt', 'second');
    const res = await fetchZip('POST', `/api/vendors/${w.vendor}/nodes/archive`, 'client', {
      folder_ids: [x1, x2],
      document_ids: [d1, d2],
    });
    expect(res.status).toBe(200);
    const entries = readZip(res.bytes);
    expect([...entries.keys()].sort()).toEqual([
      'X (2)/',
      'X (2)/in2.txt',
      'X/',
      'X/in1.txt',
      'same (2).txt',
      'same.txt',
    ]);
    expect(entries.get('same (2).txt')!.toString()).toBe('second');
  });

  it('answers 404 for another tenant, 422 for ids not in the client file or in the trash', async () => {
    const foreignRoot = (await w.call('GET', `/api/vendors/${w.otherVendor}/folders`)).body.data[0].id;
    expect((await fetchZip('GET', `/api/vendors/${w.vendor}/folders/${foreignRoot}/archive`)).status).toBe(
      404,
    );
    expect(
      (await fetchZip('GET', `/api/vendors/${w.otherVendor}/folders/${foreignRoot}/archive`, 'client'))
        .status,
    ).toBe(404);
    const gone = await file(base, 'trashed.txt');
    await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${gone}`);
    const res = await fetchZip('POST', `/api/vendors/${w.vendor}/nodes/archive`, 'expert', {
      document_ids: [gone],
    });
    expect(res.status).toBe(422);
    const foreign = await fetchZip('POST', `/api/vendors/${w.vendor}/nodes/archive`, 'expert', {
      folder_ids: [foreignRoot],
    });
    expect(foreign.status).toBe(422);
  });
});

describe('ZIP links (plain browser downloads)', () => {
  it('answers a one-use link that streams the folder without a token', async () => {
    const linked = await folder('Linked');
    await file(linked, 'l.txt', 'linked');
    const made = await w.call('POST', `/api/vendors/${w.vendor}/nodes/archive/links`, 'guest', {
      folder_id: linked,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.expires_in).toBe(60);
    const url = made.body.data.url as string;
    expect(url).toMatch(/^\/api\/archive-links\/[\w-]{43}$/);
    const res = await w.t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('Linked.zip');
    expect(readZip(res.rawPayload).get('l.txt')!.toString()).toBe('linked');
    expect((await w.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/archive-links/nope' })).statusCode).toBe(404);
  });

  it('refuses a link whose maker signed out before following it', async () => {
    const linked = await folder('Signed out');
    const token = await w.t.signIn('collab@portals.test');
    const made = await w.t.request({
      method: 'POST',
      url: `/api/vendors/${w.vendor}/nodes/archive/links`,
      token,
      payload: { folder_id: linked },
    });
    expect(made.status).toBe(200);
    expect((await w.t.request({ method: 'GET', url: '/api/logout', token })).status).toBe(200);
    expect((await w.t.app.inject({ method: 'GET', url: made.body.data.url })).statusCode).toBe(404);
  });

  it('checks the selection when the link is asked for: another tenant 404, foreign ids 422', async () => {
    const foreignRoot = (await w.call('GET', `/api/vendors/${w.otherVendor}/folders`)).body.data[0].id;
    const other = await w.call('POST', `/api/vendors/${w.otherVendor}/nodes/archive/links`, 'client', {
      folder_id: foreignRoot,
    });
    expect(other.status).toBe(404);
    const foreign = await w.call('POST', `/api/vendors/${w.vendor}/nodes/archive/links`, 'expert', {
      folder_ids: [foreignRoot],
    });
    expect(foreign.status).toBe(422);
    const d = await file(base, 'sel.txt', 'sel');
    const made = await w.call('POST', `/api/vendors/${w.vendor}/nodes/archive/links`, 'client', {
      document_ids: [d],
    });
    const res = await w.t.app.inject({ method: 'GET', url: made.body.data.url });
    expect(res.headers['content-disposition']).toContain('Documents.zip');
    expect(readZip(res.rawPayload).get('sel.txt')!.toString()).toBe('sel');
  });
});
