import type { TaskListItem, TaskStatus } from '@portal/contracts';

/** The statuses in board order (kept here: `@portal/contracts/tasks` would pull zod in). */
export const STATUSES = ['to_do', 'in_progress', 'done'] as const satisfies readonly TaskStatus[];
export const TYPES = ['information_request', 'firm_task', 'service_request', 'internal'] as const;
export const QUICK_FILTERS = ['today', 'next_7_days'] as const;

export type TaskView = 'list' | 'board';

/** The page's filters (spec section 3), kept in the URL so that a list can be shared and reloaded. */
export type TaskFilters = {
  search: string;
  statuses: TaskStatus[];
  companies: number[];
  members: number[];
  themes: number[];
  types: string[];
  afterDate: string;
  beforeDate: string;
  quick: (typeof QUICK_FILTERS)[number] | null;
  /** null: every task; true: internal ones only; false: none of them. */
  internal: boolean | null;
  overdue: boolean;
  adminMode: boolean;
  page: number;
  view: TaskView;
  /** The task open in the side panel. */
  task: number | null;
};

export const EMPTY_FILTERS: TaskFilters = {
  search: '',
  statuses: [],
  companies: [],
  members: [],
  themes: [],
  types: [],
  afterDate: '',
  beforeDate: '',
  quick: null,
  internal: null,
  overdue: false,
  adminMode: false,
  page: 1,
  view: 'list',
  task: null,
};

const ids = (values: string[]) =>
  values.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.includes(value as T) ? (value as T) : null;

/** Reads the filters from the URL's query (unknown or malformed values are dropped). */
export function parseFilters(params: URLSearchParams): TaskFilters {
  const internal = params.get('internal');
  const page = Number(params.get('page'));
  const task = Number(params.get('task'));
  return {
    search: params.get('q') ?? '',
    statuses: params.getAll('status').filter((s): s is TaskStatus => STATUSES.includes(s as TaskStatus)),
    companies: ids(params.getAll('company')),
    members: ids(params.getAll('member')),
    themes: ids(params.getAll('theme')),
    types: params.getAll('type').filter((s) => (TYPES as readonly string[]).includes(s)),
    afterDate: isDate(params.get('after')) ? (params.get('after') as string) : '',
    beforeDate: isDate(params.get('before')) ? (params.get('before') as string) : '',
    quick: oneOf(QUICK_FILTERS, params.get('quick')),
    internal: internal === '1' ? true : internal === '0' ? false : null,
    overdue: params.get('overdue') === '1',
    adminMode: params.get('admin') === '1',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    view: params.get('view') === 'board' ? 'board' : 'list',
    task: Number.isInteger(task) && task > 0 ? task : null,
  };
}

/** The URL query of the filters (defaults left out), keeping the other values of `base`. */
export function filtersToParams(filters: TaskFilters, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [
    'q',
    'status',
    'company',
    'member',
    'theme',
    'type',
    'after',
    'before',
    'quick',
    'internal',
    'overdue',
    'admin',
    'page',
    'view',
    'task',
  ])
    params.delete(key);
  if (filters.search) params.set('q', filters.search);
  for (const s of filters.statuses) params.append('status', s);
  for (const c of filters.companies) params.append('company', String(c));
  for (const m of filters.members) params.append('member', String(m));
  for (const th of filters.themes) params.append('theme', String(th));
  for (const t of filters.types) params.append('type', t);
  if (filters.afterDate) params.set('after', filters.afterDate);
  if (filters.beforeDate) params.set('before', filters.beforeDate);
  if (filters.quick) params.set('quick', filters.quick);
  if (filters.internal !== null) params.set('internal', filters.internal ? '1' : '0');
  if (filters.overdue) params.set('overdue', '1');
  if (filters.adminMode) params.set('admin', '1');
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.view !== 'list') params.set('view', filters.view);
  if (filters.task !== null) params.set('task', String(filters.task));
  return params;
}

/** A change of filters starts again at page 1 (the view and the open task are no filters). */
export function withFilters(filters: TaskFilters, patch: Partial<TaskFilters>): TaskFilters {
  const resets = Object.keys(patch).some((k) => k !== 'page' && k !== 'view' && k !== 'task');
  return { ...filters, ...(resets ? { page: 1 } : {}), ...patch };
}

/** Whether any filter narrows the list (for the empty state and the "clear" button). */
export const isFiltered = (f: TaskFilters) =>
  f.search.trim() !== '' ||
  f.statuses.length > 0 ||
  f.companies.length > 0 ||
  f.members.length > 0 ||
  f.themes.length > 0 ||
  f.types.length > 0 ||
  f.afterDate !== '' ||
  f.beforeDate !== '' ||
  f.quick !== null ||
  f.internal !== null ||
  f.overdue;

export type TaskQuery = Record<string, string | number | boolean | Array<string | number> | undefined>;

/**
 * The API query of the filters (`GET /api/tasks`, `tasks/counters`, `tasks/companies`): bracketed
 * arrays are added by the client (`companies` becomes `companies[]`).
 */
export function toApiQuery(firmId: number, f: TaskFilters, firmSide: boolean): TaskQuery {
  return {
    accounting_firm_id: firmId,
    companies: f.companies.length ? f.companies : undefined,
    statuses: f.statuses.length ? f.statuses : undefined,
    types: f.types.length ? f.types : undefined,
    members: firmSide && f.members.length ? f.members : undefined,
    themes: firmSide && f.themes.length ? f.themes : undefined,
    search: f.search.trim() || undefined,
    afterDate: f.afterDate || undefined,
    beforeDate: f.beforeDate || undefined,
    quick: f.quick ?? undefined,
    internalTasks: firmSide && f.internal !== null ? f.internal : undefined,
    adminMode: firmSide && f.adminMode ? true : undefined,
    overdue: f.overdue || undefined,
  };
}

export type CompanyGroup = { vendorId: number; company: string; tasks: TaskListItem[] };

/** The page's rows per company, in the server's order (per company, then by due date). */
export function groupByCompany(rows: readonly TaskListItem[]): CompanyGroup[] {
  const groups: CompanyGroup[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last?.vendorId === row.vendor_id) last.tasks.push(row);
    else groups.push({ vendorId: row.vendor_id, company: row.company, tasks: [row] });
  }
  return groups;
}

/** The open tasks of a count (to do and in progress). */
export const openCount = (c: { to_do: number; in_progress: number }) => c.to_do + c.in_progress;
