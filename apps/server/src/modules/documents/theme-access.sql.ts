import { type SQL, sql } from 'drizzle-orm';
import type { ThemeGrant } from '../../platform/access/access';
import { intArray } from './sql-rows.sql';

/** The theme rule of `theme-access.ts` as SQL predicates, for listings, walks and counts. */

/**
 * The rule as one SQL predicate on a folder alias's effective themes, for listings and walks:
 * untagged, or sharing a held theme and no blocking one (`true` for a person who sees all).
 */
export function visibleFolderSql(grant: ThemeGrant | null | undefined, alias: string): SQL {
  if (!grant) return sql`true`;
  const column = sql.raw(`${alias}.effective_theme_ids`);
  const held = intArray(grant.held.map((t) => t.id));
  const blocking = grant.blocking.length ? sql` AND NOT ${column} && ${intArray(grant.blocking)}` : sql``;
  return sql`(cardinality(${column}) = 0 OR (${column} && ${held}${blocking}))`;
}

/** The same predicate's parameters, for prepared statements (`null`: no restriction). */
export function visibleFolderParams(grant: ThemeGrant | null | undefined): {
  held: string | null;
  blocking: string;
} {
  if (!grant) return { held: null, blocking: '{}' };
  return { held: `{${grant.held.map((t) => t.id).join(',')}}`, blocking: `{${grant.blocking.join(',')}}` };
}

/** The predicate over the parameters of `visibleFolderParams` (placeholders `held`, `blocking`). */
export const visibleFolderPrepared = (alias: string): SQL => {
  const column = sql.raw(`${alias}.effective_theme_ids`);
  return sql`(${sql.placeholder('held')}::int[] IS NULL OR cardinality(${column}) = 0
    OR (${column} && ${sql.placeholder('held')}::int[] AND NOT ${column} && ${sql.placeholder('blocking')}::int[]))`;
};

/**
 * The same rule for reads that span several client files of a firm without a grant per file (the
 * unread counts per client file): whether `userId` sees the folder aliased `folder`, from their
 * memberships. Firm side first (administrators and `all_themes` see all; else `member_themes`),
 * else the client membership of the folder's client file (never a firm-private tag).
 */
export function visibleToUserSql(accountingFirmId: number, userId: number, folder: string): SQL {
  const f = (column: string) => sql.raw(`${folder}.${column}`);
  return sql`(cardinality(${f('effective_theme_ids')}) = 0
    OR EXISTS (SELECT 1 FROM accounting_firm_memberships m
      WHERE m.accounting_firm_id = ${accountingFirmId} AND m.user_id = ${userId} AND NOT m.pending
        AND (m.role = 'admin' OR m.all_themes OR EXISTS (SELECT 1 FROM member_themes mt
          WHERE mt.accounting_firm_id = m.accounting_firm_id AND mt.user_id = m.user_id
            AND mt.theme_id = ANY(${f('effective_theme_ids')}))))
    OR (NOT EXISTS (SELECT 1 FROM accounting_firm_memberships m
          WHERE m.accounting_firm_id = ${accountingFirmId} AND m.user_id = ${userId} AND NOT m.pending)
      AND NOT EXISTS (SELECT 1 FROM themes th WHERE th.accounting_firm_id = ${accountingFirmId}
        AND th.id = ANY(${f('effective_theme_ids')}) AND th.sharing = 'private_firm')
      AND EXISTS (SELECT 1 FROM vendor_memberships vm
        WHERE vm.accounting_firm_id = ${accountingFirmId} AND vm.vendor_id = ${f('vendor_id')}
          AND vm.user_id = ${userId}
          AND (vm.all_themes OR EXISTS (SELECT 1 FROM vendor_user_themes vt
            WHERE vt.accounting_firm_id = vm.accounting_firm_id AND vt.vendor_id = vm.vendor_id
              AND vt.user_id = vm.user_id AND vt.theme_id = ANY(${f('effective_theme_ids')}))))))`;
}
