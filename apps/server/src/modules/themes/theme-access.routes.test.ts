import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkBody } from '../../../test/documents';
import { buildDocumentsWorld, type DocumentsWorld } from '../../../test/documents-world';
import { buildClientUser, buildUser } from '../../../test/factories';

// Issue 26, part 2: themes decide who sees which folders, through the document manager's one
// access check. Every documents route of the OpenAPI document is walked for each person and each
// kind of folder, so a documents route added without the theme rule fails here.

type Who = 'admin' | 'collab' | 'readonly' | 'client' | 'clientAdmin' | 'guest';
type Kind = 'untagged' | 'heldRw' | 'heldRo' | 'unheld' | 'privateFirm';
type Verdict = 'write' | 'read' | 'hidden';

let w: DocumentsWorld;
const tokens = {} as Record<Who, string>;
const themeIds = {} as Record<'rw' | 'ro' | 'unheld' | 'private', number>;
const places = {} as Record<Kind, { folder: number; sub: number; doc: number; version: number }>;
let target: number;

const url = (path: string) => `/api/vendors/${w.vendor.id}${path}`;
const call = (method: string, path: string, who: Who, payload?: object) =>
  w.t.request({
    method: method as 'GET',
    url: path,
    token: tokens[who],
    ...(payload === undefined ? {} : { payload }),
  });

async function theme(title: string, sharing: string, rights: string) {
  const res = await call('POST', `/api/accounting-firms/${w.firm.id}/themes`, 'admin', {
    title,
    sharing,
    rights,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const uploadFields = (name: string, content: Uint8Array) => ({
  flowChunkNumber: 1,
  flowChunkSize: 1048576,
  flowCurrentChunkSize: content.length,
  flowTotalSize: content.length,
  flowIdentifier: `t-${Math.random().toString(36).slice(2)}`,
  flowFilename: name,
  flowRelativePath: name,
  flowTotalChunks: 1,
});

/** A document with its content stored (uploaded by the administrator): its id. */
async function uploaded(folder: number, name: string) {
  const content = new TextEncoder().encode(`content of ${name}`);
  const res = await w.t.request({
    method: 'POST',
    url: url(`/folders/${folder}/uploads`),
    token: tokens.admin,
    ...(await chunkBody(uploadFields(name, content), content)),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const nodes = (await call('GET', url(`/folders/${folder}/nodes?per_page=100`), 'admin')).body.data as {
    id: number;
    name: string;
  }[];
  return nodes.find((n) => n.name === name)!.id;
}

async function tag(folder: number, ids: number[], who: Who = 'admin') {
  return call('PUT', url(`/folders/${folder}/themes`), who, { theme_ids: ids });
}

beforeAll(async () => {
  w = await buildDocumentsWorld();
  tokens.admin = w.tokens.admin;
  tokens.collab = w.tokens.collab;
  tokens.readonly = w.tokens.readonly;
  tokens.client = w.tokens.client;
  for (const [who, role] of [
    ['clientAdmin', 'admin'],
    ['guest', 'guest'],
  ] as const) {
    const { user } = await buildUser(w.db);
    await buildClientUser(w.db, { vendor: w.vendor, user, role });
    tokens[who] = await w.t.signIn(user.email);
  }
  themeIds.rw = await theme('Comptable', 'shared', 'read_write');
  themeIds.ro = await theme('Social', 'shared', 'read_only');
  themeIds.unheld = await theme('Juridique', 'shared', 'read_write');
  themeIds.private = await theme('Interne', 'private_firm', 'read_write');
  const tags: Record<Kind, number[]> = {
    untagged: [],
    heldRw: [themeIds.rw],
    heldRo: [themeIds.ro],
    unheld: [themeIds.unheld],
    privateFirm: [themeIds.private],
  };
  for (const kind of Object.keys(tags) as Kind[]) {
    const folder = await w.folder(`F ${kind}`);
    const sub = await w.folder('Sub', folder);
    const doc = await uploaded(folder, `${kind}.txt`);
    const versions = await w.call('GET', url(`/documents/${doc}/versions`), 'admin');
    places[kind] = { folder, sub, doc, version: versions.body.data[0].id };
    if (tags[kind].length) expect((await tag(folder, tags[kind])).status).toBe(200);
  }
  target = await w.folder('Target');
  // The firm's people hold the RW, RO and firm-private themes; the client users RW and RO.
  for (const who of ['collab', 'readonly'] as const) {
    const res = await call(
      'PATCH',
      `/api/accounting-firms/${w.firm.id}/members/${w.people[who].id}`,
      'admin',
      {
        theme_ids: [themeIds.rw, themeIds.ro, themeIds.private],
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const clientIds = (await w.call('GET', url('/users'), 'admin')).body.data as { id: number }[];
  for (const { id } of clientIds) {
    const res = await call('PATCH', url(`/users/${id}`), 'admin', { theme_ids: [themeIds.rw, themeIds.ro] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});
afterAll(() => w.t.close());

const firmSide = (who: Who) => who === 'admin' || who === 'collab' || who === 'readonly';
function verdict(who: Who, kind: Kind): Verdict {
  if (who === 'admin' || kind === 'untagged' || kind === 'heldRw') return 'write';
  if (kind === 'heldRo') return 'read';
  if (kind === 'privateFirm' && firmSide(who)) return 'write';
  return 'hidden';
}
const writes = (who: Who) => who !== 'readonly' && who !== 'guest';

type Route = { method: string; path: string };
type Request = { path: string; payload?: object; multipart?: boolean };

/** How to address a folder or document of `kind` with each documents route (null: none of its nodes). */
function requestFor(route: Route, kind: Kind): Request | null {
  const p = places[kind];
  const path = route.path
    .replace('{id}', String(w.vendor.id))
    .replace('{folder_id}', String(p.folder))
    .replace('{document_id}', String(p.doc))
    .replace('{version_id}', String(p.version));
  const key = `${route.method} ${route.path}`;
  const selection = { document_ids: [p.doc], folder_ids: [] };
  const bodies: Record<string, Request | null> = {
    'PATCH /api/vendors/{id}/folders/{folder_id}': { path, payload: { name: `F ${kind} renamed` } },
    'PATCH /api/vendors/{id}/documents/{document_id}': { path, payload: { name: `${kind} renamed.txt` } },
    'POST /api/vendors/{id}/folders/{folder_id}/uploads': { path, multipart: true },
    'POST /api/vendors/{id}/documents/{document_id}/versions/{version_id}/restore': { path },
    'GET /api/vendors/{id}/folders/{folder_id}/uploads': {
      path: `${path}?flowChunkNumber=1&flowChunkSize=1048576&flowCurrentChunkSize=5&flowTotalSize=5&flowIdentifier=probe&flowFilename=a.txt&flowRelativePath=a.txt&flowTotalChunks=1`,
    },
    'POST /api/vendors/{id}/folders': { path, payload: { name: 'New', parent_id: p.folder } },
    'GET /api/vendors/{id}/folders': { path: `${path}?parent_id=${p.folder}` },
    'POST /api/vendors/{id}/nodes/archive': { path, payload: selection },
    'POST /api/vendors/{id}/nodes/archive/links': { path, payload: selection },
    'POST /api/vendors/{id}/nodes/delete': { path, payload: selection },
    'POST /api/vendors/{id}/nodes/move': { path, payload: { ...selection, folder_id: target } },
    'POST /api/vendors/{id}/nodes/copy': { path, payload: { ...selection, folder_id: target } },
    // Restoring: covered by the trash test below (nothing of that kind is in the trash here).
    'POST /api/vendors/{id}/trash/restore': null,
    // The client file as a whole, no folder or document addressed.
    'GET /api/vendors/{id}/trash': null,
    'DELETE /api/vendors/{id}/trash': null,
    // A search answers a list, never a node: a hidden folder's documents are never hits
    // (documents/search/search.routes.test.ts).
    'GET /api/vendors/{id}/search': null,
    'GET /api/vendors/{id}/legal-hold': null,
    'PUT /api/vendors/{id}/legal-hold': null,
    'DELETE /api/vendors/{id}/legal-hold': null,
    'GET /api/vendors/{id}/themes': null,
    'PUT /api/vendors/{id}/themes': null,
    'PUT /api/vendors/{id}/folders/{folder_id}/themes': { path, payload: { theme_ids: [themeIds.rw] } },
  };
  if (key in bodies) return bodies[key]!;
  if (/\{(folder_id|document_id)\}/.test(route.path) && ['GET', 'DELETE', 'PUT'].includes(route.method))
    return { path, payload: route.method === 'PUT' ? {} : undefined };
  throw new Error(`${key}: a documents route this test does not know; say how it addresses a node`);
}

async function run(route: Route, req: Request, who: Who) {
  if (req.multipart) {
    const content = new TextEncoder().encode('theme');
    const body = await chunkBody(uploadFields('upload.txt', content), content);
    return w.t.request({ method: 'POST', url: req.path, token: tokens[who], ...body });
  }
  return call(route.method, req.path, who, req.payload);
}

let documentsRoutes: Route[] = [];

describe('the theme rule on every documents route', () => {
  beforeAll(async () => {
    const doc = (await w.t.request({ method: 'GET', url: '/api/openapi.json' })).body as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    documentsRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags?.some((t) => t.startsWith('documents') || t === 'themes'))
        .filter(() => path.startsWith('/api/vendors/{id}/'))
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(documentsRoutes.length).toBeGreaterThan(20);
  });

  it('knows how every documents route addresses a folder or a document', () => {
    for (const route of documentsRoutes) requestFor(route, 'untagged');
  });

  // Walked where nothing may change (hidden, read-only): the tree stays as built for every person.
  for (const who of ['collab', 'readonly', 'client', 'clientAdmin', 'guest'] as const) {
    it(`a folder hidden to ${who} answers 404 on every route; a read-only one refuses writes`, async () => {
      const failures: string[] = [];
      for (const kind of ['unheld', 'privateFirm', 'heldRo'] as const) {
        const expected = verdict(who, kind);
        if (expected === 'write') continue;
        for (const route of documentsRoutes) {
          const req = requestFor(route, kind);
          if (!req) continue;
          const res = await run(route, req, who);
          // What the same person gets on the same route for an untagged place (reads only).
          const baseline =
            route.method === 'GET' ? await run(route, requestFor(route, 'untagged')!, who) : undefined;
          const label = `${who} ${kind} ${route.method} ${route.path}: ${res.status} ${res.body?.code ?? ''}`;
          // Hidden: what an absent id answers. A 404; in a selection, 422 on the field; to someone
          // whose role never writes, the role's 403 on a write (whatever the folder).
          const roleRefusal =
            res.body?.code === 'forbidden' &&
            (route.method !== 'GET' || baseline?.body?.code === 'forbidden');
          const errors = res.body?.errors ?? {};
          const absentInSelection =
            res.status === 422 && (errors.document_ids || errors.folder_id || errors.parent_id);
          if (expected === 'hidden' && res.status !== 404 && !absentInSelection && !roleRefusal)
            failures.push(label);
          if (expected === 'read') {
            if (route.method !== 'GET' && res.status === 404) failures.push(label);
            // Reading out of a read-only folder (a ZIP, a copy elsewhere) is no change to it.
            const reads = ['/archive', '/links', '/copy'].some((end) => route.path.endsWith(end));
            if (route.method !== 'GET' && res.status < 400 && !reads)
              failures.push(`${label} (a write passed)`);
            if (route.method !== 'GET' && res.status === 403 && writes(who) && !roleRefusal) {
              if (res.body?.code !== 'theme-read-only') failures.push(label);
            }
            if (route.method === 'GET' && res.status !== baseline!.status)
              failures.push(`${label} (untagged: ${baseline!.status} ${baseline!.body?.code ?? ''})`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('listings leave hidden folders out', () => {
  it('the nodes listing and the tree show each person what their themes let them see', async () => {
    const listed = async (who: Who) =>
      ((await call('GET', url(`/folders/${w.root}/nodes?per_page=100`), who)).body.data as { name: string }[])
        .map((n) => n.name)
        .filter((n) => n.startsWith('F '));
    const tree = async (who: Who) =>
      ((await call('GET', url(`/folders?parent_id=${w.root}`), who)).body.data as { name: string }[])
        .map((n) => n.name)
        .filter((n) => n.startsWith('F '));
    for (const who of ['admin', 'collab', 'readonly', 'client', 'clientAdmin', 'guest'] as const) {
      const expected = (Object.keys(places) as Kind[])
        .filter((k) => verdict(who, k) !== 'hidden')
        .map((k) => `F ${k}`)
        .sort();
      expect((await listed(who)).sort(), who).toEqual(expected);
      expect((await tree(who)).sort(), who).toEqual(expected);
    }
  });

  it('the unread counts leave out the documents of hidden folders', async () => {
    const unread = async (who: Who) => {
      const res = await call('GET', `/api/users/me/accounting-firms/${w.firm.id}/unread-documents`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = (res.body.data as { vendor_id: number; unread: number }[]).find(
        (r) => r.vendor_id === w.vendor.id,
      );
      return row?.unread ?? 0;
    };
    const people = ['collab', 'readonly', 'client', 'clientAdmin', 'guest'] as const;
    const before = Object.fromEntries(await Promise.all(people.map(async (who) => [who, await unread(who)])));
    for (const kind of Object.keys(places) as Kind[])
      await uploaded(places[kind].folder, `fresh ${kind}.txt`);
    for (const who of people) {
      const seen = (Object.keys(places) as Kind[]).filter((k) => verdict(who, k) !== 'hidden').length;
      expect((await unread(who)) - before[who], who).toBe(seen);
    }
  });

  it('a folder answer tells its themes and whether they leave the caller read-only', async () => {
    const ro = (await call('GET', url(`/folders/${places.heldRo.folder}`), 'client')).body.data;
    expect(ro).toMatchObject({ effective_theme_ids: [themeIds.ro], theme_read_only: true });
    const byAdmin = (await call('GET', url(`/folders/${places.heldRo.folder}`), 'admin')).body.data;
    expect(byAdmin.theme_read_only).toBe(false);
    const rw = (await call('GET', url(`/folders/${places.heldRw.folder}`), 'client')).body.data;
    expect(rw.theme_read_only).toBe(false);
  });

  it('a subfolder inherits its parent themes, unless it has its own', async () => {
    const sub = places.unheld.sub;
    expect((await call('GET', url(`/folders/${sub}`), 'collab')).status).toBe(404);
    expect((await tag(sub, [themeIds.rw])).status).toBe(200);
    expect((await call('GET', url(`/folders/${sub}`), 'collab')).status).toBe(200);
    expect((await call('GET', url(`/folders/${sub}/themes`), 'admin')).body.data.effective_themes).toEqual([
      expect.objectContaining({ id: themeIds.rw }),
    ]);
    expect((await tag(sub, [])).status).toBe(200);
    expect((await call('GET', url(`/folders/${sub}`), 'collab')).status).toBe(404);
  });

  it('moving a folder under a tagged one makes it inherit the tags', async () => {
    const moved = await w.folder('Moved in');
    expect((await call('GET', url(`/folders/${moved}`), 'client')).status).toBe(200);
    const res = await call('POST', url('/nodes/move'), 'admin', {
      folder_ids: [moved],
      document_ids: [],
      folder_id: places.unheld.folder,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await call('GET', url(`/folders/${moved}`), 'client')).status).toBe(404);
  });
});

describe('who assigns themes', () => {
  it('tagging is for firm administrators; theme ids must be the firm’s', async () => {
    expect((await tag(places.untagged.sub, [themeIds.rw], 'collab')).status).toBe(403);
    expect((await tag(places.untagged.sub, [themeIds.rw], 'clientAdmin')).status).toBe(403);
    const unknown = await tag(places.untagged.sub, [999999]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('theme-not-found');
  });

  it('a client user never holds a firm-private theme; nobody changes their own themes', async () => {
    const clientId = w.people.client.id;
    const res = await call('PATCH', url(`/users/${clientId}`), 'admin', { theme_ids: [themeIds.private] });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('theme-private-to-firm');
    // The firm's collaborators invite client users but do not hand out access rights.
    expect((await call('PATCH', url(`/users/${clientId}`), 'collab', { all_themes: true })).status).toBe(403);
    expect((await call('PATCH', url(`/users/${clientId}`), 'client', { all_themes: true })).status).toBe(403);
    const self = await call(
      'PATCH',
      `/api/accounting-firms/${w.firm.id}/members/${w.people.admin.id}`,
      'admin',
      {
        all_themes: false,
      },
    );
    expect(self.status).toBe(403);
  });

  it('removing a theme from a person takes effect on their next request', async () => {
    const member = `/api/accounting-firms/${w.firm.id}/members/${w.people.collab.id}`;
    expect((await call('GET', url(`/folders/${places.heldRw.folder}`), 'collab')).status).toBe(200);
    const narrowed = await call('PATCH', member, 'admin', { theme_ids: [themeIds.ro] });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data).toMatchObject({ all_themes: false, theme_ids: [themeIds.ro] });
    expect((await call('GET', url(`/folders/${places.heldRw.folder}`), 'collab')).status).toBe(404);
    expect((await call('PATCH', member, 'admin', { all_themes: true })).status).toBe(200);
    expect((await call('GET', url(`/folders/${places.unheld.folder}`), 'collab')).status).toBe(200);
    // Back as the table expects.
    expect(
      (await call('PATCH', member, 'admin', { theme_ids: [themeIds.rw, themeIds.ro, themeIds.private] }))
        .status,
    ).toBe(200);
  });

  it('the client file allows some themes only; folders and users carry no other', async () => {
    const put = await call('PUT', url('/themes'), 'admin', { theme_ids: [themeIds.rw, themeIds.ro] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.all_themes).toBe(false);
    const refused = await tag(places.untagged.sub, [themeIds.unheld]);
    expect(refused.status).toBe(422);
    expect((await call('GET', url('/themes'), 'collab')).status).toBe(403);
    expect((await call('PUT', url('/themes'), 'admin', { all_themes: true })).status).toBe(200);
  });

  it('deleting a theme folders carry is refused unless forced', async () => {
    const doomed = await theme('Temporaire', 'shared', 'read_write');
    const f = await w.folder('Doomed');
    expect((await tag(f, [doomed])).status).toBe(200);
    const themeUrl = `/api/accounting-firms/${w.firm.id}/themes/${doomed}`;
    const refused = await call('DELETE', themeUrl, 'admin');
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('theme-in-use');
    expect((await call('GET', url(`/folders/${f}`), 'client')).status).toBe(404);
    expect((await call('DELETE', `${themeUrl}?force=true`, 'admin')).status).toBe(200);
    // The folder is untagged now: the role alone decides.
    expect((await call('GET', url(`/folders/${f}`), 'client')).status).toBe(200);
  });
});
