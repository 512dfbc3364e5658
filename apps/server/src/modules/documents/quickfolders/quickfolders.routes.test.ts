import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newFolder } from '../../../../test/documents';

let w: DocsWorld;
let base = 0;
let firmId = 0;
beforeAll(async () => {
  w = await docsWorld();
  base = await newFolder(w, 'Dépôts', w.root);
  firmId = w.portals!.firms.centre.id;
});
afterAll(() => w.t.close());

const qf = (vendor = w.vendor) => `/api/vendors/${vendor}/quickfolders`;
type Who = keyof DocsWorld['tokens'];

async function create(body: Record<string, unknown>, who: Who = 'expert') {
  const res = await w.call('POST', qf(), who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; folder_id: number; needs_folder: boolean };
}

/** A multipart drop of `content` as `filename`. */
async function drop(id: number, filename: string, content: string, who: Who = 'client', vendor = w.vendor) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/pdf' }), filename);
  const encoded = new Response(form);
  return w.t.request({
    method: 'POST',
    url: `${qf(vendor)}/${id}/drop`,
    token: w.tokens[who],
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
}

const today = () => new Date().toISOString().slice(0, 10);
const nodes = async (folder: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=100`)).body.data as {
    id: number;
    name: string;
  }[];

describe('quick-drop folders: filing with the automations', () => {
  it('files a dropped file renamed by the pattern, in its period, with its themes, in the folder', async () => {
    const folder = await newFolder(w, 'Reçus', base);
    const year = today().slice(0, 4);
    const period = await w.call('POST', `/api/vendors/${w.vendor}/accounting-periods`, 'expert', {
      name: `Exercice ${year}`,
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
    });
    expect(period.status, JSON.stringify(period.body)).toBe(201);
    const theme = await w.call('POST', `/api/accounting-firms/${firmId}/themes`, 'expert', {
      title: 'Achats',
      sharing: 'shared',
      rights: 'read_write',
    });
    expect(theme.status).toBe(201);
    const q = await create({
      name: 'Tickets',
      folder_id: folder,
      rename_pattern: '{date} {client_code} {name}',
      period_mode: 'drop_date',
      theme_ids: [theme.body.data.id],
    });
    const res = await drop(q.id, 'ticket: café.pdf', '%PDF-1.4 receipt');
    // The name's forbidden ':' is refused like any upload's.
    expect(res.status).toBe(422);
    const ok = await drop(q.id, 'ticket café.pdf', '%PDF-1.4 receipt');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const filed = ok.body.data;
    expect(filed).toMatchObject({
      vendor_id: w.vendor,
      folder_id: folder,
      name: `${today()} BOUL01 ticket café.pdf`,
      original_name: 'ticket café.pdf',
      accounting_period_id: period.body.data.id,
      start_date: today(),
      theme_ids: [theme.body.data.id],
    });
    const doc = await w.call('GET', `/api/vendors/${w.vendor}/documents/${filed.document_id}`);
    expect(doc.body.data).toMatchObject({
      name: filed.name,
      folder_id: folder,
      accounting_period_id: period.body.data.id,
      start_date: today(),
    });
    const content = await w.t.app.inject({
      method: 'GET',
      url: `/api/vendors/${w.vendor}/documents/${filed.document_id}/content`,
      headers: { authorization: `Bearer ${w.tokens.client}` },
    });
    expect(content.body).toBe('%PDF-1.4 receipt');
    const tags = await w.t.database.db.execute(
      sql`SELECT theme_id FROM document_themes WHERE document_id = ${filed.document_id}`,
    );
    expect(JSON.stringify(tags)).toContain(String(theme.body.data.id));
    // The same drop again: "name (2)", never a refusal nor a version.
    const again = await drop(q.id, 'ticket café.pdf', '%PDF-1.4 other');
    expect(again.status).toBe(201);
    expect(again.body.data.name).toBe(`${today()} BOUL01 ticket café (2).pdf`);
    expect((await nodes(folder)).map((n) => n.name).sort()).toEqual([
      `${today()} BOUL01 ticket café (2).pdf`,
      `${today()} BOUL01 ticket café.pdf`,
    ]);
  });

  it('files nothing from a request cut short, even after the whole file arrived', async () => {
    const folder = await newFolder(w, 'Coupé', base);
    const q = await create({ name: 'Coupé', folder_id: folder });
    const form = new FormData();
    form.append('file', new Blob(['whole content'], { type: 'text/plain' }), 'cut.txt');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    // The close delimiter's CRLF missing: the file's bytes are all there, the request is not.
    const res = await w.t.request({
      method: 'POST',
      url: `${qf()}/${q.id}/drop`,
      token: w.tokens.client,
      payload: body.subarray(0, body.length - 2),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(res.status).toBe(400);
    expect(await nodes(folder)).toEqual([]);
  });

  it('keeps the name without a pattern, and files no period when none is asked', async () => {
    const folder = await newFolder(w, 'Brut', base);
    const q = await create({ name: 'Brut', folder_id: folder });
    const res = await drop(q.id, 'facture.pdf', 'x');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'facture.pdf',
      accounting_period_id: null,
      start_date: null,
    });
  });

  it('refuses unknown tokens, a missing folder, the root, and a fixed period without its period', async () => {
    const folder = await newFolder(w, 'Refus', base);
    const bad = [
      [{ name: 'X', folder_id: folder, rename_pattern: '{unknown}' }, 'rename_pattern'],
      [{ name: 'X', folder_id: folder, rename_pattern: 'a/b {name}' }, 'rename_pattern'],
      [{ name: 'X' }, 'folder_id'],
      [{ name: 'X', folder_id: w.root }, 'folder_id'],
      [{ name: 'X', folder_id: folder, period_mode: 'fixed' }, 'accounting_period_id'],
      [{ name: '', folder_id: folder }, 'name'],
      [{ name: 'X', folder_id: folder, theme_ids: [999999] }, 'theme_ids'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await w.call('POST', qf(), 'expert', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
  });
});

describe('quick-drop folders: one per folder, the trash', () => {
  it('answers 422 quickfolder-folder-already-used for a second quick-drop on a folder', async () => {
    const folder = await newFolder(w, 'Unique', base);
    const other = await newFolder(w, 'Autre', base);
    await create({ name: 'Premier', folder_id: folder });
    const second = await w.call('POST', qf(), 'expert', { name: 'Second', folder_id: folder });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe('quickfolder-folder-already-used');
    expect(second.body.errors.folder_id).toBeDefined();
    const moved = await create({ name: 'Second', folder_id: other });
    const rebind = await w.call('PATCH', `${qf()}/${moved.id}`, 'expert', { folder_id: folder });
    expect(rebind.status).toBe(422);
    expect(rebind.body.code).toBe('quickfolder-folder-already-used');
  });

  it('disables a quick-drop whose folder is trashed ("needs a folder"), enables it when restored or rebound', async () => {
    const folder = await newFolder(w, 'Corbeille', base);
    const q = await create({ name: 'À jeter', folder_id: folder });
    const del = await w.call('POST', `/api/vendors/${w.vendor}/nodes/delete`, 'expert', {
      folder_ids: [folder],
      document_ids: [],
    });
    expect(del.status, JSON.stringify(del.body)).toBeLessThan(300);
    const firm = await w.call('GET', `/api/accounting-firms/${firmId}/quickfolders`);
    expect(firm.body.data.find((x: { id: number }) => x.id === q.id)).toMatchObject({ needs_folder: true });
    const mine = await w.call('GET', qf(), 'client');
    expect(mine.body.data.map((x: { id: number }) => x.id)).not.toContain(q.id);
    const refused = await drop(q.id, 'a.pdf', 'a');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('quickfolder-needs-folder');
    // Restored: enabled again.
    const restore = await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', {
      folder_ids: [folder],
      document_ids: [],
    });
    expect(restore.status, JSON.stringify(restore.body)).toBeLessThan(300);
    expect((await drop(q.id, 'a.pdf', 'a')).status).toBe(201);
    // Trashed again, then rebound by a firm administrator.
    await w.call('POST', `/api/vendors/${w.vendor}/nodes/delete`, 'expert', {
      folder_ids: [folder],
      document_ids: [],
    });
    const fresh = await newFolder(w, 'Nouveau', base);
    const patched = await w.call('PATCH', `${qf()}/${q.id}`, 'expert', { folder_id: fresh });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ folder_id: fresh, needs_folder: false });
    expect((await drop(q.id, 'b.pdf', 'b')).status).toBe(201);
  });
});

describe('quick-drop folders: rights', () => {
  it('lets firm administrators alone manage them; others 403, another tenant 404', async () => {
    const folder = await newFolder(w, 'Droits', base);
    for (const who of ['collab', 'client', 'guest'] as const) {
      const res = await w.call('POST', qf(), who, { name: 'N', folder_id: folder });
      expect(res.status, who).toBe(403);
    }
    // A client user is no member of the firm: its list is unknown to them; a collaborator is refused.
    expect((await w.call('GET', `/api/accounting-firms/${firmId}/quickfolders`, 'client')).status).toBe(404);
    expect((await w.call('GET', `/api/accounting-firms/${firmId}/quickfolders`, 'collab')).status).toBe(403);
    const q = await create({ name: 'Droits', folder_id: folder });
    for (const who of ['collab', 'client'] as const)
      expect((await w.call('DELETE', `${qf()}/${q.id}`, who)).status, who).toBe(403);
    // The other portal's client file, and this quick-drop through it: 404.
    expect((await w.call('GET', qf(w.otherVendor), 'client')).status).toBe(404);
    expect((await drop(q.id, 'x.pdf', 'x', 'client', w.otherVendor)).status).toBe(404);
    expect((await w.call('PATCH', `${qf(w.otherVendor)}/${q.id}`, 'expert', { name: 'Z' })).status).toBe(404);
    expect((await w.call('DELETE', `${qf()}/${q.id}`, 'expert')).status).toBe(204);
    expect((await w.call('DELETE', `${qf()}/${q.id}`, 'expert')).status).toBe(404);
  });

  it('lets client users and members drop, never guests; a read-only folder refuses', async () => {
    const folder = await newFolder(w, 'Lecture seule', base);
    const q = await create({ name: 'RO', folder_id: folder });
    expect((await drop(q.id, 'c.pdf', 'c', 'collab')).status).toBe(201);
    expect((await drop(q.id, 'g.pdf', 'g', 'guest')).status).toBe(403);
    expect((await w.call('GET', qf(), 'guest')).body.data).toEqual([]);
    const ro = await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${folder}`, 'expert', {
      read_only: true,
    });
    expect(ro.status, JSON.stringify(ro.body)).toBe(200);
    const refused = await drop(q.id, 'd.pdf', 'd', 'client');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('node-readonly');
    expect((await w.call('GET', qf(), 'client')).body.data.map((x: { id: number }) => x.id)).not.toContain(
      q.id,
    );
  });

  it('hides a quick-drop whose folder is hidden by theme; refuses one seen read-only', async () => {
    const mk = async (title: string, rights: string) =>
      (
        await w.call('POST', `/api/accounting-firms/${firmId}/themes`, 'expert', {
          title,
          sharing: 'shared',
          rights,
        })
      ).body.data.id as number;
    const held = await mk('Social RO', 'read_only');
    const unheld = await mk('Juridique', 'read_write');
    const hiddenFolder = await newFolder(w, 'Caché', base);
    const roFolder = await newFolder(w, 'Social', base);
    for (const [f, t] of [
      [hiddenFolder, unheld],
      [roFolder, held],
    ] as const) {
      const res = await w.call('PUT', `/api/vendors/${w.vendor}/folders/${f}/themes`, 'expert', {
        theme_ids: [t],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const users = (await w.call('GET', `/api/vendors/${w.vendor}/users`)).body.data as {
      id: number;
      email: string;
    }[];
    const client = users.find((u) => u.email === 'client@portals.test')!;
    const give = await w.call('PATCH', `/api/vendors/${w.vendor}/users/${client.id}`, 'expert', {
      theme_ids: [held],
    });
    expect(give.status, JSON.stringify(give.body)).toBe(200);
    const hidden = await create({ name: 'Caché', folder_id: hiddenFolder });
    const ro = await create({ name: 'Social', folder_id: roFolder });
    const listed = (await w.call('GET', qf(), 'client')).body.data.map((x: { id: number }) => x.id);
    expect(listed).not.toContain(hidden.id);
    expect(listed).not.toContain(ro.id);
    expect((await drop(hidden.id, 'h.pdf', 'h')).status).toBe(404);
    const refused = await drop(ro.id, 'r.pdf', 'r');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('theme-read-only');
    // The firm administrator sees and drops everywhere.
    expect((await drop(hidden.id, 'h.pdf', 'h', 'expert')).status).toBe(201);
  });
});
