import { expect } from 'vitest';
import { chunkBody } from './documents';
import { buildDocumentsWorld } from './documents-world';
import { buildClientUser, buildUser } from './factories';

/**
 * The world of the theme rule's table (issue 26, part 2): six people (firm administrator,
 * collaborator read-write, collaborator read-only, client administrator, client collaborator,
 * guest) and, at the root of one client file, one place per kind of folder (untagged, tagged with
 * a held read-write theme, a held read-only one, an unheld one, a firm-private one), each with a
 * subfolder, a document, a document in the trash and a workflow active on it; and how each
 * route of the OpenAPI document that addresses a folder or a document is called on a place.
 * Built once per test file.
 */

export type Who = 'admin' | 'collab' | 'readonly' | 'client' | 'clientAdmin' | 'guest';
export type Kind = 'untagged' | 'heldRw' | 'heldRo' | 'unheld' | 'privateFirm';
export type Verdict = 'write' | 'read' | 'hidden';
export type Route = { method: string; path: string };
export type Request = { path: string; payload?: object; multipart?: boolean };
export type Place = { folder: number; sub: number; doc: number; version: number; trashed: number };

export const PEOPLE: readonly Who[] = ['admin', 'collab', 'readonly', 'client', 'clientAdmin', 'guest'];
export const KINDS: readonly Kind[] = ['untagged', 'heldRw', 'heldRo', 'unheld', 'privateFirm'];

const firmSide = (who: Who) => who === 'admin' || who === 'collab' || who === 'readonly';
/** What the rule lets each person do in each kind of folder (the firm's people hold RW, RO, private). */
export function verdict(who: Who, kind: Kind): Verdict {
  if (who === 'admin' || kind === 'untagged' || kind === 'heldRw') return 'write';
  if (kind === 'heldRo') return 'read';
  if (kind === 'privateFirm' && firmSide(who)) return 'write';
  return 'hidden';
}
/** Whether the person's role writes at all. */
export const writes = (who: Who) => who !== 'readonly' && who !== 'guest';

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

export async function buildThemesWorld() {
  const w = await buildDocumentsWorld();
  const tokens = {} as Record<Who, string>;
  const themeIds = {} as Record<'rw' | 'ro' | 'unheld' | 'private', number>;
  const places = {} as Record<Kind, Place>;
  const url = (path: string) => `/api/vendors/${w.vendor.id}${path}`;
  const call = (method: string, path: string, who: Who, payload?: object) =>
    w.t.request({
      method: method as 'GET',
      url: path,
      token: tokens[who],
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = (res: { status: number; body: unknown }, status = 200) =>
    expect(res.status, JSON.stringify(res.body)).toBe(status);

  async function theme(title: string, sharing: string, rights: string) {
    const res = await call('POST', `/api/accounting-firms/${w.firm.id}/themes`, 'admin', {
      title,
      sharing,
      rights,
    });
    ok(res, 201);
    return res.body.data.id as number;
  }
  /** A document with its content stored (uploaded by the administrator): its id. */
  async function uploaded(folder: number, name: string) {
    const content = new TextEncoder().encode(`content of ${name}`);
    const res = await w.t.request({
      method: 'POST',
      url: url(`/folders/${folder}/uploads`),
      token: tokens.admin,
      ...(await chunkBody(uploadFields(name, content), content)),
    });
    ok(res);
    const nodes = (await call('GET', url(`/folders/${folder}/nodes?per_page=100`), 'admin')).body.data as {
      id: number;
      name: string;
    }[];
    return nodes.find((n) => n.name === name)!.id;
  }
  const tag = (folder: number, ids: number[], who: Who = 'admin') =>
    call('PUT', url(`/folders/${folder}/themes`), who, { theme_ids: ids });

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
  // A workflow of the client file (statuses for the status routes), active on every place.
  const created = await call('POST', url('/workflows'), 'admin', {
    name: 'Pièces',
    sharing: 'shared',
    statuses: [
      { key: 'a-completer', name: 'À compléter' },
      { key: 'envoye', name: 'Envoyé' },
    ],
  });
  ok(created, 201);
  const workflow = created.body.data as { id: number; statuses: { id: number }[] };
  const nextStatus = workflow.statuses[1]!.id;
  for (const kind of KINDS) {
    const folder = await w.folder(`F ${kind}`);
    const sub = await w.folder('Sub', folder);
    const doc = await uploaded(folder, `${kind}.txt`);
    const trashed = await uploaded(folder, `${kind} trashed.txt`);
    ok(await call('DELETE', url(`/documents/${trashed}`), 'admin'), 204);
    const versions = await call('GET', url(`/documents/${doc}/versions`), 'admin');
    ok(
      await call('PUT', url(`/folders/${folder}/workflow`), 'admin', {
        workflow_id: workflow.id,
        apply_to: 'existing_documents',
      }),
    );
    places[kind] = { folder, sub, doc, version: versions.body.data[0].id, trashed };
    if (tags[kind].length) ok(await tag(folder, tags[kind]));
  }
  const target = await w.folder('Target');
  // A quick-drop folder bound to each place (issue 28): the drop is walked like an upload.
  const quickfolders = {} as Record<Kind, number>;
  for (const kind of KINDS) {
    const res = await call('POST', url('/quickfolders'), 'admin', {
      name: `Dépôt ${kind}`,
      folder_id: places[kind].folder,
    });
    ok(res, 201);
    quickfolders[kind] = res.body.data.id as number;
  }
  // The firm's people hold the RW, RO and firm-private themes; the client users RW and RO.
  for (const who of ['collab', 'readonly'] as const) {
    ok(
      await call('PATCH', `/api/accounting-firms/${w.firm.id}/members/${w.people[who].id}`, 'admin', {
        theme_ids: [themeIds.rw, themeIds.ro, themeIds.private],
      }),
    );
  }
  const clientIds = (await w.call('GET', url('/users'), 'admin')).body.data as { id: number }[];
  for (const { id } of clientIds)
    ok(await call('PATCH', url(`/users/${id}`), 'admin', { theme_ids: [themeIds.rw, themeIds.ro] }));

  /** How to address a folder or document of `kind` with each route (null: none of its nodes). */
  function requestFor(route: Route, kind: Kind): Request | null {
    const p = places[kind];
    const path = route.path
      .replace('{id}', String(w.vendor.id))
      .replace('{folder_id}', String(p.folder))
      .replace('{document_id}', String(p.doc))
      .replace('{version_id}', String(p.version))
      .replace('{quickfolder_id}', String(quickfolders[kind]));
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
      'POST /api/vendors/{id}/trash/restore': {
        path,
        payload: { document_ids: [p.trashed], folder_ids: [] },
      },
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
      // The client file's themes: its folders filtered by the rule (theme-use.routes.test.ts).
      'GET /api/vendors/{id}/themes/overview': null,
      // Share links (issue 28): a hidden folder is refused (422 on folder_id) and its links unknown.
      'POST /api/vendors/{id}/share-links': { path, payload: { folder_id: p.folder, expires_in_hours: 24 } },
      'GET /api/vendors/{id}/share-links': { path: `${path}?folder_id=${p.folder}` },
      'GET /api/vendors/{id}/share-link-settings': null,
      // Addressed by a link id, not a node: shares.routes.test.ts checks a hidden item's link is 404.
      'GET /api/vendors/{id}/share-links/{share_link_id}/accesses': null,
      'DELETE /api/vendors/{id}/share-links/{share_link_id}': null,
      'PUT /api/vendors/{id}/folders/{folder_id}/themes': { path, payload: { theme_ids: [themeIds.rw] } },
      // Quick-drop folders (issue 28): the drop files in the place's folder (hidden: 404, read-only:
      // theme-read-only); the list leaves out what the caller may not drop into
      // (quickfolders.routes.test.ts); creating one is the firm administrators' (403 to others).
      'POST /api/vendors/{id}/quickfolders/{quickfolder_id}/drop': { path, multipart: true },
      'GET /api/vendors/{id}/quickfolders': null,
      'POST /api/vendors/{id}/quickfolders': { path, payload: { name: 'Probe', folder_id: p.folder } },
      'PATCH /api/vendors/{id}/quickfolders/{quickfolder_id}': { path, payload: { name: `Dépôt ${kind}` } },
      'DELETE /api/vendors/{id}/quickfolders/{quickfolder_id}': null,
      // Workflows on the nodes (their other routes address no folder or document).
      'PUT /api/vendors/{id}/folders/{folder_id}/workflow': {
        path,
        payload: { workflow_id: workflow.id, apply_to: 'new_documents' },
      },
      'DELETE /api/vendors/{id}/folders/{folder_id}/workflow': { path: `${path}?scope=all_content` },
      'PUT /api/vendors/{id}/documents/{document_id}/status': { path, payload: { status_id: nextStatus } },
      'PUT /api/vendors/{id}/folders/{folder_id}/status': { path, payload: { status_id: nextStatus } },
      'POST /api/vendors/{id}/nodes/status': {
        path,
        payload: { nodes: [{ type: 'document', id: p.doc }], status_id: nextStatus },
      },
    };
    if (key in bodies) return bodies[key]!;
    if (/\{(folder_id|document_id)\}/.test(route.path) && ['GET', 'DELETE', 'PUT'].includes(route.method))
      return { path, payload: route.method === 'PUT' ? {} : undefined };
    throw new Error(`${key}: a route of the nodes this table does not know; say how it addresses a node`);
  }

  async function run(req: Request, method: string, who: Who) {
    if (req.multipart) {
      const content = new TextEncoder().encode('theme');
      const body = await chunkBody(uploadFields('upload.txt', content), content);
      return w.t.request({ method: 'POST', url: req.path, token: tokens[who], ...body });
    }
    return call(method, req.path, who, req.payload);
  }

  /**
   * The routes of the OpenAPI document under a client file that address its folders or documents:
   * the document manager's (tags `documents...`, `themes`) and any other module's whose path names
   * a folder, a document or the nodes, so that a route added anywhere on them enters the table.
   */
  async function nodeRoutes(): Promise<Route[]> {
    const doc = (await w.t.request({ method: 'GET', url: '/api/openapi.json' })).body as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(
          ([, op]) =>
            op.tags?.some((t) => t.startsWith('documents') || t === 'themes') ||
            /\{(folder_id|document_id)\}|\/nodes\//.test(path),
        )
        .filter(() => path.startsWith('/api/vendors/{id}/'))
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
  }

  return { w, tokens, themeIds, places, target, url, call, tag, uploaded, requestFor, run, nodeRoutes };
}

export type ThemesWorld = Awaited<ReturnType<typeof buildThemesWorld>>;
