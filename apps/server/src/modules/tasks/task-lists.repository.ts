import type { TaskFiltersQuery, TaskStatus, TaskType } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { visibleToUserSql } from '../documents/theme-access.sql';
import { unreadBy } from '../documents/unread.sql';
import { vendorIdsOpenedBy } from '../tenancy/reach.sql';
import { hasAnyTheme, taskThemesJson } from '../themes/themes.sql';

/**
 * The task lists in one SQL statement each (list, counters, per company, home): visibility and
 * filters are written once here, as SQL over `tasks t JOIN vendors v`.
 */

/**
 * Whose tasks a caller sees: the firm's (admin mode), a member's client files, a client's. The
 * user is the caller (their visits and unread documents on the home page).
 */
export type TaskScope =
  | { kind: 'firm'; accountingFirmId: number; userId: number }
  | { kind: 'member'; accountingFirmId: number; userId: number }
  | { kind: 'client'; accountingFirmId: number; userId: number };

/** A task row as the lists give it: the task, its company and what is counted around it. */
export type TaskListRow = {
  id: number;
  accounting_firm_id: number;
  vendor_id: number;
  company: string;
  title: string;
  type: TaskType;
  status: TaskStatus;
  due_date: string | null;
  overdue: boolean;
  internal: boolean;
  parent_id: number | null;
  member_ids: number[];
  themes: { id: number; title: string; colour: string }[] | string;
  subtask_count: number;
  items_total: number;
  items_missing: number;
  updated_at: string | Date;
};

// The client files a caller reaches are computed once per statement (`= ANY(ARRAY(...))`, an
// uncorrelated sub-query), not tested again for each of the firm's tasks.
function reach(scope: TaskScope, vendorId: SQL): SQL {
  const firmId = scope.accountingFirmId;
  if (scope.kind === 'firm') return sql`TRUE`;
  if (scope.kind === 'member') {
    // Assigned client files, or every one for a member given all of them.
    return sql`(
      EXISTS (SELECT 1 FROM accounting_firm_memberships m WHERE m.accounting_firm_id = ${firmId}
              AND m.user_id = ${scope.userId} AND m.all_vendors AND NOT m.pending)
      OR ${vendorId} = ANY(ARRAY(SELECT a.vendor_id FROM vendor_assignments a
              WHERE a.accounting_firm_id = ${firmId} AND a.user_id = ${scope.userId})))`;
  }
  // Client users: their active client files (`v` is the vendor's row).
  return sql`v.status = 'active' AND ${vendorId} = ANY(ARRAY(
    SELECT vm.vendor_id FROM vendor_memberships vm WHERE vm.accounting_firm_id = ${firmId}
      AND vm.user_id = ${scope.userId} AND NOT vm.pending
      AND (vm.revoked_at IS NULL OR vm.revoked_at > CURRENT_DATE)))`;
}

function visibility(scope: TaskScope): SQL {
  const firmId = scope.accountingFirmId;
  // A member's list always holds the tasks they created, on the client files they still open.
  const reached =
    scope.kind === 'member'
      ? sql`(${reach(scope, sql`t.vendor_id`)} OR (t.created_by = ${scope.userId}
          AND t.vendor_id = ANY(${vendorIdsOpenedBy(firmId, scope.userId)})))`
      : reach(scope, sql`t.vendor_id`);
  const firm = sql`t.accounting_firm_id = ${firmId} AND ${reached}`;
  // Client users never see internal tasks.
  return scope.kind === 'client' ? sql`${firm} AND NOT t.internal` : firm;
}

const ints = (values: number[]) => sql`${sql.param(values)}::int[]`;
const texts = (values: string[]) => sql`${sql.param(values)}::text[]`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export type FilterOptions = { skipStatuses?: boolean; skipCompanies?: boolean };

/** The spec's filters as SQL conditions (the counters leave out the ones they count by). */
function filters(scope: TaskScope, q: Partial<TaskFiltersQuery>, options: FilterOptions = {}): SQL {
  const parts: SQL[] = [visibility(scope)];
  // One client file: narrows what the caller sees, counters per company included.
  if (q.vendor_id !== undefined) parts.push(sql`t.vendor_id = ${q.vendor_id}`);
  const companies = q['companies[]'];
  if (companies?.length && !options.skipCompanies) parts.push(sql`t.vendor_id = ANY(${ints(companies)})`);
  const statuses = q['statuses[]'];
  if (statuses?.length && !options.skipStatuses) parts.push(sql`t.status = ANY(${texts(statuses)})`);
  const types = q['types[]'];
  if (types?.length) parts.push(sql`t.type = ANY(${texts(types)})`);
  const members = q['members[]'];
  if (members?.length) {
    parts.push(sql`EXISTS (SELECT 1 FROM task_members tm WHERE tm.accounting_firm_id = t.accounting_firm_id
      AND tm.task_id = t.id AND tm.user_id = ANY(${ints(members)}))`);
  }
  const themes = q['themes[]'];
  if (themes?.length) parts.push(hasAnyTheme(themes, scope.kind !== 'client'));
  const search = q.search?.trim();
  if (search) {
    const like = `%${escapeLike(search)}%`;
    parts.push(sql`(t.title ILIKE ${like} OR v.company ILIKE ${like})`);
  }
  if (q.afterDate) parts.push(sql`t.due_date >= ${q.afterDate}::date`);
  if (q.beforeDate) parts.push(sql`t.due_date <= ${q.beforeDate}::date`);
  if (q.quick === 'today') parts.push(sql`t.due_date = CURRENT_DATE`);
  if (q.quick === 'next_7_days') {
    parts.push(sql`t.due_date >= CURRENT_DATE AND t.due_date < CURRENT_DATE + 7`);
  }
  if (q.internalTasks !== undefined) {
    parts.push(q.internalTasks ? sql`t.internal` : sql`NOT t.internal`);
  }
  if (q.overdue) parts.push(sql`t.status <> 'done' AND t.due_date < CURRENT_DATE`);
  return sql.join(parts, sql` AND `);
}

/**
 * What a list row carries besides the task's columns, computed for the page's rows only (client
 * users: without the firm's private themes).
 */
const details = (firmSide: boolean) => sql`
  t.id, t.accounting_firm_id, t.vendor_id, v.company, t.title, t.type, t.status,
  to_char(t.due_date, 'YYYY-MM-DD') AS due_date,
  (t.status <> 'done' AND t.due_date IS NOT NULL AND t.due_date < CURRENT_DATE) AS overdue,
  t.internal, t.parent_id, t.updated_at,
  COALESCE((SELECT array_agg(tm.user_id ORDER BY tm.user_id) FROM task_members tm
    WHERE tm.accounting_firm_id = t.accounting_firm_id AND tm.task_id = t.id), '{}') AS member_ids,
  ${taskThemesJson(firmSide)} AS themes,
  (SELECT count(*)::int FROM tasks s WHERE s.accounting_firm_id = t.accounting_firm_id
    AND s.parent_id = t.id) AS subtask_count,
  (SELECT count(*)::int FROM task_items i WHERE i.accounting_firm_id = t.accounting_firm_id
    AND i.task_id = t.id) AS items_total,
  (SELECT count(*)::int FROM task_items i WHERE i.accounting_firm_id = t.accounting_firm_id
    AND i.task_id = t.id AND i.answered_at IS NULL) AS items_missing`;

/** Grouped per company (by name), then by due date (none last), then by id. */
const ORDER = sql`v.company, v.id, t.due_date ASC NULLS LAST, t.id`;

/**
 * The same order, with the firm's client files ranked by name first: sorting thousands of tasks
 * by an integer costs a fraction of sorting them by a company name (measured 4 ms -> 2 ms for
 * 3,000 tasks).
 */
const RANKED_ORDER = sql`v.rank, t.due_date ASC NULLS LAST, t.id`;
const rankedVendors = (firmId: number) => sql`
  SELECT id, company, status, row_number() OVER (ORDER BY company, id) AS rank
  FROM vendors WHERE accounting_firm_id = ${firmId}`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A page of tasks and the total: the page is chosen first (ids only, with the total riding along),
 * then only its rows get their members and counts.
 */
export async function listTasks(
  db: Db,
  scope: TaskScope,
  q: Partial<TaskFiltersQuery>,
  page: { limit: number; offset: number },
): Promise<{ rows: TaskListRow[]; total: number }> {
  const result = await db.execute(sql`
    WITH page AS (
      SELECT t.id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${RANKED_ORDER}) AS n
      FROM tasks t JOIN (${rankedVendors(scope.accountingFirmId)}) v ON v.id = t.vendor_id
      WHERE ${filters(scope, q)}
      ORDER BY ${RANKED_ORDER}
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT ${details(scope.kind !== 'client')}, page.total::int AS total
    FROM page
    JOIN tasks t ON t.accounting_firm_id = ${scope.accountingFirmId} AND t.id = page.id
    JOIN vendors v ON v.accounting_firm_id = t.accounting_firm_id AND v.id = t.vendor_id
    ORDER BY page.n`);
  const rows = rowsOf<TaskListRow & { total: number }>(result);
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  if (page.offset === 0) return { rows: [], total: 0 };
  const counted = await countTasks(db, scope, q);
  return { rows: [], total: counted.total };
}

export type StatusCounts = {
  to_do: number;
  in_progress: number;
  done: number;
  overdue: number;
  total: number;
};

const COUNTS = sql`
  count(*) FILTER (WHERE t.status = 'to_do')::int AS to_do,
  count(*) FILTER (WHERE t.status = 'in_progress')::int AS in_progress,
  count(*) FILTER (WHERE t.status = 'done')::int AS done,
  count(*) FILTER (WHERE t.status <> 'done' AND t.due_date < CURRENT_DATE)::int AS overdue,
  count(*)::int AS total`;

/** Counts per status and overdue, under every filter but the statuses (the counters count them). */
export async function countTasks(
  db: Db,
  scope: TaskScope,
  q: Partial<TaskFiltersQuery>,
): Promise<StatusCounts> {
  const result = await db.execute(sql`
    SELECT ${COUNTS}
    FROM tasks t JOIN vendors v ON v.accounting_firm_id = t.accounting_firm_id AND v.id = t.vendor_id
    WHERE ${filters(scope, q, { skipStatuses: true })}`);
  return rowsOf<StatusCounts>(result)[0] ?? { to_do: 0, in_progress: 0, done: 0, overdue: 0, total: 0 };
}

/** The same counts per company, sorted by company name, under every filter but the companies. */
export async function countTasksPerCompany(
  db: Db,
  scope: TaskScope,
  q: Partial<TaskFiltersQuery>,
): Promise<(StatusCounts & { vendor_id: number; company: string })[]> {
  const result = await db.execute(sql`
    SELECT t.vendor_id, v.company, ${COUNTS}
    FROM tasks t JOIN vendors v ON v.accounting_firm_id = t.accounting_firm_id AND v.id = t.vendor_id
    WHERE ${filters(scope, q, { skipCompanies: true })}
    GROUP BY t.vendor_id, v.company
    ORDER BY v.company, t.vendor_id`);
  return rowsOf(result);
}

export type HomeTaskRow = TaskListRow & { section: 'due_today' | 'overdue' | 'waiting' };
export type HomeDocumentRow = {
  id: number;
  vendor_id: number;
  company: string;
  folder_id: number;
  name: string;
  version_id: number | null;
  created_at: string;
  author: string | null;
};

/**
 * Home documents. Firm side: the documents unread by the person on the client files they open,
 * by the same rule as the documents badge and folders (`documents/unread.sql.ts`), the newest
 * first. Client users: the latest documents of their companies.
 */
function homeDocuments(scope: TaskScope, vendorId: number | undefined, limit: number): SQL {
  const firmId = scope.accountingFirmId;
  const oneVendor = vendorId === undefined ? sql`` : sql`AND d.vendor_id = ${vendorId}`;
  // The theme rule of the document manager: documents of folders the person's themes hide are left out.
  const seen = visibleToUserSql(firmId, scope.userId, 'f');
  const columns = (vendor: SQL, at: SQL) => sql`
    SELECT d.id, d.vendor_id, ${vendor}.company, d.folder_id, d.name, d.current_version_id AS version_id,
      ${at} AS created_at, NULLIF(trim(concat_ws(' ', u.firstname, u.lastname)), '') AS author`;
  if (scope.kind === 'client') {
    return sql`${columns(sql`v`, sql`d.created_at`)}
      FROM documents d
      JOIN vendors v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.vendor_id
      JOIN folders f ON f.accounting_firm_id = d.accounting_firm_id AND f.id = d.folder_id
      LEFT JOIN users u ON u.id = d.created_by
      WHERE d.accounting_firm_id = ${firmId} AND d.deleted_at IS NULL
        AND ${reach(scope, sql`d.vendor_id`)} ${oneVendor} AND ${seen}
      ORDER BY d.created_at DESC, d.id DESC
      LIMIT ${limit}`;
  }
  // `v` is the document's current version, as the unread rule expects: when it came, and who brought it.
  return sql`${columns(sql`cf`, sql`v.created_at`)}
    FROM documents d
    JOIN vendors cf ON cf.accounting_firm_id = d.accounting_firm_id AND cf.id = d.vendor_id
    JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
    JOIN folders f ON f.accounting_firm_id = d.accounting_firm_id AND f.id = d.folder_id
    LEFT JOIN users u ON u.id = v.author_id
    WHERE d.accounting_firm_id = ${firmId} AND d.deleted_at IS NULL
      AND d.vendor_id = ANY(${vendorIdsOpenedBy(firmId, scope.userId)}) ${oneVendor}
      AND ${unreadBy(scope.userId)} AND ${seen}
    ORDER BY v.created_at DESC, d.id DESC
    LIMIT ${limit}`;
}

/** A visit is a home page opened an hour or more after the last one. */
const NEW_VISIT = sql`interval '1 hour'`;

/**
 * The home page in one statement: open tasks due today or overdue (the firm's), information
 * requests waiting on the client (not done, something still missing), each section cut at
 * `limit`; and the documents (received since the last visit for the firm, whose visit it records;
 * the latest for client users). The statement answers one row of JSON lists.
 */
export async function home(
  db: Db,
  scope: TaskScope,
  vendorId: number | undefined,
  limit: number,
): Promise<{ tasks: HomeTaskRow[]; documents: HomeDocumentRow[]; since: string | null }> {
  const q: Partial<TaskFiltersQuery> = vendorId === undefined ? {} : { 'companies[]': [vendorId] };
  const base = filters(scope, q);
  const waiting = sql`t.type = 'information_request' AND t.status <> 'done' AND NOT t.internal AND (
    NOT EXISTS (SELECT 1 FROM task_items i WHERE i.accounting_firm_id = t.accounting_firm_id AND i.task_id = t.id)
    OR EXISTS (SELECT 1 FROM task_items i WHERE i.accounting_firm_id = t.accounting_firm_id AND i.task_id = t.id
      AND i.answered_at IS NULL))`;
  const section = (name: string, where: SQL, order: SQL) => sql`
    (SELECT ${name}::text AS section, t.id, row_number() OVER (ORDER BY ${order}) AS n
     FROM tasks t JOIN vendors v ON v.accounting_firm_id = t.accounting_firm_id AND v.id = t.vendor_id
     WHERE ${base} AND ${where}
     ORDER BY ${order} LIMIT ${limit})`;
  const parts: SQL[] = [section('waiting', waiting, sql`t.due_date ASC NULLS LAST, t.id`)];
  const firmSide = scope.kind !== 'client';
  if (firmSide) {
    parts.push(
      section('due_today', sql`t.status <> 'done' AND t.due_date = CURRENT_DATE`, ORDER),
      section('overdue', sql`t.status <> 'done' AND t.due_date < CURRENT_DATE`, sql`t.due_date, t.id`),
    );
  }
  const userId = scope.userId;
  // The sub-statements see the visits as they were before this one (firm members record theirs):
  // the last visit, moved to "previous" when this one is a new visit, starts "since the last visit".
  const since = sql`COALESCE((SELECT CASE WHEN hv.last_visit_at < now() - ${NEW_VISIT} THEN hv.last_visit_at
      ELSE hv.previous_visit_at END FROM home_visits hv
      WHERE hv.user_id = ${userId} AND hv.accounting_firm_id = ${scope.accountingFirmId}),
    now() - interval '7 days')`;
  const visit = firmSide
    ? sql`, visit AS (
        INSERT INTO home_visits (user_id, accounting_firm_id, last_visit_at) VALUES (${userId}, ${scope.accountingFirmId}, now())
        ON CONFLICT (user_id, accounting_firm_id) DO UPDATE SET
          previous_visit_at = CASE WHEN home_visits.last_visit_at < now() - ${NEW_VISIT}
            THEN home_visits.last_visit_at ELSE home_visits.previous_visit_at END,
          last_visit_at = now()
        RETURNING 1)`
    : sql``;
  const result = await db.execute(sql`
    WITH chosen AS (${sql.join(parts, sql` UNION ALL `)}),
    task_rows AS (
      SELECT chosen.section, chosen.n, ${details(firmSide)}
      FROM chosen
      JOIN tasks t ON t.accounting_firm_id = ${scope.accountingFirmId} AND t.id = chosen.id
      JOIN vendors v ON v.accounting_firm_id = t.accounting_firm_id AND v.id = t.vendor_id),
    docs AS (${homeDocuments(scope, vendorId, limit)})${visit}
    SELECT
      (SELECT COALESCE(json_agg(task_rows ORDER BY task_rows.section, task_rows.n), '[]'::json) FROM task_rows) AS tasks,
      (SELECT COALESCE(json_agg(docs ORDER BY docs.created_at DESC, docs.id DESC), '[]'::json) FROM docs) AS documents,
      ${firmSide ? sql`${since}` : sql`NULL::timestamptz`} AS since`);
  const [row] = rowsOf<{ tasks: unknown; documents: unknown; since: string | Date | null }>(result);
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const since_ = row?.since ?? null;
  return {
    tasks: parse<HomeTaskRow[]>(row?.tasks ?? []),
    documents: parse<HomeDocumentRow[]>(row?.documents ?? []),
    since: since_ === null ? null : new Date(since_).toISOString(),
  };
}

/** The sub-tasks of a task as list rows (client users: not the internal ones). */
export async function subtaskRows(
  db: Db,
  accountingFirmId: number,
  parentId: number,
  withInternal: boolean,
): Promise<TaskListRow[]> {
  const result = await db.execute(sql`
    SELECT ${details(withInternal)}
    FROM tasks t JOIN vendors v ON v.accounting_firm_id = t.accounting_firm_id AND v.id = t.vendor_id
    WHERE t.accounting_firm_id = ${accountingFirmId} AND t.parent_id = ${parentId}
      ${withInternal ? sql`` : sql`AND NOT t.internal`}
    ORDER BY t.due_date ASC NULLS LAST, t.id`);
  return rowsOf(result);
}
