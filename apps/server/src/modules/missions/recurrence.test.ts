import { describe, expect, it } from 'vitest';
import { occurrences, periodLabel, type RecurrenceInput } from './recurrence';

const base: RecurrenceInput = {
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  frequency: 'month',
  dueRule: { kind: 'vat_due_day', day: null, days: null },
  leadDays: 0,
  firstDueDate: null,
  vatDueDay: 24,
  closingDate: '2027-12-31',
};

describe('mission recurrence', () => {
  it('a monthly VAT return: 12 periods, due on the VAT due day of the next month', () => {
    const all = occurrences(base);
    expect(all).toHaveLength(12);
    expect(all[0]).toEqual({
      periodStart: '2027-01-01',
      periodEnd: '2027-01-31',
      dueDate: '2027-02-24',
      createOn: '2027-02-24',
    });
    expect(all[11]!.dueDate).toBe('2028-01-24');
  });

  it('a quarterly one with a lead time; a 31st due day takes a short month’s last day', () => {
    const all = occurrences({ ...base, frequency: 'quarter', leadDays: 10, vatDueDay: 31 });
    expect(all.map((o) => [o.periodStart, o.periodEnd, o.dueDate])).toEqual([
      ['2027-01-01', '2027-03-31', '2027-04-30'],
      ['2027-04-01', '2027-06-30', '2027-07-31'],
      ['2027-07-01', '2027-09-30', '2027-10-31'],
      ['2027-10-01', '2027-12-31', '2028-01-31'],
    ]);
    expect(all[0]!.createOn).toBe('2027-04-20');
  });

  it('the annual accounts: the closing date plus N days; a mid-year closing', () => {
    const rule = { kind: 'after_closing' as const, day: null, days: 120 };
    expect(occurrences({ ...base, frequency: 'year', dueRule: rule }).map((o) => o.dueDate)).toEqual([
      '2028-04-29',
    ]);
    const june = occurrences({
      ...base,
      startDate: '2026-07-01',
      endDate: '2027-06-30',
      frequency: 'year',
      dueRule: rule,
      closingDate: '2020-06-30',
    });
    expect(june.map((o) => o.dueDate)).toEqual(['2027-10-28']);
  });

  it('the first due date then one period later; a fixed day of the period; a one-off service', () => {
    const first = occurrences({
      ...base,
      dueRule: { kind: 'first_due_date', day: null, days: null },
      firstDueDate: '2027-01-31',
    });
    expect(first.slice(0, 3).map((o) => o.dueDate)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    const fixed = occurrences({ ...base, dueRule: { kind: 'day_of_period', day: 30, days: null } });
    expect(fixed[1]!.dueDate).toBe('2027-02-28');
    const once = occurrences({
      ...base,
      frequency: 'none',
      dueRule: { kind: 'first_due_date', day: null, days: null },
    });
    expect(once).toEqual([
      { periodStart: '2027-01-01', periodEnd: '2027-12-31', dueDate: '2027-12-31', createOn: '2027-12-31' },
    ]);
  });

  it('labels the periods', () => {
    expect(periodLabel('month', '2027-03-01', '2027-03-31')).toBe('mars 2027');
    expect(periodLabel('quarter', '2027-04-01', '2027-06-30')).toBe('T2 2027');
    expect(periodLabel('year', '2027-01-01', '2027-12-31')).toBe('2027');
  });
});
