import { Readable } from 'node:stream';
import type { AuditEvent } from '@portal/contracts';

/** What a spreadsheet would read as a formula: prefixed with `'` (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 cell: formula starts defused, quoted when it holds a comma, quote or line break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const HEADER = [
  'id',
  'occurred_at',
  'vendor_id',
  'vendor',
  'actor_id',
  'actor',
  'actor_email',
  'actor_kind',
  'impersonator_email',
  'action',
  'subject_type',
  'subject_id',
  'subject_name',
  'ip',
  'user_agent',
  'details',
];

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

const eventLine = (e: AuditEvent) =>
  line([
    e.id,
    e.occurred_at,
    e.vendor_id,
    e.vendor_name,
    e.actor?.id,
    e.actor?.fullname,
    e.actor?.email,
    e.actor_kind,
    e.impersonator?.email,
    e.action,
    e.subject.type,
    e.subject.id,
    e.subject.name,
    e.ip,
    e.user_agent,
    JSON.stringify(e.details),
  ]);

/** The CSV as a stream (UTF-8 with a BOM, so a spreadsheet reads the accents), row by row. */
export function csvStream(rows: AsyncIterable<AuditEvent>): Readable {
  async function* lines() {
    yield `\uFEFF${line(HEADER)}`;
    for await (const row of rows) yield eventLine(row);
  }
  return Readable.from(lines(), { objectMode: false });
}
