import type { TaskListItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  filtersToParams,
  groupByCompany,
  isFiltered,
  parseFilters,
  toApiQuery,
  withFilters,
} from './task-filters';
import { taskRights } from './task-rights';

const row = (id: number, vendorId: number, company: string): TaskListItem => ({
  id,
  accounting_firm_id: 1,
  vendor_id: vendorId,
  company,
  title: `Task ${id}`,
  type: 'firm_task',
  status: 'to_do',
  due_date: null,
  overdue: false,
  internal: false,
  parent_id: null,
  member_ids: [],
  themes: [],
  subtask_count: 0,
  items_total: 0,
  items_missing: 0,
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('task filters in the URL', () => {
  it('round-trips every filter and leaves the defaults out', () => {
    const filters = {
      ...EMPTY_FILTERS,
      search: 'bilan',
      statuses: ['to_do' as const, 'done' as const],
      companies: [3, 4],
      members: [7],
      themes: [5, 6],
      types: ['information_request'],
      afterDate: '2026-01-01',
      beforeDate: '2026-02-01',
      quick: 'today' as const,
      internal: false,
      overdue: true,
      adminMode: true,
      page: 3,
      view: 'board' as const,
      task: 12,
    };
    expect(parseFilters(filtersToParams(filters))).toEqual(filters);
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
  });

  it('drops malformed values and keeps foreign parameters', () => {
    const params = new URLSearchParams(
      'status=nope&status=in_progress&company=x&company=5&theme=0&theme=8&after=2026-13&page=-2&task=abc&quick=year&embedded=true',
    );
    const filters = parseFilters(params);
    expect(filters.themes).toEqual([8]);
    expect(filters.statuses).toEqual(['in_progress']);
    expect(filters.companies).toEqual([5]);
    expect(filters.afterDate).toBe('');
    expect(filters.page).toBe(1);
    expect(filters.task).toBeNull();
    expect(filters.quick).toBeNull();
    expect(filtersToParams(filters, params).get('embedded')).toBe('true');
  });

  it('goes back to page 1 when a filter changes, not when the view or the open task does', () => {
    const on3 = { ...EMPTY_FILTERS, page: 3 };
    expect(withFilters(on3, { search: 'x' }).page).toBe(1);
    expect(withFilters(on3, { task: 4 }).page).toBe(3);
    expect(withFilters(on3, { view: 'board' }).page).toBe(3);
    expect(isFiltered(on3)).toBe(false);
    expect(isFiltered({ ...on3, overdue: true })).toBe(true);
    expect(isFiltered({ ...on3, themes: [1] })).toBe(true);
  });

  it('sends firm-only filters for firm members only', () => {
    const f = {
      ...EMPTY_FILTERS,
      members: [2],
      themes: [4],
      internal: true,
      adminMode: true,
      statuses: ['done' as const],
    };
    expect(toApiQuery(9, f, true)).toMatchObject({
      accounting_firm_id: 9,
      members: [2],
      themes: [4],
      internalTasks: true,
      adminMode: true,
      statuses: ['done'],
    });
    const client = toApiQuery(9, f, false);
    expect(client.members).toBeUndefined();
    expect(client.themes).toBeUndefined();
    expect(client.internalTasks).toBeUndefined();
    expect(client.adminMode).toBeUndefined();
  });
});

describe('groupByCompany', () => {
  it('keeps the server order and starts a group at each company change', () => {
    const groups = groupByCompany([row(1, 2, 'A'), row(2, 2, 'A'), row(3, 5, 'B')]);
    expect(groups.map((g) => [g.company, g.tasks.map((t) => t.id)])).toEqual([
      ['A', [1, 2]],
      ['B', [3]],
    ]);
  });
});

describe('taskRights', () => {
  const vendor = (
    id: number,
    role: 'admin' | 'collaborator' | 'guest' | 'accountant',
    read_only = false,
  ) => ({
    id,
    role,
    read_only,
    status: 'active' as const,
  });
  it('lets firm members with write access manage, and client admins and collaborators answer', () => {
    const firm = taskRights({ is_accountant: true, is_accountant_admin: false }, [
      vendor(1, 'accountant'),
      vendor(2, 'accountant', true),
    ]);
    expect([firm.canCreate, firm.canManage(1), firm.canManage(2), firm.firmAdmin]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const client = taskRights({ is_accountant: false, is_accountant_admin: false }, [
      vendor(1, 'admin'),
      vendor(2, 'guest'),
    ]);
    expect([client.canCreate, client.canManage(1), client.canAnswer(1), client.canAnswer(2)]).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });
});
