import type { ImportRowResult } from '@portal/contracts';

/** The errors of a refused row as lines "field: message" (the row-level ones without a field). */
export function rowErrorLines(
  row: Pick<ImportRowResult, 'errors'>,
  label: (field: string) => string,
): string[] {
  const lines: string[] = [];
  for (const [field, messages] of Object.entries(row.errors))
    for (const m of messages) lines.push(field === 'row' || field === 'body' ? m : `${label(field)}: ${m}`);
  return lines;
}

/** Refused rows first (what the user must fix), then by row number. */
export const sortReportRows = <T extends Pick<ImportRowResult, 'row' | 'status'>>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => (a.status === b.status ? a.row - b.row : a.status === 'refused' ? -1 : 1));
