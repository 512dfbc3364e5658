import { type SQL, sql } from 'drizzle-orm';
import { vendorMemberships } from '../../db/schema';

/**
 * Read-only fragments lent to the task lists' statements (`t` is the task's row there), so that a
 * list showing themes stays one statement while the themes' rules stay here.
 */

/**
 * The task's themes as a JSON array of `{ id, title, colour }` by title. Client users do not see
 * the firm's private themes (`private_firm`).
 */
export const taskThemesJson = (firmSide: boolean): SQL => sql`COALESCE((
    SELECT json_agg(json_build_object('id', th.id, 'title', th.title, 'colour', th.colour)
      ORDER BY lower(th.title), th.id)
    FROM task_themes tt JOIN themes th ON th.accounting_firm_id = tt.accounting_firm_id AND th.id = tt.theme_id
    WHERE tt.accounting_firm_id = t.accounting_firm_id AND tt.task_id = t.id
      ${firmSide ? sql`` : sql`AND th.sharing <> 'private_firm'`}), '[]'::json)`;

/** The task carries at least one of these themes (for client users, among the ones they see). */
export const hasAnyTheme = (themeIds: number[], firmSide: boolean): SQL => sql`EXISTS (SELECT 1
    FROM task_themes tt ${
      firmSide
        ? sql``
        : sql`JOIN themes th ON th.accounting_firm_id = tt.accounting_firm_id AND th.id = tt.theme_id
            AND th.sharing <> 'private_firm'`
    }
    WHERE tt.accounting_firm_id = t.accounting_firm_id AND tt.task_id = t.id
      AND tt.theme_id = ANY(${sql.param(themeIds)}::int[]))`;

/** The themes a client user holds by name in a client file (a `vendor_memberships` row's), sorted. */
export const clientThemeIdsSql = sql<number[]>`ARRAY(SELECT vut.theme_id FROM vendor_user_themes vut
    WHERE vut.accounting_firm_id = ${vendorMemberships.accountingFirmId}
      AND vut.vendor_id = ${vendorMemberships.vendorId} AND vut.user_id = ${vendorMemberships.userId}
    ORDER BY vut.theme_id)`.as('theme_ids');
