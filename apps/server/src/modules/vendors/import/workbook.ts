import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_TEMPLATE_SHEET,
} from '@portal/contracts';
import ExcelJS from 'exceljs';
import { AppError } from '../../../platform/errors/app-error';
import { zipEntries } from './zip-entries';

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One cell, normalised: its text, and whether Excel stored it as a number. */
export type ImportCell = { text: string; numeric: boolean };

/** A data row of the sheet: its Excel row number and its non-empty cells of known columns. */
export type ImportRow = { row: number; cells: Partial<Record<ImportColumn, ImportCell>> };

/**
 * Declared uncompressed size allowed for a workbook. A 500-row sheet weighs well under 1 MB;
 * the margin leaves room for styles, images and other sheets, not for a zip bomb.
 */
const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

const badFile = () => new AppError('bad-import-file');

/** Turns an exceljs cell value (number, rich text, hyperlink, formula, date...) into text. */
export function cellText(value: ExcelJS.CellValue): ImportCell {
  if (value === null || value === undefined) return { text: '', numeric: false };
  if (typeof value === 'number') return { text: String(value), numeric: true };
  if (typeof value === 'string') return { text: value.trim(), numeric: false };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false', numeric: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), numeric: false };
  if ('richText' in value)
    return {
      text: value.richText
        .map((r) => r.text)
        .join('')
        .trim(),
      numeric: false,
    };
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result !== null && typeof result === 'object' && 'error' in result) {
      return { text: String(result.error), numeric: false };
    }
    return cellText((result ?? null) as ExcelJS.CellValue);
  }
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return { text: String(value.error), numeric: false };
  return { text: '', numeric: false };
}

/** Loads the upload as an .xlsx workbook, or refuses it as a bad import file. */
async function loadWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const entries = zipEntries(buffer);
  if (!entries?.some((e) => e.name === 'xl/workbook.xml')) throw badFile();
  if (entries.reduce((sum, e) => sum + e.size, 0) > MAX_UNPACKED_BYTES) throw badFile();
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types `load` with its own Buffer declaration; Node's Buffer is the same thing.
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw badFile();
  }
  return workbook;
}

/** The sheet named 'Clients' (case and spaces ignored), else the first sheet. */
function importSheet(workbook: ExcelJS.Workbook): ExcelJS.Worksheet {
  const wanted = IMPORT_TEMPLATE_SHEET.toLowerCase();
  const sheet =
    workbook.worksheets.find((ws) => ws.name.trim().toLowerCase() === wanted) ?? workbook.worksheets[0];
  if (!sheet) throw new AppError('missing-excel-sheet');
  return sheet;
}

/**
 * Reads the import sheet of an uploaded workbook, refusing the whole file when it cannot be
 * used: not an .xlsx workbook, no sheet, missing required columns, no data row, or more than
 * 500 data rows. Nothing is written before these checks; blank rows are skipped.
 */
export async function readImportSheet(buffer: Buffer): Promise<ImportRow[]> {
  if (buffer.length === 0) throw new AppError('empty-file');
  const sheet = importSheet(await loadWorkbook(buffer));
  if (sheet.actualRowCount === 0) throw new AppError('empty-file');

  const columns = new Map<ImportColumn, number>();
  sheet.getRow(1).eachCell((cell, index) => {
    const name = cellText(cell.value).text.toLowerCase() as ImportColumn;
    if ((IMPORT_COLUMNS as readonly string[]).includes(name) && !columns.has(name)) {
      columns.set(name, index);
    }
  });
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    throw new AppError('bad-import-file', {
      fields: Object.fromEntries(missing.map((c) => [c, ['required']])),
    });
  }

  const rows: ImportRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1 || rows.length > IMPORT_MAX_ROWS) return;
    const cells: ImportRow['cells'] = {};
    for (const [column, index] of columns) {
      const cell = cellText(row.getCell(index).value);
      if (cell.text !== '') cells[column] = cell;
    }
    if (Object.keys(cells).length > 0) rows.push({ row: number, cells });
  });
  if (rows.length === 0) throw new AppError('empty-file');
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('too-much-rows');
  return rows;
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
