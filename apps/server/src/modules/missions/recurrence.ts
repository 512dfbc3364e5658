import type { DueRuleKind, Frequency } from '@portal/contracts';

/**
 * The occurrences of a mission service (issue 30), pure: each period from the service's start by
 * its frequency (one period for `none`), its due date by the service's due rule, and the date its
 * tasks are created (due date minus the lead time). Dates are ISO days (UTC).
 */
export type Occurrence = { periodStart: string; periodEnd: string; dueDate: string; createOn: string };

export type RecurrenceInput = {
  startDate: string;
  endDate: string;
  frequency: Frequency;
  dueRule: { kind: DueRuleKind; day: number | null; days: number | null };
  leadDays: number;
  /** The mission's first due date (the `first_due_date` rule). */
  firstDueDate: string | null;
  /** The client file's VAT due day (`vat_due_day`; 15 when unset) and closing date (`after_closing`). */
  vatDueDay: number | null;
  closingDate: string | null;
};

const STEP: Record<Exclude<Frequency, 'none'>, { months?: number; days?: number }> = {
  day: { days: 1 },
  week: { days: 7 },
  'two-weeks': { days: 14 },
  month: { months: 1 },
  'two-months': { months: 2 },
  quarter: { months: 3 },
  semester: { months: 6 },
  year: { months: 12 },
};
/** The most occurrences computed for one service (a daily service over years stops there). */
export const MAX_OCCURRENCES = 400;

const parse = (iso: string) => new Date(`${iso}T00:00:00Z`);
const format = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) => {
  const d = parse(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return format(d);
};
/** `day` of the month `months` after the month of `iso` (a shorter month: its last day). */
const dayOfMonth = (iso: string, months: number, day: number) => {
  const d = parse(iso);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return format(first);
};
/** `iso` plus `n` steps; months keep the start's day (clamped to the month's last). */
const advance = (iso: string, step: { months?: number; days?: number }, n: number) => {
  if (step.days) return addDays(iso, step.days * n);
  return dayOfMonth(iso, (step.months ?? 0) * n, parse(iso).getUTCDate());
};

function dueDate(input: RecurrenceInput, index: number, start: string, end: string): string {
  const step = input.frequency === 'none' ? null : STEP[input.frequency];
  switch (input.dueRule.kind) {
    case 'vat_due_day':
      return dayOfMonth(end, 1, input.vatDueDay ?? 15);
    case 'after_closing': {
      const days = input.dueRule.days ?? 0;
      if (!input.closingDate) return addDays(end, days);
      // The closing (month and day of the client file's) that ends within or right after the period.
      const c = parse(input.closingDate);
      let closing = dayOfMonth(`${end.slice(0, 4)}-01-01`, c.getUTCMonth(), c.getUTCDate());
      if (closing < start) closing = dayOfMonth(closing, 12, c.getUTCDate());
      return addDays(closing, days);
    }
    case 'day_of_period':
      return dayOfMonth(start, 0, input.dueRule.day ?? 1);
    default:
      if (input.firstDueDate) return step ? advance(input.firstDueDate, step, index) : input.firstDueDate;
      return end;
  }
}

export function occurrences(input: RecurrenceInput): Occurrence[] {
  const out: Occurrence[] = [];
  const step = input.frequency === 'none' ? null : STEP[input.frequency];
  for (let i = 0; i < MAX_OCCURRENCES; i++) {
    const periodStart = step ? advance(input.startDate, step, i) : input.startDate;
    if (periodStart > input.endDate) break;
    const next = step ? advance(input.startDate, step, i + 1) : addDays(input.endDate, 1);
    const periodEnd = next > input.endDate ? input.endDate : addDays(next, -1);
    const due = dueDate(input, i, periodStart, periodEnd);
    out.push({ periodStart, periodEnd, dueDate: due, createOn: addDays(due, -input.leadDays) });
    if (!step) break;
  }
  return out;
}

const MONTHS: Record<string, string[]> = {
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
};

/** The occurrence's label: "mars 2027" for a month, "T1 2027" for a quarter, else the period. */
export function periodLabel(frequency: Frequency, periodStart: string, periodEnd: string): string {
  const [y, m] = periodStart.split('-').map(Number) as [number, number];
  if (frequency === 'month') return `${MONTHS.fr![m - 1]} ${y}`;
  if (frequency === 'quarter') return `T${Math.floor((m - 1) / 3) + 1} ${y}`;
  if (frequency === 'semester') return `S${m <= 6 ? 1 : 2} ${y}`;
  if (frequency === 'year')
    return periodEnd.slice(0, 4) === String(y) ? String(y) : `${y}-${periodEnd.slice(0, 4)}`;
  return periodStart === periodEnd ? periodStart : `${periodStart} – ${periodEnd}`;
}
