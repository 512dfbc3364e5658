import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { accountingFirmMemberships, holdingMemberships, vendorMemberships } from '../../db/schema';

/**
 * Whether a person has a place outside a viewer's scope (pending invitations included): another
 * firm, a holding, or, for a client file's scope (`vendorId` not null), any firm or another client
 * file. Tenancy's rule, lent as a fragment to the read queries of other modules that show people
 * ("shared people" in docs/decisions.md); `usersBeyond` uses it too. `userId` must not be a column
 * of the three membership tables (the subqueries would bind it to their own row): pass `users.id`.
 */
export function placedBeyond(
  userId: AnyColumn | SQL,
  scope: { accountingFirmId: number | Placeholder | SQL; vendorId: number | null | Placeholder | SQL },
): SQL<boolean> {
  const f = accountingFirmMemberships;
  const c = vendorMemberships;
  const h = holdingMemberships;
  const { accountingFirmId: firmId, vendorId } = scope;
  return sql<boolean>`(exists (select 1 from ${f} where ${f.userId} = ${userId}
      and (${vendorId}::int is not null or ${f.accountingFirmId} <> ${firmId}))
    or exists (select 1 from ${c} where ${c.userId} = ${userId}
      and (${c.accountingFirmId} <> ${firmId} or (${vendorId}::int is not null and ${c.vendorId} <> ${vendorId})))
    or exists (select 1 from ${h} where ${h.userId} = ${userId}))`;
}
