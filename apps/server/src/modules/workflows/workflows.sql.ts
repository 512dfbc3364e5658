import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Grant } from '../../platform/access/access';

/**
 * Who looks at a workflow: a firm administrator (every workflow), other firm staff (all but
 * `private_vendor`) or a client user (all but `private_firm`).
 */
export type Viewer = 'admin' | 'staff' | 'client';

/** Which workflows the holder of a grant on a client file (or a firm) sees. */
export function viewerOf(grant: Grant): Viewer {
  if (grant.roles.includes('firm_admin') || grant.roles.includes('super_admin')) return 'admin';
  if (grant.roles.includes('firm_collaborator')) return 'staff';
  return 'client';
}

/** The sharings a viewer sees. */
export const VISIBLE_SHARINGS: Record<Viewer, readonly ('shared' | 'private_firm' | 'private_vendor')[]> = {
  admin: ['shared', 'private_firm', 'private_vendor'],
  staff: ['shared', 'private_firm'],
  client: ['shared', 'private_vendor'],
};

/** Whether workflow `w` is visible to `viewer` (a value or a prepared statement's placeholder). */
export const visibleTo = (viewer: Viewer | Placeholder | SQL) =>
  sql`(w.sharing = 'shared' OR (w.sharing = 'private_firm' AND ${viewer}::text <> 'client')
       OR (w.sharing = 'private_vendor' AND ${viewer}::text <> 'staff'))`;

/**
 * The `workflow_status` of a listing's row (`d` a document, else `f` a folder) as JSON, null when
 * it has none or the viewer may not see its workflow. Lent to the documents listings.
 */
export const workflowStatusOf = (node: 'd' | 'f', viewer: Viewer | Placeholder | SQL) =>
  sql`(SELECT json_build_object('id', s.id, 'name', s.name, 'colour', s.colour, 'is_final', s.is_final)
         FROM node_statuses ns
         JOIN workflow_statuses s ON s.accounting_firm_id = ns.accounting_firm_id AND s.id = ns.status_id
         JOIN workflows w ON w.accounting_firm_id = s.accounting_firm_id AND w.id = s.workflow_id
        WHERE ns.accounting_firm_id = ${sql.raw(node)}.accounting_firm_id
          AND ${sql.raw(node === 'd' ? 'ns.document_id' : 'ns.folder_id')} = ${sql.raw(node)}.id
          AND ${visibleTo(viewer)})`;

/**
 * The workflow status of each row of a page (`page` with `id` and `kind`: 0 a folder, 1 a
 * document), joined once for the page rather than looked up per row: columns `ws_id`, `ws_name`,
 * `ws_colour`, `ws_is_final`, all null when the row has no status or the viewer may not see its
 * workflow. Lent to the documents listings' first page (`statusColumnsOf` reads them back).
 */
export const pageStatusJoin = (firm: number | Placeholder | SQL, viewer: Viewer | Placeholder | SQL) =>
  sql`LEFT JOIN node_statuses wnd ON page.kind = 1 AND wnd.accounting_firm_id = ${firm} AND wnd.document_id = page.id
      LEFT JOIN node_statuses wnf ON page.kind = 0 AND wnf.accounting_firm_id = ${firm} AND wnf.folder_id = page.id
      LEFT JOIN (workflow_statuses ws
                 JOIN workflows w ON w.accounting_firm_id = ws.accounting_firm_id AND w.id = ws.workflow_id
                  AND ${visibleTo(viewer)})
        ON ws.accounting_firm_id = ${firm} AND ws.id = coalesce(wnd.status_id, wnf.status_id)`;

export const PAGE_STATUS_COLUMNS = sql`ws.id AS ws_id, ws.name AS ws_name, ws.colour AS ws_colour, ws.is_final AS ws_is_final`;

/** The status of a row read with `PAGE_STATUS_COLUMNS`, in `workflow_status`'s shape. */
export function statusColumnsOf(r: Record<string, unknown>) {
  if (r.ws_id === null || r.ws_id === undefined) return null;
  return {
    id: Number(r.ws_id),
    name: String(r.ws_name),
    colour: String(r.ws_colour),
    is_final: Boolean(r.ws_is_final),
  };
}

/**
 * Whether a listing's row (`d` a document, else `f` a folder) stands at one of `statusIds`, in a
 * workflow the viewer sees (a hidden status matches nothing: it cannot be probed by filtering).
 */
export const atVisibleStatus = (node: 'd' | 'f', viewer: Viewer, statusIds: number[]) =>
  sql`EXISTS (SELECT 1 FROM node_statuses ns
         JOIN workflow_statuses s ON s.accounting_firm_id = ns.accounting_firm_id AND s.id = ns.status_id
         JOIN workflows w ON w.accounting_firm_id = s.accounting_firm_id AND w.id = s.workflow_id
        WHERE ns.accounting_firm_id = ${sql.raw(node)}.accounting_firm_id
          AND ${sql.raw(node === 'd' ? 'ns.document_id' : 'ns.folder_id')} = ${sql.raw(node)}.id
          AND ns.status_id IN (${sql.join(
            statusIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          AND ${visibleTo(viewer)})`;

/** The node status as JSON turned into the answer's shape (drivers parse `json`; text otherwise). */
export function parseWorkflowStatus(
  value: unknown,
): { id: number; name: string; colour: string; is_final: boolean } | null {
  if (value === null || value === undefined) return null;
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  return { id: Number(v.id), name: String(v.name), colour: String(v.colour), is_final: Boolean(v.is_final) };
}
