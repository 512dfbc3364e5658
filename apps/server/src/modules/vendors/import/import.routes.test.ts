import { IMPORT_COLUMNS, translateMessage } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSiret } from '../../../../test/factories';
import { buildPortalsWorld, type PortalsWorld } from '../../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import {
  type EntryContent,
  SHEET_END,
  SHEET_START,
  sharedStringsXml,
  workbookEntries,
  zipArchive,
} from '../../../../test/xlsx-archive';

type ReportRow = {
  row: number;
  client_code: string | null;
  status: 'created' | 'refused';
  vendor_id: number | null;
  errors: Record<string, string[]>;
};

let t: TestApp;
let w: PortalsWorld;
const tokens: Record<string, string> = {};
const firm = { demo: 0, nord: 0 };

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPortalsWorld(t);
  for (const who of ['expert', 'collab'] as const) tokens[who] = w.tokens[who];
  firm.demo = w.firms.centre.id;
  firm.nord = w.firms.nord.id;
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
    const usedSiret = w.files.BOUL01.siret!;
    const before = await vendorCount();
    const res = await upload(
      await workbook({
        Clients: [
          [...HEADER, 'email'],
          ['IMPMIX1', 'Mixte Un', good[0]],
          ['IMPMIX2', 'Mixte Deux', '73282932000075'],
          ['IMPMIX3', 'Mixte Trois', usedSiret],
          ['IMPMIX1', 'Mixte Doublon', freshSiret()],
          ['IMPMIX5', null, freshSiret()],
          ['GAR01', 'Code Existant', freshSiret()],
          ['IMPMIX7', 'Membre Du Cabinet', freshSiret(), w.people.collab.email],
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

/**
 * The largest growth of the process's resident memory while `run` runs, in MB, over its value
 * just before (sampled every 5 ms). The app runs in this process (`app.inject`), so this is the
 * request's own cost: the issue measured 472 MB -> 1.2 GB for 600,000 rows.
 */
async function memoryGrowth<T>(run: () => Promise<T>): Promise<{ result: T; mb: number; ms: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, mb: (peak - before) / 1e6, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Bound of a request's memory growth. What an import holds: the upload (5 MB at most) a few
 * times over (the test's payload, multipart chunks, the file's buffer), one inflated chunk and
 * the XML parser's current text (1 MB at most), 500 rows, and garbage not yet collected.
 * Measured on 2 cores: 15-35 MB for every workbook below; the reader that loaded the whole
 * workbook grew by 613 MB (634 -> 1,247 MB, 5.5 s) on the same 600,000-row file, and by 1 GB
 * on the gigabyte of blank rows declared as 10 kB.
 */
const MAX_GROWTH_MB = 100;

const HEADER_ROW =
  '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>';
const HEADER_STRINGS = ['client_code', 'company', 'siret'];

/** `count` data rows (a client code each: enough to count), written 1,000 rows at a time. */
function* manyRows(count: number): Generator<string> {
  yield SHEET_START + HEADER_ROW;
  for (let first = 2; first < count + 2; first += 1000) {
    let rows = '';
    for (let r = first; r < Math.min(first + 1000, count + 2); r++) {
      rows += `<row r="${r}"><c r="A${r}" t="s"><v>3</v></c></row>`;
    }
    yield rows;
  }
  yield SHEET_END;
}

describe('large and hostile workbooks', () => {
  it('answers too-much-rows for 600,000 rows without reading them all: memory stays flat', async () => {
    const buffer = await zipArchive(
      workbookEntries(
        { content: manyRows(600_000) },
        { content: sharedStringsXml([...HEADER_STRINGS, 'IMPMANY']) },
      ),
    );
    expect(buffer.length).toBeLessThan(5 * 1024 * 1024);
    expect((await upload(await clients(['IMPWARM1', 'Warm', freshSiret()]))).status).toBe(200);
    const before = await vendorCount();
    const { result: res, mb, ms } = await memoryGrowth(() => upload(buffer, { lang: 'en' }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'too-much-rows', message: en('too-much-rows') });
    expect(mb).toBeLessThan(MAX_GROWTH_MB);
    expect(ms).toBeLessThan(5_000);
    expect(await vendorCount()).toBe(before);
  }, 60_000);

  /** A gigabyte that deflates to a few megabytes, in every part the import reads. */
  const blankRows = {
    before: SHEET_START + HEADER_ROW,
    repeat: '<row><c t="inlineStr"><is><t> </t></is></c></row>'.repeat(1000),
    times: 20_000,
    after: SHEET_END,
  };
  const bombs: Record<string, { sheet: EntryContent; strings?: EntryContent; lie?: boolean }> = {
    // Stops at the 50 MB inflated in all: no row to count, nothing kept.
    'a gigabyte of blank rows': { sheet: blankRows },
    // Stops as soon as the entry inflates past what the archive says.
    'a gigabyte of blank rows declared as 10 kB': { sheet: blankRows, lie: true },
    // Stops at 1 MB of text without a tag, in the sheet or in the shared strings.
    'one cell of a gigabyte': {
      sheet: {
        before: `${SHEET_START}${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
        repeat: 'A'.repeat(1_000_000),
        times: 1000,
        after: `</t></is></c></row>${SHEET_END}`,
      },
    },
    'a shared string of a gigabyte': {
      sheet: `${SHEET_START}${HEADER_ROW}${SHEET_END}`,
      strings: {
        before: sharedStringsXml([]).replace('</sst>', '<si><t>'),
        repeat: 'B'.repeat(1_000_000),
        times: 1000,
        after: `</t></si>${HEADER_STRINGS.map((h) => `<si><t>${h}</t></si>`).join('')}</sst>`,
      },
    },
  };
  for (const [what, bomb] of Object.entries(bombs)) {
    it(`refuses a zip bomb by its decompressed size: ${what}`, async () => {
      const declaredSize = bomb.lie ? 10_000 : undefined;
      const buffer = await zipArchive(
        workbookEntries(
          { content: bomb.sheet, declaredSize },
          bomb.strings
            ? { content: bomb.strings, declaredSize }
            : { content: sharedStringsXml(HEADER_STRINGS) },
        ),
      );
      expect(buffer.length).toBeLessThan(5 * 1024 * 1024);
      const { result: res, mb, ms } = await memoryGrowth(() => upload(buffer, { lang: 'en' }));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'bad-import-file', message: en('bad-import-file') });
      expect(mb).toBeLessThan(MAX_GROWTH_MB);
      // About a second at most here (32 MB inflated and parsed); generous for a loaded machine.
      expect(ms).toBeLessThan(10_000);
    }, 60_000);
  }
});
