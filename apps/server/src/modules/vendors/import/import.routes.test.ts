import { IMPORT_COLUMNS, translateMessage } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSiret } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { demoIdentifiers } from '../../../startup/seed/demo';

type Firm = { id: number; name: string };
type ReportRow = {
  row: number;
  client_code: string | null;
  status: 'created' | 'refused';
  vendor_id: number | null;
  errors: Record<string, string[]>;
};

let t: TestApp;
const tokens: Record<string, string> = {};
const firm = { demo: 0, nord: 0 };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  for (const who of ['expert', 'collab']) tokens[who] = await t.signIn(`${who}@demo.test`);
  const firms = (await get('/api/users/me/accounting-firms', 'expert')).body.data as Firm[];
  firm.demo = firms.find((f) => f.name === 'Cabinet Démo')!.id;
  firm.nord = firms.find((f) => f.name === 'Cabinet Nord')!.id;
});
afterAll(() => t.close());

function get(url: string, who = 'expert') {
  return t.request({ method: 'GET', url, token: tokens[who] });
}

/** A workbook with one sheet per entry, each given as rows of cell values (header first). */
async function workbook(sheets: Record<string, ExcelJS.CellValue[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = wb.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const HEADER = ['client_code', 'company', 'siret'];
const clients = (...rows: ExcelJS.CellValue[][]) => workbook({ Clients: [HEADER, ...rows] });

/** Posts `buffer` as the multipart field `file`, the way a browser's FormData does. */
async function upload(
  buffer: Buffer,
  options: { filename?: string; who?: string; firmId?: number; lang?: string; field?: string } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(buffer)]),
    options.filename ?? 'clients.xlsx',
  );
  const encoded = new Response(form);
  return t.request({
    method: 'POST',
    url: `/api/accounting-firms/${options.firmId ?? firm.demo}/vendors/import`,
    token: tokens[options.who ?? 'expert'],
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const vendorCount = async () =>
  (await get(`/api/accounting-firms/${firm.demo}/vendors?per_page=1`)).body.total as number;
const rowsOf = (body: { data: { rows: ReportRow[] } }) => body.data.rows;
const en = (key: string) => translateMessage(key, 'en');

describe('GET /api/accounting-firms/:id/vendors/import/template', () => {
  it('serves an .xlsx whose Clients sheet names the columns, with a valid example and a help sheet', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/accounting-firms/${firm.demo}/vendors/import/template`,
      headers: { authorization: `Bearer ${tokens.expert}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('filename="modele-import-clients.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Clients', 'Aide']);
    const sheet = wb.getWorksheet('Clients')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_COLUMNS]);
    expect(sheet.getRow(2).getCell(3).value).toBe('73282932000074');
    expect(wb.getWorksheet('Aide')!.getCell('A2').value).toBe('client_code');

    // Sent back as is, the template imports its example row.
    const imported = await upload(res.rawPayload);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 1, refused: 0 });
    expect(rowsOf(imported.body)[0]).toMatchObject({ row: 2, client_code: 'EXEMPLE01', status: 'created' });
  });

  it('is for firm administrators: 403 for a collaborator, 404 on a firm they do not belong to', async () => {
    expect((await get(`/api/accounting-firms/${firm.demo}/vendors/import/template`, 'collab')).status).toBe(
      403,
    );
    expect((await get(`/api/accounting-firms/${firm.nord}/vendors/import/template`, 'collab')).status).toBe(
      404,
    );
    const anonymous = await t.request({
      method: 'GET',
      url: `/api/accounting-firms/${firm.demo}/vendors/import/template`,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/accounting-firms/:id/vendors/import', () => {
  it('creates every row of a good file, visible in the client files list, and invites the administrator', async () => {
    const sirets = [freshSiret(), freshSiret(), freshSiret()];
    const buffer = await workbook({
      Clients: [
        ['Company', ' SIRET ', 'CLIENT_CODE', 'email', 'capital', 'notes'],
        ['Importée Alpha', sirets[0], 'IMPGOOD1', 'dirigeant.alpha@import.test', '1 500,50', 'ignored'],
        [],
        ['Importée Beta', sirets[1], 'IMPGOOD2', null, 2000, null],
        ['Importée Gamma', sirets[2], 'IMPGOOD3'],
      ],
    });
    const before = await vendorCount();
    const res = await upload(buffer);
    expect(res.status).toBe(200);
    expect(res.body.data.created).toBe(3);
    expect(res.body.data.refused).toBe(0);
    expect(rowsOf(res.body).map((r) => [r.row, r.client_code, r.status])).toEqual([
      [2, 'IMPGOOD1', 'created'],
      [4, 'IMPGOOD2', 'created'],
      [5, 'IMPGOOD3', 'created'],
    ]);
    expect(await vendorCount()).toBe(before + 3);

    const list = await get(`/api/accounting-firms/${firm.demo}/vendors?search=IMPGOOD&sort=client_code`);
    expect(list.body.data.map((v: { client_code: string }) => v.client_code)).toEqual([
      'IMPGOOD1',
      'IMPGOOD2',
      'IMPGOOD3',
    ]);
    const alpha = (await get(`/api/vendors/${rowsOf(res.body)[0]!.vendor_id}`)).body.data;
    expect(alpha).toMatchObject({
      company: 'Importée Alpha',
      corporate_name: 'Importée Alpha',
      siret: sirets[0],
      siren: sirets[0]!.slice(0, 9),
      capital: 1500.5,
    });
    expect(t.mails.some((m) => m.to === 'dirigeant.alpha@import.test')).toBe(true);
  });

  it('refuses the bad rows with their localised errors and creates the good ones', async () => {
    const good = [freshSiret(), freshSiret()];
    const demoSiret = demoIdentifiers(1).siret;
    const before = await vendorCount();
    const res = await upload(
      await workbook({
        Clients: [
          [...HEADER, 'email'],
          ['IMPMIX1', 'Mixte Un', good[0]],
          ['IMPMIX2', 'Mixte Deux', '73282932000075'],
          ['IMPMIX3', 'Mixte Trois', demoSiret],
          ['IMPMIX1', 'Mixte Doublon', freshSiret()],
          ['IMPMIX5', null, freshSiret()],
          ['GAR01', 'Code Existant', freshSiret()],
          ['IMPMIX7', 'Membre Du Cabinet', freshSiret(), 'collab@demo.test'],
          ['IMPMIX8', 'Mixte Huit', good[1]],
          ['IMPMIX9', 'Siret Doublon', good[1]],
        ],
      }),
      { lang: 'en-GB,en;q=0.9' },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, refused: 7 });
    const byRow = Object.fromEntries(rowsOf(res.body).map((r) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ status: 'created', errors: {} });
    expect(byRow[2]!.vendor_id).toEqual(expect.any(Number));
    expect(byRow[3]).toMatchObject({
      status: 'refused',
      vendor_id: null,
      errors: { siret: [en('invalid-siret')] },
    });
    expect(byRow[4]).toMatchObject({ status: 'refused', errors: { siret: [en('siret-already-used')] } });
    expect(byRow[5]).toMatchObject({
      status: 'refused',
      client_code: 'IMPMIX1',
      errors: { client_code: [en('client-code-already-used')] },
    });
    expect(byRow[6]).toMatchObject({ status: 'refused', errors: { company: [en('required')] } });
    expect(Object.keys(byRow[6]!.errors)).toEqual(['company']);
    expect(byRow[7]).toMatchObject({
      status: 'refused',
      errors: { client_code: [en('client-code-already-used')] },
    });
    expect(byRow[8]).toMatchObject({
      status: 'refused',
      errors: { email: [en('user-vendor-already-accountant')] },
    });
    expect(byRow[9]).toMatchObject({ status: 'created' });
    expect(byRow[10]).toMatchObject({ status: 'refused', errors: { siret: [en('siret-already-used')] } });
    expect(await vendorCount()).toBe(before + 2);
    // The refused administrator row left nothing behind (its transaction rolled back).
    const members = await get(`/api/accounting-firms/${firm.demo}/vendors?search=IMPMIX7`);
    expect(members.body.total).toBe(0);
  });

  it('writes the row errors in French by default', async () => {
    const res = await upload(await clients(['IMPFR1', 'Société', '12345678901234']));
    expect(res.status).toBe(200);
    expect(rowsOf(res.body)[0]!.errors).toEqual({ siret: [translateMessage('invalid-siret', 'fr')] });
  });

  it('takes a SIRET typed as a number, and rich text', async () => {
    const number = freshSiret();
    const res = await upload(
      await clients([
        'IMPNUM1',
        { richText: [{ text: 'Numérique ' }, { font: { bold: true }, text: 'Riche' }] },
        Number(number),
      ]),
    );
    expect(res.body.data).toMatchObject({ created: 1, refused: 0 });
    const vendor = (await get(`/api/vendors/${rowsOf(res.body)[0]!.vendor_id}`)).body.data;
    expect(vendor).toMatchObject({ company: 'Numérique Riche', siret: number });
  });

  it('reads the first sheet when none is named Clients, and prefers the Clients sheet', async () => {
    const first = await upload(
      await workbook({ Feuil1: [HEADER, ['IMPSHEET1', 'Feuille Un', freshSiret()]] }),
    );
    expect(first.body.data).toMatchObject({ created: 1, refused: 0 });
    const named = await upload(
      await workbook({
        Notes: [['rien', 'à', 'lire']],
        ' clients ': [HEADER, ['IMPSHEET2', 'Feuille Deux', freshSiret()]],
      }),
    );
    expect(named.status).toBe(200);
    expect(named.body.data).toMatchObject({ created: 1, refused: 0 });
  });

  it('refuses more than 500 rows as a whole, before writing anything', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => [`IMPBIG${i}`, `Gros ${i}`, freshSiret()]);
    const buffer = await clients(...rows);
    const before = await vendorCount();
    const started = performance.now();
    const res = await upload(buffer, { lang: 'en' });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'too-much-rows', message: en('too-much-rows') });
    expect(await vendorCount()).toBe(before);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('answers empty-file for a header without data rows (blank rows ignored) and for a blank sheet', async () => {
    for (const buffer of [
      await clients(),
      await clients([], [null, '  ', null]),
      await workbook({ Clients: [] }),
    ]) {
      const res = await upload(buffer);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('empty-file');
    }
    const zero = await upload(Buffer.alloc(0));
    expect(zero.body.code).toBe('empty-file');
  });

  it('answers bad-import-file, listing the missing columns, when the header lacks required ones', async () => {
    const before = await vendorCount();
    const res = await upload(
      await workbook({
        Clients: [
          ['code', 'company', 'numero'],
          ['IMPCOL1', 'Colonnes', freshSiret()],
        ],
      }),
      { lang: 'en' },
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('bad-import-file');
    expect(res.body.message).toBe(en('bad-import-file'));
    expect(Object.keys(res.body.errors).sort()).toEqual(['client_code', 'siret']);
    expect(await vendorCount()).toBe(before);
  });

  it('answers bad-import-file for something that is not an .xlsx workbook', async () => {
    const text = await upload(Buffer.from('client_code;company;siret\nA;B;C\n'), {
      filename: 'clients.xlsx',
    });
    expect(text.status).toBe(422);
    expect(text.body.code).toBe('bad-import-file');

    const good = await clients(['IMPTYPE1', 'Type', freshSiret()]);
    const renamed = await upload(good, { filename: 'clients.csv' });
    expect(renamed.body.code).toBe('bad-import-file');

    const noFile = await upload(good, { field: 'other' });
    expect(noFile.status).toBe(422);
    expect(noFile.body.code).toBe('bad-import-file');

    const json = await t.request({
      method: 'POST',
      url: `/api/accounting-firms/${firm.demo}/vendors/import`,
      token: tokens.expert,
      payload: { file: 'x' },
    });
    expect(json.status).toBe(422);
    expect(json.body.code).toBe('bad-import-file');
  });

  it('answers missing-excel-sheet for a workbook without any sheet', async () => {
    const res = await upload(await workbook({}));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('missing-excel-sheet');
  });

  it('is for firm administrators: 403 for a collaborator, 404 on another firm, 401 without a token', async () => {
    const buffer = await clients(['IMPPERM1', 'Permission', freshSiret()]);
    const before = await vendorCount();
    expect((await upload(buffer, { who: 'collab' })).status).toBe(403);
    expect((await upload(buffer, { who: 'collab', firmId: firm.nord })).status).toBe(404);
    expect((await upload(buffer, { who: 'nobody' })).status).toBe(401);
    expect(await vendorCount()).toBe(before);
  });

  it('is documented in the OpenAPI document as a multipart upload', async () => {
    const { paths } = (await t.request({ method: 'GET', url: '/api/openapi.json' })).body;
    const op = paths['/api/accounting-firms/{id}/vendors/import'].post;
    expect(op.tags).toEqual(['client files: import']);
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(op.description).toMatch(/multipart/);
    expect(paths['/api/accounting-firms/{id}/vendors/import/template'].get).toBeDefined();
  });
});
