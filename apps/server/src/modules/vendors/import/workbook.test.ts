import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  SHEET_END,
  SHEET_START,
  sharedStringsXml,
  workbookEntries,
  zipArchive,
} from '../../../../test/xlsx-archive';
import { readImportSheet } from './workbook';
import { XlsxReader } from './xlsx-reader';

const code = (e: unknown) => (e as { code?: string }).code;

describe('readImportSheet', () => {
  it('reads every kind of cell Excel stores as exceljs did: dates, booleans, formulas, errors, links, rich text', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Clients');
    sheet.addRow([
      ' Client_Code ',
      'company',
      'SIRET',
      'corporate_name',
      'capital',
      'rcs',
      'legal_form',
      'naf_code',
      'contact_email',
    ]);
    sheet.addRow([
      'K1',
      new Date(Date.UTC(2024, 2, 5)),
      73282932000074,
      { formula: '"a"&"b"', result: 'ab' },
      { formula: '1+1', result: 2 },
      true,
      { error: '#N/A' },
      { richText: [{ text: ' 56.' }, { font: { bold: true }, text: '10A ' }] },
      { text: 'Site', hyperlink: 'https://example.test' },
    ]);
    sheet.addRow(['K2', '  spaced  ', '', null, 1500.5]);
    const rows = await readImportSheet(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(rows).toEqual([
      {
        row: 2,
        cells: {
          client_code: { text: 'K1', numeric: false },
          company: { text: '2024-03-05', numeric: false },
          siret: { text: '73282932000074', numeric: true },
          corporate_name: { text: 'ab', numeric: false },
          capital: { text: '2', numeric: true },
          rcs: { text: 'true', numeric: false },
          legal_form: { text: '#N/A', numeric: false },
          naf_code: { text: '56.10A', numeric: false },
          contact_email: { text: 'Site', numeric: false },
        },
      },
      {
        row: 3,
        cells: {
          client_code: { text: 'K2', numeric: false },
          company: { text: 'spaced', numeric: false },
          capital: { text: '1500.5', numeric: true },
        },
      },
    ]);
  });

  it('reads prefixed elements, cells without references, inline and phonetic text, custom date formats and the 1904 system', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const sheet =
      `<?xml version="1.0"?><x:worksheet xmlns:x="${main}"><x:sheetData>` +
      '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:t>siret</x:t></x:is></x:c><x:c t="s"><x:v>2</x:v></x:c></x:row>' +
      '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>K</x:t></x:r><x:r><x:t>1</x:t></x:r></x:is></x:c><x:c t="s"><x:v>3</x:v></x:c><x:c><x:v>73282932000074</x:v></x:c><x:c s="1"><x:v>0</x:v></x:c></x:row>' +
      `</x:sheetData></x:worksheet>`;
    const strings = `<?xml version="1.0"?><sst xmlns="${main}"><si><t>client_code</t></si><si><t>company</t></si><si><t>rcs</t></si><si><r><t>漢字</t></r><rPh sb="0" eb="2"><t>かんじ</t></rPh></si></sst>`;
    const entries = workbookEntries({ content: sheet }, { content: strings });
    const workbook = entries.find((e) => e.name === 'xl/workbook.xml')!;
    workbook.content = String(workbook.content).replace('<sheets>', '<workbookPr date1904="1"/><sheets>');
    entries.push({
      name: 'xl/styles.xml',
      content: `<?xml version="1.0"?><styleSheet xmlns="${main}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`,
    });
    const rows = await readImportSheet(await zipArchive(entries));
    expect(rows).toEqual([
      {
        row: 2,
        cells: {
          client_code: { text: 'K1', numeric: false },
          company: { text: '漢字', numeric: false },
          siret: { text: '73282932000074', numeric: true },
          rcs: { text: '1904-01-01', numeric: false },
        },
      },
    ]);
  });

  it('refuses a sheet whose XML is broken, too deep or whose shared strings are missing as a bad file, and empty files', async () => {
    const broken = await zipArchive(
      workbookEntries({ content: `${SHEET_START}<row r="1"><c t="s"><v>0</v></row>${SHEET_END}` }),
    );
    await expect(readImportSheet(broken)).rejects.toSatisfy((e) => code(e) === 'bad-import-file');
    // Header cells pointing past the shared strings read as empty: the columns are missing.
    const noStrings = await zipArchive(
      workbookEntries(
        { content: `${SHEET_START}<row r="1"><c t="s"><v>7</v></c></row>${SHEET_END}` },
        { content: sharedStringsXml([]) },
      ),
    );
    await expect(readImportSheet(noStrings)).rejects.toSatisfy((e) => code(e) === 'bad-import-file');
    // Elements nested a million deep, in 3 MB: the parser would keep each one open.
    const deep = await zipArchive(
      workbookEntries({
        content: { before: SHEET_START, repeat: '<a>'.repeat(1000), times: 1000, after: SHEET_END },
      }),
    );
    await expect(readImportSheet(deep)).rejects.toSatisfy((e) => code(e) === 'bad-import-file');
    const reader = new XlsxReader(deep);
    const sheet = (await reader.sheets())[0]!;
    await expect(reader.rows(sheet.path, new Set(), () => true).next()).rejects.toThrow(
      'XML nested too deep',
    );
    const blank = await zipArchive(workbookEntries({ content: `${SHEET_START}<row r="1"/>${SHEET_END}` }));
    await expect(readImportSheet(blank)).rejects.toSatisfy((e) => code(e) === 'empty-file');
  });
});
