import {
  type CreateVendorRequest,
  createVendorRequestSchema,
  type ImportReport,
  type ImportRowResult,
  type Locale,
  translateMessage,
} from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, type FieldErrors } from '../../../platform/errors/app-error';
import { zodFieldErrors } from '../../../platform/errors/error-handler';
import { createVendor } from '../core/vendors.service';
import { buildTemplate, type ImportColumn, type ImportRow, readImportSheet } from './workbook';

/** Columns whose values the API takes as numbers. */
const NUMBER_COLUMNS: ReadonlySet<ImportColumn> = new Set(['capital', 'employee_number']);
/** Identifiers Excel may have stored as numbers, losing their leading zeros. */
const DIGITS = { siret: 14, siren: 9 } as const;
/** The file's columns named differently in the API's create request. */
const REQUEST_FIELD: Partial<Record<ImportColumn, string>> = { email: 'admin_email' };
const COLUMN_OF_FIELD: Record<string, string> = { admin_email: 'email' };

/** A number typed as text ("1 000,50") becomes a number; anything else stays for zod to refuse. */
function toNumber(text: string): number | string {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : text;
}

/** The create request a row stands for; the corporate name defaults to the company. */
function rowRequest(row: ImportRow): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [column, cell] of Object.entries(row.cells) as [
    ImportColumn,
    { text: string; numeric: boolean },
  ][]) {
    let value: string | number = cell.text;
    if (NUMBER_COLUMNS.has(column)) value = toNumber(cell.text);
    else if ((column === 'siret' || column === 'siren') && cell.numeric) {
      value = cell.text.padStart(DIGITS[column], '0');
    }
    body[REQUEST_FIELD[column] ?? column] = value;
  }
  if (body.corporate_name === undefined && body.company !== undefined) body.corporate_name = body.company;
  return body;
}

/** Field errors named after the file's columns, messages in the caller's language. */
function rowErrors(fields: FieldErrors, locale: Locale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(fields)) {
    const column = COLUMN_OF_FIELD[field] ?? field;
    errors[column] = [...(errors[column] ?? []), ...keys.map((k) => translateMessage(k, locale))];
  }
  return errors;
}

type Checked =
  | { row: ImportRow; clientCode: string | null; input: CreateVendorRequest }
  | { row: ImportRow; clientCode: string | null; errors: FieldErrors };

/**
 * Validates every row with the API's create schema, then refuses a client code or a SIRET
 * repeated within the file (the first valid occurrence wins). Reads nothing from the database.
 */
function checkRows(rows: ImportRow[]): Checked[] {
  const codes = new Set<string>();
  const sirets = new Set<string>();
  return rows.map((row) => {
    const clientCode = row.cells.client_code?.text ?? null;
    const parsed = createVendorRequestSchema.safeParse(rowRequest(row));
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error);
      // A defaulted corporate name only repeats the company's errors.
      if (!row.cells.corporate_name) delete errors.corporate_name;
      return { row, clientCode, errors };
    }
    const input = parsed.data;
    const errors: FieldErrors = {};
    if (codes.has(input.client_code)) errors.client_code = ['client-code-already-used'];
    if (input.siret && sirets.has(input.siret)) errors.siret = ['siret-already-used'];
    if (Object.keys(errors).length > 0) return { row, clientCode, errors };
    codes.add(input.client_code);
    if (input.siret) sirets.add(input.siret);
    return { row, clientCode, input };
  });
}

/**
 * Imports client files from an uploaded .xlsx. The whole file is refused when it cannot be used
 * (format, sheet, columns, empty, over 500 rows); then each row is created on its own through
 * `createVendor`, so the rules of the API apply: SIRET key and platform-wide uniqueness, client
 * code unique in the firm, administrator invitation. A refused row does not undo the others.
 * The upload is read (`readFile`) only once the actor may import.
 */
export async function importVendors(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  readFile: () => Promise<Buffer>,
  locale: Locale,
): Promise<ImportReport> {
  await ctx.access.authorize(actor, 'vendor.import', { kind: 'firm', accountingFirmId });
  // Each row goes through createVendor, which asks for this too: fail before the first write.
  await ctx.access.authorize(actor, 'vendor.create', { kind: 'firm', accountingFirmId });
  const rows = await readImportSheet(await readFile());
  const report: ImportReport = { created: 0, refused: 0, rows: [] };
  for (const checked of checkRows(rows)) {
    const result: ImportRowResult = {
      row: checked.row.row,
      client_code: checked.clientCode,
      status: 'refused',
      vendor_id: null,
      errors: {},
    };
    if ('errors' in checked) {
      result.errors = rowErrors(checked.errors, locale);
    } else {
      try {
        const vendor = await createVendor(ctx, actor, accountingFirmId, checked.input);
        Object.assign(result, { status: 'created', vendor_id: vendor.id });
      } catch (error) {
        // A rule of the row (duplicate, firm member as administrator...): refuse this row only.
        if (!(error instanceof AppError) || error.status !== 422) throw error;
        result.errors = rowErrors(error.fields ?? { row: [error.code] }, locale);
      }
    }
    report[result.status] += 1;
    report.rows.push(result);
  }
  return report;
}

/** The .xlsx template of the import, for those who may import. */
export async function importTemplate(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<Buffer> {
  await ctx.access.authorize(actor, 'vendor.import', { kind: 'firm', accountingFirmId });
  return buildTemplate();
}
