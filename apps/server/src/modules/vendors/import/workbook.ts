import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_TEMPLATE_SHEET,
} from '@portal/contracts';
import ExcelJS from 'exceljs';
import { AppError } from '../../../platform/errors/app-error';
import { type RawCell, type RawRow, type SheetInfo, XlsxError, XlsxReader } from './xlsx-reader';

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One cell, normalised: its text, and whether Excel stored it as a number. */
export type ImportCell = { text: string; numeric: boolean };

/** A data row of the sheet: its Excel row number and its non-empty cells of known columns. */
export type ImportRow = { row: number; cells: Partial<Record<ImportColumn, ImportCell>> };

const badFile = () => new AppError('bad-import-file');

/** The sheet named 'Clients' (case and spaces ignored), else the first sheet. */
function importSheet(sheets: SheetInfo[]): SheetInfo {
  const wanted = IMPORT_TEMPLATE_SHEET.toLowerCase();
  const sheet = sheets.find((s) => s.name.trim().toLowerCase() === wanted) ?? sheets[0];
  if (!sheet) throw new AppError('missing-excel-sheet');
  return sheet;
}

/** A data row whose shared strings may not be known yet: its cells of known columns. */
type PendingRow = { row: number; cells: [ImportColumn, RawCell][] };

/** Resolves the shared strings of `rows`, and keeps those with a non-empty cell left. */
async function resolved(reader: XlsxReader, rows: PendingRow[], strings: Map<number, string>) {
  const indexes = rows.flatMap((r) => r.cells.flatMap(([, c]) => ('shared' in c ? [c.shared] : [])));
  await reader.sharedStrings(indexes, strings);
  const out: PendingRow[] = [];
  for (const row of rows) {
    const cells = row.cells
      .map(([column, c]): [ImportColumn, RawCell] => [
        column,
        'shared' in c ? { text: strings.get(c.shared) ?? '', numeric: false } : c,
      ])
      .filter(([, c]) => 'text' in c && c.text !== '');
    if (cells.length > 0) out.push({ row: row.row, cells });
  }
  return out;
}

/**
 * Reads the import sheet of an uploaded workbook, refusing the whole file when it cannot be
 * used: not an .xlsx workbook, no sheet, missing required columns, no data row, or more than
 * 500 data rows. Nothing is written before these checks; blank rows are skipped.
 *
 * The sheet is streamed (`XlsxReader`): its first row names the columns, then data rows are read
 * until the 501st, which refuses the file without reading further; shared strings are looked up
 * only for the rows kept. A file that inflates past 32 MB, or whose XML holds more than 1 MB
 * without a tag, is refused as `bad-import-file` (zip bombs).
 */
export async function readImportSheet(buffer: Buffer): Promise<ImportRow[]> {
  if (buffer.length === 0) throw new AppError('empty-file');
  try {
    return await readRows(new XlsxReader(buffer));
  } catch (error) {
    if (error instanceof XlsxError) throw badFile();
    throw error;
  }
}

async function readRows(reader: XlsxReader): Promise<ImportRow[]> {
  const sheet = importSheet(await reader.sheets());
  const dates = await reader.dateStyles();
  const strings = new Map<number, string>();

  // The first row holding a value: the header when it is row 1.
  let first: RawRow | undefined;
  for await (const batch of reader.rows(sheet.path, dates, () => true)) {
    first = batch[0];
    break;
  }
  if (!first) throw new AppError('empty-file');
  const columns = new Map<ImportColumn, number>();
  if (first.row === 1) {
    const header = [...first.cells].sort(([a], [b]) => a - b);
    await reader.sharedStrings(
      header.flatMap(([, c]) => ('shared' in c ? [c.shared] : [])),
      strings,
    );
    for (const [index, cell] of header) {
      const text = 'shared' in cell ? (strings.get(cell.shared) ?? '') : cell.text;
      const name = text.toLowerCase() as ImportColumn;
      if ((IMPORT_COLUMNS as readonly string[]).includes(name) && !columns.has(name)) {
        columns.set(name, index);
      }
    }
  }
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    throw new AppError('bad-import-file', {
      fields: Object.fromEntries(missing.map((c) => [c, ['required']])),
    });
  }

  // Data rows; a shared string may be blank, so past 500 rows the pending ones are resolved
  // before counting, and the 501st row that is not blank refuses the file.
  const wanted = new Set(columns.values());
  let rows: PendingRow[] = [];
  for await (const batch of reader.rows(sheet.path, dates, (column) => wanted.has(column))) {
    for (const raw of batch) {
      if (raw.row === 1) continue;
      const cells: [ImportColumn, RawCell][] = [];
      for (const [column, index] of columns) {
        const cell = raw.cells.get(index);
        if (cell) cells.push([column, cell]);
      }
      if (cells.length === 0) continue;
      rows.push({ row: raw.row, cells });
      if (rows.length > IMPORT_MAX_ROWS) {
        rows = await resolved(reader, rows, strings);
        if (rows.length > IMPORT_MAX_ROWS) throw new AppError('too-much-rows');
      }
    }
  }
  rows = await resolved(reader, rows, strings);
  if (rows.length === 0) throw new AppError('empty-file');
  return rows.map((r) => ({
    row: r.row,
    cells: Object.fromEntries(r.cells) as ImportRow['cells'],
  }));
}

/** What the help sheet says of each column, in French like the rest of the template. */
const COLUMN_HELP: Record<ImportColumn, string> = {
  client_code: 'Code client, unique dans le cabinet : lettres, chiffres, - et _ (30 caractères maximum).',
  company: 'Nom de la société (150 caractères maximum, sans caractères spéciaux).',
  siret: 'SIRET à 14 chiffres avec sa clé de contrôle ; il doit être libre sur toute la plateforme.',
  corporate_name: 'Raison sociale ; le nom de la société si vide.',
  email: "Adresse e-mail de l'administrateur du dossier client, qui reçoit une invitation.",
  siren: 'SIREN à 9 chiffres ; déduit du SIRET si vide.',
  naf_code: 'Code NAF, par exemple 56.10A.',
  legal_form: 'Forme juridique, par exemple SARL.',
  contact_email: 'Adresse e-mail de contact de la société.',
  contact_phone: 'Téléphone de contact (6 à 20 caractères : chiffres, espaces, + . ( ) -).',
  capital: 'Capital social en euros (nombre positif).',
  employee_number: 'Nombre de salariés (nombre entier positif ou nul).',
  rcs: 'Immatriculation au RCS.',
  tva_intra_number: 'Numéro de TVA intracommunautaire, par exemple FR44732829320.',
};

const EXAMPLE: Partial<Record<ImportColumn, string | number>> = {
  client_code: 'EXEMPLE01',
  company: 'Exemple Conseil',
  siret: '73282932000074',
  corporate_name: 'Exemple Conseil SARL',
  siren: '732829320',
  naf_code: '70.22Z',
  legal_form: 'SARL',
  contact_email: 'contact@exemple.fr',
  contact_phone: '01 23 45 67 89',
  capital: 10000,
  employee_number: 5,
  tva_intra_number: 'FR44732829320',
};

/** The import template: the 'Clients' sheet with the columns and one example, and an 'Aide' sheet. */
export async function buildTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portail';
  const sheet = workbook.addWorksheet(IMPORT_TEMPLATE_SHEET);
  sheet.columns = IMPORT_COLUMNS.map((key) => ({
    header: key,
    key,
    width: Math.max(16, key.length + 4),
    // Identifiers as text, so Excel keeps their leading zeros.
    style: ['client_code', 'siret', 'siren'].includes(key) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(EXAMPLE);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const help = workbook.addWorksheet('Aide');
  help.columns = [
    { header: 'Colonne', key: 'column', width: 20 },
    { header: 'Obligatoire', key: 'required', width: 12 },
    { header: 'Description', key: 'description', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of IMPORT_COLUMNS) {
    help.addRow({
      column,
      required: (IMPORT_REQUIRED_COLUMNS as readonly string[]).includes(column) ? 'oui' : 'non',
      description: COLUMN_HELP[column],
    });
  }
  help.addRow({});
  for (const line of [
    `Remplissez la feuille « ${IMPORT_TEMPLATE_SHEET} » : une ligne par dossier client, ${IMPORT_MAX_ROWS} lignes au plus.`,
    "La première ligne nomme les colonnes ; leur ordre est libre et les colonnes inconnues sont ignorées. Remplacez la ligne d'exemple.",
    'Chaque ligne est créée ou refusée seule : le rapport d’import donne, pour chaque ligne refusée, ses erreurs.',
  ]) {
    help.addRow({ column: line });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
