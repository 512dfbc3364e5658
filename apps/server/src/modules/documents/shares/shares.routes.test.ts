import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocsWorld,
  docsWorld,
  newDocument,
  newFolder,
  readZip,
  upload,
} from '../../../../test/documents';
import { WRONG_PASSWORDS_PER_ADDRESS } from './public-shares.service';

let w: DocsWorld;
let base = 0;
beforeAll(async () => {
  w = await docsWorld();
  base = await newFolder(w, 'Partages', w.root);
});
afterAll(() => w.t.close());

const links = () => `/api/vendors/${w.vendor}/share-links`;
const tokenOf = (url: string) => url.split('/s/')[1]!;

/** A new link by the expert (or `who`): its id, url and token. */
async function share(body: Record<string, unknown>, who: keyof DocsWorld['tokens'] = 'expert') {
  const res = await w.call('POST', links(), who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    id: res.body.data.id as number,
    url: res.body.data.url as string,
    token: tokenOf(res.body.data.url),
  };
}

/** An anonymous request, as a visitor's browser makes it. */
async function visit(
  url: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'POST' = 'GET',
  payload?: object,
) {
  const res = await w.t.app.inject({
    method,
    url,
    headers: { 'user-agent': 'VisitorBrowser/1.0', ...headers },
    ...(payload ? { payload } : {}),
  });
  const json = res.headers['content-type']?.toString().startsWith('application/json')
    ? res.json()
    : undefined;
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json };
}

/** Every URL a folder link served: each must answer 404 once the link is dead. */
async function expectDead(token: string, folderId: number, documentId: number) {
  for (const url of [
    `/api/public/shares/${token}`,
    `/api/public/shares/${token}/folders/${folderId}`,
    `/api/public/shares/${token}/documents/${documentId}/content`,
    `/api/public/shares/${token}/archive`,
    `/s/${token}`,
  ]) {
    const res = await visit(url);
    expect(res.status, url).toBe(404);
  }
}

describe('share links: creation and rights', () => {
  it('answers an absolute /s/{token} URL with a 128-bit-or-more token, not derived from ids', async () => {
    const f = await newFolder(w, 'Url', base);
    const a = await share({ folder_id: f });
    const b = await share({ folder_id: f });
    expect(a.url).toMatch(/^http:\/\/[^/]+\/s\/[A-Za-z0-9_-]+$/);
    expect(Buffer.from(a.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(a.token).not.toBe(b.token);
    const rows = await w.t.database.db.execute(sql`SELECT token_hash FROM share_links WHERE id = ${a.id}`);
    expect(JSON.stringify(rows)).not.toContain(a.token);
    expect((await visit(`/s/${a.token}`)).status).toBe(200);
  });

  it('lets firm members and client users share, never guests; another tenant answers 404', async () => {
    const f = await newFolder(w, 'Rights', base);
    await share({ folder_id: f }, 'collab');
    await share({ folder_id: f }, 'client');
    const guest = await w.call('POST', links(), 'guest', { folder_id: f });
    expect(guest.status).toBe(403);
    expect((await w.call('GET', links(), 'guest')).status).toBe(403);
    const foreign = await w.call('POST', `/api/vendors/${w.otherVendor}/share-links`, 'client', {
      folder_id: f,
    });
    expect(foreign.status).toBe(404);
    // An item of another client file is not this one's.
    const stranger = await w.call('POST', `/api/vendors/${w.otherVendor}/share-links`, 'expert', {
      folder_id: f,
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors.folder_id).toBeDefined();
  });

  it('keeps the expiry within the firm default and maximum', async () => {
    const firm = w.portals!.firms.centre.id;
    const bad = await w.call('PUT', `/api/accounting-firms/${firm}/share-link-settings`, 'expert', {
      default_hours: 50,
      max_hours: 48,
    });
    expect(bad.status).toBe(422);
    const set = await w.call('PUT', `/api/accounting-firms/${firm}/share-link-settings`, 'expert', {
      default_hours: 24,
      max_hours: 48,
    });
    expect(set.body.data).toEqual({ default_hours: 24, max_hours: 48 });
    expect(
      (await w.call('PUT', `/api/accounting-firms/${firm}/share-link-settings`, 'collab', set.body.data))
        .status,
    ).toBe(403);
    expect((await w.call('GET', `/api/vendors/${w.vendor}/share-link-settings`, 'client')).body.data).toEqual(
      {
        default_hours: 24,
        max_hours: 48,
      },
    );
    const f = await newFolder(w, 'Expiry', base);
    const tooLong = await w.call('POST', links(), 'expert', { folder_id: f, expires_in_hours: 49 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.expires_in_hours).toBeDefined();
    const byDefault = await w.call('POST', links(), 'expert', { folder_id: f });
    const hours = (Date.parse(byDefault.body.data.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const max = await w.call('POST', links(), 'expert', { folder_id: f, expires_in_hours: 48 });
    expect(max.status).toBe(201);
    const neither = await w.call('POST', links(), 'expert', { expires_in_hours: 2 });
    expect(neither.status).toBe(422);
  });
});

describe('share links: the public side', () => {
  it('lists and downloads what is shared, a folder as a ZIP, and nothing above it', async () => {
    const top = await newFolder(w, 'Outside', base);
    const shared = await newFolder(w, 'Shared', top);
    const sub = await newFolder(w, 'Sub', shared);
    const inside = await newDocument(w, sub, 'inside.txt', 'inside content');
    const outside = await newDocument(w, top, 'outside.txt', 'outside content');
    const { token, id } = await share({ folder_id: shared });

    const page = await visit(`/api/public/shares/${token}`);
    expect(page.status).toBe(200);
    expect(page.json.data).toMatchObject({ kind: 'folder', name: 'Shared', document: null });
    expect(page.json.data.white_labels.length).toBe(2);
    expect(page.json.data.folder.entries).toEqual([
      expect.objectContaining({ kind: 'folder', id: sub, name: 'Sub' }),
    ]);
    const down = await visit(`/api/public/shares/${token}/folders/${sub}`);
    expect(down.json.data.path.map((p: { name: string }) => p.name)).toEqual(['Shared', 'Sub']);
    expect(down.json.data.entries).toEqual([expect.objectContaining({ kind: 'document', id: inside })]);

    // Climbing: the parent, the root, another client file's folder, a document above.
    for (const folder of [top, w.root, base]) {
      expect((await visit(`/api/public/shares/${token}/folders/${folder}`)).status).toBe(404);
    }
    expect((await visit(`/api/public/shares/${token}/documents/${outside}/content`)).status).toBe(404);

    const file = await visit(`/api/public/shares/${token}/documents/${inside}/content`);
    expect(file.status).toBe(200);
    expect(file.bytes.toString()).toBe('inside content');
    expect(file.headers['content-disposition']).toContain('attachment');
    const zip = await visit(`/api/public/shares/${token}/archive`);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect([...readZip(zip.bytes).keys()].sort()).toEqual(['Sub/', 'Sub/inside.txt']);

    const log = await w.call('GET', `${links()}/${id}/accesses`, 'collab');
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      expect.objectContaining({ kind: 'zip', document_id: null, version_id: null, name: 'Shared' }),
      expect.objectContaining({
        kind: 'file',
        document_id: inside,
        version_id: expect.any(Number),
        name: 'inside.txt',
        user_agent: 'VisitorBrowser/1.0',
        address: expect.any(String),
      }),
      // The page's views are logged too (the refused climbs are not): Sub, then the share itself.
      expect.objectContaining({
        kind: 'view',
        document_id: null,
        name: 'Sub',
        user_agent: 'VisitorBrowser/1.0',
      }),
      expect.objectContaining({ kind: 'view', document_id: null, name: 'Shared' }),
    ]);
    const listed = await w.call('GET', `${links()}?folder_id=${shared}`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id, downloads: 2, state: 'live', name: 'Shared' }),
    ]);
    expect(listed.body.data[0].url).toBeUndefined();
  });

  it("serves a document's current version and marks nothing read", async () => {
    const f = await newFolder(w, 'Versions', base);
    const doc = await newDocument(w, f, 'v.txt', 'first');
    const { token } = await share({ document_id: doc });
    const unread = async () =>
      (await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}`, 'client')).body.data
        .unread as boolean;
    expect(await unread()).toBe(true);
    expect((await visit(`/api/public/shares/${token}/documents/${doc}/content`)).bytes.toString()).toBe(
      'first',
    );
    const next = await upload(w, f, 'v.txt', Buffer.from('second'), { conflict: 'version' });
    expect(next.status).toBe(200);
    expect((await visit(`/api/public/shares/${token}/documents/${doc}/content`)).bytes.toString()).toBe(
      'second',
    );
    expect(await unread()).toBe(true);
    // A document share has no folders and no ZIP; another document is not shared.
    const other = await newDocument(w, f, 'other.txt');
    expect((await visit(`/api/public/shares/${token}/documents/${other}/content`)).status).toBe(404);
    expect((await visit(`/api/public/shares/${token}/archive`)).status).toBe(404);
    expect((await visit(`/api/public/shares/${token}/folders/${f}`)).status).toBe(404);
  });

  it('asks for the password (403, never 401), limits wrong ones (429), and unlocks by cookie', async () => {
    const f = await newFolder(w, 'Secret', base);
    const doc = await newDocument(w, f, 'secret.txt', 'classified');
    const { token } = await share({ folder_id: f, password: 'correct horse' });
    const missing = await visit(`/api/public/shares/${token}`);
    expect(missing.status).toBe(403);
    expect(missing.json.code).toBe('share-password-required');
    const wrong = await visit(`/api/public/shares/${token}`, {
      'x-share-password': 'nope',
      'accept-language': 'fr',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ code: 'share-password-invalid', message: 'Mot de passe incorrect.' });
    const right = await visit(`/api/public/shares/${token}`, { 'x-share-password': 'correct horse' });
    expect(right.status).toBe(200);
    // The page itself loads without the password (it asks for it).
    expect((await visit(`/s/${token}`)).status).toBe(200);

    const unlocked = await visit(`/api/public/shares/${token}/unlock`, {}, 'POST', {
      password: 'correct horse',
    });
    expect(unlocked.status).toBe(204);
    const cookie = String(unlocked.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain(`Path=/api/public/shares/${token}`);
    const pair = cookie.split(';')[0]!;
    const file = await visit(`/api/public/shares/${token}/documents/${doc}/content`, { cookie: pair });
    expect(file.bytes.toString()).toBe('classified');
    // The cookie of one link opens no other.
    const other = await share({ folder_id: f, password: 'another pass' });
    expect((await visit(`/api/public/shares/${other.token}`, { cookie: pair })).status).toBe(403);

    // Wrong passwords from one address (one was wrong above): the limit, then 429 with Retry-After.
    let tries = 1;
    let limited = await visit(`/api/public/shares/${token}`, { 'x-share-password': 'bad' });
    while (limited.status === 403 && tries < 3 * WRONG_PASSWORDS_PER_ADDRESS) {
      tries += 1;
      limited = await visit(`/api/public/shares/${token}`, { 'x-share-password': `bad ${tries}` });
    }
    expect(tries).toBe(WRONG_PASSWORDS_PER_ADDRESS);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const blocked = await visit(`/api/public/shares/${token}`, { 'x-share-password': 'correct horse' });
    expect(blocked.status).toBe(429);
  });

  it('stops at the download limit: then every URL answers 404', async () => {
    const f = await newFolder(w, 'Limited', base);
    const doc = await newDocument(w, f, 'limited.txt');
    const { token, id } = await share({ folder_id: f, max_downloads: 2 });
    expect((await visit(`/api/public/shares/${token}/documents/${doc}/content`)).status).toBe(200);
    expect((await visit(`/api/public/shares/${token}/archive`)).status).toBe(200);
    await expectDead(token, f, doc);
    const listed = await w.call('GET', `${links()}?all=true&folder_id=${f}`);
    expect(listed.body.data[0]).toMatchObject({ id, state: 'exhausted', downloads: 2 });
    expect((await w.call('GET', `${links()}?folder_id=${f}`)).body.data).toEqual([]);
  });

  it('ends a revoked link and an expired one on every URL it served', async () => {
    const f = await newFolder(w, 'Revoked', base);
    const doc = await newDocument(w, f, 'r.txt');
    const revoked = await share({ folder_id: f });
    expect((await visit(`/api/public/shares/${revoked.token}/archive`)).status).toBe(200);
    expect((await w.call('DELETE', `${links()}/${revoked.id}`, 'guest')).status).toBe(403);
    expect((await w.call('DELETE', `/api/vendors/${w.otherVendor}/share-links/${revoked.id}`)).status).toBe(
      404,
    );
    const gone = await w.call('DELETE', `${links()}/${revoked.id}`, 'client');
    expect(gone.status).toBe(204);
    await expectDead(revoked.token, f, doc);

    const expired = await share({ folder_id: f });
    await w.t.database.db.execute(
      sql`UPDATE share_links SET expires_at = now() - interval '1 minute' WHERE id = ${expired.id}`,
    );
    await expectDead(expired.token, f, doc);
  });

  it('answers 404 while the shared item is in the trash, and again after its restoration', async () => {
    const parent = await newFolder(w, 'Trashable', base);
    const f = await newFolder(w, 'Inner', parent);
    const doc = await newDocument(w, f, 't.txt', 'trash me');
    const folderLink = await share({ folder_id: f });
    const docLink = await share({ document_id: doc });
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/folders/${parent}`)).status).toBe(204);
    await expectDead(folderLink.token, f, doc);
    expect((await visit(`/api/public/shares/${docLink.token}`)).status).toBe(404);
    expect((await visit(`/s/${docLink.token}`)).status).toBe(404);
    const restored = await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', {
      folder_ids: [parent],
    });
    expect(restored.status).toBe(200);
    expect((await visit(`/api/public/shares/${folderLink.token}`)).status).toBe(200);
    const file = await visit(`/api/public/shares/${docLink.token}/documents/${doc}/content`);
    expect(file.bytes.toString()).toBe('trash me');
  });

  it('shares what its creator sees: a sub-folder hidden by theme is absent, unreachable and out of the ZIP', async () => {
    const firm = w.portals!.firms.centre.id;
    const theme = await w.call('POST', `/api/accounting-firms/${firm}/themes`, 'expert', {
      title: 'Paie',
      sharing: 'shared',
      rights: 'read_write',
    });
    expect(theme.status, JSON.stringify(theme.body)).toBe(201);
    const shared = await newFolder(w, 'Themed', base);
    const open = await newFolder(w, 'Open', shared);
    const hidden = await newFolder(w, 'Hidden', shared);
    await newDocument(w, open, 'open.txt');
    const secret = await newDocument(w, hidden, 'payroll.txt');
    const tagged = await w.call('PUT', `/api/vendors/${w.vendor}/folders/${hidden}/themes`, 'expert', {
      theme_ids: [theme.body.data.id],
    });
    expect(tagged.status).toBe(200);
    // The client's administrator holds no theme now: the tagged folder is hidden to them.
    const client = w.portals!.people.client.id;
    const narrowed = await w.call('PATCH', `/api/vendors/${w.vendor}/users/${client}`, 'expert', {
      theme_ids: [],
    });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect((await w.call('POST', links(), 'client', { folder_id: hidden })).status).toBe(422);
    const byExpert = await share({ folder_id: hidden });
    expect((await w.call('GET', `${links()}?folder_id=${hidden}`, 'client')).status).toBe(404);
    expect((await w.call('GET', `${links()}/${byExpert.id}/accesses`, 'client')).status).toBe(404);

    const { token } = await share({ folder_id: shared }, 'client');
    const page = await visit(`/api/public/shares/${token}`);
    expect(page.json.data.folder.entries.map((e: { name: string }) => e.name)).toEqual(['Open']);
    expect((await visit(`/api/public/shares/${token}/folders/${hidden}`)).status).toBe(404);
    expect((await visit(`/api/public/shares/${token}/documents/${secret}/content`)).status).toBe(404);
    const zip = await visit(`/api/public/shares/${token}/archive`);
    expect([...readZip(zip.bytes).keys()].sort()).toEqual(['Open/', 'Open/open.txt']);
    // The expert's link of the same folder shows everything.
    const full = await share({ folder_id: shared });
    const all = await visit(`/api/public/shares/${full.token}`);
    expect(all.json.data.folder.entries.map((e: { name: string }) => e.name).sort()).toEqual([
      'Hidden',
      'Open',
    ]);
    // A creator who may no longer share (now a guest) leaves dead links.
    const demoted = await w.call('PATCH', `/api/vendors/${w.vendor}/users/${client}`, 'expert', {
      role: 'guest',
    });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    expect((await visit(`/api/public/shares/${token}`)).status).toBe(404);
    await w.call('PATCH', `/api/vendors/${w.vendor}/users/${client}`, 'expert', { role: 'admin' });
    const widened = await w.call('PATCH', `/api/vendors/${w.vendor}/users/${client}`, 'expert', {
      all_themes: true,
    });
    expect(widened.status).toBe(200);
  });

  it('answers 404 for an unknown token, on the API and the page', async () => {
    const ghost = 'A'.repeat(43);
    expect((await visit(`/api/public/shares/${ghost}`)).status).toBe(404);
    expect((await visit(`/s/${ghost}`)).status).toBe(404);
    expect((await visit('/s/short')).status).toBe(404);
  });
});
