import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newFolder, upload } from '../../../../test/documents';
import { docx, hasTool, scanPdf, scanPng, textPdf } from '../../../../test/search-fixtures';
import { DOCUMENT_TEXT_BACKFILL_JOB } from './text-extraction.service';

// Issue 28, search: text read in a job queued with the version, the index kept by triggers, the
// three routes with the access rule (client files, themes, trash, another tenant).

let w: DocsWorld;
const ids: Record<string, number> = {};
let folder: number;
let secret: number;

type Who = 'expert' | 'collab' | 'client' | 'guest' | 'superadmin';
type Hit = { id: number; name: string; excerpt: string; highlights: { start: number; length: number }[] };

const vendorSearch = (query: string, who: Who = 'expert', vendor = w.vendor) =>
  w.call('GET', `/api/vendors/${vendor}/search?${query}`, who);
const firmId = () => w.portals!.firms.centre.id;
const found = async (query: string, who: Who = 'expert') => {
  const res = await vendorSearch(query, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Hit[]).map((h) => h.name);
};

async function file(parent: number, name: string, content: Uint8Array) {
  const res = await upload(w, parent, name, content);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  ids[name] = res.body.data.id;
  return ids[name]!;
}

const pdftotext = hasTool('pdftotext');
const tesseract = hasTool('tesseract') && hasTool('pdftoppm');

beforeAll(async () => {
  w = await docsWorld();
  folder = await newFolder(w, 'Pièces', w.root);
  await file(
    folder,
    'note.txt',
    Buffer.from('Facturé le 3 mars : montant 1 234,56 €, à régler au Crédit Agricole.'),
  );
  await file(
    folder,
    'minutes.txt',
    Buffer.from('The invoices were paid by the shareholders during the meeting.'),
  );
  await file(
    folder,
    'contrat.docx',
    await docx(['Contrat de prestation', 'Honoraires trimestriels révisés']),
  );
  await file(folder, 'Relevé bancaire.csv', Buffer.from('date;libellé;montant\n2031-03-01;Loyer;800\n'));
  if (pdftotext)
    await file(folder, 'facture.pdf', textPdf(['Facture F-2031', 'Prestation de tenue comptable']));
  if (tesseract) {
    await file(folder, 'recu.png', await scanPng(['Reçu de caisse 4471', 'Boulangerie Dupont']));
    await file(folder, 'quittance.pdf', await scanPdf(['Quittance de loyer', 'Appartement rue des Lilas']));
  }
  // A folder tagged with a firm-private theme the collaborator does not hold: hidden to both.
  secret = await newFolder(w, 'Secret', w.root);
  await file(secret, 'secret.txt', Buffer.from('Protocole confidentiel de cession'));
  const theme = async (title: string, sharing: string) =>
    (
      await w.call('POST', `/api/accounting-firms/${firmId()}/themes`, 'expert', {
        title,
        sharing,
        rights: 'read_write',
      })
    ).body.data.id as number;
  const internal = await theme('Interne', 'private_firm');
  const social = await theme('Social', 'shared');
  expect(
    (
      await w.call('PUT', `/api/vendors/${w.vendor}/folders/${secret}/themes`, 'expert', {
        theme_ids: [internal],
      })
    ).status,
  ).toBe(200);
  const collab = w.portals!.people.collab.id;
  const patched = await w.call('PATCH', `/api/accounting-firms/${firmId()}/members/${collab}`, 'expert', {
    theme_ids: [social],
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  await w.t.jobs.drain();
}, 120_000);
afterAll(() => w.t.close());

describe('search: what is read and found', () => {
  it('finds a word of a text file without its accents, and marks it in the excerpt', async () => {
    const res = await vendorSearch('q=facture');
    expect(res.status).toBe(200);
    const hit = (res.body.data as Hit[]).find((h) => h.name === 'note.txt')!;
    expect(hit).toBeDefined();
    expect(hit.excerpt).toContain('Facturé le 3 mars');
    const marked = hit.highlights.map((h) => hit.excerpt.slice(h.start, h.start + h.length));
    expect(marked).toContain('Facturé');
    expect(await found('q=credit%20agricole')).toEqual(['note.txt']);
    expect(await found('q=regler')).toEqual(['note.txt']);
  });

  it('reads English with English stemming, DOCX from its XML, CSV, and the name', async () => {
    expect(await found('q=invoice')).toEqual(['minutes.txt']);
    expect(await found('q=shareholder')).toEqual(['minutes.txt']);
    expect(await found('q=honoraires%20revises')).toEqual(['contrat.docx']);
    expect(await found('q=loyer')).toContain('Relevé bancaire.csv');
    expect(await found('q=releve%20bancaire')).toEqual(['Relevé bancaire.csv']);
    expect(await found('q=nothinglikethis')).toEqual([]);
  });

  it.runIf(pdftotext)('finds a word inside a PDF', async () => {
    expect(await found('q=tenue%20comptable')).toEqual(['facture.pdf']);
  });

  it.runIf(tesseract)('reads scanned images and PDFs by OCR', async () => {
    expect(await found('q=boulangerie')).toEqual(['recu.png']);
    expect(await found('q=appartement%20lilas')).toEqual(['quittance.pdf']);
  });

  it('a new version replaces the content found; the text is read once per content', async () => {
    const res = await upload(w, folder, 'note.txt', Buffer.from('Avoir numéro 88 sur commande'), {
      conflict: 'version',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await w.t.jobs.drain()).toBeGreaterThan(0);
    expect(await found('q=avoir')).toEqual(['note.txt']);
    expect(await found('q=agricole')).toEqual([]);
    // The same content filed again is not read again.
    await file(folder, 'copie.txt', Buffer.from('Avoir numéro 88 sur commande'));
    const texts = async () =>
      (
        (await w.t.database.db.execute(sql`SELECT count(*)::int AS n FROM document_texts`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await texts();
    await w.t.jobs.drain();
    const after = await texts();
    expect(after).toBe(before);
    expect((await found('q=avoir')).sort()).toEqual(['copie.txt', 'note.txt']);
  });
});

describe('search: the contents filed before', () => {
  it('are read by the backfill job (contents without text, batch by batch)', async () => {
    // As if the CSV had been filed before the search existed: its text gone, its name still found.
    await w.t.database.db.execute(
      sql`DELETE FROM document_texts WHERE source_key IN (SELECT v.blob_key FROM document_versions v
            JOIN documents d ON d.current_version_id = v.id WHERE d.id = ${ids['Relevé bancaire.csv']!})`,
    );
    await w.t.database.db.execute(
      sql`SELECT document_search_refresh(accounting_firm_id, id) FROM documents WHERE id = ${ids['Relevé bancaire.csv']!}`,
    );
    expect(await found('q=loyer%20libelle')).toEqual([]);
    expect(await found('q=releve')).toEqual(['Relevé bancaire.csv']);
    await w.t.jobs.enqueue(w.t.database.db, DOCUMENT_TEXT_BACKFILL_JOB, {});
    // The backfill queues the reading jobs, run by the next drain.
    expect((await w.t.jobs.drain()) + (await w.t.jobs.drain())).toBeGreaterThanOrEqual(2);
    expect(await found('q=loyer%20libelle')).toEqual(['Relevé bancaire.csv']);
  });
});

describe('search: filters and pages', () => {
  it('pages the ranked hits with the usual envelope', async () => {
    const res = await vendorSearch('q=loyer%20or%20facture%20or%20invoice&per_page=1&page=2');
    expect(res.status).toBe(200);
    expect(res.body.per_page).toBe(1);
    expect(res.body.current_page).toBe(2);
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    expect(res.body.data).toHaveLength(1);
    const first = await vendorSearch('q=loyer%20or%20invoice&per_page=1');
    const past = await vendorSearch('q=loyer%20or%20invoice&per_page=1&page=50');
    expect(past.body.data).toEqual([]);
    expect(first.body.total).toBeGreaterThanOrEqual(2);
    expect(past.body.total).toBe(first.body.total);
    expect(past.body.last_page).toBe(first.body.total);
    expect((await vendorSearch('q=loyer&per_page=101')).status).toBe(422);
    expect((await vendorSearch('q=')).status).toBe(422);
    expect((await vendorSearch('q=loyer&from=2031-02-01&to=2031-01-01')).status).toBe(422);
  });

  it('keeps to a kind, a folder, dates, validated and unread', async () => {
    expect(await found('q=loyer%20or%20honoraires&type=office')).toEqual(['contrat.docx']);
    expect(await found('q=loyer%20or%20honoraires&type=text')).toEqual(['Relevé bancaire.csv']);
    expect(await found(`q=protocole&folder_id=${folder}`)).toEqual([]);
    expect(await found(`q=protocole&folder_id=${w.root}`)).toEqual(['secret.txt']);
    expect(await found('q=protocole&to=2000-01-01')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await found(`q=protocole&from=${today}&to=${today}`)).toEqual(['secret.txt']);
    expect(await found('q=honoraires&validated=true')).toEqual([]);
    const versions = await w.call(
      'GET',
      `/api/vendors/${w.vendor}/documents/${ids['contrat.docx']}/versions`,
    );
    const version = versions.body.data[0].id;
    const validated = await w.call(
      'PUT',
      `/api/vendors/${w.vendor}/documents/${ids['contrat.docx']}/versions/${version}/validation`,
    );
    expect(validated.status).toBe(200);
    expect(await found('q=honoraires&validated=true')).toEqual(['contrat.docx']);
    expect(await found('q=honoraires&validated=false')).toEqual([]);
    // The expert uploaded everything: nothing is unread to them; all of it is to the client.
    expect(await found('q=honoraires&unread=true')).toEqual([]);
    expect(await found('q=honoraires&unread=true', 'client')).toEqual(['contrat.docx']);
  });
});

describe('search: who finds what', () => {
  it('never shows a document of a folder hidden by themes, nor its excerpt', async () => {
    expect(await found('q=protocole')).toEqual(['secret.txt']);
    expect(await found('q=protocole', 'collab')).toEqual([]);
    expect(await found('q=protocole', 'client')).toEqual([]);
    expect(await found('q=protocole', 'guest')).toEqual([]);
    const firm = await w.call('GET', `/api/accounting-firms/${firmId()}/search?q=protocole`, 'collab');
    expect(firm.status).toBe(200);
    expect(firm.body.data).toEqual([]);
    const own = await w.call(
      'GET',
      `/api/users/me/accounting-firms/${firmId()}/search?q=protocole`,
      'client',
    );
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([]);
    expect(JSON.stringify(firm.body) + JSON.stringify(own.body)).not.toContain('cession');
  });

  it('follows a document moved into a hidden folder and out of it (the index row keeps its place)', async () => {
    const move = (to: number) =>
      w.call('POST', `/api/vendors/${w.vendor}/nodes/move`, 'expert', {
        folder_id: to,
        document_ids: [ids['minutes.txt']],
      });
    const firmFound = async (who: Who) =>
      (
        (await w.call('GET', `/api/accounting-firms/${firmId()}/search?q=shareholder`, who)).body
          .data as Hit[]
      ).map((h) => h.name);
    expect(await found('q=shareholder', 'collab')).toEqual(['minutes.txt']);
    // (A validated document stays in place: this one is not.)
    const moved = await move(secret);
    expect(moved.status).toBe(200);
    expect(moved.body.data.document_ids).toEqual([ids['minutes.txt']]);
    expect(await found('q=shareholder', 'collab')).toEqual([]);
    expect(await firmFound('collab')).toEqual([]);
    expect(await found('q=shareholder', 'client')).toEqual([]);
    expect(await found('q=shareholder')).toEqual(['minutes.txt']);
    expect((await firmFound('expert')).length).toBe(1);
    expect((await move(folder)).status).toBe(200);
    expect(await found('q=shareholder', 'collab')).toEqual(['minutes.txt']);
    expect(await firmFound('collab')).toEqual(['minutes.txt']);
  });

  it('leaves trashed documents out until they are restored', async () => {
    const del = await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${ids['minutes.txt']}`);
    expect(del.status).toBe(204);
    expect(await found('q=invoice')).toEqual([]);
    const firm = await w.call('GET', `/api/accounting-firms/${firmId()}/search?q=invoice`, 'expert');
    expect(firm.body.data).toEqual([]);
    const restored = await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', {
      document_ids: [ids['minutes.txt']],
      folder_ids: [],
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await found('q=invoice')).toEqual(['minutes.txt']);
    // A folder's deletion takes its documents out too.
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/folders/${secret}?force=true`)).status).toBe(
      204,
    );
    expect(await found('q=protocole')).toEqual([]);
  });

  it('searches the firm for its members and the companies of a client user', async () => {
    const firm = await w.call('GET', `/api/accounting-firms/${firmId()}/search?q=honoraires`, 'collab');
    expect(firm.status).toBe(200);
    expect((firm.body.data as Hit[]).map((h) => h.name)).toEqual(['contrat.docx']);
    expect(firm.body.data[0]).toMatchObject({ vendor_id: w.vendor, folder_id: folder });
    const own = await w.call(
      'GET',
      `/api/users/me/accounting-firms/${firmId()}/search?q=honoraires`,
      'client',
    );
    expect((own.body.data as Hit[]).map((h) => h.name)).toEqual(['contrat.docx']);
    // The firm's route is the firm members'; the person's own route answers anyone by their reach.
    expect([403, 404]).toContain(
      (await w.call('GET', `/api/accounting-firms/${firmId()}/search?q=honoraires`, 'client')).status,
    );
    const mine = await w.call(
      'GET',
      `/api/users/me/accounting-firms/${firmId()}/search?q=honoraires`,
      'collab',
    );
    expect((mine.body.data as Hit[]).map((h) => h.name)).toEqual(['contrat.docx']);
  });

  it('answers 404 for another tenant, and its documents never appear', async () => {
    const other = w.otherVendor;
    await upload(
      w,
      (await w.call('GET', `/api/vendors/${other}/folders`, 'expert')).body.data[0].id,
      'x.txt',
      Buffer.from('honoraires'),
    );
    expect((await vendorSearch('q=honoraires', 'client', other)).status).toBe(404);
    expect((await vendorSearch('q=honoraires', 'collab', other)).status).toBe(404);
    const nord = w.portals!.firms.nord.id;
    expect((await w.call('GET', `/api/accounting-firms/${nord}/search?q=honoraires`, 'collab')).status).toBe(
      404,
    );
    expect(
      (await w.call('GET', `/api/users/me/accounting-firms/${nord}/search?q=honoraires`, 'client')).status,
    ).toBe(404);
    // Filters naming what the caller may not open answer as ids that do not exist.
    expect((await vendorSearch(`q=honoraires&vendor_id=${other}`)).status).toBe(404);
    const otherRoot = (await w.call('GET', `/api/vendors/${other}/folders`, 'expert')).body.data[0].id;
    expect((await vendorSearch(`q=honoraires&folder_id=${otherRoot}`)).status).toBe(404);
    expect((await vendorSearch('q=honoraires&folder_id=99999999')).status).toBe(404);
    const firmWide = (query: string) =>
      w.call('GET', `/api/accounting-firms/${firmId()}/search?${query}`, 'collab');
    expect((await firmWide(`q=honoraires&vendor_id=${other}`)).status).toBe(404);
    expect((await firmWide(`q=honoraires&folder_id=${folder}`)).status).toBe(422);
    expect((await firmWide(`q=honoraires&vendor_id=${w.vendor}&folder_id=${folder}`)).status).toBe(200);
  });
});
